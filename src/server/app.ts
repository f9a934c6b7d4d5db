/**
 * The Hono app: /api/* from routes/, then the built web app with an index.html fallback
 * for client routes. Errors become JSON without stack traces.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { MAX_UPLOAD_BYTES } from "@shared/limits";
import { lightboxFromPricePence } from "@shared/storefront-rules";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { authRequestHandler } from "./auth.js";
import { catalogCache } from "./catalogue/index.js";
import type { AppContext } from "./context.js";
import { metricsHandler, observeRequests } from "./lib/observe.js";
import { createPageServer, type PageData } from "./lib/page-server.js";
import { sameOriginGuard, securityHeaders, staticPathGuard } from "./lib/security.js";
import { type ApiError, HttpError } from "./lib/validation.js";
import { accountRoutes } from "./routes/account.js";
import { addressRoutes } from "./routes/address.js";
import { adminRoutes } from "./routes/admin/index.js";
import { backupRoutes } from "./routes/backup.js";
import { cartRoutes } from "./routes/cart.js";
import { cartReminderRoutes } from "./routes/cart-reminders.js";
import { catalogRoutes } from "./routes/catalog.js";
import { checkoutRoutes } from "./routes/checkout.js";
import { contactRoutes } from "./routes/contact.js";
import { discountRoutes } from "./routes/discounts.js";
import { emailChangeRoutes } from "./routes/email-change.js";
import { eventRoutes } from "./routes/events.js";
import { healthRoutes } from "./routes/health.js";
import { internalRoutes } from "./routes/internal.js";
import { invoiceRoutes } from "./routes/invoices.js";
import { mediaRoutes } from "./routes/media.js";
import { orderHistoryRoutes } from "./routes/orders.js";
import { paymentRoutes } from "./routes/payments.js";
import { photoRequestRoutes } from "./routes/photo-requests.js";
import { proofRoutes } from "./routes/proofs.js";
import { ratesRoutes } from "./routes/rates.js";
import { seoRoutes } from "./routes/seo.js";
import { shippingRoutes } from "./routes/shipping.js";
import { shopInfoRoutes } from "./routes/shop-info.js";
import { storefrontRoutes } from "./routes/storefront.js";
import { trackRoutes } from "./routes/track.js";
import { uploadRoutes } from "./routes/uploads.js";
import { storefrontCache } from "./storefront/index.js";

const JSON_BODY_LIMIT = 256 * 1024;
/** 10 MB image plus the multipart envelope. */
const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 1024 * 1024;

export function createApi(ctx: AppContext) {
  return new Hono()
    .route("/", healthRoutes(ctx))
    .route("/", shopInfoRoutes(ctx))
    .route("/", contactRoutes(ctx))
    .route("/", photoRequestRoutes(ctx))
    .route("/", catalogRoutes(ctx))
    .route("/", storefrontRoutes(ctx))
    .route("/", uploadRoutes(ctx))
    .route("/", ratesRoutes(ctx))
    .route("/", mediaRoutes(ctx))
    .route("/", accountRoutes(ctx))
    .route("/", emailChangeRoutes(ctx))
    .route("/", cartRoutes(ctx))
    .route("/", cartReminderRoutes(ctx))
    .route("/", addressRoutes(ctx))
    .route("/", orderHistoryRoutes(ctx))
    .route("/", proofRoutes(ctx))
    .route("/", checkoutRoutes(ctx))
    .route("/", shippingRoutes(ctx))
    .route("/", discountRoutes(ctx))
    .route("/", invoiceRoutes(ctx))
    .route("/", paymentRoutes(ctx))
    .route("/", trackRoutes(ctx))
    .route("/", eventRoutes(ctx))
    .route("/admin", adminRoutes(ctx))
    .route("/", internalRoutes(ctx))
    .route("/", backupRoutes(ctx));
}

export type ApiType = ReturnType<typeof createApi>;

/**
 * Hono's bodyLimit, without its cost for the usual request: one with a Content-Length (and no
 * Transfer-Encoding) is judged by that header, exactly as bodyLimit judges it, but without
 * touching `c.req.raw.body` — which would make @hono/node-server build a full web Request
 * and body stream, so the JSON could no longer be read straight from the socket. Anything
 * else (chunked bodies) goes through bodyLimit itself, which counts the bytes.
 */
