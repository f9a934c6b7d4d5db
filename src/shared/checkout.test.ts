import { describe, expect, it } from "vitest";
import { checkoutTotals, shippingLineLabel } from "./checkout";

describe("checkoutTotals", () => {
  it("charges standard shipping up to £75 and none above", () => {
    expect(checkoutTotals([5450], "standard")).toEqual({
      subtotalPence: 5450,
      shippingPence: 899,
      totalPence: 6349,
    });
    expect(checkoutTotals([7500], "standard")).toEqual({
      subtotalPence: 7500,
      shippingPence: 899,
      totalPence: 8399,
    });
    expect(checkoutTotals([5450, 2051], "standard")).toEqual({
      subtotalPence: 7501,
      shippingPence: 0,
      totalPence: 7501,
    });
  });

  it("always charges express", () => {
    expect(checkoutTotals([12963], "express")).toEqual({
      subtotalPence: 12963,
      shippingPence: 1999,
      totalPence: 14962,
    });
  });

  it("refuses a fractional price", () => {
    expect(() => checkoutTotals([10.5], "standard")).toThrow(RangeError);
  });

  it("labels the shipping line with its delivery time", () => {
    expect(shippingLineLabel("standard")).toBe("Standard Delivery (5-7 business days)");
    expect(shippingLineLabel("express")).toBe("Express Delivery (2-3 business days)");
  });
});
