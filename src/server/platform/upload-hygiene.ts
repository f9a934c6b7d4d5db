/**
 * Keeping anonymous uploads from filling the disk (issue 14):
 *
 * - a per-visitor quota: the bytes a visitor (the client IP, and the account when signed in)
 *   uploaded in the last 24 hours, checked before an upload is processed. The IP is never
 *   stored: uploads.client_key is a keyed hash of it (HMAC with the auth secret);
 * - an automatic sweep of orphan uploads: an upload no saved cart, order, print job or
 *   product names (uploadUsedSql, the same rule as the admin's manual purge) is deleted, row
 *   and files, once it is ORPHAN_AFTER_HOURS old. It runs in a BackgroundLoop (the one pattern
 *   every background worker of the server uses): at start, then every SWEEP_INTERVAL_MS, in
 *   batches, and logs what it removed.
 */
import { createHmac } from "node:crypto";
import { and, eq, gt, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client.js";
import { uploads } from "../db/schema.js";
import { BackgroundLoop } from "../lib/background-loop.js";
import type { Logger } from "../lib/logger.js";
import { type Storage, uploadFileKeys } from "./storage.js";
import { deleteStoredFiles, uploadUsedSql } from "./upload-usage.js";

/** The window of the per-visitor quota, and the age after which an unused upload is swept. */
export const UPLOAD_QUOTA_WINDOW_HOURS = 24;
export const ORPHAN_AFTER_HOURS = 24;
/** The sweep runs at start, then hourly; a busy round (a full batch) goes on at once. */
export const SWEEP_INTERVAL_MS = 60 * 60_000;
const SWEEP_BATCH = 200;

/** The stored stand-in for a client IP: a keyed hash, so the table holds no IP addresses. */
export function uploadClientKey(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(`upload-client:${ip}`).digest("base64url").slice(0, 32);
}

export interface UploadVisitor {
  clientKey: string | null;
  userId: string | null;
}

/** The visitor behind a request: its client's keyed hash (when known) and its signed-in account. */
export function uploadVisitor(secret: string, ip: string | undefined, userId: string | null): UploadVisitor {
  return { clientKey: ip ? uploadClientKey(secret, ip) : null, userId };
}

/**
 * True when `upload` was made by `visitor`: the same client (the keyed hash of its address) or
 * the same signed-in account. An upload id alone proves nothing: ids reach other people's
 * pages (a shared cart, a support message, a resumable upload's address). An upload with no
 * known maker is nobody's.
 */
export function uploadedBy(
  upload: { clientKey: string | null; userId: string | null },
  visitor: UploadVisitor,
): boolean {
  return (
    (visitor.clientKey !== null && upload.clientKey === visitor.clientKey) ||
    (visitor.userId !== null && upload.userId === visitor.userId)
  );
}

/** Bytes the visitor (same client key, or same account) uploaded in the quota window. */
export async function bytesUploadedRecently(db: DbOrTx, visitor: UploadVisitor): Promise<number> {
  const who: SQL[] = [];
  if (visitor.clientKey) who.push(eq(uploads.clientKey, visitor.clientKey));
  if (visitor.userId) who.push(eq(uploads.userId, visitor.userId));
  if (who.length === 0) return 0;
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${uploads.bytes}), 0)::bigint` })
    .from(uploads)
    .where(
      and(
        gt(uploads.createdAt, sql`now() - make_interval(hours => ${UPLOAD_QUOTA_WINDOW_HOURS})`),
        or(...who),
      ),
    );
  return Number(row?.bytes ?? 0);
}

export interface SweepResult {
  uploadsDeleted: number;
  filesDeleted: number;
  filesFailed: number;
  /** A full batch was taken: more may be waiting. */
  more: boolean;
}

/**
 * One batch of the sweep: locks (SKIP LOCKED, so two servers never take the same rows) and
 * deletes up to `batch` orphan uploads older than `olderThanHours`, then their files after the
 * commit; a file that will not go is logged.
 */
export async function sweepOrphanUploads(
  deps: { database: Database; storage: Storage; log: Logger },
  opts: { olderThanHours?: number; batch?: number } = {},
): Promise<SweepResult> {
  const hours = opts.olderThanHours ?? ORPHAN_AFTER_HOURS;
  const batch = opts.batch ?? SWEEP_BATCH;
  const removed = await deps.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: uploads.id, originalKey: uploads.originalKey, previewKey: uploads.previewKey })
      .from(uploads)
      .where(
        and(
          lt(uploads.createdAt, sql`now() - make_interval(hours => ${hours})`),
          sql`not ${uploadUsedSql()}`,
        ),
      )
      .orderBy(uploads.createdAt)
      .limit(batch)
      .for("update", { skipLocked: true });
    if (rows.length > 0) {
      await tx.delete(uploads).where(
        inArray(
          uploads.id,
          rows.map((r) => r.id),
        ),
      );
    }
    return rows;
  });
  const files = await deleteStoredFiles(
    deps.storage,
    removed.flatMap((r) => uploadFileKeys(r)),
    (key, error) => deps.log.error({ err: error, key }, "upload sweep: a file could not be removed"),
  );
  if (removed.length > 0) {
    deps.log.info(
      { uploadsDeleted: removed.length, filesDeleted: files.deleted, filesFailed: files.failed, hours },
      "upload sweep: removed orphan uploads",
    );
  }
  return {
    uploadsDeleted: removed.length,
    filesDeleted: files.deleted,
    filesFailed: files.failed,
    more: removed.length === batch,
  };
}

/** The background sweep of orphan uploads (see the file comment). */
export class UploadSweeper {
  private readonly loop: BackgroundLoop;

  constructor(deps: { database: Database; storage: Storage; log: Logger; intervalMs?: number }) {
    this.loop = new BackgroundLoop({
      name: "upload sweep",
      log: deps.log,
      intervalMs: deps.intervalMs ?? SWEEP_INTERVAL_MS,
      round: async () => (await sweepOrphanUploads(deps)).more,
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Runs a sweep now (tests, or after a bulk change). */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
