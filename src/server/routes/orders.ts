import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { requireUser } from "../lib/session.js";
import { listCustomerOrders } from "../services/customer-orders.js";

/**
 * GET /orders -> {orders: CustomerOrder[]}: the caller's order history, newest first — orders
 * placed while signed in plus guest orders sent to their verified e-mail address.
 */
export function orderHistoryRoutes(ctx: AppContext) {
  return new Hono().get("/orders", async (c) => {
    const user = await requireUser(ctx, c);
    const orders = await listCustomerOrders(ctx.database.db, user, { authSecret: ctx.config.authSecret });
    return c.json({ orders });
  });
}
