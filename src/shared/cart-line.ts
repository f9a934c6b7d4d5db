/**
 * A cart line in plain English (issue 20): "Keepsake Collection · Colour · 3 panels · Square 7″ x 7″
 * · Black frame". Since issue 30 it is the one order-line description (./order-line), which every
 * page, e-mail, document and export also renders; prices are formatted apart, by the currency
 * helpers. No zod here: the cart panel may be in the first load.
 */
import type { CartItem } from "./cart";
import { describeLine, frameColourOf } from "./order-line";

export { compactSize } from "./size-text";
export { frameColourOf };

/** The line's description (describeLine's summary): for an accessory its size text. */
export function cartLineSummary(
  item: Pick<CartItem, "size" | "shape" | "frameStyle" | "config" | "additionalImages">,
): string {
  return describeLine({ ...item, kind: item.config.kind }).summary;
}
