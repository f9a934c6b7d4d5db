import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertPrice } from "./currency";
import {
  formatConvertedPrice,
  formatGbp,
  formatMinorUnitsAsDecimal,
  formatMoney,
  formatShownBesideGbp,
  orderShownTotals,
  poundsToPence,
  receiptMoney,
  roundHalfUpToPence,
  shownTotals,
  sumPence,
} from "./money";

describe("formatMoney", () => {
  it.each([
    [5450, "GBP", "£54.50"],
    [6349, "EUR", "€63.49"],
    [1000, "CAD", "C$10.00"],
    [1, "USD", "$0.01"],
    [0, "AUD", "A$0.00"],
    [139049, "MXN", "MX$1,390.49"],
    [12345678, "BRL", "R$123,456.78"],
    [-500, "GBP", "-£5.00"],
  ])("formats %i %s as %s", (minor, code, expected) => {
    expect(formatMoney(minor, code)).toBe(expected);
  });

  it("prints an unknown currency with its code", () => {
    expect(formatMoney(100, "JPY")).toBe("JPY 1.00");
  });

  it("rounds a stray fractional amount half up instead of printing it", () => {
    expect(formatMoney(12962.5, "GBP")).toBe("£129.63");
  });

  it("always shows exactly two decimals and round-trips the amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (minor) => {
        const text = formatMinorUnitsAsDecimal(minor);
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Math.round(Number(text.replace(/,/g, "")) * 100)).toBe(minor);
      }),
    );
  });

  it("formatGbp is formatMoney in GBP", () => {
    expect(formatGbp(12963)).toBe("£129.63");
  });

  it("formatConvertedPrice converts with the .49/.99 rule and formats", () => {
    expect(formatConvertedPrice(5450, "EUR", { EUR: 1.15 })).toBe("€62.99");
    expect(formatConvertedPrice(5450, "GBP", {})).toBe("£54.50");
  });
});

describe("roundHalfUpToPence", () => {
  it.each([
    [12962.5, 12963],
    [12962.49, 12962],
    [12962.51, 12963],
    [100, 100],
    [0.5, 1],
    [0.4999, 0],
    [-12962.5, -12963],
    [-0.2, 0],
  ])("rounds %d to %d", (value, expected) => {
    expect(roundHalfUpToPence(value)).toBe(expected);
  });

  it("never returns negative zero", () => {
    expect(Object.is(roundHalfUpToPence(-0.2), 0)).toBe(true);
  });

  it("treats float noise just below a half as the half", () => {
    // 1.005 * 100 is 100.49999999999999 in binary floating point.
    expect(roundHalfUpToPence(1.005 * 100)).toBe(101);
  });

  it("rounds n + f to n below a half and to n + 1 from a half", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e8 }), fc.integer({ min: 0, max: 99 }), (whole, hundredths) => {
        const rounded = roundHalfUpToPence(whole + hundredths / 100);
        expect(rounded).toBe(hundredths >= 50 ? whole + 1 : whole);
      }),
    );
  });

  it("rejects non-finite input", () => {
    expect(() => roundHalfUpToPence(Number.NaN)).toThrow(RangeError);
    expect(() => roundHalfUpToPence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("poundsToPence", () => {
  it.each([
    [54.5, 5450],
    [93.15, 9315],
    [103.5, 10350],
    [129.625, 12963],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [8.99, 899],
    [0, 0],
  ])("%d pounds is %i pence", (pounds, pence) => {
    expect(poundsToPence(pounds)).toBe(pence);
  });

  it("is exact for every two-decimal amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (pence) => {
        expect(poundsToPence(pence / 100)).toBe(pence);
      }),
    );
  });
});

describe("sumPence", () => {
  it("sums whole amounts", () => {
    expect(sumPence([5450, 9315, 12963])).toBe(27728);
    expect(sumPence([])).toBe(0);
  });

  it("refuses a fractional or non-finite amount", () => {
    expect(() => sumPence([100, 0.5])).toThrow(RangeError);
    expect(() => sumPence([Number.NaN])).toThrow(RangeError);
  });
});

