import { describe, expect, it } from "vitest";
import {
  canChangeOrderStatus,
  isPaidStatus,
  ORDER_TRANSITIONS,
  PAID_STATUSES,
  paymentOutcome,
} from "./order-lifecycle";
import { ORDER_STATUSES } from "./orders";

describe("order lifecycle", () => {
  it("has a rule for every status and names only known statuses", () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_TRANSITIONS)) {
      for (const to of Object.keys(targets)) expect(ORDER_STATUSES).toContain(to);
    }
  });

  it("pays and cancels only a pending order", () => {
    expect(canChangeOrderStatus("pending", "paid")).toBe(true);
    expect(canChangeOrderStatus("pending", "cancelled")).toBe(true);
    expect(canChangeOrderStatus("pending", "dispatched")).toBe(false);
    expect(canChangeOrderStatus("cancelled", "paid")).toBe(false);
  });

  it("never un-pays: no paid status goes back to pending or cancels after dispatch", () => {
    for (const status of PAID_STATUSES) {
      expect(canChangeOrderStatus(status, "pending")).toBe(false);
      expect(canChangeOrderStatus(status, "paid")).toBe(false);
    }
    for (const status of ["dispatched", "in_transit", "delivered"]) {
      expect(canChangeOrderStatus(status, "cancelled")).toBe(false);
    }
  });

  it("only moves forward along the fulfilment path", () => {
    const path = ["paid", "processing", "printing", "dispatched", "in_transit", "delivered"];
    path.forEach((from, i) => {
      path.forEach((to, j) => {
        expect(canChangeOrderStatus(from, to)).toBe(j > i);
      });
    });
  });

  it("treats ends and unknown statuses as final", () => {
    expect(Object.keys(ORDER_TRANSITIONS.cancelled)).toEqual(["refunded"]);
    expect(ORDER_TRANSITIONS.cancelled.refunded?.by).toEqual(["refund"]);
    expect(ORDER_TRANSITIONS.refunded).toEqual({});
    expect(canChangeOrderStatus("on-hold", "paid")).toBe(false);
    expect(canChangeOrderStatus("paid", "on-hold")).toBe(false);
  });

  it("summarises the payment outcome", () => {
    expect(paymentOutcome("pending")).toBe("pending");
    expect(paymentOutcome("paid")).toBe("paid");
    expect(paymentOutcome("dispatched")).toBe("paid");
    expect(paymentOutcome("cancelled")).toBe("cancelled");
    expect(paymentOutcome("refunded")).toBe("cancelled");
    expect(isPaidStatus("refunded")).toBe(false);
  });
});
