/**
 * Data management for the admin: the environment mode (test or production), purging test
 * orders, and removing uploaded images that no cart and no order uses after N days. Each
 * cleanup has a preview (how many, and which) and refuses to run when what it would remove
 * no longer matches what the admin confirmed (expectedCount), so nothing unseen is deleted.
 */
import { and, count, desc, eq, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { orders, printJobs, uploads } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import { defineAuditedWorkflow, type Storage, uploadFileKeys, uploadUsedSql } from "../platform/index.js";

/** How many rows a preview lists (the count is always exact). */
export const PREVIEW_LIMIT = 100;

// ---------------------------------------------------------------------------- test orders

export interface TestOrderPreview {
  count: number;
  orders: Array<{
    id: string;
    orderNumber: number;
    createdAt: string;
    status: string;
    totalAmount: number;
    email: string;
  }>;
}

export async function previewTestOrders(db: DbOrTx): Promise<TestOrderPreview> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        totalAmount: orders.totalAmount,
        email: orders.shippingEmail,
      })
      .from(orders)
      .where(eq(orders.testMode, true))
      .orderBy(desc(orders.createdAt))
      .limit(PREVIEW_LIMIT),
    db.select({ n: count() }).from(orders).where(eq(orders.testMode, true)),
  ]);
  return {
    count: totals[0]?.n ?? 0,
    orders: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

function mismatch(expected: number, actual: number): never {
  throw new HttpError(
    409,
    "preview_out_of_date",
    `The preview showed ${expected}, but there are now ${actual}. Please review the preview again before confirming.`,
  );
}

/**
 * Deletes every test order (items, history, notes and print jobs go with them) in `tx`.
 * Returns the ids and the print files to remove from storage once committed.
 */
export async function purgeTestOrders(tx: Tx, expectedCount: number) {
  const locked = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.testMode, true))
    .for("update");
  if (locked.length !== expectedCount) mismatch(expectedCount, locked.length);
  if (locked.length === 0) return { ids: [] as string[], printFileKeys: [] as string[] };
  const ids = locked.map((r) => r.id);
  const files = await tx
    .select({ key: printJobs.fileKey })
    .from(printJobs)
    .where(and(inArray(printJobs.orderId, ids), isNotNull(printJobs.fileKey)));
  await tx.delete(orders).where(inArray(orders.id, ids));
  return { ids, printFileKeys: files.flatMap((f) => (f.key ? [f.key] : [])) };
}

// ---------------------------------------------------------------------------- orphaned uploads

function orphanCondition(days: number): SQL {
  return and(
    lt(uploads.createdAt, sql`now() - make_interval(days => ${days})`),
    sql`not ${uploadUsedSql()}`,
  ) as SQL;
}

export interface OrphanUploadPreview {
  days: number;
  count: number;
  bytes: number;
  uploads: Array<{
    id: string;
    createdAt: string;
    originalKey: string;
    previewUrl: string;
    width: number;
    height: number;
    bytes: number;
  }>;
}

export async function previewOrphanUploads(
  db: DbOrTx,
  storage: Storage,
  days: number,
): Promise<OrphanUploadPreview> {
  const where = orphanCondition(days);
  const [rows, totals] = await Promise.all([
    db.select().from(uploads).where(where).orderBy(uploads.createdAt).limit(PREVIEW_LIMIT),
    db
      .select({ n: count(), bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint` })
      .from(uploads)
      .where(where),
  ]);
  return {
    days,
    count: totals[0]?.n ?? 0,
    bytes: Number(totals[0]?.bytes ?? 0),
    uploads: rows.map((u) => ({
      id: u.id,
      createdAt: u.createdAt.toISOString(),
      originalKey: u.originalKey,
      previewUrl: storage.publicUrl(u.previewKey),
      width: u.width,
      height: u.height,
      bytes: u.bytes,
    })),
  };
}

/** Deletes the orphaned upload rows in `tx`; returns their storage keys to delete once committed. */
export async function purgeOrphanUploads(tx: Tx, days: number, expectedCount: number) {
  const rows = await tx
    .select({ id: uploads.id, originalKey: uploads.originalKey, previewKey: uploads.previewKey })
    .from(uploads)
    .where(orphanCondition(days))
    .for("update");
  if (rows.length !== expectedCount) mismatch(expectedCount, rows.length);
  if (rows.length > 0)
    await tx.delete(uploads).where(
      inArray(
        uploads.id,
        rows.map((r) => r.id),
      ),
    );
  return { ids: rows.map((r) => r.id), keys: rows.flatMap((r) => uploadFileKeys(r)) };
}

/** Deletes every test order (when the count is still the one the owner saw), audited. */
export const purgeTestOrdersAsAdmin = defineAuditedWorkflow({
  entry: (expectedCount: number) => ({
    actionType: "cleanup.test_orders",
    tableName: "orders",
    recordId: null,
    newValues: { expectedCount },
  }),
  steps: async (tx, expectedCount) => {
    const result = await purgeTestOrders(tx, expectedCount);
    return {
      result,
      audit: { oldValues: { orderIds: result.ids }, newValues: { deleted: result.ids.length } },
    };
  },
});

/** Deletes the uploads nothing uses after `days` (when the count is the one the owner saw), audited. */
export const purgeOrphanUploadsAsAdmin = defineAuditedWorkflow({
  entry: ({ days, expectedCount }: { days: number; expectedCount: number }) => ({
    actionType: "cleanup.orphan_uploads",
    tableName: "uploads",
    recordId: null,
    newValues: { days, expectedCount },
  }),
  steps: async (tx, { days, expectedCount }) => {
    const result = await purgeOrphanUploads(tx, days, expectedCount);
    return {
      result,
      audit: { oldValues: { uploadIds: result.ids }, newValues: { deleted: result.ids.length, days } },
    };
  },
});
