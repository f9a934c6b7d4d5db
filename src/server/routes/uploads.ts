import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { MAX_UPLOAD_BYTES } from "@shared/limits";
import { RESUMABLE_UPLOADS_PATH } from "@shared/upload-copy";
import { Server as TusServer, type Upload as TusUpload } from "@tus/server";
import { ERRORS as TUS_ERRORS, TUS_RESUMABLE } from "@tus/utils";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { clientIp, createProxyList } from "../lib/client-ip.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { type ApiError, HttpError } from "../lib/validation.js";
import {
  type ImageRejection,
  type ResumableRefusal,
  ResumableUploadRefusedError,
  readResumableUpload,
  removeResumableUpload,
  type StoreUploadResult,
  storeUploadedImage,
  type UploadVisitor,
  uploadedBy,
  uploadVisitor,
} from "../platform/index.js";
import { getSessionUser } from "../session.js";

/** Additional images are numbered per bundle (at most 4 today); room to grow, never unbounded. */
const MAX_ADDITIONAL_INDEX = 9;

const uploadFormSchema = z
  .object({
    file: z.file({ error: CREATOR_MESSAGES.upload.noFile.description }),
    kind: z
      .enum(["main", "additional"], { error: CREATOR_MESSAGES.upload.failed.description })
      .default("main"),
    index: z.coerce
      .number({ error: CREATOR_MESSAGES.upload.failed.description })
      .int({ error: CREATOR_MESSAGES.upload.failed.description })
      .min(0, { error: CREATOR_MESSAGES.upload.failed.description })
      .max(MAX_ADDITIONAL_INDEX, { error: CREATOR_MESSAGES.upload.failed.description })
      .optional(),
  })
  .refine((form) => form.kind === "main" || form.index !== undefined, {
    path: ["index"],
    error: CREATOR_MESSAGES.upload.failed.description,
  });

const REJECTIONS: Readonly<
  Record<ImageRejection | "quota_exceeded", { status: 413 | 415 | 422 | 429; error: string; message: string }>
> = {
  quota_exceeded: {
    status: 429,
    error: "upload_quota_exceeded",
    message: CREATOR_MESSAGES.upload.quotaExceeded.description,
  },
  too_large: { status: 413, error: "file_too_large", message: CREATOR_MESSAGES.upload.tooLarge.description },
  unsupported: {
    status: 415,
    error: "unsupported_image",
    message: CREATOR_MESSAGES.upload.unsupportedFormat.description,
  },
  too_many_pixels: {
    status: 422,
    error: "image_too_many_pixels",
    message: CREATOR_MESSAGES.upload.tooManyPixels.description,
  },
  corrupt: { status: 422, error: "invalid_image", message: CREATOR_MESSAGES.upload.failed.description },
};

/** A new resumable upload the store refused (platform/resumable-uploads.ts). */
const RESUMABLE_REFUSALS: Readonly<
  Record<ResumableRefusal, { status: number; error: string; message: string }>
> = {
  quota_exceeded: REJECTIONS.quota_exceeded,
  too_many_unfinished: {
    status: 429,
    error: "too_many_unfinished_uploads",
    message: CREATOR_MESSAGES.upload.tooManyUnfinished.description,
  },
  no_visitor: {
    status: 400,
    error: "validation_failed",
    message: CREATOR_MESSAGES.upload.failed.description,
  },
};

/** The metadata a resumable upload may carry (tus Upload-Metadata), checked at its creation. */
const resumableMetadataSchema = z
  .object({
    filename: z.string().max(255).optional(),
    kind: z.enum(["main", "additional"]).default("main"),
    index: z.coerce.number().int().min(0).max(MAX_ADDITIONAL_INDEX).optional(),
  })
  .refine((m) => m.kind === "main" || m.index !== undefined);

/** A tus hook's refusal: the status and our usual { error, message } body. */
function tusRefusal(status: number, error: string, message: string) {
  return { status_code: status, body: JSON.stringify({ error, message } satisfies ApiError) };
}

