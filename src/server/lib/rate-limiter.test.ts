import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.js";

describe("createRateLimiter (fixed window)", () => {
  it("allows `limit` hits per key and window, then reports when to retry", () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
    expect(limiter.hit("a", 0)).toEqual({ ok: true, remaining: 1, retryAfterSeconds: 60 });
    expect(limiter.hit("a", 1000).ok).toBe(true);
    expect(limiter.hit("a", 30_000)).toEqual({ ok: false, remaining: 0, retryAfterSeconds: 30 });
    expect(limiter.hit("b", 30_000).ok).toBe(true);
    expect(limiter.hit("a", 60_000).ok).toBe(true);
  });

  it("forgets everything on reset", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    limiter.hit("a", 0);
    expect(limiter.hit("a", 1).ok).toBe(false);
    limiter.reset();
    expect(limiter.hit("a", 2).ok).toBe(true);
  });
});
