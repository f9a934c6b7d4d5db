import { describe, expect, it } from "vitest";
import { printQueueStage } from "./print-queue";

const base = {
  orderStatus: "paid",
  jobStatus: "done",
  twinStatus: "passed",
  proofState: null,
} as const;

describe("the print queue's stage of a panel (issue 47 item 10)", () => {
  it("is ready once made, checked and approved (or no proof asked)", () => {
    expect(printQueueStage(base)).toBe("ready");
    expect(printQueueStage({ ...base, twinStatus: null })).toBe("ready");
    expect(printQueueStage({ ...base, twinStatus: "accepted", proofState: "approved" })).toBe("ready");
    expect(printQueueStage({ ...base, proofState: "auto_approved" })).toBe("ready");
  });

  it("waits for the customer's proof, awaiting or re-cropped", () => {
    expect(printQueueStage({ ...base, proofState: "awaiting" })).toBe("proof");
    expect(printQueueStage({ ...base, proofState: "changed" })).toBe("proof");
  });

  it("puts what is being made, held or failed before the proof", () => {
    expect(printQueueStage({ ...base, jobStatus: "running", proofState: "awaiting" })).toBe("making");
    expect(printQueueStage({ ...base, twinStatus: "pending" })).toBe("making");
    expect(printQueueStage({ ...base, twinStatus: "flagged", proofState: "awaiting" })).toBe("held");
    expect(printQueueStage({ ...base, jobStatus: "failed" })).toBe("failed");
  });

  it("says a ready panel of an order marked Printing is on the printer", () => {
    expect(printQueueStage({ ...base, orderStatus: "printing" })).toBe("printing");
    expect(printQueueStage({ ...base, orderStatus: "printing", jobStatus: "failed" })).toBe("failed");
  });
});
