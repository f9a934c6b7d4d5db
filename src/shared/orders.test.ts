import { describe, expect, it } from "vitest";
import { FIRST_ORDER_NUMBER } from "./limits";
import {
  capitaliseStatus,
  displayOrderNumber,
  isOrderStatus,
  legacyOrderNumber,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  parseOrderNumber,
  TRACKING_STAGES,
  trackingStage,
} from "./orders";

describe("order statuses", () => {
  it("are the known lifecycle values with capitalised labels", () => {
    expect(ORDER_STATUSES).toEqual([
      "pending",
      "paid",
      "processing",
      "printing",
      "dispatched",
      "in_transit",
      "delivered",
      "cancelled",
      "refunded",
    ]);
    expect(ORDER_STATUS_LABELS.in_transit).toBe("In Transit");
    expect(ORDER_STATUS_LABELS.pending).toBe("Pending");
    expect(isOrderStatus("paid")).toBe(true);
    expect(isOrderStatus("Paid")).toBe(false);
  });

  it.each([
    ["in_transit", "In Transit"],
    ["DELIVERED", "Delivered"],
    ["on-hold", "On Hold"],
    ["awaiting  stock", "Awaiting Stock"],
    ["", "Unknown"],
    [null, "Unknown"],
  ])("capitalises %s as %s", (status, label) => {
    expect(capitaliseStatus(status)).toBe(label);
  });
});

describe("order numbers (issue 47 item 13)", () => {
  it("shows the sequential number, the old number is the id's first 8 characters", () => {
    expect(displayOrderNumber(1001)).toBe("1001");
    expect(displayOrderNumber(FIRST_ORDER_NUMBER)).toBe("1001");
    expect(legacyOrderNumber("3F9A1C2B-7d4e-4f00-9a1b-2c3d4e5f6a7b")).toBe("3f9a1c2b");
  });

  it("reads a typed number: #1001, 1001 or an old 8-character number, nothing else", () => {
    expect(parseOrderNumber("#1001")).toEqual({ number: 1001, legacyPrefix: null });
    expect(parseOrderNumber(" # 1002 ")).toEqual({ number: 1002, legacyPrefix: null });
    expect(parseOrderNumber("3F9A1C2B")).toEqual({ number: null, legacyPrefix: "3f9a1c2b" });
    // Eight digits could be either: both are tried.
    expect(parseOrderNumber("12345678")).toEqual({ number: 12345678, legacyPrefix: "12345678" });
    expect(parseOrderNumber("1000")).toBeNull();
    expect(parseOrderNumber("0")).toBeNull();
    expect(parseOrderNumber("3f9a1c2")).toBeNull();
    expect(parseOrderNumber("#")).toBeNull();
    expect(parseOrderNumber("10x1")).toBeNull();
  });
});

describe("trackingStage", () => {
  it("follows the guide: Processing, Dispatched, In Transit, Delivered", () => {
    expect(TRACKING_STAGES.map((s) => [s.label, s.progressPercent])).toEqual([
      ["Processing", 25],
      ["Dispatched", 50],
      ["In Transit", 75],
      ["Delivered", 100],
    ]);
  });

  it.each([
    ["paid", "processing", 25],
    ["processing", "processing", 25],
    ["printing", "processing", 25],
    ["dispatched", "dispatched", 50],
    ["in_transit", "in_transit", 75],
    ["delivered", "delivered", 100],
  ])("maps %s to the %s stage at %i%%", (status, stage, percent) => {
    expect(trackingStage(status)).toMatchObject({ stage, progressPercent: percent });
  });

  it("keeps unpaid, cancelled, refunded and unknown orders off the guide", () => {
    expect(trackingStage("pending")).toEqual({ stage: null, label: "Pending", progressPercent: 0 });
    expect(trackingStage("cancelled")).toEqual({ stage: null, label: "Cancelled", progressPercent: 0 });
    expect(trackingStage("refunded").stage).toBeNull();
    expect(trackingStage("lost_at_sea")).toEqual({ stage: null, label: "Lost At Sea", progressPercent: 0 });
  });
});
