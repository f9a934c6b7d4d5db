import { describe, expect, it } from "vitest";
import {
  capitaliseStatus,
  displayOrderNumber,
  isOrderStatus,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
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

describe("displayOrderNumber", () => {
  it("is the first 8 characters of the id, as stored", () => {
    expect(displayOrderNumber("3f9a1c2b-7d4e-4f00-9a1b-2c3d4e5f6a7b")).toBe("3f9a1c2b");
    expect(displayOrderNumber("abc")).toBe("abc");
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
