import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { outboxBacklog } from "../messaging/index.js";

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

/** A storage probe is repeated at most this often (a bucket PUT per probe costs money). */
export const STORAGE_PROBE_TTL_MS = 15_000;
/** An order e-mail still unsent after this long is a backlog (the outbox has failed ~3 times). */
export const MAIL_BACKLOG_AFTER_MS = 60 * 60_000;

/** Resolves to `fallback` when `work` has not settled within `timeoutMs`; never throws. */
async function within<T>(work: Promise<T>, timeoutMs: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), timeoutMs);
  });
  try {
    return await Promise.race([work.catch(() => fallback), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const storageProbes = new WeakMap<AppContext, { at: number; writable: Promise<boolean> }>();

/**
 * True when a small file can be written to and deleted from storage (DATA_DIR/uploads or the
 * bucket) within the timeout. Cached for STORAGE_PROBE_TTL_MS. The probe's key is outside
 * lightbox-images/, so the media route never serves it, and at the bucket's top level: s3rver
 * (the tests' S3) deletes a key's folder once it is empty, which raced another server's probe
 * being written into a shared health-probe/ folder (ENOENT thrown inside s3rver).
 */
export function storageWritable(ctx: AppContext, timeoutMs = READINESS_TIMEOUT_MS): Promise<boolean> {
  const cached = storageProbes.get(ctx);
  if (cached && Date.now() - cached.at < STORAGE_PROBE_TTL_MS) return cached.writable;
  const key = `health-probe-${process.pid}.txt`;
  const probe = (async () => {
    await ctx.storage.put(key, new TextEncoder().encode(new Date().toISOString()), "text/plain");
    await ctx.storage.delete(key);
    return true;
  })();
  const writable = within(probe, timeoutMs, false).then((ok) => {
    if (!ok) ctx.log.error({ storage: ctx.storage.kind }, "health: storage cannot be written");
    return ok;
  });
  storageProbes.set(ctx, { at: Date.now(), writable });
  return writable;
}

/** Every e-mail in the mail outbox: unsent, the oldest's age, and failed in 24 h. */
export interface MailOutboxState {
  status: "ok" | "backlog" | "unknown";
  pending: number;
  oldestPendingMinutes: number | null;
  failedLast24h: number;
}

export async function mailOutboxState(
  ctx: AppContext,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<MailOutboxState> {
  const unknown: MailOutboxState = {
    status: "unknown",
    pending: 0,
    oldestPendingMinutes: null,
    failedLast24h: 0,
  };
  const query = outboxBacklog(ctx.database.db).then(({ pending, oldestPendingAt, failedLast24h }) => {
    const oldestMs = oldestPendingAt ? Date.now() - oldestPendingAt.getTime() : null;
    const backlog = failedLast24h > 0 || (oldestMs !== null && oldestMs > MAIL_BACKLOG_AFTER_MS);
    return {
      status: backlog ? "backlog" : "ok",
      pending,
      oldestPendingMinutes: oldestMs === null ? null : Math.max(0, Math.floor(oldestMs / 60_000)),
      failedLast24h,
    } satisfies MailOutboxState;
  });
  return within(query, timeoutMs, unknown);
}

/** The shared rate-limit store: "none" without REDIS_URL, else whether Redis answers. */
export function redisState(ctx: AppContext): "none" | "up" | "down" {
  if (ctx.rateLimits.kind !== "redis") return "none";
  return ctx.rateLimits.available() ? "up" : "down";
}

/**
 * GET /health: liveness plus what the shop depends on: the database, whether storage can be
 * written and the order e-mail outbox's backlog. 200 {status: "ok"} when all is well; 503
 * {status: "degraded"} when the database is down or storage cannot be written (no orders, no
 * uploads); a mail backlog (an e-mail unsent for over an hour, or one given up in the last day)
 * answers 200 with status "degraded" and the figures: the shop still sells. So does Redis down
 * (REDIS_URL set but unreachable): `redis: "down"`, status "degraded", 200, since the limits
 * then count in each server's memory (decision 291); `redis: "none"` without REDIS_URL.
 * GET /ready: readiness, 200 {ready: true} only while the database answers within 2 s, storage
 * can be written and the server is not shutting down; otherwise 503 {ready: false, reason}.
 */
export function healthRoutes(ctx: AppContext) {
  return new Hono()
    .get("/health", async (c) => {
      const [up, writable] = await Promise.all([databaseAnswers(ctx), storageWritable(ctx)]);
      const mail = up ? await mailOutboxState(ctx) : null;
      c.header("Cache-Control", "no-store");
      const healthy = up && writable;
      const redis = redisState(ctx);
      const status = healthy && mail?.status === "ok" && redis !== "down" ? "ok" : "degraded";
      return c.json(
        {
          status,
          database: up ? "up" : "down",
          storage: writable ? "writable" : "unwritable",
          redis,
          mailOutbox: mail ?? { status: "unknown", pending: 0, oldestPendingMinutes: null, failedLast24h: 0 },
        } as const,
        healthy ? 200 : 503,
      );
    })
    .get("/ready", async (c) => {
      c.header("Cache-Control", "no-store");
      if (draining.has(ctx)) return c.json({ ready: false, reason: "shutting_down" } as const, 503);
      const up = await databaseAnswers(ctx);
      if (!up) return c.json({ ready: false, reason: "database_unavailable" } as const, 503);
      if (!(await storageWritable(ctx))) {
        return c.json({ ready: false, reason: "storage_unwritable" } as const, 503);
      }
      return c.json({ ready: true } as const, 200);
    });
}
