import { z } from "zod";
import { BUNDLE_IDS, getBundle } from "./bundles";
import {
  type CreatorState,
  lightboxPricePence,
  missingAdditionalImages,
  resolveChosenOptions,
} from "./creator";
import { type Pence, sumPence } from "./money";
import { type CreatorOption, sizeLabel } from "./options";

/** Guards against a runaway local storage or request body; far above any real cart. */
export const MAX_CART_ITEMS = 50;
/** Upper bound for one line (£10,000) so a corrupt price can never reach a total. */
export const MAX_ITEM_PRICE_PENCE = 1_000_000;
const MAX_URL_LENGTH = 2048;
const MAX_TEXT_LENGTH = 200;
const MAX_ID_LENGTH = 100;

const urlText = z.string().max(MAX_URL_LENGTH);
const shortText = z.string().max(MAX_TEXT_LENGTH);
const idText = z.string().min(1).max(MAX_ID_LENGTH);

export const cropDataSchema = z.object({
  x: z.number(),
  y: z.number(),
  zoom: z.number().positive(),
  aspectRatio: z.string().max(20).default("1:1"),
});

export const cropPixelsSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});

/**
 * What the server needs to recompute a line's price: a client-sent price is never trusted.
 * A lithophane names its bundle and option ids; an accessory names its product.
 */
export const cartItemConfigSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("lithophane"),
    bundleId: z.enum(BUNDLE_IDS),
    processing: idText,
    shapeId: idText,
    frameColorId: idText,
    sizeId: idText,
    cropPixels: cropPixelsSchema.optional(),
  }),
  z.object({ kind: z.literal("accessory"), productId: idText }),
]);

export const cartItemSchema = z.object({
  /** Timestamp plus random text, e.g. "1732240000000-k3j9x0q2a". */
  id: idText,
  imageUrl: urlText,
  originalImageUrl: urlText,
  additionalImages: z.array(urlText).max(10),
  /** Display texts, kept as the spec's cart fields: e.g. "7 inch x 7 inch". */
  size: shortText,
  /** For creator items: the bundle name, e.g. "Keepsake Collection". */
  shape: shortText,
  /** For creator items: "White · 3 × Square"; the cart panel appends " frame". */
  frameStyle: shortText,
  /** GBP pence as shown when added; the server recomputes it from `config`. */
  price: z.number().int().min(0).max(MAX_ITEM_PRICE_PENCE),
  cropData: cropDataSchema.optional(),
  config: cartItemConfigSchema,
});

export type CartItem = z.infer<typeof cartItemSchema>;
export type CartItemConfig = z.infer<typeof cartItemConfigSchema>;
export type LithophaneConfig = Extract<CartItemConfig, { kind: "lithophane" }>;
export type AccessoryConfig = Extract<CartItemConfig, { kind: "accessory" }>;

export const cartItemsSchema = z.array(cartItemSchema).max(MAX_CART_ITEMS);

export function cartTotal(items: readonly Pick<CartItem, "price">[]): Pence {
  return sumPence(items.map((item) => item.price));
}

/** "<timestamp>-<random text>" as the spec describes; the clock and randomness are injectable for tests. */
export function newCartItemId(nowMs: number = Date.now(), random: () => number = Math.random): string {
  const randomText = random().toString(36).slice(2, 11).padEnd(9, "0");
  return `${nowMs}-${randomText}`;
}

/** "White · 3 × Square" — frame colour name, lithophane count and shape name. */
export function lithophaneFrameStyle(
  frameColorName: string,
  lithophaneCount: number,
  shapeName: string,
): string {
  return `${frameColorName} · ${lithophaneCount} × ${shapeName}`;
}

/**
 * Server-side price of a lithophane line from its config, using the same rule as the
 * creator. Null when the bundle or an option is unknown, not selectable, or the size does
 * not fit the shape — the server must refuse such a line.
 */
export function lithophaneConfigPricePence(
  config: LithophaneConfig,
  options: readonly CreatorOption[],
): Pence | null {
  const bundle = getBundle(config.bundleId);
  if (!bundle) return null;
  const chosen = resolveChosenOptions(
    {
      processing: config.processing,
      shape: config.shapeId,
      frameColor: config.frameColorId,
      size: config.sizeId,
    },
    options,
  );
  if (!chosen) return null;
  return lightboxPricePence(bundle, [chosen.processing, chosen.shape, chosen.frameColor, chosen.size]);
}

/**
 * The cart item for the creator's current choices, or null when Add to Cart is not allowed
 * yet (use addToCartCheck for the message). Options are resolved against `options`.
 */
export function buildCreatorCartItem(
  state: CreatorState,
  options: readonly CreatorOption[],
  makeId: () => string = newCartItemId,
): CartItem | null {
  const { image, bundle: bundleId } = state.selections;
  const bundle = getBundle(bundleId);
  const chosen = resolveChosenOptions(state.selections, options);
  if (!image || !bundle || !chosen || missingAdditionalImages(state) > 0) return null;
  const { cropData, cropPixels } = state;
  return {
    id: makeId(),
    imageUrl: image.url,
    originalImageUrl: image.originalUrl,
    additionalImages: state.additionalImages.slice(0, bundle.additionalImages).map((extra) => extra.url),
    size: sizeLabel(chosen.size),
    shape: bundle.name,
    frameStyle: lithophaneFrameStyle(chosen.frameColor.name, bundle.lithophaneCount, chosen.shape.name),
    price: lightboxPricePence(bundle, [chosen.processing, chosen.shape, chosen.frameColor, chosen.size]),
    cropData: { x: cropData.x, y: cropData.y, zoom: cropData.zoom, aspectRatio: cropData.aspectRatio },
    config: {
      kind: "lithophane",
      bundleId: bundle.id,
      processing: chosen.processing.id,
      shapeId: chosen.shape.id,
      frameColorId: chosen.frameColor.id,
      sizeId: chosen.size.id,
      ...(cropPixels ? { cropPixels: { ...cropPixels } } : {}),
    },
  };
}

