import { describe, expect, it, vi } from "vitest";
import { BackgroundLoop, type RoundReason } from "./background-loop.js";
import { createLogger } from "./logger.js";

const log = createLogger("silent");

function recorder(plan: Array<boolean | Error>) {
  const reasons: RoundReason[] = [];
  const round = async (reason: RoundReason) => {
    reasons.push(reason);
    const next = plan.shift() ?? false;
    if (next instanceof Error) throw next;
    return next;
  };
  return { reasons, round };
}

describe("BackgroundLoop", () => {
  it("runs at start, at once while busy, then waits for wake() or the interval", async () => {
    const { reasons, round } = recorder([true, false, false]);
    const loop = new BackgroundLoop({ name: "test", log, intervalMs: 60_000, round });
    loop.start();
    await vi.waitFor(() => expect(reasons).toEqual(["start", "busy"]));
    loop.wake();
    await vi.waitFor(() => expect(reasons).toEqual(["start", "busy", "woken"]));
    await loop.stop();
    expect(loop.stopped).toBe(true);
  });

  it("runs again after the interval, and after a failed round once the error delay is over", async () => {
    const own = createLogger("silent");
    const errors = vi.spyOn(own, "error");
    const { reasons, round } = recorder([new Error("boom"), false]);
    const loop = new BackgroundLoop({ name: "test", log: own, intervalMs: 10, errorDelayMs: 10, round });
    loop.start();
    await vi.waitFor(() => expect(reasons.slice(0, 3)).toEqual(["start", "error", "interval"]));
    await loop.stop();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith({ err: expect.any(Error) }, "test: round failed");
  });

  it("stops promptly while idle and never starts again", async () => {
    const { reasons, round } = recorder([]);
    const loop = new BackgroundLoop({ name: "test", log, intervalMs: 60_000, round });
    loop.start();
    await vi.waitFor(() => expect(reasons).toEqual(["start"]));
    const started = performance.now();
    await loop.stop();
    expect(performance.now() - started).toBeLessThan(1_000);
    loop.start();
    loop.wake();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reasons).toEqual(["start"]);
  });
});
