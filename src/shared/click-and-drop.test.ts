import { describe, expect, it } from "vitest";
import {
  clickAndDropDate,
  DEFAULT_CLICK_AND_DROP_SETTINGS,
  normaliseReference,
  PARCEL_WEIGHTS_GRAMS,
  packageSize,
  parcelWeightGrams,
  phoneDigits,
  romanText,
  serviceFor,
  splitName,
  trackingColumns,
  trackingRowSchema,
  weightKg,
} from "./click-and-drop";

describe("Click & Drop's order import", () => {
  it("weighs the parcel from its items: each bundle panel is a lightbox", () => {
    const { packaging, lightbox, accessory } = PARCEL_WEIGHTS_GRAMS;
    expect(parcelWeightGrams([])).toBe(packaging);
    expect(parcelWeightGrams([{ kind: "lithophane", bundleId: "gift", quantity: 1 }])).toBe(
      packaging + 3 * lightbox,
    );
    expect(
      parcelWeightGrams([
        { kind: "lithophane", bundleId: "starter", quantity: 1 },
        { kind: "accessory", bundleId: null, quantity: 2 },
      ]),
    ).toBe(packaging + lightbox + 2 * accessory);
    expect(weightKg(1450)).toBe("1.450");
  });

  it("sizes the package: small or medium parcel in the UK, parcel abroad", () => {
    expect(packageSize(1500, "GB")).toBe("small parcel");
    expect(packageSize(2000, "gb")).toBe("small parcel");
    expect(packageSize(2001, "GB")).toBe("medium parcel");
    expect(packageSize(900, "IE")).toBe("parcel");
  });

  it("chooses the owner's service for the delivery", () => {
    const s = DEFAULT_CLICK_AND_DROP_SETTINGS;
    expect(serviceFor(s, "GB", "standard")).toBe(s.ukStandardService);
    expect(serviceFor(s, "GB", "express")).toBe(s.ukExpressService);
    expect(serviceFor(s, "IE", "express")).toBe(s.internationalService);
  });

  it("writes names in Roman characters, phones as digits, dates as dd/mm/yy in UK time", () => {
    expect(romanText("Siobhán Ní Bhriain")).toBe("Siobhan Ni Bhriain");
    expect(phoneDigits("+44 (0)7700 900123")).toBe("4407700900123");
    expect(phoneDigits(null)).toBe("");
    expect(clickAndDropDate(new Date("2026-06-30T23:30:00Z"))).toBe("01/07/26");
    expect(splitName("Mary Ann Byrne")).toEqual(["Mary", "Ann Byrne"]);
  });
});

describe("Click & Drop's tracking export", () => {
  it("finds the columns by their names, whatever the case and spacing", () => {
    expect(trackingColumns(["Order Reference", "Recipient", "Tracking Number", "Shipping service"])).toEqual({
      reference: 0,
      trackingNumber: 2,
      service: 3,
    });
    expect(trackingColumns(["Name", "Tracking"])).toEqual({
      reference: null,
      trackingNumber: 1,
      service: null,
    });
  });

  it("reads the shop's reference, not Click & Drop's order number, from its own export (issue 47)", () => {
    const header = [
      "Order number",
      "Order reference",
      "Channel",
      "Service",
      "Tracking number",
      "Despatch date",
    ];
    expect(trackingColumns(header)).toEqual({ reference: 1, trackingNumber: 4, service: 3 });
    // A hand-made file with the order number only still reads.
    expect(trackingColumns(["Order number", "Tracking number"])).toMatchObject({
      reference: 0,
      trackingNumber: 1,
    });
  });

  it("checks each row: a reference and a plausible tracking number", () => {
    expect(
      trackingRowSchema.safeParse({ reference: "1a2b3c4d", trackingNumber: "AB123456789GB" }).success,
    ).toBe(true);
    expect(trackingRowSchema.safeParse({ reference: "", trackingNumber: "AB123456789GB" }).success).toBe(
      false,
    );
    expect(trackingRowSchema.safeParse({ reference: "x", trackingNumber: "=HYPERLINK(1)" }).success).toBe(
      false,
    );
    expect(normaliseReference(" #1A2B3C4D ")).toBe("1a2b3c4d");
  });
});
