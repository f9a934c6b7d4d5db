/**
 * A shop accessory (stored kind "accessory"): a product of the catalogue at its owner-set price,
 * kept in stock or made to order with the customer's choices (a frame colour, a size, an attached
 * photo: ../accessory-choices.ts). Not printed from the customer's photos.
 */
import { ACCESSORY_CHOICE_TEXTS, accessoryChoicesOf, compactChoices } from "../accessory-choices";
import type { AccessoryConfig } from "../cart";
import { MAX_URL_LENGTH } from "../cart-limits";
import { CREATOR_MESSAGES } from "../creator-messages";
import { MESSAGES } from "../messages";
import { sizeIdText } from "../size-text";
import { type DescribableLine, type LineDescription, ORDER_LINE_TEXTS, optionName } from "./describe";
import { isId, isText } from "./guard";
import { ACCESSORY_KIND } from "./kinds";
import type { PricedItem, PriceRule, ProductForPricing, ProductType } from "./types";

export { ACCESSORY_KIND };

function priceAccessory(product: ProductForPricing | undefined): PricedItem {
  if (!product) return { ok: false, reason: "unknown", message: CREATOR_MESSAGES.pricing.itemUnknown };
  if (product.status === "coming_soon")
    return { ok: false, reason: "unavailable", message: MESSAGES.products.comingSoon.description };
  if (product.status === "disabled" || !product.isActive) {
    return { ok: false, reason: "unavailable", message: CREATOR_MESSAGES.pricing.productUnavailable };
  }
  return {
    ok: true,
    kind: ACCESSORY_KIND,
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

/** A made-to-order accessory says what was chosen (issue 30 item 14): "Black frame · 8″ x 6″". */
function describeAccessory(
  line: DescribableLine,
  config: Readonly<Record<string, unknown>>,
): LineDescription {
  const choices = accessoryChoicesOf(config);
  const frame = optionName("frame_color", choices.frameColorId);
  const size = choices.sizeId ? (sizeIdText(choices.sizeId) ?? choices.sizeId) : null;
  const photoUrl = choices.photoOriginalUrl ?? choices.photoUrl ?? null;
  const chosen = [
    frame ? ACCESSORY_CHOICE_TEXTS.frame(frame) : null,
    size,
    photoUrl ? ACCESSORY_CHOICE_TEXTS.photoAttached : null,
  ].filter((part): part is string => part !== null);
  return {
    kind: ACCESSORY_KIND,
    title: line.frameStyle,
    bundle: null,
    processing: null,
    colour: false,
    shape: null,
    size,
    frame,
    panels: null,
    summary: chosen.length > 0 ? chosen.join(ORDER_LINE_TEXTS.separator) : line.size,
    photoUrl,
  };
}

/**
 * An accessory's name with its choices ("Frame Colour Swap Kit: Black frame · 8″ x 6″", issue 30
 * item 14), its name alone when it has none: what the invoice and the export write for it.
 */
function accessoryText(d: LineDescription): string {
  const chosen = d.frame !== null || d.size !== null || d.photoUrl !== null;
  return chosen ? `${d.title}: ${d.summary}` : d.title;
}

/** An accessory's price rule: its product's price, the owner's. */
export const accessoryPriceRule: PriceRule<AccessoryConfig> = {
  pricedFromOptions: false,
  price: (config, catalogue) => priceAccessory(catalogue.products.get(config.productId)),
  currentPrice: (config, catalogue) =>
    catalogue.products?.find((p) => p.id === config.productId)?.pricePence ?? null,
};

export const accessoryType: ProductType<AccessoryConfig> = {
  kind: ACCESSORY_KIND,
  madeFromPhotos: false,
  printedByShop: false,
  discountScope: "accessories",
  parseConfig(value) {
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
      kind: ACCESSORY_KIND,
      productId,
      ...(frameColorId === undefined ? {} : { frameColorId: frameColorId as string }),
      ...(sizeId === undefined ? {} : { sizeId: sizeId as string }),
      ...(photoUrl === undefined ? {} : { photoUrl: photoUrl as string }),
      ...(photoOriginalUrl === undefined ? {} : { photoOriginalUrl: photoOriginalUrl as string }),
    };
  },
  productIdOf: (config) => config.productId,
  bundleIdOf: () => null,
  describe: describeAccessory,
  lineText: accessoryText,
  exportText: accessoryText,
  cartName: (item) => item.frameStyle,
  cartTitle: (item) => item.frameStyle,
  printForm: null,
  proofName: "Item",
  /** Never in a proof (the shop prints nothing of it); words for completeness. */
  proofPiece: { one: "item", many: "items", lit: "", made: "item", croppable: false },
  photoCount: () => 0,
  printFiles: () => 0,
  photosAllowed: () => ({ min: 0, max: 0 }),
  crops: () => ({}),
  hasItsPhotos: () => true,
  offersColour: false,
  isColour: () => false,
  parcelPieces: (line) => ({ piece: "accessory", count: Math.max(1, line.quantity) }),
  /** The same shop product (renamed or re-pictured since is still the same) with the same choices. */
  sameThing: (a, b) =>
    a.productId === b.productId &&
    JSON.stringify(compactChoices(accessoryChoicesOf(a))) ===
      JSON.stringify(compactChoices(accessoryChoicesOf(b))),
};
