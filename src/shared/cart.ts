import { LAMP_MAX_ADDITIONAL_PHOTOS, LAMP_SIZE_IDS, type LampSizeId } from "@lithophane/lamp/sizes";
import { z } from "zod";
import {
  type AccessoryForCart,
  buildAccessoryCartItem as accessoryLine,
  newCartItemId,
} from "./accessory-cart-item";
import type { AccessoryChoices } from "./accessory-choices";
import { BUNDLE_IDS } from "./bundles";
import {
  MAX_ADDITIONAL_IMAGES,
  MAX_ASPECT_RATIO_LENGTH,
  MAX_CART_ITEMS,
  MAX_ID_LENGTH,
  MAX_ITEM_PRICE_PENCE,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
} from "./cart-limits";
import { ACCESSORY_KIND, LAMP_KIND, LIGHTBOX_KIND } from "./product-types/kinds";

const urlText = z.string().max(MAX_URL_LENGTH);
const shortText = z.string().max(MAX_TEXT_LENGTH);
const idText = z.string().min(1).max(MAX_ID_LENGTH);

export const cropDataSchema = z.object({
  x: z.number(),
  y: z.number(),
  zoom: z.number().positive(),
  aspectRatio: z.string().max(MAX_ASPECT_RATIO_LENGTH).default("1:1"),
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
    kind: z.literal(LIGHTBOX_KIND),
    bundleId: z.enum(BUNDLE_IDS),
    processing: idText,
    shapeId: idText,
    frameColorId: idText,
    sizeId: idText,
    cropPixels: cropPixelsSchema.optional(),
    /** Per additional photo, its crop in its original's pixels; null (or absent) cuts it centred. */
    additionalCropPixels: z.array(cropPixelsSchema.nullable()).max(MAX_ADDITIONAL_IMAGES).optional(),
    /** Local contrast (CLAHE) chosen in the creator: every panel of the line is made with it. */
    localContrast: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal(ACCESSORY_KIND),
    productId: idText,
    /** A made-to-order accessory's choices (./accessory-choices): checked by the server against the shop. */
    frameColorId: idText.optional(),
    sizeId: idText.optional(),
    photoUrl: urlText.min(1).optional(),
    photoOriginalUrl: urlText.min(1).optional(),
  }),
  /** The lithophane lamp (./product-types/lamp.ts): a size and the crops of its 1-4 photos. */
  z.object({
    kind: z.literal(LAMP_KIND),
    sizeId: z.enum(LAMP_SIZE_IDS as [LampSizeId, ...LampSizeId[]]),
    cropPixels: cropPixelsSchema.optional(),
    additionalCropPixels: z.array(cropPixelsSchema.nullable()).max(LAMP_MAX_ADDITIONAL_PHOTOS).optional(),
    localContrast: z.boolean().optional(),
  }),
]);

export const cartItemSchema = z.object({
  /** Timestamp plus random text, e.g. "1732240000000-k3j9x0q2a". */
  id: idText,
  imageUrl: urlText,
  originalImageUrl: urlText,
  additionalImages: z.array(urlText).max(MAX_ADDITIONAL_IMAGES),
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
export type LithophaneConfig = Extract<CartItemConfig, { kind: typeof LIGHTBOX_KIND }>;
export type AccessoryConfig = Extract<CartItemConfig, { kind: typeof ACCESSORY_KIND }>;
export type LampCartConfig = Extract<CartItemConfig, { kind: typeof LAMP_KIND }>;

export const cartItemsSchema = z.array(cartItemSchema).max(MAX_CART_ITEMS);

// Zod-free, in their own module so /shop's first load needs no zod (issue 20: long tasks).
export { type AccessoryForCart, newCartItemId };
/** Shop accessories: size 'Standard', shape 'Rectangle', crop zoom 1 at 1:1; frameStyle is the product name. */
export const buildAccessoryCartItem: (
  product: AccessoryForCart,
  makeId?: () => string,
  choices?: AccessoryChoices,
) => CartItem = accessoryLine;
