/**
 * The flat lightbox (stored kind "lithophane"): one to four flat panels of the customer's photos,
 * each in its frame on an LED lightbox, sold in bundles with owner-priced options (processing,
 * shape, frame colour, size). Everything the shop needs of it beyond the creator and the generator
 * (src/lithophane) is answered here.
 */
import { BUNDLE_IDS, BUNDLES, type Bundle, getBundle } from "../bundles";
import type { LithophaneConfig } from "../cart";
import { CREATOR_MESSAGES } from "../creator-messages";
import { lightboxPricePence } from "../lightbox-price";
import { MESSAGES } from "../messages";
import type { Pence } from "../money";
import {
  type CreatorOption,
  findOption,
  isSelectable,
  type OptionType,
  sizeAppliesToShape,
  sizeLabel,
} from "../options";
import { inches, sizeIdText } from "../size-text";
import {
  type DescribableLine,
  type LineDescription,
  ORDER_LINE_TEXTS,
  optionName,
  photosOnLine,
} from "./describe";
import { isId, parseAdditionalCrops, parseCropPixels } from "./guard";
import { LIGHTBOX_KIND } from "./kinds";
import type { PricedItem, PriceRule, PricingCatalogue, ProductType } from "./types";

export { LIGHTBOX_KIND };
/** The creator's processing option that prints a colour panel (issue 22). */
export const COLOUR_PROCESSING_ID = "colour";

/** "White · 3 × Square" — frame colour name, lithophane count and shape name. */
export function lithophaneFrameStyle(
  frameColorName: string,
  lithophaneCount: number,
  shapeName: string,
): string {
  return `${frameColorName} · ${lithophaneCount} × ${shapeName}`;
}

/**
 * The price of a lithophane line from its config, the creator's rule. Null when the bundle or an
 * option is unknown, not selectable, or the size does not fit the shape.
 */
export function lithophaneConfigPricePence(
  config: LithophaneConfig,
  options: readonly CreatorOption[],
  bundles: readonly Bundle[] = BUNDLES,
): Pence | null {
  const bundle = getBundle(config.bundleId, bundles);
  if (!bundle) return null;
  const processing = findOption(options, "processing", config.processing);
  const shape = findOption(options, "shape", config.shapeId);
  const frameColor = findOption(options, "frame_color", config.frameColorId);
  const size = findOption(options, "size", config.sizeId);
  if (!processing || !shape || !frameColor || !size) return null;
  if (![processing, shape, frameColor, size].every(isSelectable)) return null;
  if (!sizeAppliesToShape(size, shape.id)) return null;
  return lightboxPricePence(bundle, { processing, others: [shape, frameColor, size] });
}

type Refusal = Extract<PricedItem, { ok: false }>;
const refuse = (reason: Refusal["reason"]): Refusal => ({
  ok: false,
  reason,
  message: CREATOR_MESSAGES.pricing.lithophaneUnavailable,
});
const isRefusal = (value: CreatorOption | Refusal): value is Refusal => "ok" in value;

/** The server's price: the bundle at the owner's price plus each chosen option's modifier. */
function priceLightbox(config: LithophaneConfig, catalogue: PricingCatalogue): PricedItem {
  const bundle = getBundle(config.bundleId, catalogue.bundles);
  if (!bundle) return refuse("unknown");
  const choose = (type: OptionType, id: string): CreatorOption | Refusal => {
    const option = catalogue.offered.find((o) => o.optionType === type && o.id === id);
    if (option) return isSelectable(option) ? option : refuse("unavailable");
    // Stored but switched off (inactive) is unavailable; never heard of is unknown.
    const stored = catalogue.stored.some((o) => o.optionType === type && o.id === id);
    return refuse(stored ? "unavailable" : "unknown");
  };
  const processing = choose("processing", config.processing);
  const shape = choose("shape", config.shapeId);
  const frameColor = choose("frame_color", config.frameColorId);
  const size = choose("size", config.sizeId);
  if (isRefusal(processing) || isRefusal(shape) || isRefusal(frameColor) || isRefusal(size)) {
    // Unknown outranks unavailable so the caller learns the more basic problem.
    const refusals = [processing, shape, frameColor, size].filter(isRefusal);
    return refusals.find((r) => r.reason === "unknown") ?? (refusals[0] as Refusal);
  }
  if (!sizeAppliesToShape(size, shape.id)) return refuse("unavailable");
  return {
    ok: true,
    kind: LIGHTBOX_KIND,
    unitPricePence: lightboxPricePence(bundle, { processing, others: [shape, frameColor, size] }),
    description: {
      sizeLabel: sizeLabel(size),
      shapeName: bundle.name,
      frameStyle: lithophaneFrameStyle(frameColor.name, bundle.lithophaneCount, shape.name),
      lithophaneCount: bundle.lithophaneCount,
      title: MESSAGES.cart.itemTitle,
    },
  };
}

