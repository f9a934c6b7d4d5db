/**
 * Checkout: create the order and its payment page, then follow the payment (answer shapes in
 * @shared/checkout).
 *   POST /api/checkout {cartItems, shippingInfo, currency, shippingMethod}
 *     -> 201 CheckoutCreated {orderId, displayNumber, url, orderTotal (GBP pence), itemCount, token, testMode}
 *     -> 400 {fields} | 422 {error: "item_unavailable", items} | 422 bulk_order | 429 | 503
 *   GET /api/checkout/status/:orderId?token=... -> CheckoutStatus {orderId, displayNumber, status, outcome, deliveryWindow}
 */
import type { RefusedItem } from "@shared/checkout";
import type { CheckoutRequest } from "@shared/schemas";
import { queryOptions } from "@tanstack/react-query";
import { ApiRequestError, api, ok } from "@web/lib/http/client";
import { errorBody } from "@web/lib/http/http";
import type { InferRequestType } from "hono/client";

export type { CheckoutCreated, CheckoutStatus, RefusedItem } from "@shared/checkout";

/** The request as the page sends it (before the server's trimming and defaults). */
export type CheckoutInput = InferRequestType<typeof api.checkout.$post>["json"];

/** An ApiRequestError that may carry the refused cart lines of a 422. */
export class CheckoutError extends ApiRequestError {
  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    public readonly items: RefusedItem[] = [],
  ) {
    super(status, code, message, fields);
    this.name = "CheckoutError";
  }
}

function checkoutError(status: number, data: unknown): CheckoutError {
  const err = errorBody(data);
  return new CheckoutError(
    status,
    err.error ?? "http_error",
    err.message ?? `Request failed (${status})`,
    err.fields,
    Array.isArray(err.items) ? (err.items as RefusedItem[]) : [],
  );
}

export function createCheckout(input: CheckoutInput | CheckoutRequest) {
  return ok(api.checkout.$post({ json: input }), checkoutError);
}

/** The order's payment state; `token` from the checkout answer (a signed-in owner needs none). */
export function fetchCheckoutStatus(orderId: string, token: string | null) {
  return ok(
    api.checkout.status[":orderId"].$get(
      { param: { orderId }, query: token ? { token } : {} },
      { init: { cache: "no-store" } },
    ),
  );
}

export const checkoutQueries = {
  /** One order's payment state (polled by the payment-pending and success pages). */
  status: (orderId: string | null, token: string | null) =>
    queryOptions({
      queryKey: ["checkout-status", orderId],
      queryFn: () => fetchCheckoutStatus(orderId ?? "", token),
      enabled: orderId !== null,
      staleTime: 0,
      gcTime: 0,
    }),
};
