/**
 * One description of an order line (issue 30 items 1 and 3): what was bought, said the same way
 * by every surface that names it — the cart, checkout, the payment page (Stripe's line items and
 * the test payment page), the success and account order pages, the order e-mails, the invoice,
 * the packing slip, the admin's Items card and the orders export.
 *
 * It reads a line as the cart holds it and as order_items stores it (the spec's fields: size,
 * shape = the bundle name, frameStyle = "Black · 3 × Square", plus the config the server prices
 * from), so a line reads the same before and after it is bought. No zod here: the cart panel is
 * in the first load.
 */
import { productTypeOf } from "./product-types";
import {
  type DescribableLine,
  type LineDescription,
  ORDER_LINE_TEXTS,
  record,
} from "./product-types/describe";
import { frameColourOf } from "./product-types/lightbox";
import { sizeIdText } from "./size-text";
import { colourThumbnailOf } from "./upload-thumbnails";

export type { DescribableLine, LineDescription };
export { frameColourOf, ORDER_LINE_TEXTS, sizeIdText };

/** Describes one line (see the module's comment): its product type says it. */
export function describeLine(line: DescribableLine): LineDescription {
  const config = record(line.config);
  return productTypeOf(typeof config.kind === "string" ? config.kind : line.kind).describe(line, config);
}

/** The line in one text as the invoice writes it ("Lithophane: Keepsake …", an accessory's name and choices). */
export function lineText(d: LineDescription): string {
  return productTypeOf(d.kind).lineText(d);
}

/** The line's text in the orders export (a lithophane's summary, an accessory's name and choices). */
export function exportLineText(d: LineDescription): string {
  return productTypeOf(d.kind).exportText(d);
}

/** A line of an order with its price, quantity and share of the order's discount (pence). */
export interface PricedLine extends DescribableLine {
  readonly price: number;
  readonly quantity?: number;
}

export interface DescribedOrderLine extends LineDescription {
  /** List price of the line (unit price x quantity). */
  readonly listPence: number;
  /** The line's share of the order's discount (allocateDiscount). */
  readonly discountSharePence: number;
  /** What the line was charged: list less its discount share. */
  readonly chargedPence: number;
}

/**
 * Every line of an order described with its discount share. The rule every receipt follows
 * (decision 331): lines are shown at list price, the order's discount is one row of its own,
 * so lines + discount + shipping = total; `chargedPence` is what the payment page charges.
 */
export function describeOrderLines(
  lines: readonly PricedLine[],
  discountShares: readonly number[],
): DescribedOrderLine[] {
  return lines.map((line, index) => {
    const listPence = line.price * (line.quantity ?? 1);
    const discountSharePence = discountShares[index] ?? 0;
    return {
      ...describeLine(line),
      listPence,
      discountSharePence,
      chargedPence: listPence - discountSharePence,
    };
  });
}

/** A thumbnail's picture, and the one shown if it cannot be loaded. */
export interface Thumbnail {
  readonly src: string;
  /** For an upload stored before colour thumbnails existed: the best picture it does have. */
  readonly fallback: string;
}

const isColourLine = (line: { readonly config: unknown }) =>
  productTypeOf(line.config).isColour(record(line.config));

/**
 * The main photo's thumbnail (issue 30): a colour lithophane's in colour (the small colour
 * picture stored beside its preview, else the upload itself), any other line's greyscale
 * preview. Null when the line has no photo.
 */
export function lineThumbnail(line: {
  readonly imageUrl: string | null;
  readonly originalImageUrl: string | null;
  readonly config: unknown;
}): Thumbnail | null {
  const preview = line.imageUrl || line.originalImageUrl || "";
  if (!preview) return null;
  if (!isColourLine(line)) return { src: preview, fallback: preview };
  const inColour = line.originalImageUrl || preview;
  return { src: (line.imageUrl && colourThumbnailOf(line.imageUrl)) || inColour, fallback: inColour };
}

/**
 * One thumbnail per panel of a lithophane line, main photo first: a colour line's panels in
 * colour (each extra photo's colour picture beside its preview, the preview if it has none),
 * every other line's as their greyscale previews.
 */
export function linePanelThumbnails(line: {
  readonly imageUrl: string | null;
  readonly originalImageUrl: string | null;
  readonly additionalImages: readonly string[];
  readonly config: unknown;
}): Thumbnail[] {
  const colour = isColourLine(line);
  const main = lineThumbnail(line);
  const extras = line.additionalImages
    .filter((preview) => preview.length > 0)
    .map((preview) => ({ src: (colour && colourThumbnailOf(preview)) || preview, fallback: preview }));
  return main ? [main, ...extras] : extras;
}
