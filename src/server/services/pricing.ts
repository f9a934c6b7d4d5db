/**
 * The server's price for cart lines: checkout and the saved cart call this and never trust a
 * client's price. A lithophane costs its bundle price plus the modifier of each chosen option
 * (the shared lightboxPricePence rule, so the creator and the server agree); an accessory
 * costs its product price. Options and products for a whole batch are read in at most two
 * queries.
 */
import { getBundle } from "@shared/bundles";
import { type CartItemConfig, type LithophaneConfig, lithophaneFrameStyle } from "@shared/cart";
import { lightboxPricePence } from "@shared/creator";
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
import type { DbOrTx } from "../db/client.js";
import {
  type CreatorOptions,
  findProductsForPricing,
  loadCreatorOptions,
  type ProductForPricing,
} from "./catalog.js";

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
  const [options, productsById] = await Promise.all([
    needsOptions ? loadCreatorOptions(db) : Promise.resolve(null),
    findProductsForPricing(db, productIds),
  ]);
  const offered = options ? flattenOptions(options.grouped) : [];
  return items.map((item) =>
    item.kind === "lithophane"
      ? priceLithophane(item, offered, options)
      : priceAccessory(productsById.get(item.productId)),
  );
}

function priceLithophane(
  config: LithophaneConfig,
  offered: readonly CreatorOption[],
  options: CreatorOptions | null,
): PricedItem {
  const bundle = getBundle(config.bundleId);
  if (!bundle) return refuse("unknown", MESSAGES.pricing.lithophaneUnavailable);

  const choose = (type: OptionType, id: string): CreatorOption | Refusal => {
    const option = offered.find((o) => o.optionType === type && o.id === id);
    if (option)
      return isSelectable(option) ? option : refuse("unavailable", MESSAGES.pricing.lithophaneUnavailable);
    // Stored but switched off (inactive) is unavailable; never heard of is unknown.
    const stored = options?.rows.some((o) => o.optionType === type && o.id === id);
    return refuse(stored ? "unavailable" : "unknown", MESSAGES.pricing.lithophaneUnavailable);
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
    return refuse("unavailable", MESSAGES.pricing.lithophaneUnavailable);
  return {
    ok: true,
    kind: "lithophane",
    unitPricePence: lightboxPricePence(bundle, [processing, shape, frameColor, size]),
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
  if (!product) return refuse("unknown", MESSAGES.pricing.itemUnknown);
  if (product.status === "coming_soon")
    return refuse("unavailable", MESSAGES.products.comingSoon.description);
  if (product.status === "disabled" || !product.isActive) {
    return refuse("unavailable", MESSAGES.pricing.productUnavailable(product.name));
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
