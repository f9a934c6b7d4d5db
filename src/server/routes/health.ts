import { Hono } from "hono";
import type { AppContext } from "../context.js";

/** A readiness probe answers within this, even when the database hangs (an unreachable host). */
export const READINESS_TIMEOUT_MS = 2_000;

/** Shops that are shutting down: not ready, so a load balancer stops sending them traffic. */
const draining = new WeakSet<AppContext>();

/** Called on SIGTERM/SIGINT: /ready answers 503 while in-flight requests finish. */
export function markDraining(ctx: AppContext): void {
  draining.add(ctx);
}

/** True when the database answers a trivial query within `timeoutMs`. Never throws. */
export async function databaseAnswers(ctx: AppContext, timeoutMs = READINESS_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([ctx.database.ping().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: liveness plus the database's state (200 ok, 503 degraded).
 * GET /ready: readiness, 200 {ready: true} only while the database answers within 2 s and the
 * server is not shutting down; otherwise 503 {ready: false, reason}.
 */
export function healthRoutes(ctx: AppContext) {
  return new Hono()
    .get("/health", async (c) => {
      const up = await databaseAnswers(ctx);
      c.header("Cache-Control", "no-store");
      return c.json(
        { status: up ? "ok" : "degraded", database: up ? "up" : "down" } as const,
        up ? 200 : 503,
      );
    })
    .get("/ready", async (c) => {
      c.header("Cache-Control", "no-store");
      if (draining.has(ctx)) return c.json({ ready: false, reason: "shutting_down" } as const, 503);
      const up = await databaseAnswers(ctx);
      if (!up) return c.json({ ready: false, reason: "database_unavailable" } as const, 503);
      return c.json({ ready: true } as const, 200);
    });
}
