/**
 * The shopper's side of issue 18's commerce controls, used by the lazily loaded cart panel and
 * checkout only (never by the first load): the discount code and today's prices.
 */

export { DiscountField, DiscountLines } from "./DiscountField";
export { type DiscountState, setDiscountCode, useDiscount } from "./discount";
export { useCurrentPrices } from "./useCurrentPrices";
