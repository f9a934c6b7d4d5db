/**
 * A cart line in plain English (issue 20): "Keepsake Collection · 3 panels · 6×8 in · Black frame".
 * Used by the cart panel, checkout's summary and the order pages; prices are formatted apart,
 * by the currency helpers. No zod here: the cart panel may be in the first load.
 */
import { getBundle } from "./bundles";
import type { CartItem } from "./cart";
import { pluralise } from "./messages";

/** Shapes the size does not already say (a 7×7 in panel is square, a 6×8 in one rectangular). */
const SHAPES_NAMED_IN_LINE: Readonly<Record<string, string>> = { hexagon: "hexagon", heart: "heart" };

/** "6x8" (a size id) or "6 inch x 8 inch" (the cart's size text) as "6×8 in"; other texts as they are. */
export function compactSize(sizeIdOrText: string): string {
  const match = /^(\d+(?:\.\d+)?)(?: inch)? ?x ?(\d+(?:\.\d+)?)(?: inch)?$/.exec(sizeIdOrText.trim());
  return match ? `${match[1]}×${match[2]} in` : sizeIdOrText;
}

/** The frame colour of a creator line's frameStyle ("Black · 3 × Square" gives "Black"). */
export function frameColourOf(frameStyle: string): string {
  return frameStyle.split(" · ")[0]?.trim() ?? frameStyle;
}

/**
 * The line's description: for a lithophane the bundle, its panel count (with the shape when
 * the size does not say it), the size and the frame colour; for an accessory its size text.
 */
export function cartLineSummary(
  item: Pick<CartItem, "size" | "shape" | "frameStyle" | "config" | "additionalImages">,
): string {
  const { config } = item;
  if (config.kind !== "lithophane") return item.size;
  const bundle = getBundle(config.bundleId);
  const panels = bundle?.lithophaneCount ?? item.additionalImages.length + 1;
  const shapeWord = SHAPES_NAMED_IN_LINE[config.shapeId];
  const panelText = shapeWord ? pluralise(panels, `${shapeWord} panel`) : pluralise(panels, "panel");
  const size = /^\d/.test(config.sizeId) ? compactSize(config.sizeId) : compactSize(item.size);
  return [bundle?.name ?? item.shape, panelText, size, `${frameColourOf(item.frameStyle)} frame`].join(" · ");
}
