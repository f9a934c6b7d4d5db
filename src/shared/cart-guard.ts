/**
 * The stored-cart guard without zod, for the web app's first load (zod alone is ~25 KB gzip).
 * It accepts exactly what `cartItemSchema` in ./cart accepts and returns the same clean copy
 * (unknown keys dropped, the crop's aspect ratio defaulting to "1:1"); cart-guard.test.ts
 * checks the two against each other on generated input. The server still validates with zod.
 * zod/mini was measured in its place and put the first load over budget
 * (docs/decisions/021-cart-guard-kept.md).
 */
import { BUNDLE_IDS } from "./bundles";
import type { CartItem, CartItemConfig } from "./cart";
import {
  MAX_ADDITIONAL_IMAGES,
  MAX_ASPECT_RATIO_LENGTH,
  MAX_CART_ITEMS,
  MAX_ID_LENGTH,
  MAX_ITEM_PRICE_PENCE,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
} from "./cart-limits";

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number, min = 0): value is string =>
  typeof value === "string" && value.length >= min && value.length <= max;
const isId = (value: unknown): value is string => isText(value, MAX_ID_LENGTH, 1);
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isPositive = (value: unknown): value is number => isNumber(value) && value > 0;
const isBundleId = (value: unknown): value is (typeof BUNDLE_IDS)[number] =>
  (BUNDLE_IDS as readonly unknown[]).includes(value);

type CropData = NonNullable<CartItem["cropData"]>;
type CropPixels = NonNullable<Extract<CartItemConfig, { kind: "lithophane" }>["cropPixels"]>;

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

/** undefined: absent; null: invalid. */
function parseCropPixels(value: unknown): CropPixels | null | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return null;
  const { x, y, width, height } = value;
  if (!isNumber(x) || x < 0 || !isNumber(y) || y < 0 || !isPositive(width) || !isPositive(height)) {
    return null;
  }
  return { x, y, width, height };
}

/** undefined: absent; null: invalid. Each entry a crop or null (cut centred). */
function parseAdditionalCrops(value: unknown): (CropPixels | null)[] | null | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > MAX_ADDITIONAL_IMAGES) return null;
  const crops: (CropPixels | null)[] = [];
  for (const entry of value as unknown[]) {
    if (entry === null) {
      crops.push(null);
      continue;
    }
    const crop = parseCropPixels(entry);
    if (!crop) return null;
    crops.push(crop);
  }
  return crops;
}

function parseConfig(value: unknown): CartItemConfig | null {
  if (!isRecord(value)) return null;
  if (value.kind === "accessory") {
    const { productId, frameColorId, sizeId, photoUrl, photoOriginalUrl } = value;
    const optionalId = (v: unknown) => v === undefined || isId(v);
    const optionalUrl = (v: unknown) => v === undefined || isText(v, MAX_URL_LENGTH, 1);
    if (
      !isId(productId) ||
      !optionalId(frameColorId) ||
      !optionalId(sizeId) ||
      !optionalUrl(photoUrl) ||
      !optionalUrl(photoOriginalUrl)
    ) {
      return null;
    }
    return {
      kind: "accessory",
      productId,
      ...(frameColorId === undefined ? {} : { frameColorId: frameColorId as string }),
      ...(sizeId === undefined ? {} : { sizeId: sizeId as string }),
      ...(photoUrl === undefined ? {} : { photoUrl: photoUrl as string }),
      ...(photoOriginalUrl === undefined ? {} : { photoOriginalUrl: photoOriginalUrl as string }),
    };
  }
  if (value.kind !== "lithophane") return null;
  const { bundleId, processing, shapeId, frameColorId, sizeId, localContrast } = value;
  const cropPixels = parseCropPixels(value.cropPixels);
  const additionalCropPixels = parseAdditionalCrops(value.additionalCropPixels);
  if (
    !isBundleId(bundleId) ||
    !isId(processing) ||
    !isId(shapeId) ||
    !isId(frameColorId) ||
    !isId(sizeId) ||
    cropPixels === null ||
    additionalCropPixels === null ||
    (localContrast !== undefined && typeof localContrast !== "boolean")
  ) {
    return null;
  }
  return {
    kind: "lithophane",
    bundleId,
    processing,
    shapeId,
    frameColorId,
    sizeId,
    ...(cropPixels ? { cropPixels } : {}),
    ...(additionalCropPixels ? { additionalCropPixels } : {}),
    ...(localContrast === undefined ? {} : { localContrast }),
  };
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