/** The cart's size text ("7 inch x 7 inch") in the description's form ("7″ x 7″"); other texts as they are. */
function inchesText(size: string): string {
  const match = /^(\d+(?:\.\d+)?) inch x (\d+(?:\.\d+)?) inch$/.exec(size.trim());
  return match?.[1] && match[2] ? inches(match[1], match[2]) : size;
}

/** The frame colour of a creator line's frameStyle ("Black · 3 × Square" gives "Black"). */
export function frameColourOf(frameStyle: string): string {
  return frameStyle.split(" · ")[0]?.trim() ?? frameStyle;
}

/** The shape named in a creator line's frameStyle ("Black · 3 × Square" gives "Square"). */
function shapeOf(frameStyle: string): string | null {
  const match = /×\s*(.+)$/.exec(frameStyle);
  return match?.[1]?.trim() || null;
}

function describeLightbox(line: DescribableLine, config: Readonly<Record<string, unknown>>): LineDescription {
  const bundle = getBundle(typeof config.bundleId === "string" ? config.bundleId : null);
  const panels = bundle?.lithophaneCount ?? (line.additionalImages?.length ?? 0) + 1;
  const processing = optionName("processing", config.processing);
  const shape = shapeOf(line.frameStyle) ?? optionName("shape", config.shapeId);
  const size =
    (typeof config.sizeId === "string" ? sizeIdText(config.sizeId) : null) ?? inchesText(line.size);
  const frame = frameColourOf(line.frameStyle);
  const bundleName = bundle?.name ?? line.shape;
  const summary = [
    bundleName,
    processing,
    ORDER_LINE_TEXTS.panels(panels),
    [shape, size].filter(Boolean).join(" "),
    ORDER_LINE_TEXTS.frame(frame),
  ]
    .filter((part): part is string => typeof part === "string" && part !== "")
    .join(ORDER_LINE_TEXTS.separator);
  return {
    kind: LIGHTBOX_KIND,
    title: MESSAGES.cart.itemTitle,
    bundle: bundleName,
    processing,
    colour: config.processing === COLOUR_PROCESSING_ID,
    shape,
    size,
    frame,
    panels,
    summary,
    photoUrl: null,
  };
}

const isBundleId = (value: unknown): value is (typeof BUNDLE_IDS)[number] =>
  (BUNDLE_IDS as readonly unknown[]).includes(value);

/** The lightbox's price rule: the bundle at the owner's price plus its options' modifiers. */
export const lightboxPriceRule: PriceRule<LithophaneConfig> = {
  pricedFromOptions: true,
  price: priceLightbox,
  currentPrice(config, catalogue) {
    if (!catalogue.options || !catalogue.bundles) return null;
    return lithophaneConfigPricePence(config, catalogue.options, catalogue.bundles);
  },
};

export const lightboxType: ProductType<LithophaneConfig> = {
  kind: LIGHTBOX_KIND,
  madeFromPhotos: true,
  printedByShop: true,
  discountScope: "lithophanes",
  parseConfig(value) {
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
      kind: LIGHTBOX_KIND,
      bundleId,
      processing,
      shapeId,
      frameColorId,
      sizeId,
      ...(cropPixels ? { cropPixels } : {}),
      ...(additionalCropPixels ? { additionalCropPixels } : {}),
      ...(localContrast === undefined ? {} : { localContrast }),
    };
  },
  productIdOf: () => null,
  bundleIdOf: (config) => config.bundleId,
  describe: describeLightbox,
  lineText: (d) => `${d.title}: ${d.summary}`,
  exportText: (d) => d.summary,
  cartName(item) {
    const config = item.config as { bundleId?: unknown } | null;
    const bundle = getBundle(typeof config?.bundleId === "string" ? config.bundleId : null);
    return `${MESSAGES.cart.itemTitle} (${bundle?.name ?? item.shape})`;
  },
  cartTitle: () => MESSAGES.cart.itemTitle,
  /** One panel per photo (checkout holds a line to its bundle's count). */
  printForm: "panel",
  proofName: "Lightbox",
  proofPiece: { one: "panel", many: "panels", lit: "lit from behind", made: "lightbox", croppable: true },
  photoCount: photosOnLine,
  /** One print file per panel: panel 0 the main photo, then each additional photo. */
  printFiles: photosOnLine,
  photosAllowed(config) {
    const panels = getBundle(config.bundleId)?.lithophaneCount ?? 1;
    return { min: panels, max: panels };
  },
  crops: (config) => ({ main: config.cropPixels, additional: config.additionalCropPixels }),
  hasItsPhotos(config, line) {
    const bundle = getBundle(config.bundleId);
    return !!bundle && line.additionalImages.length === bundle.lithophaneCount - 1 && line.imageUrl !== "";
  },
  offersColour: true,
  isColour: (config) => config.processing === COLOUR_PROCESSING_ID,
  parcelPieces: (line) => ({
    piece: "lightbox",
    count: (getBundle(line.bundleId)?.lithophaneCount ?? 1) * Math.max(1, line.quantity),
  }),
};
