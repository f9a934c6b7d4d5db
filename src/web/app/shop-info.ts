/**
 * GET /api/shop-info -> { testShop }: true when the owner runs a test shop on purpose
 * (TEST_PAYMENTS=on: the built-in test payment page, no real payments). Asked for by the layout's
 * banner without the RPC client (lib/http/get-json.ts).
 */
import type { api } from "@web/lib/http/client";
import { getJson } from "@web/lib/http/get-json";
import type { InferResponseType } from "hono/client";

export type ShopInfo = InferResponseType<(typeof api)["shop-info"]["$get"], 200>;

export const fetchShopInfo = () => getJson<ShopInfo>("/shop-info");
