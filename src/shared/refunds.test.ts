import { describe, expect, it } from "vitest";
import {
  alreadyRefundedLines,
  checkRefund,
  lineRefundShares,
  moneyLedger,
  REFUND_TIMING_TEXT,
  refundFormBlocker,
  requestedRefundAmount,
  typedPence,
} from "./refunds";

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

describe("a line's share of shipping and discount (issue 47 item 6)", () => {
  const lines = [
    { id: "a", price: 5450, quantity: 1 },
    { id: "b", price: 1000, quantity: 2 },
    { id: "c", price: 333, quantity: 1 },
  ];
  it("gives a ticked line back with its share of the shipping", () => {
    const shares = lineRefundShares(lines, { shipping: 899, discount: 0 });
    expect(shares.get("a")).toEqual({ goods: 5450, shipping: 630, discount: 0, amount: 6080 });
    expect(requestedRefundAmount({ lineIds: ["a"] }, lines, new Set(), { shipping: 899, discount: 0 })).toBe(
      6080,
    );
  });
  it("shares add up to the order's total to the penny, whichever lines are ticked", () => {
    for (const charges of [
      { shipping: 899, discount: 0 },
      { shipping: 1999, discount: 777 },
      { shipping: 0, discount: 1 },
      { shipping: 1, discount: 0 },
    ]) {
      const shares = [...lineRefundShares(lines, charges).values()];
      const goods = 5450 + 2000 + 333;
      expect(shares.reduce((s, x) => s + x.shipping, 0)).toBe(charges.shipping);
      expect(shares.reduce((s, x) => s + x.discount, 0)).toBe(charges.discount);
      expect(shares.reduce((s, x) => s + x.amount, 0)).toBe(goods + charges.shipping - charges.discount);
      const one = (id: string) => requestedRefundAmount({ lineIds: [id] }, lines, new Set(), charges);
      expect(one("a") + one("b") + one("c")).toBe(
        requestedRefundAmount({ lineIds: ["a", "b", "c"] }, lines, new Set(), charges),
      );
    }
  });
  it("a line already refunded and an order with no lines value count for nothing", () => {
    const charges = { shipping: 899, discount: 0 };
    expect(requestedRefundAmount({ lineIds: ["a", "b"] }, lines, new Set(["a"]), charges)).toBe(
      lineRefundShares(lines, charges).get("b")?.amount,
    );
    expect([...lineRefundShares([{ id: "z", price: 0, quantity: 1 }], charges).values()]).toEqual([
      { goods: 0, shipping: 0, discount: 0, amount: 0 },
    ]);
  });
  it("the refund e-mail's timing names cards only: the shop takes no PayPal nor bank transfers", () => {
    expect(REFUND_TIMING_TEXT).toContain("3-5 business days");
    expect(REFUND_TIMING_TEXT).not.toMatch(/PayPal|bank transfer/);
  });
});

describe("the refund form says why it cannot be sent (issue 47 item 6)", () => {
  const base = { lineAmount: 0, linesTicked: false, pounds: "", note: "Broken", refundable: 1000 };
  it("asks for lines or an amount, a sound amount, no more than is left, then the note", () => {
    expect(refundFormBlocker(base)).toBe("nothing");
    expect(refundFormBlocker({ ...base, pounds: "ten" })).toBe("badAmount");
    expect(refundFormBlocker({ ...base, pounds: "1.234" })).toBe("badAmount");
    expect(refundFormBlocker({ ...base, pounds: "10.01" })).toBe("tooMuch");
    expect(refundFormBlocker({ ...base, pounds: "0" })).toBe("nothing");
    expect(refundFormBlocker({ ...base, pounds: "£10", note: " " })).toBe("note");
    expect(refundFormBlocker({ ...base, pounds: "9.5" })).toBeNull();
    expect(refundFormBlocker({ ...base, linesTicked: true, lineAmount: 800 })).toBeNull();
    expect(refundFormBlocker({ ...base, linesTicked: true, lineAmount: 1200 })).toBe("tooMuch");
  });
  it("reads typed pounds as pence", () => {
    expect(typedPence("12.5")).toBe(1250);
    expect(typedPence("£3.00")).toBe(300);
    expect(typedPence("3,00")).toBe(0);
  });
});
