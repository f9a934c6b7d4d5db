/**
 * GET /admin/analytics?from&to&granularity=day|week|month&mode=live|test|all
 * Defaults: the last 30 days, by day; without a mode, the "Include test orders" switch's default
 * (all orders while the shop takes no live payments, issue 30), test orders while the shop is in
 * test mode, else live orders.
 */

import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import { getEnvironmentMode, ukToday } from "../../platform/index.js";
import { analyticsReport, bucketsBetween, GRANULARITIES, MAX_BUCKETS } from "../../reporting/index.js";
import { type AdminEnv, dayString, includeTestOrders } from "./shared.js";

const query = z.object({
  from: dayString.optional(),
  to: dayString.optional(),
  granularity: z.enum(GRANULARITIES).default("day"),
  mode: z.enum(["live", "test", "all"]).optional(),
});

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

export function adminAnalyticsRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>().get("/analytics", zValidator("query", query, validationHook), async (c) => {
    const q = c.req.valid("query");
    const to = q.to ?? ukToday();
    const from = q.from ?? daysBefore(to, 29);
    if (from > to)
      throw new HttpError(400, "validation_failed", "The start date must be on or before the end date.");
    if (bucketsBetween(from, to, q.granularity).length > MAX_BUCKETS) {
      throw new HttpError(
        400,
        "validation_failed",
        "That range is too long for this grouping. Group by week or month.",
      );
    }
    const mode =
      q.mode ??
      ((await getEnvironmentMode(db)) === "test"
        ? "test"
        : includeTestOrders(ctx, undefined)
          ? "all"
          : "live");
    return c.json(await analyticsReport(db, { from, to, granularity: q.granularity, mode }), 200);
  });
}
