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

/** ISO codes written once, space-separated: "AT BE" -> ["AT", "BE"]. */
const codes = (list: string): string[] => list.trim().split(/\s+/);

/**
 * EU members: parcels from Northern Ireland travel to them under the Windsor Framework, so no
 * import charges apply.
 */
export const EU_COUNTRIES: readonly string[] = codes(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE",
);

/** The rest of Europe, which the Europe zone also starts with. */
const REST_OF_EUROPE = codes("AD AL BA CH FO GI IS LI MC MD ME MK NO RS SM UA VA XK GG JE IM AX SJ GL");

/**
 * Countries the default seed leaves out of every zone: uninhabited territories or no civilian
 * post (AQ BV HM TF UM GS IO), and those the UK's carriers do not currently accept parcels for,
 * for sanctions or suspended service (RU BY KP IR SY CU). The admin can add any of them to a zone.
 */
export const UNSERVED_BY_DEFAULT: readonly string[] = codes("AQ BV HM TF UM GS IO RU BY KP IR SY CU");

/** Where a seed zone's countries come from: a list, or "every country no other zone has". */
type SeedCountries = readonly string[] | "the rest";

/**
 * The first-start zones, one row each (prices in pence, days as [from, to]). UK figures are the
 * spec's; Ireland's days are the spec's "3-5 UK and Ireland"; the international days are the
 * spec's 7-14 (FAQ) and 7-21 (shipping page). The other prices are ours; the admin edits them.
 */
type SeedRow = readonly [
  id: string,
  name: string,
  countries: SeedCountries,
  standard: Pence,
  express: Pence,
  freeOver: Pence | null,
  standardDays: readonly [from: number, to: number],
  expressDays: readonly [from: number, to: number],
  duties: DutiesPolicy | null,
];

/** Ireland has a zone of its own. */
const EUROPE = [...EU_COUNTRIES.filter((code) => code !== "IE"), ...REST_OF_EUROPE];
const ON_DELIVERY = "customer_pays_on_delivery";

// biome-ignore format: a table reads best aligned
const SEED_ROWS: readonly SeedRow[] = [
  // id, name, countries, standard, express, free standard over, standard days, express days, duties (SeedRow)
  ["uk",        "United Kingdom",           ["GB"],        899, 1999,  7500, [5, 7],  [2, 3],  null],
  ["ireland",   "Ireland",                  ["IE"],        999, 2199,  7500, [3, 5],  [2, 3],  null],
  ["europe",    "Europe",                   EUROPE,       1499, 2999, 15000, [7, 14], [3, 5],  ON_DELIVERY],
  ["us-canada", "United States and Canada", ["US", "CA"], 1999, 3999,  null, [7, 14], [3, 6],  ON_DELIVERY],
  ["world",     "Rest of world",            "the rest",   2499, 4999,  null, [7, 21], [5, 10], ON_DELIVERY],
];

export const SEED_SHIPPING_ZONES = (allCountryCodes: readonly string[]): ShippingZone[] => {
  const assigned = new Set<string>(UNSERVED_BY_DEFAULT);
  for (const [, , countries] of SEED_ROWS)
    if (countries !== "the rest") for (const c of countries) assigned.add(c);
  return SEED_ROWS.map(
    ([id, name, countries, standard, express, freeOver, standardDays, expressDays, duties], index) => ({
      id,
      name,
      countries:
        countries === "the rest" ? allCountryCodes.filter((code) => !assigned.has(code)) : [...countries],
      standardPence: standard,
      expressPence: express,
      freeStandardOverPence: freeOver,
      standardDays: { min: standardDays[0], max: standardDays[1] },
      expressDays: { min: expressDays[0], max: expressDays[1] },
      duties,
      sortOrder: index,
    }),
  );
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

/** A zone's business days for a delivery method (issue 30: the one window every receipt says). */
export function zoneDays(
  zone: Pick<ShippingZone, "standardDays" | "expressDays">,
  method: ShippingMethod,
): DayRange {
  return method === "express" ? zone.expressDays : zone.standardDays;
}

/** "5-7", or "3" when both ends agree. */
export function dayRangeText(range: DayRange): string {
  return range.min === range.max ? `${range.min}` : `${range.min}-${range.max}`;
}

export function zoneShippingOptions(zone: ShippingZone, subtotalPence: Pence): ShippingOption[] {
  return (["standard", "express"] as const).map((method) => {
    const days = zoneDays(zone, method);
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
