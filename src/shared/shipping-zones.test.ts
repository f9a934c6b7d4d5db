import { describe, expect, it } from "vitest";
import { checkoutTotals } from "./checkout";
import {
  dutiesFor,
  EU_COUNTRIES,
  SEED_SHIPPING_ZONES,
  type ShippingZone,
  shippingZonesSchema,
  UNSERVED_BY_DEFAULT,
  zoneAmountToFreeShipping,
  zoneForCountry,
  zoneProblems,
  zoneShippingCost,
  zoneShippingOptions,
} from "./shipping-zones";
import { WORLD_COUNTRIES } from "./world-countries";

const codes = WORLD_COUNTRIES.map((c) => c.code);
const zones = SEED_SHIPPING_ZONES(codes);
const zone = (country: string) => {
  const found = zoneForCountry(zones, country);
  if (!found) throw new Error(`no zone for ${country}`);
  return found;
};

describe("the default zones", () => {
  it("are the five of the issue, in order", () => {
    expect(zones.map((z) => z.name)).toEqual([
      "United Kingdom",
      "Ireland",
      "Europe",
      "United States and Canada",
      "Rest of world",
    ]);
  });

  it("keep the spec's UK prices and days", () => {
    const uk = zone("GB");
    expect(uk).toMatchObject({
      standardPence: 899,
      expressPence: 1999,
      freeStandardOverPence: 7500,
      standardDays: { min: 5, max: 7 },
      expressDays: { min: 2, max: 3 },
    });
    expect(zone("IE").standardDays).toEqual({ min: 3, max: 5 });
    expect(zone("FR").standardDays).toEqual({ min: 7, max: 14 });
    expect(zone("US").standardDays).toEqual({ min: 7, max: 14 });
    expect(zone("JP").standardDays).toEqual({ min: 7, max: 21 });
  });

  it("put every country in at most one zone, and leave out only the unserved", () => {
    expect(zoneProblems(zones)).toEqual([]);
    const served = new Set(zones.flatMap((z) => z.countries));
    expect(codes.filter((c) => !served.has(c)).sort()).toEqual([...UNSERVED_BY_DEFAULT].sort());
    expect(zoneForCountry(zones, "RU")).toBeUndefined();
    expect(zone("ca").id).toBe("us-canada");
  });

  it("pass their own schema", () => {
    expect(shippingZonesSchema.safeParse({ zones }).success).toBe(true);
  });
});

describe("pricing from a zone", () => {
  it("makes UK standard free strictly over £75, never express", () => {
    const uk = zone("GB");
    expect(zoneShippingCost(uk, "standard", 7500)).toBe(899);
    expect(zoneShippingCost(uk, "standard", 7501)).toBe(0);
    expect(zoneShippingCost(uk, "express", 100_000)).toBe(1999);
    expect(zoneAmountToFreeShipping(uk, 7000)).toBe(501);
  });

  it("never frees a zone without a threshold", () => {
    const us = zone("US");
    expect(zoneShippingCost(us, "standard", 1_000_000)).toBe(us.standardPence);
    expect(zoneAmountToFreeShipping(us, 10)).toBeNull();
  });

  it("is what checkoutTotals charges", () => {
    const ie = zone("IE");
    expect(checkoutTotals([3000, 2000], "standard", { zone: ie })).toEqual({
      subtotalPence: 5000,
      discountPence: 0,
      shippingPence: ie.standardPence,
      totalPence: 5000 + ie.standardPence,
    });
    expect(zoneShippingOptions(ie, 5000).map((o) => o.estimate)).toEqual([
      "3-5 business days",
      "2-3 business days",
    ]);
  });
});

describe("duties", () => {
  it("none from Northern Ireland to the UK and the EU; the zone's policy elsewhere", () => {
    expect(dutiesFor(zone("GB"), "GB")).toBeNull();
    expect(dutiesFor(zone("FR"), "FR")).toBeNull();
    expect(dutiesFor(zone("CH"), "CH")).toBe("customer_pays_on_delivery");
    expect(dutiesFor(zone("US"), "US")).toBe("customer_pays_on_delivery");
  });
});

describe("an admin's edit", () => {
  type Editable = { -readonly [K in keyof ShippingZone]: K extends "countries" ? string[] : ShippingZone[K] };
  const edit = (change: (z: Editable[]) => void) => {
    const copy = structuredClone(zones) as Editable[];
    change(copy);
    const parsed = shippingZonesSchema.safeParse({ zones: copy });
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it("refuses a negative price", () => {
    expect(edit((z) => Object.assign(z[0] ?? {}, { standardPence: -1 }))).toContain(
      "Prices cannot be negative.",
    );
  });

  it("refuses a country in two zones", () => {
    expect(edit((z) => z[2]?.countries.push("IE"))).toContain(
      'IE is already in the zone "Ireland": a country can be in one zone only.',
    );
  });

  it("refuses an unknown country and days out of order", () => {
    expect(edit((z) => z[0]?.countries.push("ZZ"))).toContain("Unknown country code.");
    expect(edit((z) => Object.assign(z[0] ?? {}, { standardDays: { min: 7, max: 5 } }))).toContain(
      "The first day cannot be after the last.",
    );
  });
});

describe("EU_COUNTRIES", () => {
  it("is the 27 member states, Ireland among them and Andorra not", () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(EU_COUNTRIES).toContain("IE");
    expect(EU_COUNTRIES).not.toContain("AD");
    expect(dutiesFor(zones[2] as ShippingZone, "AD")).toBe("customer_pays_on_delivery");
    expect(dutiesFor(zones[2] as ShippingZone, "FR")).toBeNull();
  });
});
