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
import { ACCESSORY_CHOICE_TEXTS, accessoryChoicesOf } from "./accessory-choices";
import { getBundle } from "./bundles";
import { MESSAGES } from "./messages";
import { FALLBACK_OPTIONS } from "./options";
import { inches, sizeIdText } from "./size-text";
import { colourThumbnailOf } from "./upload-thumbnails";

/** A cart line or a stored order line: the fields a description is made from. */
export interface DescribableLine {
  /** "lithophane" or "accessory" (an order line's kind; a cart line's config.kind). */
  readonly kind: string;
  /** The cart's size text ("7 inch x 7 inch"); an accessory's "Standard". */
  readonly size: string;
  /** The bundle name for a lithophane. */
  readonly shape: string;
  /** "Black · 3 × Rectangle (Portrait)"; an accessory's name. */
  readonly frameStyle: string;
  /** The line's config as stored (unknown: an old row may lack fields). */
  readonly config: unknown;
  readonly additionalImages?: readonly string[];
}

export interface LineDescription {
  readonly kind: "lithophane" | "accessory";
  /** "Lithophane" or the accessory's name. */
  readonly title: string;
  /** Lithophane only (null for an accessory): */
  readonly bundle: string | null;
  /** "Colour", "Greyscale". */
  readonly processing: string | null;
  readonly colour: boolean;
  /** "Rectangle (Landscape)". */
  readonly shape: string | null;
  /** Width x height: "8″ x 6″" for a landscape panel, "6″ x 8″" for a portrait one. */
  readonly size: string | null;
  /** The frame colour: "Black". */
  readonly frame: string | null;
  readonly panels: number | null;
  /**
   * The line in one sentence: "Keepsake Collection · Colour · 3 panels · Square 7″ x 7″ · Black
   * frame"; an accessory's size text ("Standard").
   */
  readonly summary: string;
  /** An accessory's attached photo (Photo Restoration): its original, for the admin to open. */
  readonly photoUrl: string | null;
}

export { sizeIdText };

/** One description's texts (kept here: the cart panel loads this module first). */
export const ORDER_LINE_TEXTS = {
  panels: (n: number): string => (n === 1 ? "1 panel" : `${n} panels`),
  frame: (colour: string): string => `${colour} ${MESSAGES.cart.frameSuffix}`,
  inches,
  separator: " · ",
  /** CSV/JSON export's and the admin's name for a line's share of the order's discount. */
  discountShare: "Discount share",
} as const;

const optionName = (type: string, id: unknown): string | null => {
  if (typeof id !== "string" || id === "") return null;
  const known = FALLBACK_OPTIONS.find((o) => o.optionType === type && o.id === id);
  if (known) return known.name;
  return id.charAt(0).toUpperCase() + id.slice(1).replace(/[-_]/g, " ");
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

/** The cart's size text ("7 inch x 7 inch") in the description's form ("7″ x 7″"); other texts as they are. */
function inchesText(size: string): string {
  const match = /^(\d+(?:\.\d+)?) inch x (\d+(?:\.\d+)?) inch$/.exec(size.trim());
  return match?.[1] && match[2] ? ORDER_LINE_TEXTS.inches(match[1], match[2]) : size;
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

/** Describes one line (see the module's comment). */
export function describeLine(line: DescribableLine): LineDescription {
  const config = record(line.config);
  const kind = config.kind === "lithophane" || line.kind === "lithophane" ? "lithophane" : "accessory";
  if (kind === "accessory") {
    // A made-to-order accessory says what was chosen (issue 30 item 14): "Black frame · 8″ x 6″".
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
      kind,
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
    kind,
    title: MESSAGES.cart.itemTitle,
    bundle: bundleName,
    processing,
    colour: config.processing === "colour",
    shape,
    size,
    frame,
    panels,
    summary,
    photoUrl: null,
  };
}

/**
 * An accessory's name with its choices ("Frame Colour Swap Kit: Black frame · 8″ x 6″", issue 30
 * item 14), its name alone when it has none: what the invoice and the export write for it.
 */
export function accessoryLineText(d: LineDescription): string {
  const chosen = d.kind === "accessory" && (d.frame !== null || d.size !== null || d.photoUrl !== null);
  return chosen ? `${d.title}: ${d.summary}` : d.title;
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

const isColourLine = (line: { readonly config: unknown }) => record(line.config).processing === "colour";

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
