import { orderShippingLabel } from "@shared/checkout";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { storedWindowText } from "@shared/delivery-dates";
import { carrierLabel, trackingUrl } from "@shared/fulfilment";
import { displayOrderNumber, type TrackedOrder, trackingStage } from "@shared/orders";
import { trackSchema } from "@shared/schemas";
import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { type ApiError, validationHook, zValidator } from "../lib/validation.js";
import { orderItemDetails, orderItemTitle } from "../messaging/index.js";
import { findOrderForTracking } from "../orders/index.js";

/** Per client IP per minute: enough for typos, too few to walk order numbers. */
export const TRACK_RATE_LIMIT = 10;

/**
 * POST /track {orderNumber, email} -> 200 {order: TrackedOrder} when BOTH match one order;
 * 404 {error: "not_found", message} for any mismatch (the same answer for a wrong e-mail and
 * an unknown number); 400 when a field is blank; 429 after 10 tries a minute.
 */
export function trackRoutes(ctx: AppContext) {
  const limiter = createRateLimiter({
    name: "track",
    store: ctx.rateLimits,
    limit: TRACK_RATE_LIMIT,
    windowMs: 60_000,
  });
  return new Hono().post(
    "/track",
    rateLimit(ctx, limiter, { name: "track", message: CHECKOUT_MESSAGES.track.tooManyAttempts }),
    zValidator("json", trackSchema, validationHook),
    async (c) => {
      const { orderNumber, email } = c.req.valid("json");
      c.header("Cache-Control", "no-store");
      const order = await findOrderForTracking(ctx.database.db, orderNumber, email);
      if (!order)
        return c.json<ApiError, 404>({ error: "not_found", message: CHECKOUT_MESSAGES.track.notFound }, 404);
      const progress = trackingStage(order.status);
      return c.json({
        order: {
          orderNumber: displayOrderNumber(order.orderNumber),
          status: order.status,
          statusLabel: order.status === "pending" ? CHECKOUT_MESSAGES.track.awaitingPayment : progress.label,
          stage: progress.stage,
          progressPercent: progress.progressPercent,
          placedAt: order.createdAt.toISOString(),
          estimatedDelivery: order.estimatedDelivery?.toISOString() ?? null,
          deliveryWindow: storedWindowText(order.deliveryEarliest, order.deliveryLatest),
          trackingNumber: order.trackingNumber,
          carrier: carrierLabel(order.carrier),
          trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
          shippingMethod: order.shippingMethod,
          shippingLabel: orderShippingLabel(order),
          testMode: order.testMode,
          items: order.items.map((item) => ({
            title: orderItemTitle(item),
            details: orderItemDetails(item),
          })),
        } satisfies TrackedOrder,
      });
    },
  );
}
