/**
 * The answers the shop's first load asks for, the session's account (GET /api/me), the exchange
 * rates (GET /api/rates) and whether this is a test shop (GET /api/shop-info), fetched without
 * the RPC client so that Hono's client code stays out of the first load (its 120 KB budget);
 * their types still come from the server's routes. Each resolves to the answer's body or throws
 * ApiRequestError, as the RPC calls do. The landing pages' own requests (the catalogue, the
 * funnel's events) go the same way, with `getJson`.
 */
import type { RatesAnswer } from "@shared/currency";
import type { InferResponseType } from "hono/client";
import { apiError } from "./api-error";
import type { api } from "./client";

export type Me = InferResponseType<typeof api.me.$get, 200>;
export type ShopInfo = InferResponseType<(typeof api)["shop-info"]["$get"], 200>;

/** GET /api<path>: the answer's body (typed by the caller from the route), or ApiRequestError. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`/api${path}`, { credentials: "same-origin" });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiError(response.status, data);
  return data as T;
}

export const fetchMe = () => getJson<Me>("/me");

/** Throws ApiRequestError (or a network TypeError) when the server cannot be reached. */
export const fetchRates = () => getJson<RatesAnswer>("/rates");

/** { testShop }: true when the owner runs a test shop on purpose (TEST_PAYMENTS=on). */
export const fetchShopInfo = () => getJson<ShopInfo>("/shop-info");
