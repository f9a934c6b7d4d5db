import { describe, expect, it } from "vitest";
import { checkoutTotals, shippingLineLabel } from "./checkout";
import { CHECKOUT_MESSAGES } from "./checkout-messages";
import { zoneAmountToFreeShipping } from "./shipping-zones";

describe("checkoutTotals", () => {
  it("charges standard shipping up to £75 and none above", () => {
    expect(checkoutTotals([5450], "standard")).toEqual({
      subtotalPence: 5450,
      discountPence: 0,
      shippingPence: 899,
      totalPence: 6349,
    });
    expect(checkoutTotals([7500], "standard")).toEqual({
      subtotalPence: 7500,
      discountPence: 0,
      shippingPence: 899,
      totalPence: 8399,
    });
    expect(checkoutTotals([5450, 2051], "standard")).toEqual({
      subtotalPence: 7501,
      discountPence: 0,
      shippingPence: 0,
      totalPence: 7501,
    });
  });

  it("always charges express", () => {
    expect(checkoutTotals([12963], "express")).toEqual({
      subtotalPence: 12963,
      discountPence: 0,
      shippingPence: 1999,
      totalPence: 14962,
    });
  });

  it("takes a discount off before deciding free shipping, and a free-shipping code frees standard only", () => {
    expect(
      checkoutTotals([9315], "standard", { discount: { discountPence: 2000, freeShipping: false } }),
    ).toEqual({
      subtotalPence: 9315,
      discountPence: 2000,
      shippingPence: 899,
      totalPence: 8214,
    });
    const free = { discount: { discountPence: 0, freeShipping: true } };
    expect(checkoutTotals([999], "standard", free).totalPence).toBe(999);
    expect(checkoutTotals([999], "express", free).totalPence).toBe(2998);
  });

  it("uses the owner's free-shipping threshold", () => {
    expect(checkoutTotals([5450], "standard", { freeShippingThresholdPence: 5000 }).shippingPence).toBe(0);
  });

  it("refuses a fractional price", () => {
    expect(() => checkoutTotals([10.5], "standard")).toThrow(RangeError);
  });

  it("labels the shipping line with its delivery time", () => {
    expect(shippingLineLabel("standard")).toBe("Standard Delivery (5-7 business days)");
    expect(shippingLineLabel("express")).toBe("Express Delivery (2-3 business days)");
  });
});

describe("the free-delivery hint (issue 47 item 12)", () => {
  it("says 'more than' the shortfall instead of the odd penny that makes 'over'", () => {
    const hint = CHECKOUT_MESSAGES.checkout.freeDeliveryHint("£75.00", "£20.50");
    expect(hint).toBe("Free standard delivery on orders over £75.00: add more than £20.50 to qualify.");
    // The shortfall to the threshold itself: zoneAmountToFreeShipping counts one penny more.
    const zone = { freeStandardOverPence: 7500 } as Parameters<typeof zoneAmountToFreeShipping>[0];
    expect((zoneAmountToFreeShipping(zone, 5450) ?? 0) - 1).toBe(2050);
  });
});
