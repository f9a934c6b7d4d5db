/**
 * GET /api/shop-info -> { testShop }: true when the owner runs a test shop on purpose
 * (TEST_PAYMENTS=on: the built-in test payment page, no real payments).
 */
export { fetchShopInfo, type ShopInfo } from "./first-load";
