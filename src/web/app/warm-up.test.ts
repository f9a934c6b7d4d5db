import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A page as warm-up.ts sees it: window's events and timers, the document's load state, no idle callbacks. */
function fakePage(readyState: DocumentReadyState) {
  const window = Object.assign(new EventTarget(), {
    setTimeout: globalThis.setTimeout,
    requestIdleCallback: undefined,
  });
  const document = { readyState };
  vi.stubGlobal("window", window);
  vi.stubGlobal("document", document);
  return window;
}

/** A fresh module each time: whether the page has settled is the module's own state. */
async function load() {
  vi.resetModules();
  return import("./warm-up");
}

describe("warmUpLater", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("waits while the page starts, and runs once the visitor first interacts", async () => {
    const page = fakePage("loading");
    const { warmUpLater } = await load();
    const task = vi.fn();
    warmUpLater(task);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).not.toHaveBeenCalled(); // Not loaded yet: no time counts before the load event.
    page.dispatchEvent(new Event("pointerdown"));
    await vi.advanceTimersByTimeAsync(5);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("runs 3 s after the load event without an interaction, one warm-up per idle period", async () => {
    const page = fakePage("loading");
    const { warmUpLater } = await load();
    const order: string[] = [];
    warmUpLater(() => order.push("dialog"));
    warmUpLater(() => order.push("cart panel"));
    page.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(2_900);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(101);
    expect(order).toEqual(["dialog"]);
    await vi.advanceTimersByTimeAsync(10);
    expect(order).toEqual(["dialog", "cart panel"]);
  });

  it("counts from now when the page has loaded already, and a cancelled warm-up never runs", async () => {
    fakePage("complete");
    const { warmUpLater } = await load();
    const kept = vi.fn();
    const cancelled = vi.fn();
    warmUpLater(kept);
    warmUpLater(cancelled)();
    await vi.advanceTimersByTimeAsync(3_100);
    expect(kept).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("after the page has settled, runs at the next idle period; a failing warm-up is contained", async () => {
    const page = fakePage("complete");
    const { warmUpLater } = await load();
    page.dispatchEvent(new Event("keydown"));
    const failing = vi.fn(() => Promise.reject(new Error("chunk failed")));
    const later = vi.fn();
    warmUpLater(failing);
    warmUpLater(later);
    await vi.advanceTimersByTimeAsync(5);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
