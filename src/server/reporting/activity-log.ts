/** The admin's audit trail (GET /admin/activity): the activity log, newest first, filtered and paged. */
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { likePattern } from "../db/like-pattern.js";
import { userActivityLogs } from "../db/schema.js";
import { dayRangeConditions } from "../platform/index.js";

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

export interface ActivityQuery {
  action?: string | undefined;
  table?: string | undefined;
  /** An e-mail fragment or a user id. */
  user?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  outcome: "all" | "success" | "failure";
  page: number;
  pageSize: number;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** The action types and tables seen, for the filter menus. */
  actions: string[];
  tables: string[];
}

export async function listActivity(db: DbOrTx, q: ActivityQuery): Promise<ActivityPage> {
  const l = userActivityLogs;
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
  return {
    entries,
    total: totals[0]?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    actions: actions.map((a) => a.v),
    tables: tables.flatMap((t) => (t.v ? [t.v] : [])),
  };
}
