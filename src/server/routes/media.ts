import { Hono } from "hono";
import type { AppContext } from "../context.js";
import type { ApiError } from "../lib/validation.js";
import { IMAGE_BUCKET, isSafeKey } from "../platform/index.js";

/** Only images are public (customers' uploads, product photos, the storefront's AVIF/WebP sets); print files and anything else in storage are not. */
const PUBLIC_FILE = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:jpg|png|webp|avif)$/;

/**
 * Serves stored images in local storage mode: GET /api/media/lightbox-images/<name>.
 * (With S3 the public URLs point at the bucket, but this still answers from it.)
 */
export function mediaRoutes(ctx: AppContext) {
  return new Hono().get(`/media/${IMAGE_BUCKET}/:name`, async (c) => {
    const name = c.req.param("name");
    const key = `${IMAGE_BUCKET}/${name}`;
    const notFound = () => c.json<ApiError, 404>({ error: "not_found", message: "Not found" }, 404);
    if (!PUBLIC_FILE.test(name) || !isSafeKey(key)) return notFound();
    const file = await ctx.storage.open(key);
    if (!file) return notFound();
    c.header("Content-Type", file.contentType);
    if (file.size !== undefined) c.header("Content-Length", String(file.size));
    c.header("X-Content-Type-Options", "nosniff");
    // Names are unique and files never change once written.
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    return c.body(file.stream, 200);
  });
}
