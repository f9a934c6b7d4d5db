import type { CheckoutCreated, CheckoutStatus, RefusedItem } from "@shared/checkout";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { storedWindowText } from "@shared/delivery-dates";
import { paymentOutcome } from "@shared/order-lifecycle";
import { displayOrderNumber } from "@shared/orders";
import { checkoutRequestSchema } from "@shared/schemas";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { type ApiError, validationHook, zValidator } from "../lib/validation.js";
import { type CheckoutRefusal, findCheckoutStatus, isUuid, placeOrder } from "../orders/index.js";
import { isValidOrderAccessToken } from "../payments/index.js";
import { getSessionUser } from "../session.js";

/** Per client IP per minute. A customer checks out a handful of times at most. */
export const CHECKOUT_RATE_LIMIT = 20;
/** The payment-pending page polls every 2 s; this leaves room for a few tabs. */
export const CHECKOUT_STATUS_RATE_LIMIT = 120;

export type { CheckoutCreated, CheckoutStatus, RefusedItem };

const statusQuerySchema = z.object({ token: z.union([z.string(), z.array(z.string())]).optional() });

/** A refusal as it is answered: the service's refusal without its status. */
export type CheckoutRefusalBody = DistributiveOmit<CheckoutRefusal, "status">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * POST /checkout {cartItems, shippingInfo, currency, shippingMethod}
 *   -> 201 CheckoutCreated: a pending order (prices, shipping and total decided here), and
 *      the page to pay on;
 *   -> 400 validation_failed {message, fields} (the spec's texts);
 *   -> 422 item_unavailable {message, items: RefusedItem[]} when a line cannot be sold or
 *      cannot be made (a photo count other than the bundle's, a crop outside the photo, a
 *      photo that is not one of the shop's stored uploads), 422 bulk_order for 5 or more units (the spec: contact support);
 *   -> 422 country_not_delivered {message, fields} when no shipping zone has the country;
 *   -> 409 shipping_price_changed when expectedShippingPence is not the zone's price;
 *   -> 429 rate_limited; 503 payment_unavailable when Stripe cannot be reached.
 * The route is thin: `placeOrder` (orders/workflows/place-order.ts) decides; the route answers.
 * GET /checkout/status/:orderId?token=... -> CheckoutStatus, for the order's token or its
 *   signed-in owner; 404 otherwise.
 */
export function checkoutRoutes(ctx: AppContext) {
  const createLimiter = createRateLimiter({
    name: "checkout",
    store: ctx.rateLimits,
    limit: CHECKOUT_RATE_LIMIT,
    windowMs: 60_000,
  });
  const statusLimiter = createRateLimiter({
    name: "checkout-status",
    store: ctx.rateLimits,
    limit: CHECKOUT_STATUS_RATE_LIMIT,
    windowMs: 60_000,
  });
  const db = ctx.database.db;

  return new Hono()
    .post(
      "/checkout",
      rateLimit(ctx, createLimiter, {
        name: "checkout",
        message: CHECKOUT_MESSAGES.checkout.tooManyRequests,
      }),
      zValidator("json", checkoutRequestSchema, validationHook),
      async (c) => {
        const result = await placeOrder(ctx, c.req.valid("json"), {
          // Sessions live only in cookies: without one there is nobody to look up.
          userId: async () => (c.req.header("cookie") ? ((await getSessionUser(ctx, c))?.id ?? null) : null),
        });
        if (!result.ok) {
          const { status, ...refusal } = result.refusal;
          return c.json<CheckoutRefusalBody, typeof status>(refusal, status);
        }
        ctx.metrics.checkouts.inc();
        return c.json<CheckoutCreated, 201>(result.created, 201);
      },
    )
    .get(
      "/checkout/status/:orderId",
      rateLimit(ctx, statusLimiter, {
        name: "checkout-status",
        message: CHECKOUT_MESSAGES.checkout.tooManyRequests,
      }),
      // Declares ?token for the typed client; any value passes (a wrong one is a 404 below).
      zValidator("query", statusQuerySchema, validationHook),
      async (c) => {
        const orderId = c.req.param("orderId");
        const notFound = () =>
          c.json<ApiError, 404>({ error: "not_found", message: "Order not found." }, 404);
        if (!isUuid(orderId)) return notFound();
        const order = await findCheckoutStatus(db, orderId);
        if (!order) return notFound();
        let allowed = isValidOrderAccessToken(ctx.config.authSecret, order.id, c.req.query("token"));
        if (!allowed && order.userId) allowed = (await getSessionUser(ctx, c))?.id === order.userId;
        if (!allowed) return notFound();
        c.header("Cache-Control", "no-store");
        return c.json<CheckoutStatus, 200>({
          orderId: order.id,
          displayNumber: displayOrderNumber(order.orderNumber),
          status: order.status,
          outcome: paymentOutcome(order.status),
          deliveryWindow: storedWindowText(order.deliveryEarliest, order.deliveryLatest),
        });
      },
    );
}
