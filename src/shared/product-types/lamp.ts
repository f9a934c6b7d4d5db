/**
 * The lithophane lamp as the shop sells it (issue 48 item 2): a cylinder shade of one to four photos
 * around, on the LED base sold as an accessory. Its sizes are owner-priced options of type
 * `lamp_size` (ids small | medium | large, the geometry's LAMP_SIZES); its cart line holds the photos
 * as a lightbox line does (imageUrl + additionalImages, crops in the originals' pixels). Zod-free: the
 * lamp creator's first load needs no schema library; the schema is in ../cart.ts.
 */
import { LAMP_LIMITS, LAMP_SIZES, type LampSizeId, lampPhotoAspect } from "@lithophane/lamp/params";
import { newCartItemId } from "../accessory-cart-item";
import type { LampCartConfig } from "../cart";
import { CREATOR_MESSAGES } from "../creator-messages";
import type { Pence } from "../money";
import { type DescribableLine, type LineDescription, ORDER_LINE_TEXTS, photosOnLine } from "./describe";
import { parseAdditionalCrops, parseCropPixels } from "./guard";
import type { OwnerOption, PricedItem, ProductType } from "./types";

export const LAMP_KIND = "lamp" as const;
/** The option type of the lamp's sizes in product_options (owner-set price and status per size). */
export const LAMP_SIZE_OPTION_TYPE = "lamp_size" as const;
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

/** "2 photos around". */
export function lampPhotosText(photos: number): string {
  return photos === 1 ? "1 photo around" : `${photos} photos around`;
}

export const LAMP_TEXTS = {
  title: "Lithophane lamp",
  photos: lampPhotosText,
} as const;

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

// ------------------------------------------------------------------ the lamp as a product type (issue 48 item 1)

/** Photos 2-4: at most this many additional photos (and their crops) on a lamp line. */
export const LAMP_MAX_ADDITIONAL_PHOTOS = LAMP_MAX_PHOTOS - 1;

/** The lamp_size option of a size, if the owner has it (active or not). */
function sizeOption(options: readonly OwnerOption[] | undefined, sizeId: string): OwnerOption | undefined {
  return options?.find((o) => o.optionType === LAMP_SIZE_OPTION_TYPE && o.id === sizeId);
}

/** A size can be bought when its option is active and on sale (not coming soon). */
const onSale = (option: OwnerOption | undefined): option is OwnerOption =>
  !!option && option.isActive && option.status === "enabled";

/** The server's price: the lamp_size option's price is the lamp's whole price (the owner's). */
function priceLamp(config: LampCartConfig, typeOptions: readonly OwnerOption[]): PricedItem {
  const option = sizeOption(typeOptions, config.sizeId);
  if (!onSale(option)) {
    return { ok: false, reason: "unavailable", message: CREATOR_MESSAGES.pricing.itemUnknown };
  }
  return {
    ok: true,
    kind: LAMP_KIND,
    unitPricePence: option.priceModifierPence,
    description: {
      sizeLabel: option.name,
      shapeName: LAMP_TEXTS.title,
      frameStyle: LAMP_TEXTS.title,
      lithophaneCount: 1,
      title: LAMP_TEXTS.title,
    },
  };
}

/** "Lithophane lamp" · "Medium (100 x 150 mm) · 2 photos around". */
function describeLamp(line: DescribableLine, config: Readonly<Record<string, unknown>>): LineDescription {
  const size = isLampSizeId(config.sizeId) ? LAMP_SIZES[config.sizeId].label : line.size;
  return {
    kind: LAMP_KIND,
    title: LAMP_TEXTS.title,
    bundle: null,
    processing: null,
    colour: false,
    shape: null,
    size,
    frame: null,
    panels: null,
    summary: [size, LAMP_TEXTS.photos(photosOnLine(line))].join(ORDER_LINE_TEXTS.separator),
    photoUrl: null,
  };
}

export const lampType: ProductType<LampCartConfig> = {
  kind: LAMP_KIND,
  madeFromPhotos: true,
  printedByShop: true,
  discountScope: "lithophanes",
  pricedFromOptions: true,
  parseConfig(value) {
    const { sizeId, localContrast } = value;
    const cropPixels = parseCropPixels(value.cropPixels);
    const additionalCropPixels = parseAdditionalCrops(value.additionalCropPixels, LAMP_MAX_ADDITIONAL_PHOTOS);
    if (
      !isLampSizeId(sizeId) ||
      cropPixels === null ||
      additionalCropPixels === null ||
      (localContrast !== undefined && typeof localContrast !== "boolean")
    ) {
      return null;
    }
    return {
      kind: LAMP_KIND,
      sizeId,
      ...(cropPixels ? { cropPixels } : {}),
      ...(additionalCropPixels ? { additionalCropPixels } : {}),
      ...(localContrast === undefined ? {} : { localContrast }),
    };
  },
  price: (config, catalogue) => priceLamp(config, catalogue.typeOptions),
  currentPrice(config, catalogue) {
    const option = sizeOption(catalogue.typeOptions, config.sizeId);
    return onSale(option) ? option.priceModifierPence : null;
  },
  productIdOf: () => null,
  bundleIdOf: () => null,
  describe: describeLamp,
  lineText: (d) => `${d.title}: ${d.summary}`,
  exportText: (d) => d.summary,
  cartName: () => LAMP_TEXTS.title,
  cartTitle: () => LAMP_TEXTS.title,
  photoCount: photosOnLine,
  /** One shade: one print file (panelIndex 0) whatever its photos. */
  printFiles: () => 1,
  photosAllowed: () => ({ min: LAMP_MIN_PHOTOS, max: LAMP_MAX_PHOTOS }),
  crops: (config) => ({ main: config.cropPixels, additional: config.additionalCropPixels }),
  hasItsPhotos: (_config, line) =>
    line.imageUrl !== "" && line.additionalImages.length <= LAMP_MAX_ADDITIONAL_PHOTOS,
  offersColour: false,
  isColour: () => false,
  /** A shade on its LED base weighs about a lightbox. */
  parcelPieces: (line) => ({ piece: "lightbox", count: Math.max(1, line.quantity) }),
};
