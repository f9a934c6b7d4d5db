import { describe, expect, it } from "vitest";
import { orderTimeline, TIMELINE_NOTES, TIMELINE_TEXTS, type TimelineFacts } from "./order-timeline";

const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 10, minute));

function facts(overrides: Partial<TimelineFacts> = {}): TimelineFacts {
  return {
    placedAt: at(0),
    history: [{ from: null, to: "pending", at: at(0), by: "guest", note: "Order placed" }],
    proof: null,
    refunds: [],
    trackingNumber: null,
    carrier: null,
    ...overrides,
  };
}

describe("orderTimeline (issue 47 item 13)", () => {
  it("tells an order's life in plain words, oldest first, each dated in the shop's format", () => {
    const timeline = orderTimeline(
      facts({
        history: [
          { from: null, to: "pending", at: at(0), by: "guest", note: "Order placed" },
          { from: "pending", to: "paid", at: at(1), by: "test-payment", note: null },
          {
            from: "paid",
            to: "paid",
            at: at(5),
            by: "guest",
            note: `${TIMELINE_NOTES.cropChanged} of Lightbox 1`,
          },
          { from: "paid", to: "printing", at: at(20), by: "admin:a", note: "Printing today" },
          { from: "printing", to: "dispatched", at: at(30), by: "admin:a", note: null },
          { from: "dispatched", to: "delivered", at: at(40), by: "admin:a", note: null },
        ],
        proof: { state: "approved", mailedAt: at(2), decidedAt: at(10) },
        trackingNumber: "AB123456789GB",
        carrier: "royal_mail",
      }),
    );
    expect(timeline.map((e) => e.text)).toEqual([
      TIMELINE_TEXTS.placed,
      TIMELINE_TEXTS.paid,
      TIMELINE_TEXTS.proofReady,
      TIMELINE_TEXTS.cropChanged,
      TIMELINE_TEXTS.proofApproved,
      TIMELINE_TEXTS.printing,
      "Dispatched with Royal Mail, tracking number AB123456789GB",
      TIMELINE_TEXTS.delivered,
    ]);
    // 10:00 UTC in December is 10:00 in Belfast.
    expect(timeline[0]?.when).toBe("Monday 7 December, 10:00 am");
    expect(timeline[0]?.at).toBe("2026-12-07T10:00:00.000Z");
  });

  it("never shows the owner's notes, and says who cancelled and what was refunded", () => {
    const byCustomer = orderTimeline(
      facts({
        history: [
          { from: "pending", to: "paid", at: at(1), by: "stripe", note: null },
          {
            from: "paid",
            to: "cancelled",
            at: at(3),
            by: "user:u1",
            note: "Refunded £54.50: internal reason",
          },
        ],
        refunds: [{ amount: 5450, at: at(3) }],
      }),
    );
    expect(byCustomer.map((e) => e.text)).toEqual([
      TIMELINE_TEXTS.placed,
      TIMELINE_TEXTS.paid,
      TIMELINE_TEXTS.cancelledByYou,
      "Refund of £54.50 issued",
    ]);
    expect(JSON.stringify(byCustomer)).not.toContain("internal reason");

    const byShop = orderTimeline(
      facts({
        history: [{ from: "paid", to: "refunded", at: at(3), by: "admin:a", note: "Refunded in Stripe" }],
      }),
    );
    expect(byShop.at(-1)?.text).toBe(TIMELINE_TEXTS.refundedInFull);
    const unpaid = orderTimeline(
      facts({ history: [{ from: "pending", to: "cancelled", at: at(90), by: "system", note: null }] }),
    );
    expect(unpaid.at(-1)?.text).toBe(TIMELINE_TEXTS.cancelledUnpaid);
  });

  it("an auto-approved proof, an address change, and no tracking number yet", () => {
    const timeline = orderTimeline(
      facts({
        history: [
          {
            from: "paid",
            to: "paid",
            at: at(4),
            by: "guest",
            note: `${TIMELINE_NOTES.addressChanged}: was 1 Main St`,
          },
          { from: "paid", to: "dispatched", at: at(50), by: "admin:a", note: null },
        ],
        proof: { state: "auto_approved", mailedAt: at(2), decidedAt: at(48) },
      }),
    );
    expect(timeline.map((e) => e.kind)).toEqual([
      "placed",
      "proof_ready",
      "address_changed",
      "proof_approved",
      "dispatched",
    ]);
    expect(timeline[3]?.text).toBe(TIMELINE_TEXTS.proofAutoApproved);
    expect(timeline[4]?.text).toBe(TIMELINE_TEXTS.dispatched);
  });
});
