import { MAX_UPLOAD_BYTES } from "@shared/limits";
import { MESSAGES } from "@shared/messages";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { clientIp, createProxyList } from "../lib/client-ip.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { getSessionUser } from "../lib/session.js";
import { type ApiError, HttpError } from "../lib/validation.js";
import {
  bytesUploadedRecently,
  ImageRejectedError,
  type ImageRejection,
  processUploadedImage,
  recordUpload,
  uploadKeys,
  uploadVisitor,
} from "../platform/index.js";

/** Additional images are numbered per bundle (at most 4 today); room to grow, never unbounded. */
const MAX_ADDITIONAL_INDEX = 9;

const uploadFormSchema = z
  .object({
    file: z.file({ error: MESSAGES.upload.noFile.description }),
    kind: z.enum(["main", "additional"], { error: MESSAGES.upload.failed.description }).default("main"),
    index: z.coerce
      .number({ error: MESSAGES.upload.failed.description })
      .int({ error: MESSAGES.upload.failed.description })
      .min(0, { error: MESSAGES.upload.failed.description })
      .max(MAX_ADDITIONAL_INDEX, { error: MESSAGES.upload.failed.description })
      .optional(),
  })
  .refine((form) => form.kind === "main" || form.index !== undefined, {
    path: ["index"],
    error: MESSAGES.upload.failed.description,
  });

const REJECTIONS: Readonly<
  Record<ImageRejection, { status: 413 | 415 | 422; error: string; message: string }>
> = {
  too_large: { status: 413, error: "file_too_large", message: MESSAGES.upload.tooLarge.description },
  unsupported: {
    status: 415,
    error: "unsupported_image",
    message: MESSAGES.upload.unsupportedFormat.description,
  },
  too_many_pixels: {
    status: 422,
    error: "image_too_many_pixels",
    message: MESSAGES.upload.tooManyPixels.description,
  },
  corrupt: { status: 422, error: "invalid_image", message: MESSAGES.upload.failed.description },
};

/**
 * POST /api/uploads (multipart/form-data: file, kind = main | additional, index for
 * additional). The image is checked by content, cleaned (upright, no metadata), stored with a
 * greyscale preview and recorded; 201 {id, url (preview), originalUrl, width, height}.
 * A refused file leaves nothing behind: no file, no row.
 * Limited per client IP (UPLOAD_RATE_LIMIT a minute, 429 rate_limited) and per visitor (the
 * client IP and, signed in, the account: UPLOAD_QUOTA_MB per 24 h, 429 upload_quota_exceeded);
 * uploads nothing uses are swept after a day (platform/upload-hygiene.ts).
 */
export function uploadRoutes(ctx: AppContext) {
  const limiter = createRateLimiter({
    name: "uploads",
    store: ctx.rateLimits,
    limit: ctx.config.abuse.uploadsPerMinute,
    windowMs: 60_000,
  });
  const proxies = createProxyList(ctx.config.trustedProxies);
  const limited = rateLimit(ctx, limiter, {
    name: "uploads",
    message: MESSAGES.upload.tooManyUploads.description,
  });
  return new Hono().post("/uploads", limited, async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new HttpError(400, "validation_failed", MESSAGES.upload.noFile.description);
    }
    const parsed = uploadFormSchema.safeParse({
      file: form.get("file") ?? undefined,
      kind: form.get("kind") ?? undefined,
      index: form.get("index") || undefined,
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
      const message = parsed.error.issues[0]?.message ?? MESSAGES.upload.failed.description;
      return c.json<ApiError, 400>({ error: "validation_failed", message, fields }, 400);
    }
    const { file, kind, index } = parsed.data;
    if (file.size > MAX_UPLOAD_BYTES) {
      return c.json<ApiError, 413>(
        { error: "file_too_large", message: MESSAGES.upload.tooLarge.description },
        413,
      );
    }

    const user = await getSessionUser(ctx, c);
    const ip = clientIp(c, proxies);
    const visitor = uploadVisitor(ctx.config.authSecret, ip, user?.id ?? null);
    const used = await bytesUploadedRecently(ctx.database.db, visitor);
    if (used + file.size > ctx.config.abuse.uploadQuotaBytes) {
      ctx.log.warn({ ip, user: visitor.userId, usedBytes: used, bytes: file.size }, "upload quota reached");
      return c.json<ApiError, 429>(
        { error: "upload_quota_exceeded", message: MESSAGES.upload.quotaExceeded.description },
        429,
      );
    }

    let processed: Awaited<ReturnType<typeof processUploadedImage>>;
    try {
      processed = await processUploadedImage(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      const rejection = REJECTIONS[error.reason];
      ctx.log.info({ reason: error.reason, detail: error.message, bytes: file.size }, "upload refused");
      return c.json<ApiError, typeof rejection.status>(
        { error: rejection.error, message: rejection.message },
        rejection.status,
      );
    }

    const keys = uploadKeys({
      originalName: file.name,
      kind,
      index: kind === "additional" ? index : undefined,
      extension: processed.original.extension,
      previewExtension: processed.preview.extension,
    });
    const { storage } = ctx;
    let row: { id: string } | undefined;
    try {
      await storage.put(keys.original, processed.original.data, processed.original.contentType);
      await storage.put(keys.preview, processed.preview.data, processed.preview.contentType);
      row = await recordUpload(ctx.database.db, {
        originalKey: keys.original,
        previewKey: keys.preview,
        userId: visitor.userId,
        clientKey: visitor.clientKey,
        width: processed.original.width,
        height: processed.original.height,
        bytes: processed.original.data.byteLength,
      });
    } catch (error) {
      // Nothing half-stored: remove whatever made it to storage.
      await Promise.allSettled([storage.delete(keys.original), storage.delete(keys.preview)]);
      throw error;
    }
    ctx.log.info({ id: row.id, key: keys.original, user: user?.id ?? null }, "image uploaded");
    return c.json(
      {
        id: row.id,
        url: storage.publicUrl(keys.preview),
        originalUrl: storage.publicUrl(keys.original),
        width: processed.original.width,
        height: processed.original.height,
      },
      201,
    );
  });
}
