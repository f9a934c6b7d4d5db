import { describe, expect, it } from "vitest";
import { ANALYTICS_TEXTS, checkoutStartKey, hasSales, isNewCheckoutStart } from "./analytics-texts";

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
