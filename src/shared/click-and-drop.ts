/**
 * Royal Mail Click & Drop (issue 33 item 3, decision 334): the order-import spreadsheet the shop
 * writes for the orders to dispatch, and the tracking export it reads back. Pure: the columns,
 * the parcel's weight and size from the items, the service code from the owner's settings, the
 * rows of a tracking file checked one by one.
 */
import { z } from "zod";
import { type ColumnMap, type ColumnNames, mapColumns } from "./csv-columns";
import { productTypeOf } from "./product-types";

/**
 * The columns written, in order, named as Click & Drop's order-import field specification names
 * them (so its import maps them without a saved mapping). Decision 331 lists each one's source.
 */
export const CLICK_AND_DROP_COLUMNS = [
  "Order reference",
  "Date",
  "First Name",
  "Last Name",
  "Address Line 1",
  "Address Line 2",
  "Address Line 3",
  "City",
  "County",
  "Postcode",
  "Country",
  "Email",
  "Phone",
  "Weight",
  "Package Size",
  "Service code",
  "Sub-total",
  "Shipping Cost",
  "Total",
  "Currency Code",
] as const;

/** The parcel's weight in grams: packaging, then each lightbox or accessory (decision 334). */
export const PARCEL_WEIGHTS_GRAMS = {
  /** The box, the padding and the packing slip. */
  packaging: 250,
  /** One lithophane panel in its frame, with its LED lightbox base. */
  lightbox: 650,
  /** An accessory (an adapter, a stand, a mounting kit). */
  accessory: 200,
} as const;

/** Small parcels (UK only) take up to 2 kg; above that, a medium parcel. */
export const SMALL_PARCEL_MAX_GRAMS = 2000;

export interface ParcelItem {
  readonly kind: string;
  readonly bundleId: string | null;
  readonly quantity: number;
}

export function parcelWeightGrams(items: readonly ParcelItem[]): number {
  let grams = PARCEL_WEIGHTS_GRAMS.packaging;
  for (const item of items) {
    // A lightbox line: each of the bundle's panels comes with its own frame and lightbox.
    const { piece, count } = productTypeOf(item.kind).parcelPieces(item);
    grams += count * PARCEL_WEIGHTS_GRAMS[piece];
  }
  return grams;
}

/** 1450 -> "1.450" (kilograms, three decimals: the import's Weight field). */
export function weightKg(grams: number): string {
  return (Math.round(grams) / 1000).toFixed(3);
}

/** Click & Drop's package sizes: small and medium parcels are for UK addresses only. */
export function packageSize(grams: number, countryCode: string): "small parcel" | "medium parcel" | "parcel" {
  if (countryCode.toUpperCase() !== "GB") return "parcel";
  return grams <= SMALL_PARCEL_MAX_GRAMS ? "small parcel" : "medium parcel";
}

// ---------------------------------------------------------------- the owner's services

/**
 * The Royal Mail service for each kind of delivery: a service code or an alias the owner set up
 * in Click & Drop. The defaults are Royal Mail's codes as far as we know them (decision 334);
 * the owner checks them against her account once, on the Click & Drop screen.
 */
const serviceCode = z
  .string()
  .trim()
  .min(1, "Enter a service code.")
  .max(100, "A service code has at most 100 characters.");

export const clickAndDropSettingsSchema = z.object({
  ukStandardService: serviceCode,
  ukExpressService: serviceCode,
  internationalService: serviceCode,
});
export type ClickAndDropSettings = z.infer<typeof clickAndDropSettingsSchema>;

export const DEFAULT_CLICK_AND_DROP_SETTINGS: ClickAndDropSettings = {
  ukStandardService: "TPS48",
  ukExpressService: "TPN24",
  internationalService: "MP1",
};

export function serviceFor(settings: ClickAndDropSettings, countryCode: string, method: string): string {
  if (countryCode.toUpperCase() !== "GB") return settings.internationalService;
  return method === "express" ? settings.ukExpressService : settings.ukStandardService;
}

// ---------------------------------------------------------------- text the import accepts

