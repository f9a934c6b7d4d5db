import { describe, expect, it } from "vitest";
import { LAMP_KIND, LIGHTBOX_KIND } from "./product-types/kinds";
import {
  DEFAULT_PROOF_SETTINGS,
  heldByTwin,
  MAX_PROOF_CROP_CHANGES,
  PROOF_TEXTS,
  parseProofSettings,
  proofAllowsPrinting,
  proofCropChangesLeft,
  proofCropSchema,
  proofDueAt,
  proofOpen,
  proofOutcomeText,
  proofPieceOf,
  proofStateOfPanels,
  proofWaitMinutes,
  TWIN_THRESHOLDS,
  twinAgrees,
} from "./proofs";

/** A lightbox order's words: its panels. */
const PANELS = proofPieceOf([LIGHTBOX_KIND]);

describe("twin thresholds", () => {
  it("are the decision's figures with their margins", () => {
    expect(TWIN_THRESHOLDS.upright).toEqual({ minSsim: 0.85, maxDeltaL: 4 });
    expect(TWIN_THRESHOLDS.flat).toEqual({ minSsim: 0.7, maxDeltaL: 6 });
  });
  it("pass the intact files measured in decision 320", () => {
    // The five shapes at 30 mm (worst of each figure) and the colour panel.
    expect(twinAgrees("upright", { ssim: 0.905, meanDeltaL: 2.88 })).toBe(true);
    expect(twinAgrees("flat", { ssim: 0.85, meanDeltaL: 3.4 })).toBe(true);
  });
  it("hold a file below SSIM or above ΔL*, at the edges exactly", () => {
    expect(twinAgrees("upright", { ssim: 0.85, meanDeltaL: 4 })).toBe(true);
    expect(twinAgrees("upright", { ssim: 0.849, meanDeltaL: 2 })).toBe(false);
    expect(twinAgrees("upright", { ssim: 0.95, meanDeltaL: 4.01 })).toBe(false);
    expect(twinAgrees("flat", { ssim: 0.69, meanDeltaL: 1 })).toBe(false);
    expect(twinAgrees("upright", { ssim: Number.NaN, meanDeltaL: 1 })).toBe(false);
  });
  it("a flagged job is held; an accepted one is not", () => {
    expect(heldByTwin("flagged")).toBe(true);
    expect(heldByTwin("accepted")).toBe(false);
    expect(heldByTwin(null)).toBe(false);
  });
});

describe("the customer's proof", () => {
  it("settings default to on with 48 hours and read leniently", () => {
    expect(parseProofSettings(null)).toEqual(DEFAULT_PROOF_SETTINGS);
    expect(DEFAULT_PROOF_SETTINGS).toEqual({ enabled: true, windowHours: 48 });
    expect(parseProofSettings('{"enabled":false,"windowHours":24}')).toEqual({
      enabled: false,
      windowHours: 24,
    });
    expect(parseProofSettings('{"windowHours":0}')).toEqual({ enabled: true, windowHours: 48 });
    expect(parseProofSettings("not json")).toEqual(DEFAULT_PROOF_SETTINGS);
  });
  it("is open until its window ends, and only while undecided", () => {
    const start = new Date("2026-11-28T10:00:00Z");
    const dueAt = proofDueAt(start, 48);
    expect(dueAt.toISOString()).toBe("2026-11-30T10:00:00.000Z");
    expect(proofOpen({ state: "awaiting", dueAt }, new Date("2026-11-30T09:59:59Z"))).toBe(true);
    expect(proofOpen({ state: "changed", dueAt }, start)).toBe(true);
    expect(proofOpen({ state: "awaiting", dueAt }, dueAt)).toBe(false);
    expect(proofOpen({ state: "approved", dueAt }, start)).toBe(false);
  });
  it("printing waits for approval (or no proof)", () => {
    expect(proofAllowsPrinting(null)).toBe(true);
    expect(proofAllowsPrinting("approved")).toBe(true);
    expect(proofAllowsPrinting("auto_approved")).toBe(true);
    expect(proofAllowsPrinting("awaiting")).toBe(false);
    expect(proofAllowsPrinting("changed")).toBe(false);
  });
});

describe("a proof of several panels (issue 44 item 2)", () => {
  it("is approved once every panel is; auto-approved when the sweep decided any", () => {
    expect(proofStateOfPanels(["approved", "approved", "approved"])).toBe("approved");
    expect(proofStateOfPanels(["approved", "auto_approved"])).toBe("auto_approved");
    expect(proofStateOfPanels(["approved", "awaiting", "approved"])).toBe("awaiting");
    expect(proofStateOfPanels(["approved", "changed", "awaiting"])).toBe("changed");
    expect(proofStateOfPanels([])).toBe("awaiting");
  });

  it("names each panel of a bundle", () => {
    expect(PROOF_TEXTS.bundlePanel("Lightbox", 1, 1, 2, 3)).toBe("Panel 2 of 3");
    expect(PROOF_TEXTS.bundlePanel("Lightbox", 2, 2, 1, 3)).toBe("Lightbox 2 of 2, panel 1 of 3");
    expect(PROOF_TEXTS.bundlePanel("Lightbox", 1, 1, 1, 1)).toBe("Your lightbox");
    expect(PROOF_TEXTS.bundlePanel("Lightbox", 1, 2, 1, 1)).toBe("Lightbox 1 of 2");
    // A lamp is one picture of every photo: named as the lamp it is.
    expect(PROOF_TEXTS.bundlePanel("Lamp", 1, 1, 1, 1)).toBe("Your lamp");
    expect(PROOF_TEXTS.bundlePanel("Lamp", 2, 2, 1, 1)).toBe("Lamp 2 of 2");
  });

  it("announces the wait from the panels still being made", () => {
    expect(proofWaitMinutes([{ progress: 0 }])).toBe(12);
    expect(proofWaitMinutes([{ progress: 0 }, { progress: 0 }, { progress: 0.5 }])).toBe(30);
    expect(proofWaitMinutes([{ progress: 0.99 }])).toBe(1);
  });
});

