/**
 * POST /api/track {orderNumber, email} -> 200 {order: TrackedOrder}; 404 when the number and
 * e-mail do not match one order; 400 for a blank field; 429 when rate limited.
 */
import type { TrackInput } from "@shared/schemas";
import type { TrackedOrder } from "../../server/routes/track";
import { readJson } from "./http";

export type { TrackedOrder };

/** Throws ApiRequestError (status 404, 429, ...) when the order cannot be shown. */
export async function trackOrder(input: TrackInput): Promise<TrackedOrder> {
  const body = await readJson<{ order: TrackedOrder }>(
    fetch("/api/track", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(input),
    }),
  );
  return body.order;
}
