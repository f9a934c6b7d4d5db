/** The analytics screen's texts for a range without sales (issue 30: no chart of "£0" axis labels). */
export const ANALYTICS_TEXTS = {
  noSalesTitle: "No paid orders in this range",
  noSales: (from: string, to: string): string =>
    `Nothing was sold from ${from} to ${to}. Revenue and orders are drawn here from the first paid order; the funnel below still counts creator visits.`,
} as const;

/** Whether the revenue and orders charts have anything to draw. */
export function hasSales(totals: { readonly orders: number }): boolean {
  return totals.orders > 0;
}

/**
 * The funnel counts a checkout start once per cart (issue 30: reloading or revisiting the
 * checkout counted again, so starts outnumbered add-to-carts): the key of the cart's lines, and
 * whether a start with this key is new.
 */
export function checkoutStartKey(lineIds: readonly string[]): string {
  return [...lineIds].sort().join(",");
}

export function isNewCheckoutStart(key: string, lastTracked: string | null): boolean {
  return key.length > 0 && key !== lastTracked;
}
