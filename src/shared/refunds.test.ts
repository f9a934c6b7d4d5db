import { describe, expect, it } from "vitest";
import { alreadyRefundedLines, checkRefund, moneyLedger, requestedRefundAmount } from "./refunds";

const gbp = (p: number) => `£${(p / 100).toFixed(2)}`;

describe("refunds", () => {
  it("keeps a ledger of paid, refunded and net", () => {
    expect(moneyLedger(5000, [{ amount: 1000 }, { amount: 500 }])).toEqual({
      paid: 5000,
      refunded: 1500,
      net: 3500,
      refundable: 3500,
    });
  });
  it("never refunds more than is left, nor an unpaid or refunded order", () => {
    const ledger = moneyLedger(5000, [{ amount: 4000 }]);
    expect(checkRefund("paid", ledger, 1000, gbp)).toEqual({ ok: true, amount: 1000, full: true });
    expect(checkRefund("paid", ledger, 1001, gbp)).toEqual({
      ok: false,
      message: "That is more than is left to refund (£10.00).",
    });
    expect(checkRefund("paid", ledger, 0, gbp).ok).toBe(false);
    expect(checkRefund("paid", ledger, 1.5, gbp).ok).toBe(false);
    expect(checkRefund("pending", moneyLedger(0, []), 100, gbp).ok).toBe(false);
    expect(checkRefund("refunded", moneyLedger(5000, [{ amount: 5000 }]), 1, gbp).ok).toBe(false);
  });
  it("prices chosen lines by price × quantity", () => {
    const lines = [
      { id: "a", price: 1000, quantity: 2 },
      { id: "b", price: 500, quantity: 1 },
    ];
    expect(requestedRefundAmount({ lineIds: ["a"] }, lines)).toBe(2000);
    expect(requestedRefundAmount({ lineIds: ["a", "b", "x"] }, lines)).toBe(2500);
    expect(requestedRefundAmount({ amount: 123 }, lines)).toBe(123);
  });
});

describe("refunds after issue 28", () => {
  it("refunds a cancelled order that money arrived for, and nothing for one without", () => {
    expect(checkRefund("cancelled", moneyLedger(5000, []), 5000, gbp)).toEqual({
      ok: true,
      amount: 5000,
      full: true,
    });
    expect(checkRefund("cancelled", moneyLedger(0, []), 100, gbp).ok).toBe(false);
  });

  it("gives each line back once: a line refunded before counts for nothing", () => {
    const lines = [
      { id: "a", price: 2000, quantity: 1 },
      { id: "b", price: 500, quantity: 1 },
    ];
    expect(requestedRefundAmount({ lineIds: ["a", "b"] }, lines, new Set(["a"]))).toBe(500);
    expect(alreadyRefundedLines(["a", "b"], new Set(["a"]))).toEqual(["a"]);
    expect(alreadyRefundedLines(undefined, new Set(["a"]))).toEqual([]);
  });
});
