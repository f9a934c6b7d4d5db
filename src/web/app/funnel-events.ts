/**
 * First-party, anonymous analytics: POST /api/events {type} -> 204. Only the event type is
 * sent (no user id, no URL); the server stores the type and the time. There is no third-party
 * tracker. Used by the creator and checkout to feed the admin's funnel:
 *
 *   import { trackEvent } from "@web/app/funnel-events";
 *   trackEvent("creator_view");
 *
 * Fire-and-forget: it never throws and never delays the page (keepalive lets it finish while
 * the page navigates away).
 */
import type { AnalyticsEventType } from "@shared/admin-schemas";
import type { api } from "@web/lib/http/client";
import type { InferRequestType } from "hono/client";

export type { AnalyticsEventType };

/** Once per page load for these types, however often a component mounts. */
const ONCE_PER_LOAD: ReadonlySet<AnalyticsEventType> = new Set([
  "creator_view",
  "shop_view",
  "checkout_start",
]);
const sent = new Set<AnalyticsEventType>();

/** True once this page load has sent an event of this type (the funnel's "after an upload"). */
export function trackedThisLoad(type: AnalyticsEventType): boolean {
  return sent.has(type);
}

export function trackEvent(type: AnalyticsEventType): void {
  if (ONCE_PER_LOAD.has(type) && sent.has(type)) return;
  sent.add(type);
  // Plain fetch (the creator and the shop send events as they start: no RPC client, lib/http/get-json.ts).
  const body: InferRequestType<typeof api.events.$post>["json"] = { type };
  try {
    void fetch("/api/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Analytics must never break the shop.
  }
}
