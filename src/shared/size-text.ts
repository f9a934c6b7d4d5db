/**
 * A panel size as the customer reads it, width x height in inches: the order line's description
 * (./order-line) and the creator's summary bar both say it this way. A leaf module, so the
 * creator's first load does not carry the whole description.
 */

/** "8″ x 6″": width first. */
export const inches = (width: string, height: string): string => `${width}″ x ${height}″`;

/**
 * A size as the customer sees it, width x height in inches. Size ids and the spec write height
 * x width ("6x8" is the landscape panel, 15 cm tall and 20 cm wide: spec section 3), so the id is
 * turned round: "6x8" reads "8″ x 6″", "8x6" (portrait) "6″ x 8″". Null for a text that is no id.
 */
export function sizeIdText(sizeId: string): string | null {
  const match = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec(sizeId.trim());
  return match?.[1] && match[2] ? inches(match[2], match[1]) : null;
}

/** A size id ("6x8": height x width) as the customer reads it, width x height: "8″ x 6″"; other texts as they are. */
export function compactSize(sizeIdOrText: string): string {
  return sizeIdText(sizeIdOrText) ?? sizeIdOrText;
}
