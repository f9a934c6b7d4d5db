import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountToFreeShipping,
  BULK_ORDER_UNITS,
  DELIVERY_INTERNATIONAL_FAQ_DAYS,
  DELIVERY_INTERNATIONAL_SHIPPING_PAGE_DAYS,
  DELIVERY_UK_IE_DAYS,
  EXPRESS_SHIPPING_PENCE,
  FREE_SHIPPING_THRESHOLD_PENCE,
  isShippingMethod,
  needsSupportForQuantity,
  PROCESSING_COMPLEX_DAYS,
  PROCESSING_RUSH_DAYS,
  PROCESSING_STANDARD_DAYS,
  PRODUCTION_DAYS_FAQ,
  qualifiesForFreeShipping,
  REFUND_AFTER_RECEIPT_DAYS,
  REFUND_BANK_TRANSFER_DAYS,
  REFUND_CARD_DAYS,
  REFUND_PAYPAL_DAYS,
  RETURN_WINDOW_DAYS,
  STANDARD_SHIPPING_PENCE,
  SUPPORT_HOURS,
  shippingCost,
  shippingOptions,
} from "./shipping";

describe("shipping prices", () => {
  it("are the spec's figures", () => {
    expect(FREE_SHIPPING_THRESHOLD_PENCE).toBe(7500);
    expect(STANDARD_SHIPPING_PENCE).toBe(899);
    expect(EXPRESS_SHIPPING_PENCE).toBe(1999);
  });

  it("make standard shipping free only OVER £75", () => {
    expect(shippingCost("standard", 7499)).toBe(899);
    expect(shippingCost("standard", 7500)).toBe(899);
    expect(shippingCost("standard", 7501)).toBe(0);
    expect(shippingCost("standard", 0)).toBe(899);
    expect(qualifiesForFreeShipping(7500)).toBe(false);
    expect(qualifiesForFreeShipping(9315)).toBe(true);
  });

  it("always charge express", () => {
    expect(shippingCost("express", 100)).toBe(1999);
    expect(shippingCost("express", 100_000)).toBe(1999);
  });

  it("say how far the cart is from free shipping", () => {
    expect(amountToFreeShipping(5450)).toBe(2051);
    expect(amountToFreeShipping(7500)).toBe(1);
    expect(amountToFreeShipping(7501)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (subtotal) => {
        expect(qualifiesForFreeShipping(subtotal + amountToFreeShipping(subtotal))).toBe(true);
      }),
    );
  });

  it("list standard then express with their delivery times", () => {
    expect(shippingOptions(5450)).toEqual([
      {
        method: "standard",
        label: "Standard Delivery",
        estimate: "5-7 business days",
        minBusinessDays: 5,
        maxBusinessDays: 7,
        pricePence: 899,
      },
      {
        method: "express",
        label: "Express Delivery",
        estimate: "2-3 business days",
        minBusinessDays: 2,
        maxBusinessDays: 3,
        pricePence: 1999,
      },
    ]);
    expect(shippingOptions(12963).map((o) => o.pricePence)).toEqual([0, 1999]);
  });

  it("recognise shipping methods", () => {
    expect(isShippingMethod("express")).toBe(true);
    expect(isShippingMethod("overnight")).toBe(false);
  });
});

describe("bulk orders", () => {
  it("send 5 or more units to support", () => {
    expect(BULK_ORDER_UNITS).toBe(5);
    expect(needsSupportForQuantity(4)).toBe(false);
    expect(needsSupportForQuantity(5)).toBe(true);
    expect(needsSupportForQuantity(12)).toBe(true);
  });
});

describe("service constants", () => {
  it("match spec section 9", () => {
    expect(PROCESSING_STANDARD_DAYS).toBe("3-5");
    expect(PROCESSING_COMPLEX_DAYS).toBe("5-7");
    expect(PROCESSING_RUSH_DAYS).toBe("1-2");
    expect(PRODUCTION_DAYS_FAQ).toBe("5-7");
    expect(DELIVERY_UK_IE_DAYS).toBe("3-5");
    expect(DELIVERY_INTERNATIONAL_FAQ_DAYS).toBe("7-14");
    expect(DELIVERY_INTERNATIONAL_SHIPPING_PAGE_DAYS).toBe("7-21");
    expect(RETURN_WINDOW_DAYS).toBe(30);
    expect(REFUND_AFTER_RECEIPT_DAYS).toBe("3-5");
    expect(REFUND_CARD_DAYS).toBe("3-5");
    expect(REFUND_PAYPAL_DAYS).toBe("1-2");
    expect(REFUND_BANK_TRANSFER_DAYS).toBe("5-7");
    expect(SUPPORT_HOURS).toBe("Monday-Saturday 9:00-21:00 GMT");
  });
});
