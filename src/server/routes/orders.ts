import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { deliveryAddressChangeSchema, SELF_SERVICE_TEXTS } from "@shared/order-self-service";
import type { OrderView } from "@shared/order-view";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { type ApiError, validationHook, zValidator } from "../lib/validation.js";
import {
  CHANGED_BY,
  cancelOrderByCustomer,
  changeOrderDeliveryAddress,
  isUuid,
  listCustomerOrders,
  loadOrderView,
  orderVisibleTo,
  type ReorderResult,
  reorder,
} from "../orders/index.js";
import { getSessionUser, requireUser } from "../session.js";

/** "Order again" per client a minute: each answer reads the order and its photos. */
export const REORDER_RATE_LIMIT = 20;
/** The customer's own cancellations and address changes per client a minute (issue 47 item 14). */
export const ORDER_CHANGE_RATE_LIMIT = 10;

const tokenQuerySchema = z.object({ token: z.string().max(200).optional() });

/**
 * GET /orders -> {orders: CustomerOrder[]}: the caller's order history, newest first — orders
 *   placed while signed in plus guest orders sent to their verified e-mail address.
 * GET /orders/:id[?token=] -> {order: OrderView}: one order's panels, address, delivery window
 *   and tracking, for the browser that checked out (its token) or a signed-in customer whose
 *   orders include it; 404 otherwise (the same answer as for an unknown order).
 * POST /orders/:id/reorder[?token=] -> {items: CartItem[], refused}: "Order again", the order's
 *   lines rebuilt as new cart lines; a lithophane only when its photos are still stored and
 *   the asker's (issue 20). 404 like the GET; 429 after REORDER_RATE_LIMIT a minute.
 * POST /orders/:id/cancel[?token=] -> {order: OrderView, refunded}: the customer cancels while
 *   the proof waits for them and nothing is made (issue 47 item 14): the full refund, once
 *   however often it is asked; 409 {error: "self_service_…", message} once they may not.
 * POST /orders/:id/address[?token=] {addressLine1, addressLine2, city, state, postalCode,
 *   country} -> {order: OrderView}: the new delivery address (checkout's rules), in the same
 *   country only (409 self_service_other_country); 400 for a field checkout would refuse.
 * Both: 404 like the GET; 429 after ORDER_CHANGE_RATE_LIMIT a minute.
 */
export function orderHistoryRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const limiter = createRateLimiter({
    name: "reorder",
    store: ctx.rateLimits,
    limit: REORDER_RATE_LIMIT,
    windowMs: 60_000,
  });
  const asker = async (c: Parameters<typeof getSessionUser>[1], token: string | undefined) => {
    const user = await getSessionUser(ctx, c);
    return { user, token };
  };
  const notFound = { error: "not_found", message: "Order not found." } satisfies ApiError;
  const changeLimited = rateLimit(
    ctx,
    createRateLimiter({
      name: "order-change",
      store: ctx.rateLimits,
      limit: ORDER_CHANGE_RATE_LIMIT,
      windowMs: 60_000,
    }),
    { name: "order-change", message: SELF_SERVICE_TEXTS.tooManyRequests },
  );

  return new Hono()
    .get("/orders", async (c) => {
      const user = await requireUser(ctx, c);
      const orders = await listCustomerOrders(ctx.database.db, user, { authSecret: ctx.config.authSecret });
      return c.json({ orders });
    })
    .get("/orders/:id", zValidator("query", tokenQuerySchema, validationHook), async (c) => {
      const id = c.req.param("id");
      c.header("Cache-Control", "private, no-store");
      const who = await asker(c, c.req.valid("query").token);
      if (!isUuid(id) || !(await orderVisibleTo(db, ctx.config.authSecret, id, who))) {
        return c.json<ApiError, 404>(notFound, 404);
      }
      const order = await loadOrderView(db, id);
      if (!order) return c.json<ApiError, 404>(notFound, 404);
      return c.json<{ order: OrderView }, 200>({ order });
    })
    .post(
      "/orders/:id/reorder",
      rateLimit(ctx, limiter, { name: "reorder", message: CHECKOUT_MESSAGES.checkout.tooManyRequests }),
      zValidator("query", tokenQuerySchema, validationHook),
      async (c) => {
        const id = c.req.param("id");
        c.header("Cache-Control", "no-store");
        const who = await asker(c, c.req.valid("query").token);
        if (!isUuid(id) || !(await orderVisibleTo(db, ctx.config.authSecret, id, who))) {
          return c.json<ApiError, 404>(notFound, 404);
        }
        const result = await reorder(db, ctx.storage, id, who.user?.id ?? null);
        return c.json<ReorderResult, 200>(result);
      },
    )
    .post(
      "/orders/:id/cancel",
      changeLimited,
      zValidator("query", tokenQuerySchema, validationHook),
      async (c) => {
        const id = c.req.param("id");
        c.header("Cache-Control", "no-store");
        const who = await asker(c, c.req.valid("query").token);
        if (!isUuid(id) || !(await orderVisibleTo(db, ctx.config.authSecret, id, who))) {
          return c.json<ApiError, 404>(notFound, 404);
        }
        const result = await cancelOrderByCustomer(ctx, {
          orderId: id,
          by: CHANGED_BY.customer(who.user?.id ?? null),
        });
        const order = await loadOrderView(db, id);
        if (!order) return c.json<ApiError, 404>(notFound, 404);
        return c.json<{ order: OrderView; refunded: number }, 200>({ order, refunded: result.amount });
      },
    )
    .post(
      "/orders/:id/address",
      changeLimited,
      zValidator("query", tokenQuerySchema, validationHook),
      zValidator("json", deliveryAddressChangeSchema, validationHook),
      async (c) => {
        const id = c.req.param("id");
        c.header("Cache-Control", "no-store");
        const who = await asker(c, c.req.valid("query").token);
        if (!isUuid(id) || !(await orderVisibleTo(db, ctx.config.authSecret, id, who))) {
          return c.json<ApiError, 404>(notFound, 404);
        }
        await changeOrderDeliveryAddress(ctx, {
          orderId: id,
          by: CHANGED_BY.customer(who.user?.id ?? null),
          address: c.req.valid("json"),
        });
        const order = await loadOrderView(db, id);
        if (!order) return c.json<ApiError, 404>(notFound, 404);
        return c.json<{ order: OrderView }, 200>({ order });
      },
    );
}