describe("shownTotals: one conversion, lines first, then added (issue 47)", () => {
  const rates = { EUR: 1.15 };

  it("adds up in euros to the cent: the discount is the code's share of the euro subtotal", () => {
    // A Keepsake (£93.15 + £10.00 Colour) and an adapter (£9.99), a 10 % code, £8.99 delivery.
    const lines = [10315, 999];
    const discount = roundHalfUpToPence(sumPence(lines) / 10);
    const shown = shownTotals(
      { linesPence: lines, discountPence: discount, shippingPence: 899 },
      "EUR",
      rates,
    );
    expect(shown.linesMinor).toEqual([convertPrice(10315, "EUR", rates), convertPrice(999, "EUR", rates)]);
    expect(shown.linesMinor).toEqual([11899, 1149]);
    expect(shown.subtotalMinor).toBe(13048);
    // £11.31 off £113.14: the same share of €130.48, not £11.31 converted on its own (€13.49).
    expect(shown.discountMinor).toBe(1304);
    expect(convertPrice(discount, "EUR", rates)).toBe(1349);
    expect(shown.shippingMinor).toBe(1049);
    expect(shown.totalMinor).toBe(13048 - 1304 + 1049);
  });

  it("leaves pounds as charged", () => {
    expect(
      shownTotals({ linesPence: [5450, 999], discountPence: 645, shippingPence: 0 }, "GBP", rates),
    ).toEqual({
      currency: "GBP",
      linesMinor: [5450, 999],
      subtotalMinor: 6449,
      discountMinor: 645,
      shippingMinor: 0,
      totalMinor: 5804,
    });
  });

  it("always adds up, and never takes more than the subtotal", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500_000 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.constantFrom("EUR", "USD", "MXN", "GBP") as fc.Arbitrary<"EUR" | "USD" | "MXN" | "GBP">,
        (lines, discount, shipping, code) => {
          const shown = shownTotals(
            { linesPence: lines, discountPence: discount, shippingPence: shipping },
            code,
            {},
          );
          expect(shown.subtotalMinor).toBe(sumPence(shown.linesMinor));
          expect(shown.totalMinor).toBe(shown.subtotalMinor - shown.discountMinor + shown.shippingMinor);
          expect(shown.discountMinor).toBeGreaterThanOrEqual(0);
          expect(shown.discountMinor).toBeLessThanOrEqual(shown.subtotalMinor);
        },
      ),
    );
  });
});

describe("orderShownTotals: an order's figures as its customer saw them (issue 47)", () => {
  const order = { linesPence: [10315, 999], discountPence: 1131, shippingPence: 899 };

  it("converts at the rate the order kept, as the checkout did", () => {
    const kept = orderShownTotals({ ...order, displayCurrency: "EUR", displayRate: 1.15 });
    expect(kept).toEqual(
      shownTotals(
        {
          linesPence: order.linesPence,
          discountPence: order.discountPence,
          shippingPence: order.shippingPence,
        },
        "EUR",
        { EUR: 1.15 },
      ),
    );
    // Another rate gives other figures: the order's own rate is what counts, not today's.
    expect(orderShownTotals({ ...order, displayCurrency: "EUR", displayRate: 1.2 })?.totalMinor).not.toBe(
      kept?.totalMinor,
    );
    expect(kept && formatShownBesideGbp(kept.totalMinor, "EUR", 11082)).toBe("€127.93 (£110.82)");
  });

  it("prints a receipt's figures beside the GBP, or the GBP alone", () => {
    const kept = orderShownTotals({ ...order, displayCurrency: "EUR", displayRate: 1.15 });
    expect(receiptMoney(kept)(1131, (s) => s.discountMinor)).toBe("€13.04 (£11.31)");
    expect(receiptMoney(null)(1131, (s) => s.discountMinor)).toBe("£11.31");
  });

  it("is null for pounds, an unknown currency or an order without its rate", () => {
    expect(orderShownTotals({ ...order, displayCurrency: "GBP", displayRate: null })).toBeNull();
    expect(orderShownTotals({ ...order, displayCurrency: "EUR", displayRate: null })).toBeNull();
    expect(orderShownTotals({ ...order, displayCurrency: "XYZ", displayRate: 2 })).toBeNull();
  });
});
