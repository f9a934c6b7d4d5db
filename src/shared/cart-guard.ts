/**
 * The stored-cart guard without zod, for the web app's first load (zod alone is ~25 KB gzip).
 * It accepts exactly what `cartItemSchema` in ./cart accepts and returns the same clean copy
 * (unknown keys dropped, the crop's aspect ratio defaulting to "1:1"); cart-guard.test.ts
 * checks the two against each other on generated input. The server still validates with zod.
 * zod/mini was measured in its place and put the first load over budget
 * (docs/decisions/021-cart-guard-kept.md).
 */
import type { CartItem, CartItemConfig } from "./cart";
import {
  MAX_ADDITIONAL_IMAGES,
  MAX_ASPECT_RATIO_LENGTH,
  MAX_CART_ITEMS,
  MAX_ITEM_PRICE_PENCE,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
} from "./cart-limits";
import { isProductKind, PRODUCT_TYPES } from "./product-types";
import { isId, isNumber, isPositive, isRecord, isText } from "./product-types/guard";

type CropData = NonNullable<CartItem["cropData"]>;

/** undefined: absent; null: invalid. */
function parseCropData(value: unknown): CropData | null | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return null;
  const { x, y, zoom } = value;
  const aspectRatio = value.aspectRatio === undefined ? "1:1" : value.aspectRatio;
  if (!isNumber(x) || !isNumber(y) || !isPositive(zoom) || !isText(aspectRatio, MAX_ASPECT_RATIO_LENGTH)) {
    return null;
  }
  return { x, y, zoom, aspectRatio };
}

function parseConfig(value: unknown): CartItemConfig | null {
  if (!isRecord(value) || !isProductKind(value.kind)) return null;
  return PRODUCT_TYPES[value.kind].parseConfig(value);
}

/** A clean copy of a valid cart item (as cartItemSchema would return it), or null. */
export function parseCartItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const { id, imageUrl, originalImageUrl, additionalImages, size, shape, frameStyle, price } = value;
  if (
    !isId(id) ||
    !isText(imageUrl, MAX_URL_LENGTH) ||
    !isText(originalImageUrl, MAX_URL_LENGTH) ||
    !Array.isArray(additionalImages) ||
    additionalImages.length > MAX_ADDITIONAL_IMAGES ||
    // Array.from reads holes as undefined (every() alone would skip them).
    !Array.from(additionalImages).every((url) => isText(url, MAX_URL_LENGTH)) ||
    !isText(size, MAX_TEXT_LENGTH) ||
    !isText(shape, MAX_TEXT_LENGTH) ||
    !isText(frameStyle, MAX_TEXT_LENGTH) ||
    typeof price !== "number" ||
    !Number.isSafeInteger(price) ||
    price < 0 ||
    price > MAX_ITEM_PRICE_PENCE
  ) {
    return null;
  }
  const cropData = parseCropData(value.cropData);
  const config = parseConfig(value.config);
  if (cropData === null || config === null) return null;
  return {
    id,
    imageUrl,
    originalImageUrl,
    additionalImages: Array.from(additionalImages as string[]),
    size,
    shape,
    frameStyle,
    price,
    ...(cropData ? { cropData } : {}),
    config,
  };
}

/** True when `value` is a valid cart item (what cartItemSchema accepts). */
export function isCartItem(value: unknown): value is CartItem {
  return parseCartItem(value) !== null;
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
    const item = parseCartItem(entry);
    if (!item || seenIds.has(item.id)) continue;
    seenIds.add(item.id);
    items.push(item);
    if (items.length >= MAX_CART_ITEMS) break;
  }
  return items;
}
