/**
 * The lithophane lamp as the shop sells it (issue 48 item 2): a cylinder shade of one to four photos
 * around, on the LED base sold as an accessory. Its sizes are owner-priced options of type
 * `lamp_size` (ids small | medium | large, the geometry's LAMP_SIZES); its cart line holds the photos
 * as a lightbox line does (imageUrl + additionalImages, crops in the originals' pixels). Zod-free: the
 * lamp creator's first load needs no schema library; the schema is in ../cart.ts.
 */
import { LAMP_LIMITS, LAMP_SIZES, type LampSizeId, lampPhotoAspect } from "@lithophane/lamp/params";
import { newCartItemId } from "../accessory-cart-item";
import type { Pence } from "../money";
import { LAMP_KIND, LAMP_SIZE_OPTION_TYPE } from "./kinds";
import { LAMP_TEXTS, lampPhotosText } from "./lamp-type";

// The lamp's kind, option type and texts are in ./kinds.ts and ./lamp-type.ts (the first load's).
export { LAMP_KIND, LAMP_SIZE_OPTION_TYPE, LAMP_TEXTS, lampPhotosText };

export const LAMP_MIN_PHOTOS = LAMP_LIMITS.photos.min;
export const LAMP_MAX_PHOTOS = LAMP_LIMITS.photos.max;
export const LAMP_SIZE_IDS = Object.keys(LAMP_SIZES) as LampSizeId[];
export type { LampSizeId };

export interface LampCropPixels {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A lamp line's config: what the server prices and prints from. */
export interface LampConfig {
  readonly kind: typeof LAMP_KIND;
  readonly sizeId: LampSizeId;
  /** Photo 1's crop in its original's pixels; absent cuts it centred. */
  readonly cropPixels?: LampCropPixels;
  /** Photos 2-4's crops (null: centred). */
  readonly additionalCropPixels?: ReadonlyArray<LampCropPixels | null>;
  readonly localContrast?: boolean;
}

export function isLampSizeId(value: unknown): value is LampSizeId {
  return typeof value === "string" && value in LAMP_SIZES;
}

/** Outer diameter and height (mm) of a lamp size. */
export function lampSizeMm(sizeId: LampSizeId): { diameterMm: number; heightMm: number } {
  const { diameterMm, heightMm } = LAMP_SIZES[sizeId];
  return { diameterMm, heightMm };
}

/** Width / height each photo's crop must have on a lamp of this size with this many photos. */
export function lampCropAspect(sizeId: LampSizeId, photos: number): number {
  const { diameterMm, heightMm } = lampSizeMm(sizeId);
  return lampPhotoAspect(diameterMm, heightMm, photos);
}

export interface LampPhotoChoice {
  readonly url: string;
  readonly originalUrl: string;
  readonly cropPixels: LampCropPixels | null;
}

/**
 * The cart line for a lamp: photos in order (1-4), the size's option name and owner price.
 * `size` is the option's name ("Medium (100 x 150 mm)"), `shape` the product's title, `frameStyle`
 * the photo count, so every surface that prints the spec's cart fields reads sensibly.
 */
export function buildLampCartItem(
  choice: {
    readonly sizeId: LampSizeId;
    readonly sizeName: string;
    readonly pricePence: Pence;
    readonly photos: readonly LampPhotoChoice[];
    readonly localContrast?: boolean;
  },
  makeId: () => string = newCartItemId,
) {
  const [first, ...rest] = choice.photos;
  if (!first || choice.photos.length > LAMP_MAX_PHOTOS) return null;
  const extraCrops = rest.map((photo) => (photo.cropPixels ? { ...photo.cropPixels } : null));
  const config: LampConfig = {
    kind: LAMP_KIND,
    sizeId: choice.sizeId,
    ...(first.cropPixels ? { cropPixels: { ...first.cropPixels } } : {}),
    ...(extraCrops.some((crop) => crop !== null) ? { additionalCropPixels: extraCrops } : {}),
    ...(choice.localContrast ? { localContrast: true } : {}),
  };
  return {
    id: makeId(),
    imageUrl: first.url,
    originalImageUrl: first.originalUrl,
    additionalImages: rest.map((photo) => photo.url),
    size: choice.sizeName,
    shape: LAMP_TEXTS.title,
    frameStyle: lampPhotosText(choice.photos.length),
    price: choice.pricePence,
    config,
  };
}
