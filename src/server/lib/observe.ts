/**
 * What every request leaves behind (issue 29): its id, one access log line and its latency in
 * the metrics; and GET /metrics for a Prometheus scraper.
 */
import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "../config.js";
import type { Logger } from "./logger.js";
import type { Metrics } from "./metrics.js";
import { requestIdFrom, runInRequest } from "./request-scope.js";

export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * The first middleware: takes the request's id from X-Request-Id when a proxy set a sensible
 * one (else a new UUID), runs the request in its scope (so every log line of it carries `reqId`)
 * and answers it in X-Request-Id; then writes one access line, `{reqId, method, route, status,
 * ms}`, where `route` is the pattern that answered (`/api/orders/:id/invoice.pdf`), never the
 * path: no ids, tokens or addresses reach the log. The same figures go to the latency histogram.
 */
export function observeRequests(ctx: { log: Logger; metrics: Metrics }): MiddlewareHandler {
  return async (c, next) => {
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    const started = performance.now();
    await runInRequest(requestId, async () => {
      c.header(REQUEST_ID_HEADER, requestId);
      try {
        await next();
      } finally {
        // A response made elsewhere (a static file) may not carry the preset header yet.
        if (c.res.headers.get(REQUEST_ID_HEADER) !== requestId) {
          try {
            c.res.headers.set(REQUEST_ID_HEADER, requestId);
          } catch {
            // Immutable headers: the id is still in the log.
          }
        }
        const ms = performance.now() - started;
        const route = c.req.routePath || "unmatched";
        const status = c.res.status;
        ctx.metrics.observeRequest(c.req.method, route, status, ms / 1000);
        ctx.log.info({ method: c.req.method, route, status, ms: Math.round(ms * 10) / 10 }, "request");
      }
    });
  };
}

/** True when `given` is `Bearer <token>` (compared in constant time). */
function bearerMatches(given: string | undefined, token: string): boolean {
  if (!given?.startsWith("Bearer ")) return false;
  const a = Buffer.from(given.slice("Bearer ".length));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics: the registry in Prometheus' text format, for `Authorization: Bearer
 * <METRICS_TOKEN>`; 401 with any other; 404 when METRICS_TOKEN is not set (off).
 */
export function metricsHandler(ctx: { config: Pick<Config, "metricsToken">; metrics: Metrics }) {
  return async (c: Context) => {
    const token = ctx.config.metricsToken;
    if (!token) return c.text("Not found", 404);
    c.header("Cache-Control", "no-store");
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("Unauthorized", 401);
    }
    const { registry } = ctx.metrics;
    return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
  };
}
