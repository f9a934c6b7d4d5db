/**
 * The lithophane lamp as a product type (issue 48 item 1): what the shop asks of a lamp line, and its
 * price rule (its lamp_size option's price is the whole price). Apart from ./lamp.ts (the lamp's cart
 * contract, which reads the generator's parameters) so the first load, which reads and describes
 * cart lines, carries only the lamp's sizes (@lithophane/lamp/sizes).
 */
import {
  LAMP_MAX_ADDITIONAL_PHOTOS,
  LAMP_PHOTO_LIMITS,
  LAMP_SIZES,
  type LampSizeId,
} from "@lithophane/lamp/sizes";
import type { LampCartConfig } from "../cart";
import { CREATOR_MESSAGES } from "../creator-messages";
import { type DescribableLine, type LineDescription, ORDER_LINE_TEXTS, photosOnLine } from "./describe";
import { parseAdditionalCrops, parseCropPixels } from "./guard";
import { LAMP_KIND, LAMP_SIZE_OPTION_TYPE } from "./kinds";
import type { OwnerOption, PricedItem, PriceRule, PricingCatalogue, ProductType } from "./types";

/** "2 photos around". */
export function lampPhotosText(photos: number): string {
  return photos === 1 ? "1 photo around" : `${photos} photos around`;
}

export const LAMP_TEXTS = {
  title: "Lithophane lamp",
  photos: lampPhotosText,
} as const;

const isLampSizeId = (value: unknown): value is LampSizeId =>
  typeof value === "string" && value in LAMP_SIZES;

/**
 * The lamp_size option of a size, if the owner has it (active or not): among the types' own options,
 * or among the creator's options where lamp_size is one of their types.
 */
function sizeOption(
  lists: ReadonlyArray<readonly OwnerOption[] | undefined>,
  sizeId: string,
): OwnerOption | undefined {
  for (const options of lists) {
    const found = options?.find((o) => o.optionType === LAMP_SIZE_OPTION_TYPE && o.id === sizeId);
    if (found) return found;
  }
  return undefined;
}

/** A size can be bought when its option is active and on sale (not coming soon). */
const onSale = (option: OwnerOption | undefined): option is OwnerOption =>
  !!option && option.isActive && option.status === "enabled";

/** The server's price: the lamp_size option's price is the lamp's whole price (the owner's). */
function priceLamp(config: LampCartConfig, catalogue: PricingCatalogue): PricedItem {
  const option = sizeOption([catalogue.typeOptions, catalogue.offered, catalogue.stored], config.sizeId);
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

/** The lamp's price rule: its lamp_size option's price is the whole price (the owner's). */
export const lampPriceRule: PriceRule<LampCartConfig> = {
  pricedFromOptions: true,
  price: priceLamp,
  currentPrice(config, catalogue) {
    const option = sizeOption([catalogue.typeOptions, catalogue.options], config.sizeId);
    return onSale(option) ? option.priceModifierPence : null;
  },
};

export const lampType: ProductType<LampCartConfig> = {
  kind: LAMP_KIND,
  madeFromPhotos: true,
  printedByShop: true,
  discountScope: "lithophanes",
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
  productIdOf: () => null,
  bundleIdOf: () => null,
  describe: describeLamp,
  lineText: (d) => `${d.title}: ${d.summary}`,
  exportText: (d) => d.summary,
  cartName: () => LAMP_TEXTS.title,
  cartTitle: () => LAMP_TEXTS.title,
  printForm: "cylinder",
  proofName: "Lamp",
  proofPiece: { one: "lamp", many: "lamps", lit: "lit from inside", made: "lamp", croppable: false },
  photoCount: photosOnLine,
  /** One shade: one print file (panelIndex 0) whatever its photos. */
  printFiles: () => 1,
  photosAllowed: () => ({ min: LAMP_PHOTO_LIMITS.min, max: LAMP_PHOTO_LIMITS.max }),
  crops: (config) => ({ main: config.cropPixels, additional: config.additionalCropPixels }),
  hasItsPhotos: (_config, line) =>
    line.imageUrl !== "" && line.additionalImages.length <= LAMP_MAX_ADDITIONAL_PHOTOS,
  offersColour: false,
  isColour: () => false,
  /** A shade on its LED base weighs about a lightbox. */
  parcelPieces: (line) => ({ piece: "lightbox", count: Math.max(1, line.quantity) }),
};
