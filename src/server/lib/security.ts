/**
 * HTTP hardening for every response: security headers, a strict Content-Security-Policy on
 * HTML pages, a same-origin check for state-changing API requests, and a guard that keeps
 * dotfiles and source maps from ever being served.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "../config.js";
import type { ApiError } from "./validation.js";

type SecurityConfig = Pick<Config, "production" | "publicUrl" | "s3">;

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** Where customers' images are loaded from when they live in a bucket (the storage's base URL). */
function storageOrigin(config: SecurityConfig): string | null {
  const s3 = config.s3;
  if (!s3) return null;
  if (s3.publicUrl) return originOf(s3.publicUrl);
  if (s3.endpoint) return originOf(s3.endpoint);
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

/** Stripe Checkout is reached by redirect; the only form that may post there is Stripe's own. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/**
 * The policy for the web app's HTML. No inline or foreign script at all; inline styles are
 * allowed because sonner and Radix set style attributes and inject small style elements.
 */
export function contentSecurityPolicy(config: SecurityConfig): string {
  const images = ["'self'", "data:", "blob:"];
  const publicOrigin = originOf(config.publicUrl);
  // Local images are addressed by PUBLIC_URL, which is this origin behind a normal set-up.
  if (publicOrigin) images.push(publicOrigin);
  const bucket = storageOrigin(config);
  if (bucket && !images.includes(bucket)) images.push(bucket);
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(" ")}`,
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    `form-action 'self' ${STRIPE_CHECKOUT_ORIGIN}`,
  ];
  if (config.production) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * Security headers on every response (headersFor): nosniff, Referrer-Policy, Permissions-Policy,
 * X-Frame-Options DENY, COOP and CORP same-origin (CORP cross-origin for /api/media/*:
 * customers' images are also shown by mail clients and Stripe's pages), Origin-Agent-Cluster,
 * HSTS in production, no X-Powered-By. A header a route set itself is kept (the test payment
 * page's Referrer-Policy and policy, media's policy). Answers built by securedBody carry them
 * already and are not touched.
 *
 * The Content-Security-Policy goes on HTML answers only: a module worker's script takes the
 * policy of its own response, so the document's policy must not be put on scripts.
 */
export function securityHeaders(config: SecurityConfig): MiddlewareHandler {
  const csp = contentSecurityPolicy(config);
  const forMedia = requestSecurity(headersFor(config, "cross-origin"), csp);
  const forRest = requestSecurity(headersFor(config, "same-origin"), csp);
  return async (c, next) => {
    const security = c.req.path.startsWith("/api/media/") ? forMedia : forRest;
    pendingSecurity.set(c, security);
    await next();
    if (complete.has(c.res)) return;
    const h = c.res.headers;
    for (const [name, value] of security.entries) {
      if (!h.has(name)) h.set(name, value);
    }
    h.delete("X-Powered-By");
    if ((h.get("Content-Type") ?? "").startsWith("text/html") && !h.has("Content-Security-Policy")) {
      h.set("Content-Security-Policy", csp);
    }
  };
}

/**
 * The headers every answer carries (HSTS in production only), as Hono's secure-headers
 * middleware wrote them (it kept its defaults for DNS prefetch, downloads and the XSS filter).
 */
function headersFor(
  config: SecurityConfig,
  crossOriginResourcePolicy: "same-origin" | "cross-origin",
): Readonly<Record<string, string>> {
  return {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": crossOriginResourcePolicy,
    "Origin-Agent-Cluster": "?1",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(config.production ? { "Strict-Transport-Security": HSTS } : {}),
    "X-Content-Type-Options": "nosniff",
    "X-DNS-Prefetch-Control": "off",
    "X-Download-Options": "noopen",
    "X-Frame-Options": "DENY",
    "X-Permitted-Cross-Domain-Policies": "none",
    "X-XSS-Protection": "0",
  };
}

interface RequestSecurity {
  headers: Readonly<Record<string, string>>;
  /** The same headers as pairs, listed once for the middleware's loop. */
  entries: ReadonlyArray<readonly [string, string]>;
  csp: string;
}

function requestSecurity(headers: Readonly<Record<string, string>>, csp: string): RequestSecurity {
  return { headers, entries: Object.entries(headers), csp };
}

/** The security headers of each request securityHeaders() is handling. */
const pendingSecurity = new WeakMap<Context, RequestSecurity>();
/** Answers securedBody built with every header in place: securityHeaders() leaves them be. */
const complete = new WeakSet<Response>();

/**
 * An answer with the security headers written in beside the route's own, as one plain object.
 * The middleware's way (a web Headers set after the route) costs the hottest answers (the
 * catalogue, the storefront, the pages) a third of their CPU in Headers and header checks;
 * with plain headers @hono/node-server writes them straight out. The route's own headers win,
 * as they do in the middleware; HTML gets the Content-Security-Policy.
 */
export function securedBody(
  c: Context,
  body: Uint8Array<ArrayBuffer> | null,
  status: 200 | 304 | 404,
  headers: Readonly<Record<string, string>>,
): Response {
  const security = pendingSecurity.get(c);
  if (!security) {
    return body === null || status === 304 ? c.body(null, status, headers) : c.body(body, status, headers);
  }
  const response = new Response(body, { status, headers: mergedHeaders(security, headers) });
  complete.add(response);
  return response;
}

/**
 * The security headers with a route's own (which win), built once per pair of objects: a route
 * that keeps its headers object (sendEncoded keeps one per snapshot and encoding) pays for the
 * merge once, not per request (a 17-key spread cost ~15 µs of a 70 µs catalogue answer).
 */
const merged = new WeakMap<RequestSecurity, WeakMap<object, Readonly<Record<string, string>>>>();

function mergedHeaders(
  security: RequestSecurity,
  headers: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  let forSecurity = merged.get(security);
  if (!forSecurity) {
    forSecurity = new WeakMap();
    merged.set(security, forSecurity);
  }
  let all = forSecurity.get(headers);
  if (!all) {
    const built: Record<string, string> = { ...security.headers, ...headers };
    if ((headers["Content-Type"] ?? "").startsWith("text/html") && !("Content-Security-Policy" in headers)) {
      built["Content-Security-Policy"] = security.csp;
    }
    all = built;
    forSecurity.set(headers, all);
  }
  return all;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Requests that carry their own proof and no cookie, so a foreign page cannot forge them:
 * Stripe's signed webhooks, the test payment page's token-carrying forms (its page sends no
 * referrer, so the browser posts `Origin: null`), and the admin CLI's bearer-token door.
 */
export function isOriginCheckExempt(method: string, path: string): boolean {
  if (path === "/api/payments/stripe/webhook") return true;
  if (/^\/api\/payments\/test\/[^/]+\/(pay|cancel)$/.test(path)) return true;
  if (path.startsWith("/api/internal/")) return true;
  // RFC 8058 one-click unsubscribe: the mail provider posts it, from no page of ours; the
  // signed token in the address is the credential.
  if (path === "/api/unsubscribe") return true;
  return !STATE_CHANGING.has(method);
}

/** The request's origin from Origin, or from Referer when Origin is absent; null when neither. */
export function requestOrigin(c: Context): string | null {
  const origin = c.req.header("origin");
  if (origin !== undefined) return origin.trim();
  const referer = c.req.header("referer");
  if (referer) return originOf(referer) ?? "null";
  return null;
}

/**
 * Cross-origin state-changing API requests are refused with 403: a POST/PUT/PATCH/DELETE
 * under /api/* must come from one of the shop's own origins (Origin, or Referer when Origin is
 * absent): PUBLIC_URL's in production; in local mode (no PUBLIC_URL) localhost, 127.0.0.1 and
 * [::1] on the shop's port (config.trustedOrigins). Better Auth (/api/auth/*) also checks
 * origins itself, against the same list.
 */
export function sameOriginGuard(config: Pick<Config, "trustedOrigins">): MiddlewareHandler {
  const expected = new Set(config.trustedOrigins);
  return async (c, next) => {
    if (isOriginCheckExempt(c.req.method, c.req.path)) return next();
    const origin = requestOrigin(c);
    if (origin === null || !expected.has(origin)) {
      return c.json<ApiError>(
        {
          error: "cross_origin",
          message:
            origin === null
              ? "This request is missing its Origin header."
              : "Requests from other sites are not allowed.",
        },
        403,
      );
    }
    return next();
  };
}

/**
 * True for paths the static server must never answer with a file: any segment starting with
 * a dot (/.env, /.git/config, /.well-known is not served either) or a source map. Checked on
 * the raw and the decoded path, so %2e-encoded dots are caught too.
 */
export function isForbiddenStaticPath(rawPath: string): boolean {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return true;
  }
  for (const p of [rawPath, decoded]) {
    if (p.includes("\0") || p.includes("\\")) return true;
    if (p.split("/").some((segment) => segment.startsWith("."))) return true;
    if (/\.map$/i.test(p)) return true;
  }
  return false;
}

/** Answers 404 (plain text, nothing else) for dotfiles, traversal attempts and source maps. */
export function staticPathGuard(): MiddlewareHandler {
  return async (c, next) => {
    // The path as the client sent it (before URL normalisation folded away any "../"), when
    // served by @hono/node-server; the normalised path otherwise.
    const incoming = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
    const raw = (incoming ?? new URL(c.req.url).pathname).split("?")[0] ?? "";
    if (isForbiddenStaticPath(raw) || isForbiddenStaticPath(new URL(c.req.url).pathname)) {
      c.header("Cache-Control", "no-store");
      return c.text("Not found", 404);
    }
    return next();
  };
}
