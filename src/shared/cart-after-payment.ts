import type { CartItem } from "./cart";

/**
 * The cart once an order is confirmed paid: without the lines that order was placed from
 * (`paidItemIds`, recorded at checkout), so lines added since ("Order again" in another tab)
 * stay. Not known (a record lost or from before the ids were kept): the whole cart goes, as it
 * was placed.
 */
export function cartAfterPayment(
  items: readonly CartItem[],
  paidItemIds: readonly string[] | undefined,
): readonly CartItem[] {
  if (paidItemIds === undefined) return [];
  const paid = new Set(paidItemIds);
  return items.filter((item) => !paid.has(item.id));
}
