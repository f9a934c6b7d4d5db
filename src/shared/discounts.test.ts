import { describe, expect, it } from "vitest";
import {
  allocateDiscount,
  type DiscountLine,
  type DiscountRule,
  discountRefusalMessage,
  evaluateDiscount,
  normaliseDiscountCode,
  shopperRefusal,
} from "./discounts";

const rule = (overrides: Partial<DiscountRule> = {}): DiscountRule => ({
  code: "SAVE",
  kind: "percent",
  value: 10,
  minSpendPence: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  scope: "all",
  paused: false,
  ...overrides,
});
const none = { total: 0, byCustomer: 0 };
const now = new Date("2026-03-01T12:00:00Z");
const gift: DiscountLine[] = [{ kind: "lithophane", pricePence: 9315 }];
const adapter: DiscountLine[] = [{ kind: "accessory", pricePence: 999 }];

describe("evaluateDiscount", () => {
  it("takes a percentage off, rounded half up once", () => {
    expect(evaluateDiscount(rule(), none, gift, now)).toEqual({
      ok: true,
      code: "SAVE",
      discountPence: 932,
      freeShipping: false,
    });
  });

  it("never takes more than the lines in scope cost", () => {
    const result = evaluateDiscount(rule({ kind: "fixed", value: 5000 }), none, adapter, now);
    expect(result).toMatchObject({ ok: true, discountPence: 999 });
  });

  it("refuses with each reason, with the message the cart shows", () => {
    const reason = (r: DiscountRule | null, usage = none, lines = gift) => {
      const result = evaluateDiscount(r, usage, lines, now);
      return result.ok ? "ok" : `${result.reason}: ${result.message}`;
    };
    expect(reason(null)).toMatch(/^unknown/);
    expect(reason(rule({ paused: true }))).toMatch(/^paused/);
    expect(reason(rule({ startsAt: new Date("2026-03-02T00:00:00Z") }))).toMatch(/^not_started/);
    expect(reason(rule({ endsAt: now }))).toBe("expired: This code has expired.");
    expect(reason(rule({ minSpendPence: 6000 }), none, adapter)).toBe(
      "minimum: This code needs a minimum spend of £60.00.",
    );
    expect(reason(rule({ scope: "accessories" }))).toMatch(/^not_applicable/);
    expect(reason(rule({ maxUses: 10 }), { total: 10, byCustomer: 0 })).toMatch(/^used_up/);
    expect(reason(rule({ maxUsesPerCustomer: 1 }), { total: 1, byCustomer: 1 })).toMatch(/^customer_limit/);
  });

  it("a free-shipping code applies to any cart and takes nothing off the items", () => {
    expect(evaluateDiscount(rule({ kind: "free_shipping", value: 0 }), none, adapter, now)).toMatchObject({
      ok: true,
      discountPence: 0,
      freeShipping: true,
    });
  });

  it("compares codes case-insensitively", () => {
    expect(normaliseDiscountCode("  spring10 ")).toBe("SPRING10");
  });
});

describe("allocateDiscount", () => {
  it("spreads the discount over the lines in scope so they add up exactly", () => {
    const lines = [
      { kind: "lithophane" as const, pricePence: 12963 },
      { kind: "accessory" as const, pricePence: 999 },
      { kind: "accessory" as const, pricePence: 1499 },
    ];
    const shares = allocateDiscount(lines, "all", 5102);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(5102);
    for (const [i, share] of shares.entries()) expect(share).toBeLessThanOrEqual(lines[i]?.pricePence ?? 0);
    expect(allocateDiscount(lines, "accessories", 100)[0]).toBe(0);
  });

  it("holds for many random carts", () => {
    for (let n = 0; n < 500; n++) {
      const lines = Array.from({ length: 1 + (n % 5) }, (_, i) => ({
        kind: (i % 2 ? "accessory" : "lithophane") as "accessory" | "lithophane",
        pricePence: 1 + ((n * 7919 + i * 104729) % 20000),
      }));
      const total = lines.reduce((a, l) => a + l.pricePence, 0);
      const discount = (n * 31) % (total + 1);
      const shares = allocateDiscount(lines, "all", discount);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
    }
  });
});

describe("shopperRefusal (issue 28)", () => {
  it("answers a paused, expired, not yet started or used-up code exactly as an unknown one", () => {
    const unknown = shopperRefusal({ reason: "unknown", message: discountRefusalMessage("unknown", null) });
    for (const reason of ["paused", "not_started", "expired", "used_up"] as const) {
      expect(shopperRefusal({ reason, message: discountRefusalMessage(reason, null) })).toEqual(unknown);
    }
  });

  it("keeps what the shopper can act on", () => {
    for (const reason of ["minimum", "not_applicable", "customer_limit"] as const) {
      const refusal = { reason, message: discountRefusalMessage(reason, 6000) };
      expect(shopperRefusal(refusal)).toEqual(refusal);
    }
  });
});