/** Accents dropped ("Siobhán" -> "Siobhan"): the name fields take standard Roman characters only. */
export function romanText(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * The phone as digits only ("+44 7700 900123" -> "447700900123"): the field is numeric, and a
 * leading + would read as a formula in a spreadsheet.
 */
export function phoneDigits(phone: string | null | undefined): string {
  return phone?.replace(/\D/g, "") ?? "";
}

/** A Date -> "dd/mm/yy" in UK time (the import's date format). */
export function clickAndDropDate(at: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "2-digit",
    month: "2-digit",
    year: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}/${part("month")}/${part("year")}`;
}

/** "Siobhán Ní Bhriain" -> ["Siobhán", "Ní Bhriain"]: the first word, then the rest. */
export function splitName(full: string): [string, string] {
  const words = full.trim().split(/\s+/).filter(Boolean);
  return [words[0] ?? "", words.slice(1).join(" ")];
}

// ---------------------------------------------------------------- the tracking file

/** The tracking import's limits: a file of at most 200 KB (inside the API's 256 KB body) and 500 rows. */
export const TRACKING_IMPORT_MAX_BYTES = 200 * 1024;
export const TRACKING_IMPORT_MAX_ROWS = 500;

/**
 * The tracking file's columns, each by its names in order of preference (shared/csv-columns.ts:
 * case, spaces and punctuation ignored). Click & Drop's own export has both "Order number" (Click
 * & Drop's id for the order) and "Order reference" (the shop's, as the order import wrote it): the
 * reference wins wherever it stands; "Order number" is read only from a file without a reference
 * column (hand-made files). Older exports and hand-made files use the other names.
 */
export const TRACKING_COLUMNS = {
  reference: ["Order reference", "Reference", "Channel reference", "Order ref", "Order number"],
  trackingNumber: ["Tracking number", "Tracking no", "Tracking code", "Tracking"],
  service: ["Service", "Shipping service", "Service name", "Postage service", "Service code"],
} as const satisfies ColumnNames<"reference" | "trackingNumber" | "service">;

/** Where each wanted column is in the header row; null for a column that is not there. */
export function trackingColumns(header: readonly string[]): ColumnMap<keyof typeof TRACKING_COLUMNS> {
  return mapColumns(header, TRACKING_COLUMNS);
}

/** One row of the tracking file, checked: the order's reference and its Royal Mail number. */
export const trackingRowSchema = z.object({
  reference: z
    .string()
    .trim()
    .min(1, "No order reference.")
    .max(40, "The order reference is longer than Click & Drop's 40 characters."),
  trackingNumber: z
    .string()
    .trim()
    .min(1, "No tracking number.")
    .max(40, "The tracking number is too long.")
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
      "The tracking number has characters a Royal Mail number never has.",
    ),
  service: z.string().trim().max(100).default(""),
});
export type TrackingRow = z.infer<typeof trackingRowSchema>;

/** What the import did with each row of the file. */
export const TRACKING_OUTCOMES = [
  "dispatched",
  "already_dispatched",
  "unknown_reference",
  "not_ready",
  "invalid",
  "duplicate",
] as const;
export type TrackingOutcome = (typeof TRACKING_OUTCOMES)[number];

export interface TrackingRowReport {
  /** The line in the file (the header is line 1). */
  readonly line: number;
  readonly reference: string;
  readonly trackingNumber: string;
  readonly outcome: TrackingOutcome;
  readonly message: string;
  /** The order it matched, when it matched one. */
  readonly orderId: string | null;
}

export const TRACKING_OUTCOME_LABELS: Readonly<Record<TrackingOutcome, string>> = {
  dispatched: "Dispatched",
  already_dispatched: "Already dispatched",
  unknown_reference: "Unknown reference",
  not_ready: "Not ready to dispatch",
  invalid: "Not read",
  duplicate: "Repeated in the file",
};

/** A reference as typed: without "#", lower case ("1001"; an old "3f9a1c2b"; a whole id). */
export function normaliseReference(reference: string): string {
  return reference.trim().replace(/^#/, "").toLowerCase();
}
