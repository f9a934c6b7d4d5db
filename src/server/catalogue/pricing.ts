/**
 * The server's price for cart lines: checkout and the saved cart call this and never trust a
 * client's price. A lithophane costs its bundle price plus the modifier of each chosen option
 * (the shared lightboxPricePence rule, so the creator and the server agree); an accessory
 * costs its product price. Options and products for a whole batch are read in at most two
 * queries.
 *
 * Checkout prices from a PricingSnapshot instead (no query at all): the whole catalogue
 * (options and products) held in memory with its fingerprint, an MD5 PostgreSQL computes over
 * both tables' rows. The order's INSERT re-computes that fingerprint in the same statement
 * and writes nothing unless it still matches (createOrder's `catalogFingerprint`), so a
 * snapshot can never put an old price on an order: any write to the catalogue, by this
 * process, another server or a script, makes the next checkout re-price from the database.
 */
import type { Bundle } from "@shared/bundles";
import type { CartItemConfig } from "@shared/cart";
import { type CreatorOption, flattenOptions } from "@shared/options";
import { type PricedDescription, type PricedItem, typeOfConfig } from "@shared/product-types";
import { priceRuleOf } from "@shared/product-types/pricing";
import type { ShippingZone } from "@shared/shipping-zones";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { productStock } from "../db/schema.js";
import {
  type CreatorOptions,
  findProductsForPricing,
  loadCreatorOptions,
  type ProductForPricing,
} from "./catalog.js";
import { listShippingZones } from "./shipping-zones.js";
import { DEFAULT_SHOP_PRICES, loadShopPrices, type ShopPrices } from "./shop-prices.js";

export type { PricedDescription, PricedItem };

/** One price per item, in the same order. Nothing is written. */
export async function priceCartItems(db: DbOrTx, items: readonly CartItemConfig[]): Promise<PricedItem[]> {
  const productIds = items.flatMap((item) => typeOfConfig(item).productIdOf(item) ?? []);
  const needsOptions = items.some((item) => priceRuleOf(item).pricedFromOptions);
  const [options, productsById, prices] = await Promise.all([
    needsOptions ? loadCreatorOptions(db) : Promise.resolve(null),
    findProductsForPricing(db, productIds),
    needsOptions ? loadShopPrices(db) : Promise.resolve(DEFAULT_SHOP_PRICES),
  ]);
  const offered = options ? flattenOptions(options.grouped) : [];
  return priceWith(items, options, offered, productsById, prices.bundles);
}

function priceWith(
  items: readonly CartItemConfig[],
  options: CreatorOptions | null,
  offered: readonly CreatorOption[],
  productsById: ReadonlyMap<string, ProductForPricing>,
  bundles: readonly Bundle[],
): PricedItem[] {
  // Each line is priced by its product type's rule, from the owner's catalogue.
  const catalogue = {
    offered,
    stored: options?.rows ?? [],
    typeOptions: options?.typeOptions ?? [],
    products: productsById,
    bundles,
  };
  return items.map((item) => priceRuleOf(item).price(item, catalogue));
}

// ---------------------------------------------------------------- pricing snapshot

/**
 * SQL for the catalogue's fingerprint: its version (migration 0015), which the triggers on
 * products, product_options, bundle_prices, filaments, which products are stocked and the
 * free-shipping threshold raise in every writing transaction. It replaced an MD5 over all of
 * those rows, which cost each order insert and each saved cart ~0.9 ms of database CPU.
 */
export const CATALOG_FINGERPRINT_SQL = "coalesce((select version from catalog_version), 0)::text";

/** The whole catalogue as pricing needs it, and the fingerprint of exactly these rows. */
export interface PricingSnapshot {
  readonly fingerprint: string;
  readonly options: CreatorOptions;
  readonly offered: readonly CreatorOption[];
  readonly products: ReadonlyMap<string, ProductForPricing>;
  /** Bundle prices and the free-shipping threshold. */
  readonly prices: ShopPrices;
  /** The products kept in stock (a product_stock row); the others are made to order. */
  readonly stockedProductIds: ReadonlySet<string>;
  /** The shipping zones with their countries, as checkout prices shipping. */
  readonly zones: readonly ShippingZone[];
}

/** Prices from the snapshot, without a query. Only valid with createOrder's fingerprint check. */
export function priceFromSnapshot(snapshot: PricingSnapshot, items: readonly CartItemConfig[]): PricedItem[] {
  return priceWith(items, snapshot.options, snapshot.offered, snapshot.products, snapshot.prices.bundles);
}

/**
 * Reads the fingerprint, the options and every product in one read-only REPEATABLE READ
 * transaction, so all three describe the same committed state of the catalogue.
 */
export async function loadPricingSnapshot(db: Db): Promise<PricingSnapshot> {
  return db.transaction(
    async (tx) => {
      const result = await tx.execute<{ fingerprint: string }>(
        sql.raw(`select ${CATALOG_FINGERPRINT_SQL} as fingerprint`),
      );
      const fingerprint = (result as unknown as { rows: Array<{ fingerprint: string }> }).rows[0]
        ?.fingerprint;
      if (!fingerprint) throw new Error("catalogue fingerprint missing");
      const options = await loadCreatorOptions(tx);
      const byId = await findProductsForPricing(tx);
      const prices = await loadShopPrices(tx);
      const stocked = await tx.select({ productId: productStock.productId }).from(productStock);
      const zones = await listShippingZones(tx);
      return {
        fingerprint,
        options,
        offered: flattenOptions(options.grouped),
        products: byId,
        prices,
        stockedProductIds: new Set(stocked.map((row) => row.productId)),
        zones,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

interface SnapshotSlot {
  current?: PricingSnapshot;
  loading?: Promise<PricingSnapshot>;
}

const snapshots = new WeakMap<object, SnapshotSlot>();

/**
 * This process's pricing snapshot of `db`, loaded on first use (one load for all waiting
 * requests; a failed load is not kept). It may be out of date: createOrder's fingerprint
 * check decides whether its prices may be used.
 */
export function pricingSnapshot(db: Db): Promise<PricingSnapshot> {
  let slot = snapshots.get(db);
  if (!slot) {
    slot = {};
    snapshots.set(db, slot);
  }
  if (slot.current) return Promise.resolve(slot.current);
  if (slot.loading) return slot.loading;
  const own = slot;
  const loading = loadPricingSnapshot(db).then(
    (snapshot) => {
      if (own.loading === loading) {
        own.current = snapshot;
        own.loading = undefined;
      }
      return snapshot;
    },
    (error: unknown) => {
      if (own.loading === loading) own.loading = undefined;
      throw error;
    },
  );
  own.loading = loading;
  return loading;
}

/**
 * Forgets the snapshot (all of it, or only `stale` if it is still the current one): the next
 * pricingSnapshot() reads the catalogue again. A load already under way is dropped too.
 */
export function dropPricingSnapshot(db: DbOrTx, stale?: PricingSnapshot): void {
  const slot = snapshots.get(db);
  if (!slot) return;
  if (stale && slot.current !== stale) return;
  slot.current = undefined;
  slot.loading = undefined;
}
