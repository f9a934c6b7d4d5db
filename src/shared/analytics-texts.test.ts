import { describe, expect, it } from "vitest";
import {
  ANALYTICS_TEXTS,
  checkoutStartKey,
  hasSales,
  isNewCheckoutStart,
  nestFunnel,
} from "./analytics-texts";

describe("analytics without sales (issue 30)", () => {
  it("shows an empty state instead of charts", () => {
    expect(hasSales({ orders: 0 })).toBe(false);
    expect(hasSales({ orders: 1 })).toBe(true);
    expect(ANALYTICS_TEXTS.noSales("2026-01-01", "2026-01-30")).toContain("from 2026-01-01 to 2026-01-30");
  });
});

describe("checkout starts in the funnel (issue 30)", () => {
  it("count once per cart, not once per visit", () => {
    const key = checkoutStartKey(["2-b", "1-a"]);
    expect(key).toBe(checkoutStartKey(["1-a", "2-b"]));
    expect(isNewCheckoutStart(key, null)).toBe(true);
    expect(isNewCheckoutStart(key, key)).toBe(false);
    expect(isNewCheckoutStart(checkoutStartKey(["1-a"]), key)).toBe(true);
    expect(isNewCheckoutStart("", null)).toBe(false);
  });
});

describe("the funnel nests (issue 47 item 11)", () => {
  const step = (id: string, count: number) => ({ id, label: id, count });
  it("never draws a step above the one before; what it counted beyond is kept apart", () => {
    const nested = nestFunnel([
      step("creator_view", 10),
      step("creator_upload", 4),
      step("upload_add_to_cart", 5),
      step("checkout_start", 3),
      step("paid_order", 6),
    ]);
    expect(nested.map((s) => s.count)).toEqual([10, 4, 4, 3, 3]);
    expect(nested.map((s) => s.outside)).toEqual([0, 0, 1, 0, 3]);
    for (const [i, s] of nested.entries())
      expect(s.count).toBeLessThanOrEqual(nested[i - 1]?.count ?? s.count);
  });
  it("leaves a funnel that already nests as it is, and reads no negative count", () => {
    const steps = [step("a", 5), step("b", 3), step("c", 0)];
    expect(nestFunnel(steps).map((s) => [s.count, s.outside])).toEqual([
      [5, 0],
      [3, 0],
      [0, 0],
    ]);
    expect(nestFunnel([step("a", -1)])[0]).toMatchObject({ count: 0, outside: 0 });
    expect(ANALYTICS_TEXTS.funnelOutside(3)).toBe("3 more not through the creator");
  });
});
