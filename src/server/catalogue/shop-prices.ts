/**
 * The prices the owner sets in the admin beyond products and options: the bundle prices and
 * the free-shipping threshold. Bundles live in bundle_prices (seeded with the spec's table),
 * the threshold in system_settings. Both are part of the catalogue fingerprint
 * (pricing.ts CATALOG_FINGERPRINT_SQL), so a change re-prices the very next checkout and can
 * never reach an order already placed (orders keep the prices they were created with).
 */
import { applyBundlePrices, type Bundle, type BundlePrice, isBundleId } from "@shared/bundles";
import type { Pence } from "@shared/money";
import { FREE_SHIPPING_THRESHOLD_PENCE } from "@shared/shipping";
import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { bundlePrices, shippingZoneCountries, shippingZones, systemSettings } from "../db/schema.js";
import { writeSetting } from "../platform/index.js";

/** The shop's own country: its zone's free-shipping threshold is the one the Prices screen sets. */
const HOME_COUNTRY = "GB";

export const FREE_SHIPPING_THRESHOLD_KEY = "free_shipping_threshold_pence";

export interface ShopPrices {
  /** The spec's bundles with the owner's prices. */
  readonly bundles: readonly Bundle[];
  readonly freeShippingThresholdPence: Pence;
}

export const DEFAULT_SHOP_PRICES: ShopPrices = {
  bundles: applyBundlePrices([]),
  freeShippingThresholdPence: FREE_SHIPPING_THRESHOLD_PENCE,
};

function parseThreshold(value: string | undefined): Pence {
  const n = value == null ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : FREE_SHIPPING_THRESHOLD_PENCE;
}

export async function loadBundlePrices(db: DbOrTx): Promise<BundlePrice[]> {
  const rows = await db.select().from(bundlePrices).orderBy(asc(bundlePrices.bundleId));
  return rows.flatMap((r) =>
    isBundleId(r.bundleId)
      ? [{ id: r.bundleId, pricePence: r.price, undiscountedPence: r.undiscountedPrice }]
      : [],
  );
}

/** The bundles and the threshold, in two small queries (use a snapshot-consistent tx). */
export async function loadShopPrices(db: DbOrTx): Promise<ShopPrices> {
  const [prices, [threshold]] = await Promise.all([
    loadBundlePrices(db),
    db
      .select({ value: systemSettings.settingValue })
      .from(systemSettings)
      .where(eq(systemSettings.settingKey, FREE_SHIPPING_THRESHOLD_KEY))
      .limit(1),
  ]);
  return {
    bundles: applyBundlePrices(prices),
    freeShippingThresholdPence: parseThreshold(threshold?.value),
  };
}

export interface ShopPricesInput {
  bundles?: readonly BundlePrice[] | undefined;
  freeShippingThresholdPence?: number | undefined;
}

/** The stored values, for the audit trail's old/new. */
export interface ShopPricesRecord {
  bundles: BundlePrice[];
  freeShippingThresholdPence: Pence;
}

function record(prices: ShopPrices): ShopPricesRecord {
  return {
    bundles: prices.bundles.map((b) => ({
      id: b.id,
      pricePence: b.pricePence,
      undiscountedPence: b.undiscountedPence,
    })),
    freeShippingThresholdPence: prices.freeShippingThresholdPence,
  };
}

/** Writes the given prices in the caller's transaction; answers the values before and after. */
export async function updateShopPrices(
  tx: Tx,
  input: ShopPricesInput,
): Promise<{ before: ShopPricesRecord; after: ShopPricesRecord }> {
  const before = record(await loadShopPrices(tx));
  for (const bundle of input.bundles ?? []) {
    await tx
      .insert(bundlePrices)
      .values({ bundleId: bundle.id, price: bundle.pricePence, undiscountedPrice: bundle.undiscountedPence })
      .onConflictDoUpdate({
        target: bundlePrices.bundleId,
        set: { price: bundle.pricePence, undiscountedPrice: bundle.undiscountedPence, updatedAt: new Date() },
      });
  }
  if (input.freeShippingThresholdPence !== undefined) {
    const value = String(input.freeShippingThresholdPence);
    await writeSetting(tx, FREE_SHIPPING_THRESHOLD_KEY, value);
    // The threshold is the home zone's (the United Kingdom's): checkout prices shipping from
    // zones (issue 16), so the owner's one figure is kept there too.
    await tx
      .update(shippingZones)
      .set({ freeStandardOver: input.freeShippingThresholdPence, updatedAt: new Date() })
      .where(
        inArray(
          shippingZones.id,
          tx
            .select({ id: shippingZoneCountries.zoneId })
            .from(shippingZoneCountries)
            .where(eq(shippingZoneCountries.country, HOME_COUNTRY)),
        ),
      );
  }
  return { before, after: record(await loadShopPrices(tx)) };
}