describe("a proof's crop at the edge (issue 46 item 5)", () => {
  const crop = { x: 0, y: 0, zoom: 1 };
  it("takes a sensible crop", () => {
    expect(
      proofCropSchema.safeParse({ cropPixels: { x: 10, y: 20, width: 800, height: 600 }, crop }).success,
    ).toBe(true);
  });

  it("refuses a tiny, infinite, negative or huge crop", () => {
    for (const cropPixels of [
      { x: 0, y: 0, width: 0.0001, height: 0.0001 },
      { x: 1e300, y: 0, width: 800, height: 800 },
      { x: -1, y: 0, width: 800, height: 800 },
      { x: 0, y: 0, width: Number.POSITIVE_INFINITY, height: 800 },
      { x: 0, y: 0, width: 60_000, height: 800 },
    ]) {
      expect(proofCropSchema.safeParse({ cropPixels, crop }).success, JSON.stringify(cropPixels)).toBe(false);
    }
    expect(
      proofCropSchema.safeParse({
        cropPixels: { x: 0, y: 0, width: 800, height: 800 },
        crop: { x: 1e300, y: 0, zoom: 1 },
      }).success,
    ).toBe(false);
  });

  it("lets a panel be re-cropped a few times, then no more", () => {
    expect(proofCropChangesLeft(0)).toBe(MAX_PROOF_CROP_CHANGES);
    expect(MAX_PROOF_CROP_CHANGES).toBe(3);
    expect(proofCropChangesLeft(3)).toBe(0);
    expect(proofCropChangesLeft(7)).toBe(0);
  });
});

describe("the proof card's words follow the order (issue 47 item 9)", () => {
  it("says what happens next until the order moves on, then what happened", () => {
    const approved = { state: "approved" as const, open: false, piece: PANELS };
    expect(proofOutcomeText(approved, "paid")).toBe("Approved: thank you! We print your panel next.");
    expect(proofOutcomeText({ state: "auto_approved", open: false, piece: PANELS }, "processing")).toBe(
      PROOF_TEXTS.autoApproved(PANELS),
    );
    expect(proofOutcomeText(approved, "printing")).toBe(PROOF_TEXTS.approvedPrinting(PANELS));
    expect(proofOutcomeText(approved, "dispatched")).toBe(
      "Approved and printed: your lightbox is on its way.",
    );
    expect(proofOutcomeText(approved, "in_transit")).toBe(PROOF_TEXTS.approvedDispatched(PANELS));
    expect(proofOutcomeText(approved, "delivered")).toBe(PROOF_TEXTS.approvedDelivered(PANELS));
    expect(proofOutcomeText(approved, "refunded")).toBe(PROOF_TEXTS.orderCancelled);
  });

  it("speaks of a lamp as a lamp, lit from inside, and of a mixed order as its pieces (issue 48)", () => {
    const lamp = proofPieceOf([LAMP_KIND]);
    expect(proofOutcomeText({ state: "approved", open: false, piece: lamp }, "paid")).toBe(
      "Approved: thank you! We print your lamp next.",
    );
    expect(proofOutcomeText({ state: "approved", open: false, piece: lamp }, "dispatched")).toBe(
      "Approved and printed: your lamp is on its way.",
    );
    expect(PROOF_TEXTS.title(lamp)).toBe("Your lamp, as it will glow");
    const intro = PROOF_TEXTS.intro("9 December at 10:00", 1, lamp);
    expect(intro).toContain("your lamp will look lit from inside, from your photos as they will be printed");
    expect(intro).not.toContain("crop");
    expect(intro).not.toContain("panel");
    expect(PROOF_TEXTS.intro("9 December at 10:00", 3, PANELS)).toBe(
      "This is how your 3 panels will look lit from behind, simulated from the printer's own instructions. Approve each one, or change its crop, until 9 December at 10:00; after that we print them as they are.",
    );
    const mixed = proofPieceOf([LIGHTBOX_KIND, LAMP_KIND, LAMP_KIND]);
    expect(PROOF_TEXTS.approvedDispatched(mixed)).toBe("Approved and printed: your order is on its way.");
    expect(PROOF_TEXTS.intro("9 December", 2, mixed)).toContain("your 2 pieces will look lit,");
    expect(proofPieceOf([LAMP_KIND, LAMP_KIND])).toBe(lamp);
  });

  it("asks again while a changed proof is open, and says when the time ended", () => {
    expect(proofOutcomeText({ state: "awaiting", open: true, piece: PANELS }, "paid")).toBeNull();
    expect(proofOutcomeText({ state: "changed", open: true, piece: PANELS }, "paid")).toBe(
      PROOF_TEXTS.changed,
    );
    expect(proofOutcomeText({ state: "awaiting", open: false, piece: PANELS }, "paid")).toBe(
      PROOF_TEXTS.windowOver,
    );
    // Printing an undecided proof cannot happen; the words do not claim an approval then.
    expect(proofOutcomeText({ state: "awaiting", open: false, piece: PANELS }, "printing")).toBe(
      PROOF_TEXTS.windowOver,
    );
  });
});
