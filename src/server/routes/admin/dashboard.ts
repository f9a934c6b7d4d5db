/**
 * GET /admin/dashboard[?tests=on|off]: sales today and this month (live and test apart), open
 * orders, newest orders; `tests` is the "Include test orders" switch (default: on while the shop
 * takes no live payments).
 * GET /admin/shop-mode -> { livePayments, testShop, environmentMode }: what the admin header,
 * Data management's and Settings' "Now:" and the switch say (one answer: shopModeReason).
 */
import { Hono } from "hono";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { getEnvironmentMode } from "../../platform/index.js";
import { dashboardSummary } from "../../reporting/index.js";
import { type AdminEnv, includeTestOrders, shopPayments, testOrdersQuery } from "./shared.js";

export function adminDashboardRoutes(ctx: AppContext) {
  return new Hono<AdminEnv>()
    .get("/dashboard", zValidator("query", testOrdersQuery, validationHook), async (c) =>
      c.json(
        await dashboardSummary(ctx.database.db, includeTestOrders(ctx, c.req.valid("query").tests)),
        200,
      ),
    )
    .get("/shop-mode", async (c) =>
      c.json(
        { ...shopPayments(ctx), environmentMode: await getEnvironmentMode(ctx.database.db, ctx.log) },
        200,
      ),
    );
}
