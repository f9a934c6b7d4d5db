/** The analytics screen's texts for a range without sales (issue 30: no chart of "£0" axis labels). */
export const ANALYTICS_TEXTS = {
  noSalesTitle: "No paid orders in this range",
  noSales: (from: string, to: string): string =>
    `Nothing was sold from ${from} to ${to}. Revenue and orders are drawn here from the first paid order; the funnel below still counts creator visits.`,
  funnelOutside: (count: number): string => `${count} more not through the creator`,
  funnelNote:
    "Each step counts at most the step before it: add-to-carts count only lithophanes added after an upload, and checkout starts and paid orders beyond the step before (accessories, Order again, carts from an earlier visit) are shown apart. Visits, uploads, add-to-carts and checkout starts are counted anonymously (no cookies, no personal data); paid orders follow the Orders filter above.",
} as const;

export interface FunnelStepCount {
  id: string;
  label: string;
  /** What the funnel draws: never more than the step before. */
  count: number;
  /** Counted for this step beyond the step before: not through the funnel (accessories, Order again, an earlier visit). */
  outside: number;
}

/**
 * The funnel's steps, nested (issue 47 item 11: "Added to cart 5" drew above "Photo uploaded 4"):
 * the events are anonymous, so a later step can hold visitors who never passed the earlier one
 * (an accessory bought from the shop, an Order again, a cart from yesterday). Each step draws
 * at most the step before it; what it counted beyond that is kept apart as `outside`.
 */
export function nestFunnel(
  steps: ReadonlyArray<{ id: string; label: string; count: number }>,
): FunnelStepCount[] {
  let previous = Number.POSITIVE_INFINITY;
  return steps.map((step) => {
    const raw = Math.max(0, step.count);
    const count = Math.min(raw, previous);
    previous = count;
    return { id: step.id, label: step.label, count, outside: raw - count };
  });
}

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
