/**
 * In-memory limiters for the shop's own endpoints that Better Auth's limiter does not see
 * (checkout, track, events; password and code checks made through auth.api; paid address
 * lookups). One process serves the shop, so memory is the right place.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "../config.js";
import { clientIp, createProxyList } from "./client-ip.js";
import type { Logger } from "./logger.js";
import type { ApiError } from "./validation.js";

// ---------------------------------------------------------------- fixed-window limiter + middleware
// (checkout, track and other public endpoints): counts per client IP, answers 429 with Retry-After.

export interface RateLimitResult {
  ok: boolean;
  /** Requests left in the current window. */
  remaining: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** Counts one request for `key`. */
  hit(key: string, now?: number): RateLimitResult;
  reset(): void;
}

/** Above this many keys, expired windows are swept before a new key is added. */
const SWEEP_THRESHOLD = 10_000;

export function createRateLimiter(opts: { limit: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = (now: number) => {
    for (const [key, w] of windows) if (now - w.start >= opts.windowMs) windows.delete(key);
  };
  return {
    limit: opts.limit,
    windowMs: opts.windowMs,
    hit(key, now = Date.now()) {
      let w = windows.get(key);
      if (!w || now - w.start >= opts.windowMs) {
        if (!w && windows.size >= SWEEP_THRESHOLD) sweep(now);
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((w.start + opts.windowMs - now) / 1000));
      return { ok: w.count <= opts.limit, remaining: Math.max(0, opts.limit - w.count), retryAfterSeconds };
    },
    reset() {
      windows.clear();
    },
  };
}

/**
 * Middleware: answers 429 {error: "rate_limited", message} with Retry-After once a client has
 * used up its requests for the window. Requests with no known client (in-process requests in
 * tests have no socket) are not limited: every request over the network has an address.
 */
export function rateLimit(
  ctx: { config: Pick<Config, "trustedProxies">; log: Logger },
  limiter: RateLimiter,
  opts: { name: string; message: string },
): MiddlewareHandler {
  const proxies = createProxyList(ctx.config.trustedProxies);
  return async (c: Context, next) => {
    const ip = clientIp(c, proxies);
    if (ip) {
      const result = limiter.hit(`${opts.name}:${ip}`);
      if (!result.ok) {
        c.header("Retry-After", String(result.retryAfterSeconds));
        ctx.log.warn({ ip, limiter: opts.name }, "rate limited");
        return c.json<ApiError, 429>({ error: "rate_limited", message: opts.message }, 429);
      }
    }
    await next();
  };
}
