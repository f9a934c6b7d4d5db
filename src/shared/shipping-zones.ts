/**
 * Shipping zones: which countries the shop delivers to, at what price and in how many working
 * days. The zones live in the database (the admin edits them); these pure rules price a
 * delivery from a zone, check an edit, and hold the first-start seed.
 */

import { z } from "zod";
import { ADMIN_MESSAGE_TEXTS } from "./admin-messages";
import type { Pence } from "./money";
import type { ShippingMethod, ShippingOption } from "./shipping";
import { isCountryCode } from "./world-countries";

export interface DayRange {
  readonly min: number;
  readonly max: number;
}

export interface ShippingZone {
  /** A short stable id: "uk", "ireland", "europe", "us-canada", "world". */
  readonly id: string;
  readonly name: string;
  /** ISO alpha-2 codes. */
  readonly countries: readonly string[];
  readonly standardPence: Pence;
  readonly expressPence: Pence;
  /** Standard delivery is free when the subtotal is OVER this; null: never free. */
  readonly freeStandardOverPence: Pence | null;
  readonly standardDays: DayRange;
  readonly expressDays: DayRange;
  /** Who pays import charges where they may apply; null where none apply (UK and EU from Northern Ireland). */
  readonly duties: DutiesPolicy | null;
  readonly sortOrder: number;
}

export const DUTIES_POLICIES = ["customer_pays_on_delivery", "shop_pays"] as const;
export type DutiesPolicy = (typeof DUTIES_POLICIES)[number];

/** The countries of the EU and the rest of Europe that the Europe zone starts with. */
const EUROPE = [
  // European Union (parcels from Northern Ireland travel under the Windsor Framework: no import charges)
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  // Rest of Europe
  "AD",
  "AL",
  "BA",
  "CH",
  "FO",
  "GI",
  "IS",
  "LI",
  "MC",
  "MD",
  "ME",
  "MK",
  "NO",
  "RS",
  "SM",
  "UA",
  "VA",
  "XK",
  "GG",
  "JE",
  "IM",
  "AX",
  "SJ",
  "GL",
] as const;

/** EU members: the zone rule says no import charges for these from Northern Ireland. */
export const EU_COUNTRIES: readonly string[] = EUROPE.slice(0, 27);

/**
 * Countries the default seed leaves out of every zone: uninhabited territories, and those
 * the UK's carriers do not currently accept parcels for (sanctions or suspended service).
 * The admin can add any of them to a zone.
 */
export const UNSERVED_BY_DEFAULT: readonly string[] = [
  "AQ",
  "BV",
  "HM",
  "TF",
  "UM",
  "GS",
  "IO", // uninhabited or no civilian post
  "RU",
  "BY",
  "KP",
  "IR",
  "SY",
  "CU", // sanctions or suspended carrier service
];

export const SEED_SHIPPING_ZONES = (allCountryCodes: readonly string[]): ShippingZone[] => {
  const assigned = new Set<string>(["GB", "IE", ...EUROPE, "US", "CA", ...UNSERVED_BY_DEFAULT]);
  return [
    {
      id: "uk",
      name: "United Kingdom",
      countries: ["GB"],
      standardPence: 899,
      expressPence: 1999,
      freeStandardOverPence: 7500,
      standardDays: { min: 5, max: 7 },
      expressDays: { min: 2, max: 3 },
      duties: null,
      sortOrder: 0,
    },
    {
      id: "ireland",
      name: "Ireland",
      countries: ["IE"],
      standardPence: 999,
      expressPence: 2199,
      freeStandardOverPence: 7500,
      standardDays: { min: 3, max: 5 },
      expressDays: { min: 2, max: 3 },
      duties: null,
      sortOrder: 1,
    },
    {
      id: "europe",
      name: "Europe",
      countries: [...EUROPE],
      standardPence: 1499,
      expressPence: 2999,
      freeStandardOverPence: 15000,
      standardDays: { min: 7, max: 14 },
      expressDays: { min: 3, max: 5 },
      duties: "customer_pays_on_delivery",
      sortOrder: 2,
    },
    {
      id: "us-canada",
      name: "United States and Canada",
      countries: ["US", "CA"],
      standardPence: 1999,
      expressPence: 3999,
      freeStandardOverPence: null,
      standardDays: { min: 7, max: 14 },
      expressDays: { min: 3, max: 6 },
      duties: "customer_pays_on_delivery",
      sortOrder: 3,
    },
    {
      id: "world",
      name: "Rest of world",
      countries: allCountryCodes.filter((code) => !assigned.has(code)),
      standardPence: 2499,
      expressPence: 4999,
      freeStandardOverPence: null,
      standardDays: { min: 7, max: 21 },
      expressDays: { min: 5, max: 10 },
      duties: "customer_pays_on_delivery",
      sortOrder: 4,
    },
  ];
};

/** The zone that delivers to a country, or undefined: the shop does not deliver there. */
export function zoneForCountry<Z extends Pick<ShippingZone, "countries">>(
  zones: readonly Z[],
  country: string,
): Z | undefined {
  const code = country.toUpperCase();
  return zones.find((zone) => zone.countries.includes(code));
}

