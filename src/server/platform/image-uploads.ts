/**
 * One path from received bytes to a stored upload, for POST /api/uploads and for a finished
 * resumable (tus) upload alike: the visitor's quota (bytes stored in the last 24 h), the image
 * checked by content and cleaned (processUploadedImage), both files stored, the row recorded.
 * A refused image leaves nothing behind: no file, no row.
 */
import type { Database } from "../db/client.js";
import type { Logger } from "../lib/logger.js";
import { ImageRejectedError, type ImageRejection, processUploadedImage } from "./images.js";
import { unfinishedUploads } from "./resumable-uploads.js";
import { type Storage, uploadKeys } from "./storage.js";
import { bytesUploadedRecently, type UploadVisitor } from "./upload-hygiene.js";
import { recordUpload } from "./upload-usage.js";

export interface StoredUpload {
  id: string;
  /** The greyscale web preview. */
  url: string;
  /** The cleaned full-size image (upright, no metadata). */
  originalUrl: string;
  width: number;
  height: number;
}

export type StoreUploadResult =
  | { ok: true; upload: StoredUpload }
  | { ok: false; reason: ImageRejection | "quota_exceeded" };

/**
 * True when `bytes` more would take the visitor past the quota: the bytes stored in the last
 * 24 hours plus those their unfinished resumable uploads reserve (but the one finishing now,
 * `resumableId`, whose bytes these are).
 */
export async function uploadQuotaReached(
  database: Database,
  visitor: UploadVisitor,
  bytes: number,
  quotaBytes: number,
  resumableId?: string,
): Promise<boolean> {
  const used = await bytesUploadedRecently(database.db, visitor);
  const { reservedBytes } = await unfinishedUploads(database.db, visitor, resumableId);
  return used + reservedBytes + bytes > quotaBytes;
}

export async function storeUploadedImage(
  deps: { database: Database; storage: Storage; log: Logger; quotaBytes: number },
  input: {
    bytes: Uint8Array;
    originalName: string;
    kind: "main" | "additional";
    index?: number | undefined;
    visitor: UploadVisitor;
    /** The finished resumable upload these bytes come from, if any. */
    resumableId?: string;
  },
): Promise<StoreUploadResult> {
  const { database, storage, log } = deps;
  const { visitor } = input;
  if (
    await uploadQuotaReached(database, visitor, input.bytes.byteLength, deps.quotaBytes, input.resumableId)
  ) {
    log.warn({ user: visitor.userId, bytes: input.bytes.byteLength }, "upload quota reached");
    return { ok: false, reason: "quota_exceeded" };
  }
  let processed: Awaited<ReturnType<typeof processUploadedImage>>;
  try {
    processed = await processUploadedImage(input.bytes);
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    log.info(
      { reason: error.reason, detail: error.message, bytes: input.bytes.byteLength },
      "upload refused",
    );
    return { ok: false, reason: error.reason };
  }
  const keys = uploadKeys({
    originalName: input.originalName,
    kind: input.kind,
    index: input.kind === "additional" ? input.index : undefined,
    extension: processed.original.extension,
    previewExtension: processed.preview.extension,
  });
  let row: { id: string };
  try {
    await storage.put(keys.original, processed.original.data, processed.original.contentType);
    await storage.put(keys.preview, processed.preview.data, processed.preview.contentType);
    await storage.put(
      keys.colourThumbnail,
      processed.colourThumbnail.data,
      processed.colourThumbnail.contentType,
    );
    row = await recordUpload(database.db, {
      originalKey: keys.original,
      previewKey: keys.preview,
      userId: visitor.userId,
      clientKey: visitor.clientKey,
      width: processed.original.width,
      height: processed.original.height,
      // The quota counts what is stored, not what was sent.
      bytes: processed.original.data.byteLength,
    });
  } catch (error) {
    // Nothing half-stored: remove whatever made it to storage.
    await Promise.allSettled(
      [keys.original, keys.preview, keys.colourThumbnail].map((key) => storage.delete(key)),
    );
    throw error;
  }
  log.info({ id: row.id, key: keys.original, user: visitor.userId }, "image uploaded");
  return {
    ok: true,
    upload: {
      id: row.id,
      url: storage.publicUrl(keys.preview),
      originalUrl: storage.publicUrl(keys.original),
      width: processed.original.width,
      height: processed.original.height,
    },
  };
}
