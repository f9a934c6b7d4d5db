/**
 * GET /admin/activity?action&table&user&from&to&outcome&page&pageSize — the audit trail,
 * newest first, with the action types and tables seen (for the filter menus).
 */

import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { listActivity } from "../../reporting/index.js";
import { type AdminEnv, dayString, pageQuery } from "./shared.js";

export type { ActivityEntry } from "../../reporting/index.js";

const query = z.object({
  action: z.string().trim().max(100).optional(),
  table: z.string().trim().max(100).optional(),
  user: z.string().trim().max(254).optional(),
  from: dayString.optional().or(z.literal("").transform(() => undefined)),
  to: dayString.optional().or(z.literal("").transform(() => undefined)),
  outcome: z.enum(["all", "success", "failure"]).default("all"),
  ...pageQuery,
});

export function adminActivityRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>().get("/activity", zValidator("query", query, validationHook), async (c) =>
    c.json(await listActivity(db, c.req.valid("query")), 200),
  );
}