/** The product fields an accessory line needs. */
export interface AccessoryForCart {
  readonly id: string;
  readonly name: string;
  readonly pricePence: Pence;
  readonly imageUrl: string | null;
}

/** Shop accessories: size 'Standard', shape 'Rectangle', crop zoom 1 at 1:1; frameStyle is the product name. */
export function buildAccessoryCartItem(
  product: AccessoryForCart,
  makeId: () => string = newCartItemId,
): CartItem {
  const imageUrl = product.imageUrl ?? "";
  return {
    id: makeId(),
    imageUrl,
    originalImageUrl: imageUrl,
    additionalImages: [],
    size: "Standard",
    shape: "Rectangle",
    frameStyle: product.name,
    price: product.pricePence,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: { kind: "accessory", productId: product.id },
  };
}

/** The spec's identity of a cart line for merging: image, size, shape, frame and additional images. */
export function cartItemMergeKey(
  item: Pick<CartItem, "imageUrl" | "size" | "shape" | "frameStyle" | "additionalImages">,
): string {
  return JSON.stringify([item.imageUrl, item.size, item.shape, item.frameStyle, item.additionalImages]);
}

export type CartMergeOutcome = "synced" | "restored" | "none";

/**
 * Merges the guest (local) cart into the saved cart at sign-in. Saved entries win: each saved
 * entry absorbs one identical local entry (same merge key), so signing in twice never doubles
 * the cart, while a second identical item the guest added on purpose is kept. Saved entries
 * come first, then the remaining local ones in their order.
 * Outcome: "synced" when both had items ('Cart synced'), "restored" when only the saved cart
 * had items ('Cart restored'), otherwise "none" (no toast).
 */
export function mergeCarts(
  local: readonly CartItem[],
  saved: readonly CartItem[],
): { items: CartItem[]; outcome: CartMergeOutcome } {
  const unmatchedSaved = new Map<string, number>();
  for (const item of saved) {
    const key = cartItemMergeKey(item);
    unmatchedSaved.set(key, (unmatchedSaved.get(key) ?? 0) + 1);
  }
  const localToKeep = local.filter((item) => {
    const key = cartItemMergeKey(item);
    const remaining = unmatchedSaved.get(key) ?? 0;
    if (remaining === 0) return true;
    unmatchedSaved.set(key, remaining - 1);
    return false;
  });
  const outcome: CartMergeOutcome =
    saved.length > 0 && local.length > 0 ? "synced" : saved.length > 0 ? "restored" : "none";
  return { items: [...saved, ...localToKeep].slice(0, MAX_CART_ITEMS), outcome };
}

/**
 * Reads a cart from local storage (a JSON string, an array, or {items: [...]}) without ever
 * throwing: invalid entries (and repeats of an id already read) are dropped, anything
 * unreadable is an empty cart, and at most MAX_CART_ITEMS are kept.
 */
export function parseStoredCart(stored: unknown): CartItem[] {
  let value = stored;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value) && "items" in value) {
    value = value.items;
  }
  if (!Array.isArray(value)) return [];
  const items: CartItem[] = [];
  const seenIds = new Set<string>();
  for (const entry of value) {
    const parsed = cartItemSchema.safeParse(entry);
    if (!parsed.success || seenIds.has(parsed.data.id)) continue;
    seenIds.add(parsed.data.id);
    items.push(parsed.data);
    if (items.length >= MAX_CART_ITEMS) break;
  }
  return items;
}

/**
 * The cart's operations (spec section 4): add, remove, clear, load, set; the total is
 * recomputed from the items each time (cartTotal). `load` takes untrusted data (local storage,
 * a server answer) and keeps only valid items; `set` replaces the items with ones the app built
 * (e.g. the merged cart at sign-in). `lastAction` lets a saver skip echoing a `load` back.
 */
export type CartAction =
  | { readonly type: "add"; readonly item: CartItem }
  | { readonly type: "remove"; readonly id: string }
  | { readonly type: "clear" }
  | { readonly type: "load"; readonly items: unknown }
  | { readonly type: "set"; readonly items: readonly CartItem[] };

export interface CartState {
  readonly items: readonly CartItem[];
  readonly lastAction: CartAction["type"] | null;
}

export const EMPTY_CART_STATE: CartState = { items: [], lastAction: null };

/** True when the item can join the cart: valid, a new id, and the cart not full. */
export function canAddToCartItems(items: readonly CartItem[], item: CartItem): boolean {
  return (
    items.length < MAX_CART_ITEMS &&
    !items.some((existing) => existing.id === item.id) &&
    cartItemSchema.safeParse(item).success
  );
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "add":
      if (!canAddToCartItems(state.items, action.item)) return state;
      return { items: [...state.items, action.item], lastAction: "add" };
    case "remove": {
      if (!state.items.some((item) => item.id === action.id)) return state;
      return { items: state.items.filter((item) => item.id !== action.id), lastAction: "remove" };
    }
    case "clear":
      return { items: [], lastAction: "clear" };
    case "load":
      return { items: parseStoredCart(action.items), lastAction: "load" };
    case "set":
      return { items: parseStoredCart(action.items), lastAction: "set" };
  }
}
