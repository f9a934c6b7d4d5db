import { describe, expect, it } from "vitest";
import { betterAuthRateLimitStorage, createMemoryRateLimitStore, createRateLimiter } from "./rate-limit.js";

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
