/**
 * POST /api/events {type} — first-party, anonymous analytics for the admin's funnel (creator
 * visits, steps, uploads, add to cart, checkout start). Only the event type from a fixed list
 * and the time are stored: no user id, no session, no IP address, no page URL, no cookie.
 * Rate limited per client address (the address is used for the limit in memory only).
 */

import { analyticsEventSchema } from "@shared/admin-schemas";
import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { validationHook, zValidator } from "../lib/validation.js";
import { recordAnalyticsEvent } from "../reporting/index.js";

/** Per client address per minute: a visitor clicking through the creator sends a few dozen. */
export const EVENTS_RATE_LIMIT = 60;

export function eventRoutes(ctx: AppContext) {
  const limiter = createRateLimiter({
    name: "events",
    store: ctx.rateLimits,
    limit: EVENTS_RATE_LIMIT,
    windowMs: 60_000,
  });
  return new Hono().post(
    "/events",
    rateLimit(ctx, limiter, { name: "events", message: "Too many events. Please slow down." }),
    zValidator("json", analyticsEventSchema, validationHook),
    async (c) => {
      const { type } = c.req.valid("json");
      await recordAnalyticsEvent(ctx.database.db, type);
      return c.body(null, 204);
    },
  );
}
