/**
 * Checkout: create the order and its payment page, then follow the payment.
 *   POST /api/checkout {cartItems, shippingInfo, currency, shippingMethod}
 *     -> 201 {orderId, displayNumber, url, orderTotal (GBP pence), itemCount, token, testMode}
 *     -> 400 {fields} | 422 {error: "item_unavailable", items} | 422 bulk_order | 429 | 503
 *   GET /api/checkout/status/:orderId?token=... -> {orderId, displayNumber, status, outcome}
 */
import type { CheckoutRequest, checkoutRequestSchema } from "@shared/schemas";
import type { z } from "zod";
import type { CheckoutCreated, CheckoutStatus, RefusedItem } from "../../server/routes/checkout";
import { ApiRequestError } from "./client";

export type { CheckoutCreated, CheckoutStatus, RefusedItem };

/** The request as the page sends it (before the server's trimming and defaults). */
export type CheckoutInput = z.input<typeof checkoutRequestSchema>;

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

interface ErrorBody {
  error?: string;
  message?: string;
  fields?: Record<string, string>;
  items?: RefusedItem[];
}

export async function createCheckout(input: CheckoutInput | CheckoutRequest): Promise<CheckoutCreated> {
  const res = await fetch("/api/checkout", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(input),
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body ?? {}) as ErrorBody;
    throw new CheckoutError(
      res.status,
      err.error ?? "http_error",
      err.message ?? `Request failed (${res.status})`,
      err.fields,
      Array.isArray(err.items) ? err.items : [],
    );
  }
  return body as CheckoutCreated;
}

/** The order's payment state; `token` from the checkout answer (a signed-in owner needs none). */
export async function fetchCheckoutStatus(orderId: string, token: string | null): Promise<CheckoutStatus> {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const res = await fetch(`/api/checkout/status/${encodeURIComponent(orderId)}${query}`, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
    cache: "no-store",
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body ?? {}) as ErrorBody;
    throw new ApiRequestError(
      res.status,
      err.error ?? "http_error",
      err.message ?? `Request failed (${res.status})`,
    );
  }
  return body as CheckoutStatus;
}
