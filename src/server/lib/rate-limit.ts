/**
 * Fixed-window limiters for the shop's own endpoints that Better Auth's limiter does not see
 * (checkout, track, events; password and code checks made through auth.api; paid address
 * lookups), and the store Better Auth's limiter counts in when Redis is configured.
 *
 * Counts live in a RateLimitStore: in memory for one server (the default), or in Redis when
 * REDIS_URL is set, so several servers behind one load balancer share every limit (N per
 * window across all of them, not N per server). See docs/decisions/080-shared-state-redis-notify.md.
 */
import { createHmac } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Redis } from "ioredis";
import type { Config } from "../config.js";
import { clientIp, createProxyList } from "./client-ip.js";
import type { Logger } from "./logger.js";
import type { ApiError } from "./validation.js";

// ---------------------------------------------------------------- stores

/** One counted hit: the window's count including this hit, and the ms until the window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

export interface RateLimitStore {
  readonly kind: "memory" | "redis";
  /**
   * False while a shared store cannot be reached and hits are counted in this server's memory
   * instead (see createRedisRateLimitStore); always true for the memory store.
   */
  available(): boolean;
  /** Told the limiter's name whenever a hit counted here is refused (the metrics' refusals). */
  onRefused?: ((limiter: string) => void) | undefined;
  /** Counts one hit of `key` in its fixed window of `windowMs` (the window starts at its first hit). */
  consume(key: string, windowMs: number, now?: number): Promise<WindowCount>;
  /** Forgets every count (tests). */
  reset(): Promise<void>;
}

/** Above this many keys, expired windows are swept before a new key is added... */
const SWEEP_THRESHOLD = 10_000;
/**
 * ... at most once a second. A sweep walks every key, and when more than SWEEP_THRESHOLD windows
 * were all still open (more than 10,000 customers in a checkout limiter's minute), sweeping before
 * every new key made each request walk them all: 92% of the server's allocations in a 30,000-order
 * checkout bench. Between sweeps the map holds at most a second's new keys beyond the threshold.
 */
const SWEEP_INTERVAL_MS = 1_000;

/** The memory store, with its number of keys (tests). */
export interface MemoryRateLimitStore extends RateLimitStore {
  readonly size: number;
}

/** Counts in this process: right for one server. */
export function createMemoryRateLimitStore(): MemoryRateLimitStore {
  const windows = new Map<string, { start: number; count: number; windowMs: number }>();
  let lastSweep = Number.NEGATIVE_INFINITY;
  const sweep = (now: number) => {
    lastSweep = now;
    windows.forEach((w, key) => {
      if (now - w.start >= w.windowMs) windows.delete(key);
    });
  };
  return {
    kind: "memory",
    available: () => true,
    get size() {
      return windows.size;
    },
    async consume(key, windowMs, now = Date.now()) {
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        if (!w && windows.size >= SWEEP_THRESHOLD && now - lastSweep >= SWEEP_INTERVAL_MS) sweep(now);
        w = { start: now, count: 0, windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetInMs: w.start + windowMs - now };
    },
    async reset() {
      windows.clear();
    },
  };
}

/**
 * INCR and, on a window's first hit, PEXPIRE, in one script (atomic on the Redis server, so
 * concurrent hits from several servers are all counted); answers [count, ms left].
 */
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** The part of an ioredis client the store uses (so a test can hand it a stand-in). */
type RedisClient = Pick<Redis, "status" | "eval" | "scan" | "del" | "on">;

/**
 * Counts in Redis under `prefix`: shared by every server using the same Redis database.
 * Fail safe, not open (decision 291): while Redis cannot be reached (the client is not
 * connected, or a command fails or times out) every hit is counted in `fallback`, this server's
 * own memory, so sign-in brute force is still refused during an outage (per server, not across
 * servers); once Redis answers again the counts are shared again. A connection that is down
 * is not waited for: the hit goes to memory at once, so an outage adds no latency.
 */
export function createRedisRateLimitStore(
  redis: RedisClient,
  log: Logger,
  prefix = "lithobox:rl:",
  fallback: RateLimitStore = createMemoryRateLimitStore(),
): RateLimitStore {
  let degraded = false;
  const recovered = () => {
    if (!degraded) return;
    degraded = false;
    log.info("rate limit store reachable again: counting in Redis");
  };
  // Connected again: the next hits go to Redis (a failed command marks it degraded again).
  redis.on("ready", recovered);
  const fallBack = (key: string, windowMs: number, err?: unknown) => {
    if (!degraded) {
      degraded = true;
      log.error(
        { err, status: redis.status },
        "rate limit store unavailable: counting in this server's memory",
      );
    }
    return fallback.consume(key, windowMs);
  };
  return {
    kind: "redis",
    available: () => !degraded && redis.status === "ready",
    async consume(key, windowMs) {
      if (redis.status !== "ready") return fallBack(key, windowMs);
      try {
        const reply = (await redis.eval(CONSUME_SCRIPT, 1, `${prefix}${key}`, String(windowMs))) as [
          number,
          number,
        ];
        recovered();
        return { count: Number(reply[0]), resetInMs: Number(reply[1]) };
      } catch (err) {
        return fallBack(key, windowMs, err);
      }
    },
    async reset() {
      await fallback.reset();
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== "0");
    },
  };
}

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
  hit(key: string, now?: number): Promise<RateLimitResult>;
  reset(): Promise<void>;
}

/**
 * A limit of `limit` requests per `windowMs` per key. `name` keeps its keys apart from other
 * limiters' in a shared store; without `store`, a memory store of its own.
 */
export function createRateLimiter(opts: {
  name: string;
  limit: number;
  windowMs: number;
  store?: RateLimitStore;
}): RateLimiter {
  const store = opts.store ?? createMemoryRateLimitStore();
  return {
    limit: opts.limit,
    windowMs: opts.windowMs,
    async hit(key, now) {
      const { count, resetInMs } = await store.consume(`${opts.name}:${key}`, opts.windowMs, now);
      const retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
      if (count > opts.limit) store.onRefused?.(opts.name);
      return { ok: count <= opts.limit, remaining: Math.max(0, opts.limit - count), retryAfterSeconds };
    },
    reset: () => store.reset(),
  };
}

/**
 * The key a limiter counts an e-mail address under: a keyed hash of the address (trimmed,
 * lower-cased), so a shared store (Redis) never holds the addresses of the shop's customers.
 */
export function addressLimiterKey(secret: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`rate-limit-address:${email.trim().toLowerCase()}`)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * Better Auth's rate-limit storage (its `customStorage`) over a RateLimitStore: one atomic
 * check-and-count per request, with the rule Better Auth resolved for the path.
 */
export function betterAuthRateLimitStorage(store: RateLimitStore) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const { count, resetInMs } = await store.consume(`auth:${key}`, rule.window * 1000);
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      store.onRefused?.("auth");
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)) };
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
      const result = await limiter.hit(ip);
      if (!result.ok) {
        c.header("Retry-After", String(result.retryAfterSeconds));
        ctx.log.warn({ ip, limiter: opts.name }, "rate limited");
        return c.json<ApiError, 429>({ error: "rate_limited", message: opts.message }, 429);
      }
    }
    await next();
  };
}
