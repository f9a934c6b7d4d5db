import type { Pence } from "./money";

export const BUNDLE_IDS = ["starter", "gift", "family"] as const;
export type BundleId = (typeof BUNDLE_IDS)[number];

export interface Bundle {
  readonly id: BundleId;
  readonly name: string;
  readonly lithophaneCount: number;
  /** Images the customer uploads besides the main one: lithophaneCount - 1. */
  readonly additionalImages: number;
  /** GBP price of the whole bundle, every lithophane with its frame and lightbox. */
  readonly pricePence: Pence;
  /** What the lithophanes would cost one by one; null when there is no discount. */
  readonly undiscountedPence: Pence | null;
  readonly savingPercent: number | null;
  readonly description: string;
}

/**
 * The spec's bundle table. The Everlasting Collection is £152.50 less 15% = £129.625;
 * money is whole pence, so it is rounded half up (roundHalfUpToPence, the one rounding used
 * everywhere) to 12963 pence = £129.63. bundles.test.ts re-derives each discounted price.
 */
export const BUNDLES: readonly Bundle[] = [
  {
    id: "starter",
    name: "Essentials Collection",
    lithophaneCount: 1,
    additionalImages: 0,
    pricePence: 5450,
    undiscountedPence: null,
    savingPercent: null,
    description: "One custom lithophane with its frame and LED lightbox.",
  },
  {
    id: "gift",
    name: "Keepsake Collection",
    lithophaneCount: 3,
    additionalImages: 2,
    pricePence: 9315,
    undiscountedPence: 10350,
    savingPercent: 10,
    description: "Three custom lithophanes, each with its frame and LED lightbox. Save 10%.",
  },
  {
    id: "family",
    name: "Everlasting Collection",
    lithophaneCount: 5,
    additionalImages: 4,
    pricePence: 12963,
    undiscountedPence: 15250,
    savingPercent: 15,
    description: "Five custom lithophanes, each with its frame and LED lightbox. Save 15%.",
  },
];

export const DEFAULT_BUNDLE_ID = "starter" satisfies BundleId;

export function isBundleId(value: unknown): value is BundleId {
  return typeof value === "string" && (BUNDLE_IDS as readonly string[]).includes(value);
}

export function getBundle(
  id: string | null | undefined,
  bundles: readonly Bundle[] = BUNDLES,
): Bundle | undefined {
  return bundles.find((bundle) => bundle.id === id);
}

/** A bundle's price as the owner sets it in the admin (stored in bundle_prices). */
export interface BundlePrice {
  readonly id: BundleId;
  readonly pricePence: Pence;
  /** What the lithophanes would cost one by one; null shows no saving. */
  readonly undiscountedPence: Pence | null;
}

/** The saving in whole percent (rounded half up), or null when there is none. */
export function savingPercentOf(pricePence: Pence, undiscountedPence: Pence | null): number | null {
  if (undiscountedPence == null || undiscountedPence <= pricePence || undiscountedPence <= 0) return null;
  return Math.floor(((undiscountedPence - pricePence) * 100) / undiscountedPence + 0.5);
}

/**
 * The bundles with the owner's prices: the spec's table (names, counts) with each stored price
 * in place of the seeded one. A bundle without a stored price keeps the spec's. The
 * description's "Save N%." follows the stored saving.
 */
export function applyBundlePrices(
  prices: readonly BundlePrice[],
  base: readonly Bundle[] = BUNDLES,
): Bundle[] {
  return base.map((bundle) => {
    const price = prices.find((p) => p.id === bundle.id);
    if (!price) return bundle;
    const savingPercent = savingPercentOf(price.pricePence, price.undiscountedPence);
    const plain = bundle.description.replace(/ Save \d+%\.$/, "");
    return {
      ...bundle,
      pricePence: price.pricePence,
      undiscountedPence: savingPercent == null ? null : price.undiscountedPence,
      savingPercent,
      description: savingPercent == null ? plain : `${plain} Save ${savingPercent}%.`,
    };
  });
}

/** The spec's prices, as the seed writes them. */
export const SEED_BUNDLE_PRICES: readonly BundlePrice[] = BUNDLES.map((b) => ({
  id: b.id,
  pricePence: b.pricePence,
  undiscountedPence: b.undiscountedPence,
}));
