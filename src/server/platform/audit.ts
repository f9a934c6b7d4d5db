/**
 * The audit trail (the spec's user_activity_logs): every admin mutation, export and cleanup
 * writes one row saying who (id, e-mail, role), what (action, table, record, old and new
 * values), in which environment mode, and whether it worked.
 *
 * A successful change is logged by withAudit INSIDE the transaction that makes it, so the
 * change and its row commit or roll back together. A change that fails rolls back, so its
 * failure row is written afterwards on its own (success = false, error_message).
 *
 * The spec's set_operation_context(context_type, context_user) is kept twice over: the
 * transaction carries it as transaction-local settings (lithobox.operation_context,
 * lithobox.context_user; what a database trigger would read), and every row records it in
 * operation_context.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { systemSettings, userActivityLogs } from "../db/schema.js";
import { ENVIRONMENT_MODE_KEY } from "./settings.js";

/**
 * The operation context of a change (decision 052): the spec's context_type 'ai' for changes
 * made through the AI-assisted tooling (a request saying `X-Operation-Context: ai`), 'manual'
 * for what the owner does by hand in the admin (the default for an admin), 'customer' for a
 * customer's own change through a signed link (a replacement photo).
 */
export const OPERATION_CONTEXTS = ["manual", "ai", "customer"] as const;
export type OperationContext = (typeof OPERATION_CONTEXTS)[number];

/** The spec's context_type for operations made through the AI-assisted tooling. */
export const OPERATION_CONTEXT: OperationContext = "ai";

/** Who acted: the signed-in admin (or, through a signed link, the customer). */
export interface AuditActor {
  id: string;
  email: string;
  role: string;
  userAgent?: string | null | undefined;
  /** Made by hand unless said otherwise. */
  context?: OperationContext | undefined;
}

export function contextOf(actor: AuditActor): OperationContext {
  return actor.context ?? "manual";
}

export interface AuditEntry {
  /** What was done: "order.status_change", "product.update", "export.orders", "cleanup.test_orders"… */
  actionType: string;
  tableName: string | null;
  recordId?: string | null | undefined;
  oldValues?: unknown;
  newValues?: unknown;
}

/** Values as JSON: dates as ISO strings, undefined dropped; null stays null. */
function jsonValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** The current environment mode, read in the same statement that writes the row. */
const environmentModeSql = sql<string>`coalesce((select ${systemSettings.settingValue} from ${systemSettings} where ${systemSettings.settingKey} = ${ENVIRONMENT_MODE_KEY}), 'production')`;

async function insertRow(
  db: DbOrTx,
  actor: AuditActor,
  entry: AuditEntry,
  outcome: { success: boolean; errorMessage: string | null },
): Promise<number> {
  const [row] = await db
    .insert(userActivityLogs)
    .values({
      userId: actor.id,
      userEmail: actor.email,
      userRole: actor.role,
      actionType: entry.actionType,
      tableName: entry.tableName,
      recordId: entry.recordId ?? null,
      oldValues: jsonValue(entry.oldValues),
      newValues: jsonValue(entry.newValues),
      // The spec's column: the client's address is never recorded.
      ipAddress: "unknown",
      userAgent: actor.userAgent?.slice(0, 512) ?? null,
      environmentMode: environmentModeSql,
      operationContext: contextOf(actor),
      success: outcome.success,
      errorMessage: outcome.errorMessage,
    })
    .returning({ id: userActivityLogs.id });
  if (!row) throw new Error("audit row was not written");
  return row.id;
}

/** set_operation_context(context, user) for the rest of this transaction. */
export async function setOperationContext(tx: Tx, actor: AuditActor): Promise<void> {
  await tx.execute(
    sql`select set_config('lithobox.operation_context', ${contextOf(actor)}, true), set_config('lithobox.context_user', ${actor.id}, true)`,
  );
}

/** Writes the audit row for a change made in `tx`; it commits (or rolls back) with the change. */
export async function withAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<number> {
  return insertRow(tx, actor, entry, { success: true, errorMessage: null });
}

/** Records an action that failed (its transaction, if any, has already rolled back). */
export async function recordAuditFailure(
  db: DbOrTx,
  actor: AuditActor,
  entry: AuditEntry,
  error: unknown,
): Promise<number> {
  return insertRow(db, actor, entry, { success: false, errorMessage: errorText(error) });
}

export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000) || "Unknown error";
}

/** What an audited change returns: its result and the details of the audit row. */
export interface AuditedResult<T> {
  result: T;
  audit: Partial<AuditEntry> | Array<Partial<AuditEntry>>;
}
