/**
 * The pieces of a line's one description (../order-line.ts, decision 331) that every product type
 * describes its lines with: the description's shape, its texts and the readers of a stored line.
 * ../order-line.ts re-exports them. No zod: the cart panel loads this first.
 */
import type { CartItemConfig } from "../cart";
import { MESSAGES } from "../messages";
import { FALLBACK_OPTIONS } from "../options";
import { inches } from "../size-text";

/** A cart line or a stored order line: the fields a description is made from. */
export interface DescribableLine {
  /** The product kind (an order line's kind; a cart line's config.kind). */
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
  readonly kind: CartItemConfig["kind"];
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

/** One description's texts (kept here: the cart panel loads this module first). */
export const ORDER_LINE_TEXTS = {
  panels: (n: number): string => (n === 1 ? "1 panel" : `${n} panels`),
  frame: (colour: string): string => `${colour} ${MESSAGES.cart.frameSuffix}`,
  inches,
  separator: " · ",
  /** CSV/JSON export's and the admin's name for a line's share of the order's discount. */
  discountShare: "Discount share",
} as const;

/** An option's name from the shop's known options, else its id made readable. */
export const optionName = (type: string, id: unknown): string | null => {
  if (typeof id !== "string" || id === "") return null;
  const known = FALLBACK_OPTIONS.find((o) => o.optionType === type && o.id === id);
  if (known) return known.name;
  return id.charAt(0).toUpperCase() + id.slice(1).replace(/[-_]/g, " ");
};

/** Photos on a line: the first and its additional ones (a stored row's list may be anything). */
export const photosOnLine = (line: { readonly additionalImages?: unknown }): number =>
  1 + (Array.isArray(line.additionalImages) ? line.additionalImages.length : 0);

/** A stored config read as fields (an old row may be anything). */
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
