/**
 * The signed-in customer's order history.
 *   GET /api/orders -> { orders: AccountOrder[] }, newest first: their own orders plus guest
 *   orders placed with their verified e-mail (isGuestOrder: 'Guest Order'); testMode marks
 *   'TEST ORDER'. Money is GBP pence; capitalise `status` with capitaliseStatus (@shared/orders).
 *   GET /api/orders/:id[?token=] -> { order: OrderView } (panels, address, delivery, tracking)
 *   POST /api/orders/:id/reorder[?token=] -> { items: CartItem[], refused } ("Order again")
 *   POST /api/orders/:id/cancel[?token=] -> { order: OrderView, refunded } (the customer cancels
 *   while the proof waits; 409 with the reason's message once they may not; issue 47 item 14)
 *   POST /api/orders/:id/address[?token=] {address fields, country} -> { order: OrderView }
 * The token is the one the checkout answered (the success page has it); a signed-in owner needs none.
 */
import type { DeliveryAddressChangeInput } from "@shared/order-self-service";
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@web/lib/http/client";
import type { InferResponseType } from "hono/client";
import { orderKeys } from "../../app/order-keys";

export type AccountOrder = InferResponseType<typeof api.orders.$get, 200>["orders"][number];

export async function fetchOrderHistory() {
  return (await ok(api.orders.$get())).orders;
}

export function fetchOrderView(orderId: string, token: string | null) {
  return ok(api.orders[":id"].$get({ param: { id: orderId }, query: token ? { token } : {} }));
}

export function reorder(orderId: string, token: string | null) {
  return ok(api.orders[":id"].reorder.$post({ param: { id: orderId }, query: token ? { token } : {} }));
}

export function cancelOrder(orderId: string, token: string | null) {
  return ok(api.orders[":id"].cancel.$post({ param: { id: orderId }, query: token ? { token } : {} }));
}

export function changeDeliveryAddress(
  orderId: string,
  token: string | null,
  address: DeliveryAddressChangeInput,
) {
  return ok(
    api.orders[":id"].address.$post({ param: { id: orderId }, query: token ? { token } : {}, json: address }),
  );
}

export { orderKeys };

export const orderQueries = {
  history: () => queryOptions({ queryKey: orderKeys.history, queryFn: fetchOrderHistory, staleTime: 0 }),
  /** One order as its customer sees it; refreshed every minute while open (status and tracking). */
  view: (orderId: string, token: string | null) =>
    queryOptions({
      queryKey: orderKeys.view(orderId),
      queryFn: async () => (await fetchOrderView(orderId, token)).order,
      staleTime: 0,
      refetchInterval: 60_000,
    }),
};
