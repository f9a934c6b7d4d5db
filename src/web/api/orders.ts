/**
 * The signed-in customer's order history.
 *   GET /api/orders -> { orders: AccountOrder[] }, newest first: their own orders plus guest
 *   orders placed with their verified e-mail (isGuestOrder: 'Guest Order'); testMode marks
 *   'TEST ORDER'. Money is GBP pence; capitalise `status` with capitaliseStatus (@shared/orders).
 */
import type { CustomerOrder } from "../../server/services/customer-orders";
import { readJson } from "./http";

export type AccountOrder = CustomerOrder;

export async function fetchOrderHistory(): Promise<AccountOrder[]> {
  const res = fetch("/api/orders", { credentials: "same-origin", headers: { Accept: "application/json" } });
  return (await readJson<{ orders: AccountOrder[] }>(res)).orders;
}
