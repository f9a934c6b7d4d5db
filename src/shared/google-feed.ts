/**
 * The Google Merchant Center product feed (issue 33 item 2): which of the shop's products and
 * lightbox bundles go into it, and how each value is written (the feed specification's
 * formats). Pure: the server reads the catalogue, the zones and the owner's photos, and writes
 * the XML (decision 333).
 */
import { BRAND_NAME } from "./brand";
import type { Pence } from "./money";
import { type ShippingZone, zoneForCountry, zoneShippingCost } from "./shipping-zones";

/** Where the feed is served; the owner gives this address to Merchant Center (a scheduled fetch). */
export const GOOGLE_FEED_PATH = "/feeds/google-shopping.xml";
/** The namespace of the feed's `g:` attributes (RSS 2.0 feeds, per Google's specification). */
export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";

/** The feed's limits: a title up to 150 characters, a description up to 5,000. */
export const FEED_TITLE_MAX = 150;
export const FEED_DESCRIPTION_MAX = 5000;

/**
 * The countries whose delivery the feed states per item (g:shipping): the shop's home markets
 * and the largest English-speaking ones it ships to. Listing every country of the world zone on
 * every item would make the feed hundreds of times larger for countries Merchant Center is not
 * set up to target; a country its zones do not serve is left out.
 */
export const FEED_SHIPPING_COUNTRIES = ["GB", "IE", "US", "CA", "AU"] as const;

export const FEED_AVAILABILITY = ["in_stock", "out_of_stock"] as const;
export type FeedAvailability = (typeof FEED_AVAILABILITY)[number];

/** Why an item is left out of the feed (the admin lists them). */
export const FEED_EXCLUSION_REASONS = ["no_photo", "no_description"] as const;
export type FeedExclusionReason = (typeof FEED_EXCLUSION_REASONS)[number];

export const FEED_EXCLUSION_TEXTS: Readonly<Record<FeedExclusionReason, string>> = {
  no_photo: "No photo: Google lists no product without an image.",
  no_description: "No description: Google requires one.",
};

/** One product or bundle as the feed sees it, before the checks. */
export interface FeedCandidate {
  readonly id: string;
  readonly kind: "product" | "bundle";
  readonly title: string;
  readonly description: string;
  /** Absolute URL of the owner's photo, or null when there is none. */
  readonly imageUrl: string | null;
  /** Absolute URL of the page where it is bought. */
  readonly link: string;
  readonly pricePence: Pence;
  /** Units that can still be sold; null for what is made to order (never runs out). */
  readonly stockAvailable: number | null;
}

export interface FeedShipping {
  readonly country: string;
  readonly service: string;
  readonly price: string;
}

export interface FeedItem {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly link: string;
  readonly imageLink: string;
  readonly price: string;
  readonly availability: FeedAvailability;
  readonly condition: "new";
  readonly brand: string;
  readonly identifierExists: "no";
  readonly shipping: readonly FeedShipping[];
}

export interface FeedExclusion {
  readonly id: string;
  readonly kind: FeedCandidate["kind"];
  readonly title: string;
  readonly reasons: readonly FeedExclusionReason[];
}

/** 1234 -> "12.34 GBP" (the specification's price: a number, a space, the ISO 4217 code). */
export function feedPrice(pence: Pence): string {
  const abs = Math.abs(pence);
  return `${pence < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")} GBP`;
}

/** Made to order (no stock kept) is always in stock; a stocked product is while a unit is free. */
export function feedAvailability(stockAvailable: number | null): FeedAvailability {
  return stockAvailable === null || stockAvailable > 0 ? "in_stock" : "out_of_stock";
}

/** What keeps an item out of the feed; none means it goes in. */
export function feedExclusionReasons(
  candidate: Pick<FeedCandidate, "imageUrl" | "description">,
): FeedExclusionReason[] {
  const reasons: FeedExclusionReason[] = [];
  if (!candidate.imageUrl?.trim()) reasons.push("no_photo");
  if (!candidate.description.trim()) reasons.push("no_description");
  return reasons;
}

/** Text cut to `max` characters (on a character, never inside a surrogate pair), whitespace folded. */
export function feedText(text: string, max: number): string {
  const folded = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(folded);
  return chars.length <= max ? folded : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * The item's delivery to each feed country a zone serves: standard (free over the zone's
 * threshold, priced on the item alone) and express.
 */
export function feedShipping(zones: readonly ShippingZone[], pricePence: Pence): FeedShipping[] {
  const out: FeedShipping[] = [];
  for (const country of FEED_SHIPPING_COUNTRIES) {
    const zone = zoneForCountry(zones, country);
    if (!zone) continue;
    out.push(
      { country, service: "Standard", price: feedPrice(zoneShippingCost(zone, "standard", pricePence)) },
      { country, service: "Express", price: feedPrice(zoneShippingCost(zone, "express", pricePence)) },
    );
  }
  return out;
}

/** The feed's items and what was left out (and why), in the candidates' order. */
export function buildFeed(
  candidates: readonly FeedCandidate[],
  zones: readonly ShippingZone[],
): { items: FeedItem[]; excluded: FeedExclusion[] } {
  const items: FeedItem[] = [];
  const excluded: FeedExclusion[] = [];
  for (const c of candidates) {
    const reasons = feedExclusionReasons(c);
    if (reasons.length > 0 || !c.imageUrl) {
      excluded.push({ id: c.id, kind: c.kind, title: c.title, reasons });
      continue;
    }
    items.push({
      id: c.id,
      title: feedText(c.title, FEED_TITLE_MAX),
      description: feedText(c.description, FEED_DESCRIPTION_MAX),
      link: c.link,
      imageLink: c.imageUrl,
      price: feedPrice(c.pricePence),
      availability: feedAvailability(c.stockAvailable),
      condition: "new",
      brand: BRAND_NAME,
      identifierExists: "no",
      shipping: feedShipping(zones, c.pricePence),
    });
  }
  return { items, excluded };
}