/**
 * Whether import charges may apply to a parcel for this country. Northern Ireland ships to
 * Great Britain and the EU without them; the zone's duties setting covers the rest.
 */
export function dutiesFor(zone: ShippingZone, country: string): DutiesPolicy | null {
  const code = country.toUpperCase();
  if (code === "GB" || EU_COUNTRIES.includes(code)) return null;
  return zone.duties;
}

export function zoneQualifiesForFreeStandard(zone: ShippingZone, subtotalPence: Pence): boolean {
  return zone.freeStandardOverPence !== null && subtotalPence > zone.freeStandardOverPence;
}

/** Express is always charged; standard is free over the zone's threshold. */
export function zoneShippingCost(zone: ShippingZone, method: ShippingMethod, subtotalPence: Pence): Pence {
  if (method === "express") return zone.expressPence;
  return zoneQualifiesForFreeStandard(zone, subtotalPence) ? 0 : zone.standardPence;
}

/** "5-7", or "3" when both ends agree. */
export function dayRangeText(range: DayRange): string {
  return range.min === range.max ? `${range.min}` : `${range.min}-${range.max}`;
}

export function zoneShippingOptions(zone: ShippingZone, subtotalPence: Pence): ShippingOption[] {
  return (["standard", "express"] as const).map((method) => {
    const days = method === "express" ? zone.expressDays : zone.standardDays;
    return {
      method,
      label: method === "express" ? "Express Delivery" : "Standard Delivery",
      estimate: `${dayRangeText(days)} business days`,
      minBusinessDays: days.min,
      maxBusinessDays: days.max,
      pricePence: zoneShippingCost(zone, method, subtotalPence),
    };
  });
}

/** How much more to spend for free standard delivery in this zone; null when the zone has none. */
export function zoneAmountToFreeShipping(zone: ShippingZone, subtotalPence: Pence): Pence | null {
  if (zone.freeStandardOverPence === null) return null;
  return zoneQualifiesForFreeStandard(zone, subtotalPence)
    ? 0
    : zone.freeStandardOverPence + 1 - subtotalPence;
}

// ---------------------------------------------------------------------------- admin edit

const M = ADMIN_MESSAGE_TEXTS.shippingZones;
const MAX_PENCE = 1_000_000;

const pence = z
  .number({ error: M.priceInvalid })
  .int(M.priceInvalid)
  .min(0, M.priceNegative)
  .max(MAX_PENCE, M.priceInvalid);

const dayRange = z
  .object({
    min: z.number({ error: M.daysInvalid }).int(M.daysInvalid).min(0, M.daysInvalid).max(90, M.daysInvalid),
    max: z.number({ error: M.daysInvalid }).int(M.daysInvalid).min(0, M.daysInvalid).max(90, M.daysInvalid),
  })
  .refine((r) => r.min <= r.max, { error: M.daysOrder, path: ["max"] });

export const shippingZoneSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, M.idInvalid),
  name: z.string().trim().min(1, M.nameRequired).max(80),
  countries: z
    .array(
      z
        .string()
        .trim()
        .transform((c) => c.toUpperCase())
        .refine(isCountryCode, M.unknownCountry),
    )
    .max(300),
  standardPence: pence,
  expressPence: pence,
  freeStandardOverPence: pence.nullable(),
  standardDays: dayRange,
  expressDays: dayRange,
  duties: z.enum(DUTIES_POLICIES).nullable(),
  sortOrder: z.number().int().min(0).max(1000),
});

/** The whole set of zones, as the admin saves it: every country in at most one zone, ids unique. */
export const shippingZonesSchema = z
  .object({ zones: z.array(shippingZoneSchema).min(1, M.atLeastOne).max(50) })
  .superRefine(({ zones }, ctx) => {
    for (const problem of zoneProblems(zones)) {
      ctx.addIssue({ code: "custom", message: problem.message, path: ["zones", problem.zone, "countries"] });
    }
  });
export type ShippingZonesInput = z.input<typeof shippingZonesSchema>;

export interface ZoneProblem {
  readonly zone: number;
  readonly message: string;
}

/** Countries named by two zones (or twice by one), and repeated zone ids. */
export function zoneProblems(
  zones: readonly Pick<ShippingZone, "id" | "name" | "countries">[],
): ZoneProblem[] {
  const problems: ZoneProblem[] = [];
  const owner = new Map<string, number>();
  const ids = new Set<string>();
  zones.forEach((zone, index) => {
    if (ids.has(zone.id)) problems.push({ zone: index, message: M.duplicateId(zone.id) });
    ids.add(zone.id);
    for (const country of zone.countries) {
      const first = owner.get(country);
      if (first !== undefined) {
        const other = zones[first]?.name ?? "";
        problems.push({ zone: index, message: M.countryTwice(country, other) });
      } else {
        owner.set(country, index);
      }
    }
  });
  return problems;
}
