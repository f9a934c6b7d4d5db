import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.js";
import {
  betterAuthRateLimitStorage,
  createMemoryRateLimitStore,
  createRateLimiter,
  createRedisRateLimitStore,
} from "./rate-limit.js";

describe("createRateLimiter (fixed window)", () => {
  it("allows `limit` hits per key and window, then reports when to retry", async () => {
    const limiter = createRateLimiter({ name: "t", limit: 2, windowMs: 60_000 });
    expect(await limiter.hit("a", 0)).toEqual({ ok: true, remaining: 1, retryAfterSeconds: 60 });
    expect((await limiter.hit("a", 1000)).ok).toBe(true);
    expect(await limiter.hit("a", 30_000)).toEqual({ ok: false, remaining: 0, retryAfterSeconds: 30 });
    expect((await limiter.hit("b", 30_000)).ok).toBe(true);
    expect((await limiter.hit("a", 60_000)).ok).toBe(true);
  });

  it("forgets everything on reset", async () => {
    const limiter = createRateLimiter({ name: "t", limit: 1, windowMs: 1000 });
    await limiter.hit("a", 0);
    expect((await limiter.hit("a", 1)).ok).toBe(false);
    await limiter.reset();
    expect((await limiter.hit("a", 2)).ok).toBe(true);
  });

  it("keeps limiters sharing one store apart by name", async () => {
    const store = createMemoryRateLimitStore();
    const one = createRateLimiter({ name: "one", store, limit: 1, windowMs: 1000 });
    const two = createRateLimiter({ name: "two", store, limit: 1, windowMs: 1000 });
    expect((await one.hit("ip", 0)).ok).toBe(true);
    expect((await two.hit("ip", 0)).ok).toBe(true);
    expect((await one.hit("ip", 1)).ok).toBe(false);
  });
});

describe("createMemoryRateLimitStore", () => {
  it("sweeps closed windows once it holds 10,000 keys, at most once a second", async () => {
    const store = createMemoryRateLimitStore();
    for (let i = 0; i < 10_000; i++) await store.consume(`early-${i}`, 1_000, 0);
    // All 10,000 windows are still open: the sweep before the next new key removes none.
    await store.consume("a", 60_000, 500);
    expect(store.size).toBe(10_001);
    // The early windows have closed, but the last sweep was under a second ago: no walk yet.
    await store.consume("b", 60_000, 1_400);
    expect(store.size).toBe(10_002);
    // A second after the last sweep the next new key sweeps: only the open windows stay.
    await store.consume("c", 60_000, 1_500);
    expect(store.size).toBe(3);
    // A known key never sweeps, and its count goes on.
    expect(await store.consume("a", 60_000, 1_600)).toEqual({ count: 2, resetInMs: 58_900 });
  });
});

describe("betterAuthRateLimitStorage", () => {
  it("allows `max` per window, then answers with the seconds left", async () => {
    const storage = betterAuthRateLimitStorage(createMemoryRateLimitStore());
    const rule = { window: 60, max: 2 };
    expect(await storage.consume("ip|/sign-in/email", rule)).toEqual({ allowed: true, retryAfter: null });
    expect((await storage.consume("ip|/sign-in/email", rule)).allowed).toBe(true);
    const refused = await storage.consume("ip|/sign-in/email", rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(59);
    expect((await storage.consume("ip|/sign-up/email", rule)).allowed).toBe(true);
  });
});

describe("createRedisRateLimitStore fails safe", () => {
  /** A stand-in for the ioredis client: connected or not, answering or throwing. */
  function fakeRedis() {
    const counts = new Map<string, number>();
    const client = {
      status: "ready" as string,
      failing: false,
      async eval(_script: string, _n: number, key: string, windowMs: string) {
        if (client.failing) throw new Error("Command timed out");
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return [counts.get(key), Number(windowMs)];
      },
      async scan() {
        return ["0", []];
      },
      async del() {
        return 0;
      },
      on() {
        return client;
      },
    };
    return { client, counts };
  }
  const silent = createLogger("silent");

  it("counts in memory while Redis is down or failing, and in Redis again once it answers", async () => {
    const { client, counts } = fakeRedis();
    const store = createRedisRateLimitStore(
      client as unknown as Parameters<typeof createRedisRateLimitStore>[0],
      silent,
    );
    const limiter = createRateLimiter({ name: "sign-in", store, limit: 5, windowMs: 60_000 });
    expect((await limiter.hit("ip")).ok).toBe(true);
    expect(counts.get("lithobox:rl:sign-in:ip")).toBe(1);
    expect(store.available()).toBe(true);

    client.status = "reconnecting";
    for (let i = 0; i < 5; i += 1) expect((await limiter.hit("ip")).ok).toBe(true);
    expect((await limiter.hit("ip")).ok, "the sixth hit in the outage").toBe(false);
    expect(store.available()).toBe(false);
    expect(counts.get("lithobox:rl:sign-in:ip")).toBe(1);

    // Connected but every command fails (timeouts): still memory, still refused.
    client.status = "ready";
    client.failing = true;
    expect((await limiter.hit("ip")).ok).toBe(false);
    expect(store.available()).toBe(false);

    client.failing = false;
    expect((await limiter.hit("ip")).ok).toBe(true);
    expect(counts.get("lithobox:rl:sign-in:ip")).toBe(2);
    expect(store.available()).toBe(true);
  });
});
