/**
 * The signed-in customer's order history.
 *   GET /api/orders -> { orders: AccountOrder[] }, newest first: their own orders plus guest
 *   orders placed with their verified e-mail (isGuestOrder: 'Guest Order'); testMode marks
 *   'TEST ORDER'. Money is GBP pence; capitalise `status` with capitaliseStatus (@shared/orders).
 */
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, ok } from "./client";

export type AccountOrder = InferResponseType<typeof api.orders.$get, 200>["orders"][number];

export async function fetchOrderHistory() {
  return (await ok(api.orders.$get())).orders;
}

export const orderKeys = { history: ["orders"] as const };

export const orderQueries = {
  history: () => queryOptions({ queryKey: orderKeys.history, queryFn: fetchOrderHistory, staleTime: 0 }),
};
