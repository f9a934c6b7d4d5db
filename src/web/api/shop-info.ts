/**
 * GET /api/shop-info -> { testShop }: true when the owner runs a test shop on purpose
 * (TEST_PAYMENTS=on: the built-in test payment page, no real payments). Read in the shop's
 * first load, so a plain fetch (not the RPC client).
 */
import { readJson } from "./http";

export interface ShopInfo {
  readonly testShop: boolean;
}

export function fetchShopInfo(): Promise<ShopInfo> {
  return readJson<ShopInfo>(
    fetch("/api/shop-info", { credentials: "same-origin", headers: { Accept: "application/json" } }),
  );
}
