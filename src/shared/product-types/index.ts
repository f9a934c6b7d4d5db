/**
 * The product types the shop sells, and the one way to find a line's (issue 48 item 1). Every
 * place that needs a product's behaviour asks its type (`productTypeOf(line.kind).madeFromPhotos`,
 * `.price(config, catalogue)`, `.describe(line)` …) instead of testing its kind by name;
 * `scripts/product-kinds.mjs` (in `npm test`) refuses a kind compared by name outside this folder.
 * Adding a type: a file beside these exporting its ProductType, its member in ../cart.ts's
 * cartItemConfigSchema, and its entry in PRODUCT_TYPES below (docs/architecture.md, "Adding a
 * product type").
 */
import type { CartItemConfig } from "../cart";
import { accessoryType } from "./accessory";
import { lampType } from "./lamp-type";
import { lightboxType } from "./lightbox";
import type { ProductType } from "./types";

/** Every type, by its stored kind. */
export const PRODUCT_TYPES: {
  readonly [K in CartItemConfig["kind"]]: ProductType<Extract<CartItemConfig, { kind: K }>>;
} = {
  lithophane: lightboxType,
  accessory: accessoryType,
  lamp: lampType,
};

export type ProductKind = CartItemConfig["kind"];
export const PRODUCT_KINDS = Object.keys(PRODUCT_TYPES) as ProductKind[];

export function isProductKind(value: unknown): value is ProductKind {
  return typeof value === "string" && Object.hasOwn(PRODUCT_TYPES, value);
}

/**
 * The type of a kind ("lithophane"), a config ({ kind: "lamp", … }) or a line ({ kind } or
 * { config: { kind } }). A kind the shop does not know reads as an accessory, as the one
 * description always read it: a product of the shop, not printed from photos.
 */
export function productTypeOf(of: unknown): ProductType {
  const kind =
    typeof of === "string"
      ? of
      : typeof of === "object" && of !== null
        ? ((of as { kind?: unknown }).kind ?? (of as { config?: { kind?: unknown } | null }).config?.kind)
        : undefined;
  return (isProductKind(kind) ? PRODUCT_TYPES[kind] : accessoryType) as ProductType;
}

/** A config's type, typed to that config: its methods take it as it is. */
export function typeOfConfig<C extends CartItemConfig>(config: C): ProductType<C> {
  return PRODUCT_TYPES[config.kind] as unknown as ProductType<C>;
}

/** The kinds whose lines the shop prints (SQL filters: `inArray(orderItems.kind, PRINTED_KINDS)`). */
export const PRINTED_KINDS: readonly ProductKind[] = PRODUCT_KINDS.filter(
  (k) => PRODUCT_TYPES[k].printedByShop,
);
/** The kinds a line of which may be printed in colour. */
export const COLOUR_KINDS: readonly ProductKind[] = PRODUCT_KINDS.filter(
  (k) => PRODUCT_TYPES[k].offersColour,
);
/** The kinds made from the customer's photos. */
export const PHOTO_KINDS: readonly ProductKind[] = PRODUCT_KINDS.filter(
  (k) => PRODUCT_TYPES[k].madeFromPhotos,
);

/** The lightbox's and the accessory's kinds, for the few reports about their own fields (bundles, products). */
export { ACCESSORY_KIND } from "./accessory";
export { COLOUR_PROCESSING_ID, LIGHTBOX_KIND } from "./lightbox";
export type {
  CurrentCatalogue,
  OwnerOption,
  ParcelPieces,
  PhotoLine,
  PricedDescription,
  PricedItem,
  PriceRule,
  PricingCatalogue,
  ProductForPricing,
  ProductType,
  ProofPiece,
} from "./types";
