import { describe, expect, it } from "vitest";
import { carrierLabel, dispatchByDay, isDispatchOverdue, trackingUrl } from "./fulfilment";

describe("tracking links", () => {
  it("builds each carrier's page from the number", () => {
    expect(trackingUrl("royal_mail", " AB123456789GB ")).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    expect(trackingUrl("an_post", "CE123456789IE")).toBe(
      "https://www.anpost.com/Post-Parcels/Track/History?item=CE123456789IE",
    );
    expect(trackingUrl("dpd", "15501234567890")).toBe("https://track.dpd.co.uk/parcels/15501234567890");
    expect(trackingUrl("evri", "H00A0A0000000000")).toBe(
      "https://www.evri.com/track/parcel/H00A0A0000000000",
    );
  });
  it("has no link for other, an unknown carrier or no number; a number cannot change the link", () => {
    expect(trackingUrl("other", "X1")).toBeNull();
    expect(trackingUrl("ups", "X1")).toBeNull();
    expect(trackingUrl(null, "X1")).toBeNull();
    expect(trackingUrl("dpd", "  ")).toBeNull();
    expect(trackingUrl("dpd", "../../evil?x=1#y")).toBe(
      "https://track.dpd.co.uk/parcels/..%2F..%2Fevil%3Fx%3D1%23y",
    );
    expect(carrierLabel("an_post")).toBe("An Post");
    expect(carrierLabel("ups")).toBeNull();
  });
});

describe("dispatch-by", () => {
  it("is the paid day plus 5 working days (weekends and bank holidays skipped)", () => {
    // Monday 1 Dec 2025 + 5 working days (Mon-Fri) = Monday 8 Dec.
    expect(dispatchByDay("2025-12-01", new Set())).toBe("2025-12-08");
    // Paid Tuesday 23 Dec: 24, (25, 26 holidays, 27-28 weekend), 29, 30, 31, (1 Jan), 2 Jan.
    expect(dispatchByDay("2025-12-23", new Set(["2025-12-25", "2025-12-26", "2026-01-01"]))).toBe(
      "2026-01-02",
    );
  });
  it("is overdue only while the order is still on the bench after that day", () => {
    expect(isDispatchOverdue("paid", "2025-12-06", "2025-12-08")).toBe(true);
    expect(isDispatchOverdue("printing", "2025-12-06", "2025-12-06")).toBe(false);
    expect(isDispatchOverdue("dispatched", "2025-12-06", "2025-12-08")).toBe(false);
    expect(isDispatchOverdue("paid", null, "2025-12-08")).toBe(false);
  });
});
