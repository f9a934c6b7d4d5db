/**
 * Resumable uploads (the tus protocol, decisions 325, 340 and 350): the bytes of an upload in
 * progress are kept in the database, one row per chunk, so a phone whose connection drops goes
 * on from the byte where it stopped, and its next chunk may reach any of the shop's servers (a
 * load balancer spreads requests; each server has its own disk). A finished upload is handed to
 * storeUploadedImage and removed at once; one left unfinished expires after
 * RESUMABLE_UPLOAD_EXPIRY_MINUTES and is removed by the sweep here (a BackgroundLoop).
 *
 * Each upload belongs to the visitor who started it (client key and account, as `uploads`):
 * only they may resume, inspect or abandon it (the route answers 404 to anyone else). Its
 * declared size counts against that visitor's upload allowance from its creation (the bytes
 * stored in the last day plus those reserved by their unfinished uploads), and a visitor holds
 * at most MAX_UNFINISHED_UPLOADS at once: both checked, under a lock per visitor, as the
 * upload is created. Backups leave these tables out (backups/database-dump.ts).
 */
import type { Readable } from "node:stream";
import { MAX_UNFINISHED_UPLOADS } from "@shared/limits";
import { DataStore, ERRORS, Upload } from "@tus/utils";
import { and, asc, count, eq, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { resumableUploadChunks, resumableUploads } from "../db/schema.js";
import { BackgroundLoop } from "../lib/background-loop.js";
import type { Logger } from "../lib/logger.js";
import { bytesUploadedRecently, type UploadVisitor } from "./upload-hygiene.js";

/** An unfinished upload can be resumed for this long after it was started. */
export const RESUMABLE_UPLOAD_EXPIRY_MINUTES = 60;
/** The sweep of expired ones: often enough that none outlives its hour by much. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Why a new resumable upload was refused (the route answers each with its message). */
export type ResumableRefusal = "quota_exceeded" | "too_many_unfinished" | "no_visitor";

export class ResumableUploadRefusedError extends Error {
  constructor(readonly reason: ResumableRefusal) {
    super(`resumable upload refused: ${reason}`);
  }
}

export interface ResumableUploadLimits {
  /** The visitor's upload allowance in bytes (UPLOAD_QUOTA_MB). */
  quotaBytes: number;
  maxUnfinished?: number;
}

/** The visitor's rows: same client key or same account. */
function ownedBy(visitor: UploadVisitor): SQL | undefined {
  const who: SQL[] = [];
  if (visitor.clientKey) who.push(eq(resumableUploads.clientKey, visitor.clientKey));
  if (visitor.userId) who.push(eq(resumableUploads.userId, visitor.userId));
  return who.length > 0 ? or(...who) : undefined;
}

/**
 * What the visitor's unfinished uploads hold: how many, and the bytes they declared (reserved
 * from the allowance until they finish or expire), leaving out `exceptId` (the one finishing).
 */
export async function unfinishedUploads(
  db: DbOrTx,
  visitor: UploadVisitor,
  exceptId?: string,
): Promise<{ count: number; reservedBytes: number }> {
  const who = ownedBy(visitor);
  if (!who) return { count: 0, reservedBytes: 0 };
  const [row] = await db
    .select({
      n: count(),
      bytes: sql<string>`coalesce(sum(${resumableUploads.size}), 0)::bigint`,
    })
    .from(resumableUploads)
    .where(and(who, exceptId ? ne(resumableUploads.id, exceptId) : undefined));
  return { count: row?.n ?? 0, reservedBytes: Number(row?.bytes ?? 0) };
}

const storedBytes = sql<number>`coalesce(sum(octet_length(${resumableUploadChunks.bytes})), 0)::int`;

/** The tus data store of the shop: uploads in progress in the shop's database. */
export class DatabaseUploadStore extends DataStore {
  constructor(
    private readonly db: Db,
    private readonly expirationMs: number = RESUMABLE_UPLOAD_EXPIRY_MINUTES * 60_000,
    private readonly limits: ResumableUploadLimits | null = null,
  ) {
    super();
    this.extensions = [
      "creation",
      "creation-with-upload",
      "creation-defer-length",
      "termination",
      "expiration",
    ];
  }

  /**
   * Records a new upload for the visitor its metadata names (clientKey, userId: set by the
   * route, never by the client), kept in their own columns, not in the metadata sent back on
   * HEAD. With limits: the visitor's own expired uploads go first, then the upload is refused
   * when they hold MAX_UNFINISHED_UPLOADS already or its declared size would take them past
   * their allowance; one visitor's creations wait for each other (an advisory lock), so
   * parallel requests cannot all pass the same check.
   */
  override async create(upload: Upload): Promise<Upload> {
    const { clientKey = null, userId = null, ...metadata } = upload.metadata ?? {};
    const visitor: UploadVisitor = { clientKey, userId };
    await this.db.transaction(async (tx) => {
      if (this.limits) {
        if (!clientKey && !userId) throw new ResumableUploadRefusedError("no_visitor");
        for (const key of [clientKey, userId].filter((k): k is string => k !== null).sort()) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`resumable:${key}`}, 0))`);
        }
        const who = ownedBy(visitor);
        if (this.expirationMs > 0) {
          await tx
            .delete(resumableUploads)
            .where(and(who, lt(resumableUploads.createdAt, new Date(Date.now() - this.expirationMs))));
        }
        const held = await unfinishedUploads(tx, visitor);
        if (held.count >= (this.limits.maxUnfinished ?? MAX_UNFINISHED_UPLOADS))
          throw new ResumableUploadRefusedError("too_many_unfinished");
        const used = await bytesUploadedRecently(tx, visitor);
        if (used + held.reservedBytes + (upload.size ?? 0) > this.limits.quotaBytes)
          throw new ResumableUploadRefusedError("quota_exceeded");
      }
      await tx.insert(resumableUploads).values({
        id: upload.id,
        size: upload.size ?? null,
        metadata,
        clientKey,
        userId,
        ...(upload.creation_date ? { createdAt: new Date(upload.creation_date) } : {}),
      });
    });
    upload.metadata = metadata;
    upload.storage = { type: "database", path: upload.id };
    return upload;
  }

  /** Who started the upload; null when there is none with this id. */
  async owner(id: string): Promise<UploadVisitor | null> {
    const [row] = await this.db
      .select({ clientKey: resumableUploads.clientKey, userId: resumableUploads.userId })
      .from(resumableUploads)
      .where(eq(resumableUploads.id, id));
    return row ?? null;
  }

  /**
   * Appends one PATCH's bytes at `offset`. The body is read whole first (a chunk is at most
   * RESUMABLE_CHUNK_BYTES from the creator): a connection that drops mid-chunk stores nothing of
   * it, and the client resends that chunk. Two servers answering chunks of one upload at once
   * cannot both append at the same offset: the upload's row is locked and the offset checked.
   */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const parts: Buffer[] = [];
    try {
      for await (const part of readable) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part));
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    const bytes = Buffer.concat(parts);
    return this.db.transaction(async (tx) => {
      const [upload] = await tx
        .select({ id: resumableUploads.id })
        .from(resumableUploads)
        .where(eq(resumableUploads.id, id))
        .for("update");
      if (!upload) throw ERRORS.FILE_NOT_FOUND;
      const [stored] = await tx
        .select({ bytes: storedBytes })
        .from(resumableUploadChunks)
        .where(eq(resumableUploadChunks.uploadId, id));
      if ((stored?.bytes ?? 0) !== offset) throw ERRORS.INVALID_OFFSET;
      if (bytes.length > 0) await tx.insert(resumableUploadChunks).values({ uploadId: id, offset, bytes });
      return offset + bytes.length;
    });
  }

  override async getUpload(id: string): Promise<Upload> {
    const [row] = await this.db
      .select({
        size: resumableUploads.size,
        metadata: resumableUploads.metadata,
        createdAt: resumableUploads.createdAt,
        offset: sql<number>`(select ${storedBytes} from ${resumableUploadChunks} where ${resumableUploadChunks.uploadId} = ${resumableUploads.id})`,
      })
      .from(resumableUploads)
      .where(eq(resumableUploads.id, id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      ...(row.size === null ? {} : { size: row.size }),
      offset: Number(row.offset),
      metadata: row.metadata,
      creation_date: row.createdAt.toISOString(),
      storage: { type: "database", path: id },
    });
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    const updated = await this.db
      .update(resumableUploads)
      .set({ size: length })
      .where(eq(resumableUploads.id, id))
      .returning({ id: resumableUploads.id });
    if (updated.length === 0) throw ERRORS.FILE_NOT_FOUND;
  }

  override async remove(id: string): Promise<void> {
    const removed = await this.db
      .delete(resumableUploads)
      .where(eq(resumableUploads.id, id))
      .returning({ id: resumableUploads.id });
    if (removed.length === 0) throw ERRORS.FILE_NOT_FOUND;
  }

  /** Removes the uploads started longer ago than the expiry (a finished one is gone already). */
  override async deleteExpired(): Promise<number> {
    if (this.expirationMs <= 0) return 0;
    const removed = await this.db
      .delete(resumableUploads)
      .where(lt(resumableUploads.createdAt, new Date(Date.now() - this.expirationMs)))
      .returning({ id: resumableUploads.id });
    return removed.length;
  }

  override getExpiration(): number {
    return this.expirationMs;
  }

  /** The bytes of an upload, its chunks in order. */
  async read(id: string): Promise<Buffer> {
    const chunks = await this.db
      .select({ bytes: resumableUploadChunks.bytes })
      .from(resumableUploadChunks)
      .where(eq(resumableUploadChunks.uploadId, id))
      .orderBy(asc(resumableUploadChunks.offset));
    return Buffer.concat(chunks.map((c) => c.bytes));
  }
}

export type ResumableUploadStore = DatabaseUploadStore;

export function createResumableUploadStore(db: Db, limits: ResumableUploadLimits): ResumableUploadStore {
  return new DatabaseUploadStore(db, RESUMABLE_UPLOAD_EXPIRY_MINUTES * 60_000, limits);
}

/** The bytes of a finished resumable upload. */
export function readResumableUpload(store: ResumableUploadStore, id: string): Promise<Buffer> {
  return store.read(id);
}

/** Removes a resumable upload's bytes and its record; one already gone is not an error. */
export async function removeResumableUpload(
  store: ResumableUploadStore,
  id: string,
  log: Logger,
): Promise<void> {
  try {
    await store.remove(id);
  } catch (error) {
    log.debug({ err: error, id }, "resumable upload already removed");
  }
}

/** Removes unfinished resumable uploads past their expiry: at start, then every ten minutes. */
export class ResumableUploadSweeper {
  private readonly loop: BackgroundLoop;

  constructor(deps: { store: ResumableUploadStore; log: Logger; intervalMs?: number }) {
    this.loop = new BackgroundLoop({
      name: "resumable upload sweep",
      log: deps.log,
      intervalMs: deps.intervalMs ?? SWEEP_INTERVAL_MS,
      round: async () => {
        const removed = await deps.store.deleteExpired();
        if (removed > 0) deps.log.info({ removed }, "resumable upload sweep: removed expired uploads");
        return false;
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
