/**
 * The heading over an order's lines on the success and account pages (issue 30): "Your panels"
 * only when the order has lithophane panels; an order of accessories alone is "Your items".
 */
import { ORDER_VIEW_TEXTS } from "./order-view";

export const ORDER_LINES_HEADINGS = { panels: ORDER_VIEW_TEXTS.yourPanels, items: "Your items" } as const;

/** `lines`: each line's panel photos (empty for an accessory). */
export function orderLinesHeading(lines: readonly { readonly photos: readonly unknown[] }[]): string {
  return lines.some((line) => line.photos.length > 0)
    ? ORDER_LINES_HEADINGS.panels
    : ORDER_LINES_HEADINGS.items;
}