function bodySizeLimit(maxSize: number, onError: (c: Context) => Response): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError });
  return (c, next) => {
    const method = c.req.method;
    // No body to limit (bodyLimit itself lets them through, having built the full Request to see
    // that: ~10% of a catalogue GET's CPU).
    if (method === "GET" || method === "HEAD") return next();
    const headers = c.req.raw.headers;
    const length = headers.get("content-length");
    if (method !== "TRACE" && length !== null && !headers.has("transfer-encoding")) {
      return Number.parseInt(length || "0", 10) > maxSize ? Promise.resolve(onError(c)) : next();
    }
    return counted(c, next);
  };
}

export function createApp(ctx: AppContext) {
  const app = new Hono();

  // A request id, one access log line and the latency histogram for every request (lib/observe.ts).
  app.use("*", observeRequests(ctx));
  // Security headers on every response; a strict CSP on HTML (lib/security.ts).
  app.use("*", securityHeaders(ctx.config));
  // Cross-origin POST/PUT/PATCH/DELETE under /api/* are refused (webhooks and token doors excepted).
  app.use("/api/*", sameOriginGuard(ctx.config));

  // Uploads carry images (and so does the admin's photo of the calibration wedge); everything else
  // is small JSON.
  const uploadLimit = bodySizeLimit(UPLOAD_BODY_LIMIT, (c) =>
    c.json<ApiError>({ error: "file_too_large", message: CREATOR_MESSAGES.upload.tooLarge.description }, 413),
  );
  const jsonLimit = bodySizeLimit(JSON_BODY_LIMIT, (c) =>
    c.json<ApiError>({ error: "payload_too_large", message: "The request is too large." }, 413),
  );
  app.use("/api/*", (c, next) =>
    c.req.path.startsWith("/api/uploads") || c.req.path.endsWith("/photo-fit")
      ? uploadLimit(c, next)
      : jsonLimit(c, next),
  );

  app.get("/metrics", metricsHandler(ctx));
  app.on(["GET", "POST"], "/api/auth/*", authRequestHandler(ctx.auth, ctx.config));
  app.route("/api", createApi(ctx));
  app.all("/api/*", (c) => c.json<ApiError>({ error: "not_found", message: "Not found" }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json<ApiError>({ error: error.code, message: error.message }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own refusals (malformed JSON, bad content type) keep their status.
      return c.json<ApiError>(
        { error: "bad_request", message: error.message || "Bad request" },
        error.status,
      );
    }
    ctx.log.error({ err: error, route: c.req.routePath }, "request failed");
    ctx.errors.capture(error, { route: c.req.routePath, method: c.req.method });
    return c.json<ApiError>(
      { error: "internal", message: "Something went wrong on our side. Please try again." },
      500,
    );
  });

  mountWebApp(app, ctx);
  return app;
}

function mountWebApp(app: Hono, ctx: AppContext) {
  // Never a dotfile (/.env, /.git), a source map or a traversal attempt, built or not.
  app.use("*", staticPathGuard());
  app.route("/", seoRoutes(ctx));
  const root = ctx.config.webDist;
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) {
    ctx.log.warn({ root }, "web app not built; run `npm run build`");
    return;
  }
  const relativeRoot = path.relative(process.cwd(), root) || ".";
  app.use(
    "/assets/*",
    serveStatic({
      root: relativeRoot,
      precompressed: true,
      onFound: (_path, c) => {
        // File names carry a content hash: cache them for a year.
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // Every page's HTML, with its own head: the pre-rendered landing pages (index.html for /,
  // prerendered/*.html) and the empty shell the build keeps beside them for every other route.
  const shellFile = path.join(root, "shell.html");
  const servePage = createPageServer({
    root,
    shellFile: existsSync(shellFile) ? shellFile : indexFile,
    origin: ctx.config.publicUrl,
    data: pageDataLoader(ctx),
  });
  app.get("/", servePage);
  app.use(
    "*",
    serveStatic({
      root: relativeRoot,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    }),
  );
  app.get("*", (c) => {
    if (path.extname(c.req.path)) return c.text("Not found", 404);
    return servePage(c);
  });
}

/** The storefront and the lightbox's from-price for the pages, rebuilt only when either changes. */
function pageDataLoader(ctx: AppContext): () => Promise<PageData> {
  const db = ctx.database.db;
  let last: PageData | null = null;
  return async () => {
    const [storefront, options] = await Promise.all([
      storefrontCache(db).get(),
      catalogCache(db).options.get(),
    ]);
    const version = `${storefront.etag}|${options.etag}`;
    if (last?.version !== version) {
      last = {
        version,
        storefront: storefront.value,
        storefrontJson: Buffer.from(storefront.body).toString("utf8"),
        lightboxFromPricePence: lightboxFromPricePence(options.value.bundles, options.value.options),
        freeShippingThresholdPence: options.value.freeShippingThresholdPence,
      };
    }
    return last;
  };
}
