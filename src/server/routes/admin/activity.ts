/**
 * GET /admin/activity?action&table&user&from&to&outcome&page&pageSize — the audit trail,
 * newest first, with the action types and tables seen (for the filter menus).
 */

import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { userActivityLogs } from "../../db/schema.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { likePattern } from "../../orders/index.js";
import { dayRangeConditions } from "../../platform/index.js";
import { type AdminEnv, dayString, pageQuery } from "./shared.js";

const query = z.object({
  action: z.string().trim().max(100).optional(),
  table: z.string().trim().max(100).optional(),
  user: z.string().trim().max(254).optional(),
  from: dayString.optional().or(z.literal("").transform(() => undefined)),
  to: dayString.optional().or(z.literal("").transform(() => undefined)),
  outcome: z.enum(["all", "success", "failure"]).default("all"),
  ...pageQuery,
});

export interface ActivityEntry {
  id: number;
  at: string;
  userId: string | null;
  userEmail: string | null;
  userRole: string | null;
  actionType: string;
  tableName: string | null;
  recordId: string | null;
  oldValues: unknown;
  newValues: unknown;
  environmentMode: string;
  operationContext: string | null;
  success: boolean;
  errorMessage: string | null;
}

export function adminActivityRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const l = userActivityLogs;
  return new Hono<AdminEnv>().get("/activity", zValidator("query", query, validationHook), async (c) => {
    const q = c.req.valid("query");
    const conditions: SQL[] = [...dayRangeConditions(l.createdAt, q.from, q.to)];
    if (q.action) conditions.push(eq(l.actionType, q.action));
    if (q.table) conditions.push(eq(l.tableName, q.table));
    if (q.user) {
      const who = or(ilike(l.userEmail, likePattern(q.user)), eq(l.userId, q.user));
      if (who) conditions.push(who);
    }
    if (q.outcome !== "all") conditions.push(eq(l.success, q.outcome === "success"));
    const where = and(...conditions);
    const [rows, totals, actions, tables] = await Promise.all([
      db
        .select()
        .from(l)
        .where(where)
        .orderBy(desc(l.createdAt), desc(l.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      db.select({ n: count() }).from(l).where(where),
      db.selectDistinct({ v: l.actionType }).from(l).orderBy(l.actionType),
      db.selectDistinct({ v: l.tableName }).from(l).orderBy(l.tableName),
    ]);
    const entries: ActivityEntry[] = rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      userId: r.userId,
      userEmail: r.userEmail,
      userRole: r.userRole,
      actionType: r.actionType,
      tableName: r.tableName,
      recordId: r.recordId,
      oldValues: r.oldValues,
      newValues: r.newValues,
      environmentMode: r.environmentMode,
      operationContext: r.operationContext,
      success: r.success,
      errorMessage: r.errorMessage,
    }));
    return c.json(
      {
        entries,
        total: totals[0]?.n ?? 0,
        page: q.page,
        pageSize: q.pageSize,
        actions: actions.map((a) => a.v),
        tables: tables.flatMap((t) => (t.v ? [t.v] : [])),
      },
      200,
    );
  });
}