/**
 * POST /api/uploads (multipart/form-data: file, kind = main | additional, index for
 * additional). The image is checked by content, cleaned (upright, no metadata), stored with a
 * greyscale preview and recorded; 201 {id, url (preview), originalUrl, width, height}.
 * A refused file leaves nothing behind: no file, no row.
 * Limited per client IP (UPLOAD_RATE_LIMIT a minute, 429 rate_limited) and per visitor (the
 * client IP and, signed in, the account: UPLOAD_QUOTA_MB per 24 h of bytes stored, 429
 * upload_quota_exceeded); uploads nothing uses are swept after a day (platform/upload-hygiene.ts).
 *
 * /api/uploads/resumable: the same upload by the tus protocol (decision 325), so a dropped
 * connection resumes where it stopped. POST creates it (Upload-Length at most 10 MB, metadata
 * filename, kind, index; rate-limited like the form; its declared length counts against the
 * visitor's quota from now on, and a visitor holds at most MAX_UNFINISHED_UPLOADS unfinished:
 * 429 upload_quota_exceeded or too_many_unfinished_uploads; decision 350), PATCH sends bytes,
 * HEAD tells the offset, DELETE abandons it: only by the visitor who created it (the same
 * client or account, as reviews check their photo), 404 for anyone else. The PATCH that completes it answers 200 with the same
 * JSON as the form's 201, or the same refusals (413, 415, 422, 429); the finished bytes go
 * through storeUploadedImage, exactly as the form's, and are removed from the resumable store.
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
    message: CREATOR_MESSAGES.upload.tooManyUploads.description,
  });
  const store = {
    database: ctx.database,
    storage: ctx.storage,
    log: ctx.log,
    quotaBytes: ctx.config.abuse.uploadQuotaBytes,
  };

  const visitorOf = async (c: Context): Promise<UploadVisitor> => {
    const user = await getSessionUser(ctx, c);
    return uploadVisitor(ctx.config.authSecret, clientIp(c, proxies), user?.id ?? null);
  };

  // Who is asking, for the tus hooks (they see only the web Request): set by the route below.
  const visitors = new WeakMap<Request, UploadVisitor>();
  const tus = new TusServer({
    path: RESUMABLE_UPLOADS_PATH,
    datastore: ctx.resumableUploads,
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    // Same-origin only (sameOriginGuard refuses other origins before this).
    allowedOrigins: [],
    onUploadCreate: async (req, upload) => {
      const parsed = resumableMetadataSchema.safeParse(upload.metadata ?? {});
      if (!parsed.success) {
        throw tusRefusal(400, "validation_failed", CREATOR_MESSAGES.upload.failed.description);
      }
      const visitor = visitors.get(req);
      if (!visitor) throw tusRefusal(400, "validation_failed", CREATOR_MESSAGES.upload.failed.description);
      const size = upload.size ?? 0;
      if (size <= 0) throw tusRefusal(400, "validation_failed", CREATOR_MESSAGES.upload.noFile.description);
      const { filename, kind, index } = parsed.data;
      // Only what the server decided is kept: the visitor is recorded here, not taken from the
      // client; the store checks their quota and unfinished uploads as it creates the row.
      return {
        metadata: {
          filename: filename ?? "image",
          kind,
          ...(kind === "additional" ? { index: String(index) } : {}),
          clientKey: visitor.clientKey,
          userId: visitor.userId,
        },
      };
    },
    onUploadFinish: async (_req, upload: TusUpload) => {
      const meta = upload.metadata ?? {};
      let result: StoreUploadResult;
      try {
        // The upload is its creator's, wherever its last chunk came from.
        const visitor = (await ctx.resumableUploads.owner(upload.id)) ?? { clientKey: null, userId: null };
        const bytes = await readResumableUpload(ctx.resumableUploads, upload.id);
        const kind = meta.kind === "additional" ? "additional" : "main";
        result = await storeUploadedImage(store, {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          originalName: meta.filename ?? "image",
          kind,
          index: kind === "additional" ? Number(meta.index ?? 0) : undefined,
          visitor,
          resumableId: upload.id,
        });
      } finally {
        await removeResumableUpload(ctx.resumableUploads, upload.id, ctx.log);
      }
      if (!result.ok) {
        const r = REJECTIONS[result.reason];
        throw tusRefusal(r.status, r.error, r.message);
      }
      return {
        status_code: 200,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(result.upload),
      };
    },
    onResponseError: (_req, error) => {
      if (error instanceof ResumableUploadRefusedError) {
        ctx.log.warn({ reason: error.reason }, "resumable upload refused");
        const r = RESUMABLE_REFUSALS[error.reason];
        return tusRefusal(r.status, r.error, r.message);
      }
      if (error instanceof Error) ctx.log.error({ err: error }, "resumable upload failed");
      return undefined;
    },
  });
  const resumable = async (c: Context) => {
    visitors.set(c.req.raw, await visitorOf(c));
    return tus.handleWeb(c.req.raw);
  };
  // HEAD, PATCH and DELETE of an upload: its creator's only; anyone else learns nothing of it.
  const ownResumable = async (c: Context) => {
    const visitor = await visitorOf(c);
    const owner = await ctx.resumableUploads.owner(c.req.param("id") ?? "");
    if (!owner || !uploadedBy(owner, visitor)) {
      return new Response(c.req.raw.method === "HEAD" ? null : TUS_ERRORS.FILE_NOT_FOUND.body, {
        status: 404,
        headers: { "Tus-Resumable": TUS_RESUMABLE, "Cache-Control": "no-store" },
      });
    }
    visitors.set(c.req.raw, visitor);
    return tus.handleWeb(c.req.raw);
  };

  return (
    new Hono()
      .post("/uploads/resumable", limited, resumable)
      .on(["PATCH", "DELETE"], "/uploads/resumable/:id", ownResumable)
      // HEAD (the offset to resume from) arrives as GET in Hono; a download is not offered.
      .get("/uploads/resumable/:id", (c) =>
        c.req.raw.method === "HEAD"
          ? ownResumable(c)
          : c.json<ApiError>({ error: "not_found", message: "Not found" }, 404),
      )
      .post("/uploads", limited, async (c) => {
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          throw new HttpError(400, "validation_failed", CREATOR_MESSAGES.upload.noFile.description);
        }
        const parsed = uploadFormSchema.safeParse({
          file: form.get("file") ?? undefined,
          kind: form.get("kind") ?? undefined,
          index: form.get("index") || undefined,
        });
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
          const message = parsed.error.issues[0]?.message ?? CREATOR_MESSAGES.upload.failed.description;
          return c.json<ApiError, 400>({ error: "validation_failed", message, fields }, 400);
        }
        const { file, kind, index } = parsed.data;
        if (file.size > MAX_UPLOAD_BYTES) {
          return c.json<ApiError, 413>(
            { error: "file_too_large", message: CREATOR_MESSAGES.upload.tooLarge.description },
            413,
          );
        }
        const result = await storeUploadedImage(store, {
          bytes: new Uint8Array(await file.arrayBuffer()),
          originalName: file.name,
          kind,
          index: kind === "additional" ? index : undefined,
          visitor: await visitorOf(c),
        });
        if (!result.ok) {
          const rejection = REJECTIONS[result.reason];
          return c.json<ApiError, typeof rejection.status>(
            { error: rejection.error, message: rejection.message },
            rejection.status,
          );
        }
        return c.json(result.upload, 201);
      })
  );
}
