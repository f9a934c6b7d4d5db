/**
 * Resumable uploads (the tus protocol, decisions 325 and 340): the bytes of an upload in
 * progress are kept in the database, one row per chunk, so a phone whose connection drops goes
 * on from the byte where it stopped, and its next chunk may reach any of the shop's servers (a
 * load balancer spreads requests; each server has its own disk). A finished upload is handed to
 * storeUploadedImage and removed at once; one left unfinished expires after
 * RESUMABLE_UPLOAD_EXPIRY_HOURS and is removed by the sweep here (a BackgroundLoop, hourly).
 */
import type { Readable } from "node:stream";
import { DataStore, ERRORS, Upload } from "@tus/utils";
import { asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { resumableUploadChunks, resumableUploads } from "../db/schema.js";
import { BackgroundLoop } from "../lib/background-loop.js";
import type { Logger } from "../lib/logger.js";

/** An unfinished upload can be resumed for this long after it was started. */
export const RESUMABLE_UPLOAD_EXPIRY_HOURS = 24;
const SWEEP_INTERVAL_MS = 60 * 60_000;

const storedBytes = sql<number>`coalesce(sum(octet_length(${resumableUploadChunks.bytes})), 0)::int`;

/** The tus data store of the shop: uploads in progress in the shop's database. */
export class DatabaseUploadStore extends DataStore {
  constructor(
    private readonly db: Db,
    private readonly expirationMs: number = RESUMABLE_UPLOAD_EXPIRY_HOURS * 60 * 60_000,
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

  override async create(upload: Upload): Promise<Upload> {
    await this.db.insert(resumableUploads).values({
      id: upload.id,
      size: upload.size ?? null,
      metadata: upload.metadata ?? {},
      ...(upload.creation_date ? { createdAt: new Date(upload.creation_date) } : {}),
    });
    upload.storage = { type: "database", path: upload.id };
    return upload;
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

export function createResumableUploadStore(db: Db): ResumableUploadStore {
  return new DatabaseUploadStore(db);
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

/** Removes unfinished resumable uploads past their expiry: at start, then hourly. */
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
