/** Accessory stock as the shop shows it. */
import { COMMERCE_MESSAGES } from "./commerce-messages";

/** "Only N left" shows under this many free units; the owner is alerted at or under it. */
export const LOW_STOCK_THRESHOLD = 5;

/** null: made to order (no stock kept). */
export type StockAvailable = number | null;

export function isOutOfStock(available: StockAvailable): boolean {
  return available != null && available <= 0;
}

/** "Only 3 left" under 5, "Out of stock" at 0, nothing otherwise or when made to order. */
export function stockLabel(available: StockAvailable): string | null {
  if (available == null) return null;
  if (available <= 0) return COMMERCE_MESSAGES.stock.outOfStock;
  if (available < LOW_STOCK_THRESHOLD) return COMMERCE_MESSAGES.stock.onlyLeft(available);
  return null;
}
