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
import { type Bundle, getBundle } from "@shared/bundles";
import { type CartItemConfig, type LithophaneConfig, lithophaneFrameStyle } from "@shared/cart";
import { chosenLightboxPricePence } from "@shared/creator";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { MESSAGES } from "@shared/messages";
import type { Pence } from "@shared/money";
import {
  type CreatorOption,
  flattenOptions,
  isSelectable,
  type OptionType,
  sizeAppliesToShape,
  sizeLabel,
} from "@shared/options";
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

/** The texts an order line shows: the spec's cart fields. */
export interface PricedDescription {
  /** "7 inch x 7 inch"; "Standard" for accessories. */
  sizeLabel: string;
  /** The bundle name for lithophanes ("Keepsake Collection"); "Rectangle" for accessories. */
  shapeName: string;
  /** "White · 3 × Square" for lithophanes; the product name for accessories. */
  frameStyle: string;
  /** Panels to print: the bundle's count, 0 for accessories. */
  lithophaneCount: number;
  /** "Lithophane" or the product name: a line item's title. */
  title: string;
}

export type PricedItem =
  | { ok: true; kind: CartItemConfig["kind"]; unitPricePence: Pence; description: PricedDescription }
  | { ok: false; reason: "unavailable" | "unknown"; message: string };

type Refusal = Extract<PricedItem, { ok: false }>;

function isRefusal(value: CreatorOption | Refusal): value is Refusal {
  return "ok" in value;
}

function refuse(reason: Refusal["reason"], message: string): Refusal {
  return { ok: false, reason, message };
}

/** One price per item, in the same order. Nothing is written. */
export async function priceCartItems(db: DbOrTx, items: readonly CartItemConfig[]): Promise<PricedItem[]> {
  const productIds = items.flatMap((item) => (item.kind === "accessory" ? [item.productId] : []));
  const needsOptions = items.some((item) => item.kind === "lithophane");
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
  return items.map((item) =>
    item.kind === "lithophane"
      ? priceLithophane(item, offered, options, bundles)
      : priceAccessory(productsById.get(item.productId)),
  );
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

function priceLithophane(
  config: LithophaneConfig,
  offered: readonly CreatorOption[],
  options: CreatorOptions | null,
  bundles: readonly Bundle[],
): PricedItem {
  const bundle = getBundle(config.bundleId, bundles);
  if (!bundle) return refuse("unknown", CREATOR_MESSAGES.pricing.lithophaneUnavailable);

  const choose = (type: OptionType, id: string): CreatorOption | Refusal => {
    const option = offered.find((o) => o.optionType === type && o.id === id);
    if (option)
      return isSelectable(option)
        ? option
        : refuse("unavailable", CREATOR_MESSAGES.pricing.lithophaneUnavailable);
    // Stored but switched off (inactive) is unavailable; never heard of is unknown.
    const stored = options?.rows.some((o) => o.optionType === type && o.id === id);
    return refuse(stored ? "unavailable" : "unknown", CREATOR_MESSAGES.pricing.lithophaneUnavailable);
  };
  const processing = choose("processing", config.processing);
  const shape = choose("shape", config.shapeId);
  const frameColor = choose("frame_color", config.frameColorId);
  const size = choose("size", config.sizeId);
  if (isRefusal(processing) || isRefusal(shape) || isRefusal(frameColor) || isRefusal(size)) {
    // Unknown outranks unavailable so the caller learns the more basic problem.
    const refusals = [processing, shape, frameColor, size].filter(isRefusal);
    return refusals.find((r) => r.reason === "unknown") ?? refusals[0]!;
  }
  if (!sizeAppliesToShape(size, shape.id))
    return refuse("unavailable", CREATOR_MESSAGES.pricing.lithophaneUnavailable);
  return {
    ok: true,
    kind: "lithophane",
    unitPricePence: chosenLightboxPricePence(bundle, { processing, shape, frameColor, size }),
    description: {
      sizeLabel: sizeLabel(size),
      shapeName: bundle.name,
      frameStyle: lithophaneFrameStyle(frameColor.name, bundle.lithophaneCount, shape.name),
      lithophaneCount: bundle.lithophaneCount,
      title: MESSAGES.cart.itemTitle,
    },
  };
}

function priceAccessory(product: ProductForPricing | undefined): PricedItem {
  if (!product) return refuse("unknown", CREATOR_MESSAGES.pricing.itemUnknown);
  if (product.status === "coming_soon")
    return refuse("unavailable", MESSAGES.products.comingSoon.description);
  if (product.status === "disabled" || !product.isActive) {
    return refuse("unavailable", CREATOR_MESSAGES.pricing.productUnavailable);
  }
  return {
    ok: true,
    kind: "accessory",
    unitPricePence: product.pricePence,
    description: {
      sizeLabel: "Standard",
      shapeName: "Rectangle",
      frameStyle: product.name,
      lithophaneCount: 0,
      title: product.name,
    },
  };
}
