import { describe, expect, it } from "vitest";
import { BUNDLE_IDS, BUNDLES, getBundle, isBundleId } from "./bundles";
import { roundHalfUpToPence } from "./money";

describe("BUNDLES", () => {
  it("match the spec's bundle table", () => {
    expect(
      BUNDLES.map((b) => [
        b.id,
        b.name,
        b.lithophaneCount,
        b.pricePence,
        b.undiscountedPence,
        b.savingPercent,
      ]),
    ).toEqual([
      ["starter", "Essentials Collection", 1, 5450, null, null],
      ["gift", "Keepsake Collection", 3, 9315, 10350, 10],
      ["family", "Everlasting Collection", 5, 12963, 15250, 15],
    ]);
    expect(BUNDLES.map((b) => b.id)).toEqual([...BUNDLE_IDS]);
  });

  it("need one additional image per lithophane after the first", () => {
    for (const bundle of BUNDLES) expect(bundle.additionalImages).toBe(bundle.lithophaneCount - 1);
  });

  it("price discounted bundles as the undiscounted price less the saving, rounded half up", () => {
    for (const bundle of BUNDLES) {
      if (bundle.undiscountedPence === null || bundle.savingPercent === null) {
        expect(bundle.undiscountedPence).toBeNull();
        expect(bundle.savingPercent).toBeNull();
        continue;
      }
      const exact = (bundle.undiscountedPence * (100 - bundle.savingPercent)) / 100;
      expect(bundle.pricePence).toBe(roundHalfUpToPence(exact));
    }
    // The one bundle whose discount lands on half a penny: £129.625 -> £129.63.
    expect(getBundle("family")?.pricePence).toBe(12963);
  });

  it("have a description and whole-pence prices", () => {
    for (const bundle of BUNDLES) {
      expect(bundle.description.length).toBeGreaterThan(0);
      expect(Number.isSafeInteger(bundle.pricePence)).toBe(true);
    }
  });
});

describe("getBundle / isBundleId", () => {
  it("finds bundles by id", () => {
    expect(getBundle("gift")?.name).toBe("Keepsake Collection");
    expect(getBundle("nope")).toBeUndefined();
    expect(getBundle(null)).toBeUndefined();
  });

  it("recognises bundle ids", () => {
    expect(isBundleId("family")).toBe(true);
    expect(isBundleId("Family")).toBe(false);
    expect(isBundleId(3)).toBe(false);
  });
});

describe("applyBundlePrices", () => {
  it("puts the owner's prices in and recomputes the saving and its text", async () => {
    const { applyBundlePrices } = await import("./bundles");
    const [starter, gift, family] = applyBundlePrices([
      { id: "gift", pricePence: 8500, undiscountedPence: 10350 },
      { id: "family", pricePence: 12963, undiscountedPence: null },
    ]);
    expect(starter?.pricePence).toBe(5450);
    expect(gift).toMatchObject({ pricePence: 8500, savingPercent: 18 });
    expect(gift?.description).toMatch(/Save 18%\.$/);
    expect(family).toMatchObject({ pricePence: 12963, savingPercent: null, undiscountedPence: null });
    expect(family?.description).not.toMatch(/Save/);
  });
});
