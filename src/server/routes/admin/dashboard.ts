/** GET /admin/dashboard: sales today and this month (live and test apart), open orders, newest orders. */
import { Hono } from "hono";
import type { AppContext } from "../../context.js";
import { dashboardSummary } from "../../reporting/index.js";
import type { AdminEnv } from "./shared.js";

export function adminDashboardRoutes(ctx: AppContext) {
  return new Hono<AdminEnv>().get("/dashboard", async (c) =>
    c.json(await dashboardSummary(ctx.database.db), 200),
  );
}
