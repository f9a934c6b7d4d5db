/**
 * GET /api/shop-info -> { testShop }: true when the owner runs a test shop on purpose
 * (TEST_PAYMENTS=on: the built-in test payment page, no real payments).
 */
import { api, ok } from "./client";

export function fetchShopInfo() {
  return ok(api["shop-info"].$get());
}
