import { describe, expect, it } from "vitest";
import { formatShopMoment } from "./shop-dates";

describe("formatShopMoment", () => {
  it("reads as a person says it, in the shop's time", () => {
    // 03:22 UTC in December is 03:22 in Belfast (GMT).
    expect(formatShopMoment(new Date("2026-12-09T03:22:00Z"))).toBe("Wednesday 9 December, 3:22 am");
    expect(formatShopMoment("2026-12-09T15:05:00Z")).toBe("Wednesday 9 December, 3:05 pm");
  });

  it("follows British Summer Time, noon and midnight", () => {
    // 11:00 UTC in July is noon in Belfast (BST).
    expect(formatShopMoment(new Date("2026-07-01T11:00:00Z"))).toBe("Wednesday 1 July, 12:00 pm");
    expect(formatShopMoment(new Date("2026-12-08T00:00:00Z"))).toBe("Tuesday 8 December, 12:00 am");
  });
});
