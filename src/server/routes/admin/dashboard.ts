/**
 * GET /admin/dashboard[?tests=on|off]: sales today and this month (live and test apart), open
 * orders, newest orders; `tests` is the "Include test orders" switch (default: on while the shop
 * takes no live payments).
 * GET /admin/shop-mode -> { livePayments, testShop, environmentMode }: what the admin header,
 * Data management's and Settings' "Now:" and the switch say (one answer: shopModeReason).
 */
import { includeTestOrdersByDefault, type ShopPayments } from "@shared/test-orders";
import { Hono } from "hono";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { getEnvironmentMode } from "../../platform/index.js";
import { dashboardSummary } from "../../reporting/index.js";
import { type AdminEnv, testOrdersQuery } from "./shared.js";

/** Whether the shop takes real payments: the test payment page never does. */
export function shopPayments(ctx: AppContext): ShopPayments {
  return { livePayments: ctx.payments.kind !== "test", testShop: ctx.config.testShop };
}

/** The switch's value for a request: `tests=on|off`, else the shop's default. */
export function includeTestOrders(ctx: AppContext, tests: "on" | "off" | undefined): boolean {
  return tests === undefined ? includeTestOrdersByDefault(shopPayments(ctx)) : tests === "on";
}

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
