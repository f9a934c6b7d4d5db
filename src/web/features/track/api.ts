/**
 * POST /api/track {orderNumber, email} -> 200 {order: TrackedOrder (@shared/orders)}; 404 when
 * the number and e-mail do not match one order; 400 for a blank field; 429 when rate limited.
 */
import type { TrackInput } from "@shared/schemas";
import { api, ok } from "@web/lib/http/client";

export type { TrackedOrder } from "@shared/orders";

/** Throws ApiRequestError (status 404, 429, ...) when the order cannot be shown. */
export async function trackOrder(input: TrackInput) {
  return (await ok(api.track.$post({ json: input }))).order;
}
