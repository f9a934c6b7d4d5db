import type { Pence } from "./money";

/** Standard shipping is free when the subtotal is OVER £75 (strictly more; £75.00 exactly pays). */
export const FREE_SHIPPING_THRESHOLD_PENCE: Pence = 7500;
export const STANDARD_SHIPPING_PENCE: Pence = 899;
export const EXPRESS_SHIPPING_PENCE: Pence = 1999;

export const SHIPPING_METHODS = ["standard", "express"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const DEFAULT_SHIPPING_METHOD = "standard" satisfies ShippingMethod;

export const STANDARD_DELIVERY_DAYS = "5-7";
export const EXPRESS_DELIVERY_DAYS = "2-3";

export interface ShippingOption {
  readonly method: ShippingMethod;
  readonly label: string;
  /** e.g. "5-7 business days". */
  readonly estimate: string;
  readonly minBusinessDays: number;
  readonly maxBusinessDays: number;
  readonly pricePence: Pence;
}

export function isShippingMethod(value: unknown): value is ShippingMethod {
  return typeof value === "string" && (SHIPPING_METHODS as readonly string[]).includes(value);
}

/** `thresholdPence` is the owner's free-shipping threshold (admin prices); the spec's £75 by default. */
export function qualifiesForFreeShipping(
  subtotalPence: Pence,
  thresholdPence: Pence = FREE_SHIPPING_THRESHOLD_PENCE,
): boolean {
  return subtotalPence > thresholdPence;
}

/** Express is always charged; only standard shipping becomes free. */
export function shippingCost(
  method: ShippingMethod,
  subtotalPence: Pence,
  thresholdPence: Pence = FREE_SHIPPING_THRESHOLD_PENCE,
): Pence {
  if (method === "express") return EXPRESS_SHIPPING_PENCE;
  return qualifiesForFreeShipping(subtotalPence, thresholdPence) ? 0 : STANDARD_SHIPPING_PENCE;
}

export function shippingOptions(
  subtotalPence: Pence,
  thresholdPence: Pence = FREE_SHIPPING_THRESHOLD_PENCE,
): ShippingOption[] {
  return [
    {
      method: "standard",
      label: "Standard Delivery",
      estimate: `${STANDARD_DELIVERY_DAYS} business days`,
      minBusinessDays: 5,
      maxBusinessDays: 7,
      pricePence: shippingCost("standard", subtotalPence, thresholdPence),
    },
    {
      method: "express",
      label: "Express Delivery",
      estimate: `${EXPRESS_DELIVERY_DAYS} business days`,
      minBusinessDays: 2,
      maxBusinessDays: 3,
      pricePence: shippingCost("express", subtotalPence),
    },
  ];
}

/** How much more to spend for free standard shipping (0 once it applies). */
export function amountToFreeShipping(
  subtotalPence: Pence,
  thresholdPence: Pence = FREE_SHIPPING_THRESHOLD_PENCE,
): Pence {
  return qualifiesForFreeShipping(subtotalPence, thresholdPence) ? 0 : thresholdPence + 1 - subtotalPence;
}

/** "Orders of 5 or more units should contact support." */
export const BULK_ORDER_UNITS = 5;

export function needsSupportForQuantity(units: number): boolean {
  return units >= BULK_ORDER_UNITS;
}

// Service figures from spec section 9, quoted by the FAQ and the policy pages.
// Ranges are strings because the pages print them as written ("3-5 business days").

/** Processing (before dispatch): standard, complex designs, and rush (extra fee, amount not set). */
export const PROCESSING_STANDARD_DAYS = "3-5";
export const PROCESSING_COMPLEX_DAYS = "5-7";
export const PROCESSING_RUSH_DAYS = "1-2";
/** Production time as the FAQ states it. */
export const PRODUCTION_DAYS_FAQ = "5-7";
/** Delivery to the UK and Ireland. */
export const DELIVERY_UK_IE_DAYS = "3-5";
/** International delivery: the FAQ and the shipping page give different figures; both are kept. */
export const DELIVERY_INTERNATIONAL_FAQ_DAYS = "7-14";
export const DELIVERY_INTERNATIONAL_SHIPPING_PAGE_DAYS = "7-21";

/** Returns and refunds. */
export const RETURN_WINDOW_DAYS = 30;
export const REFUND_AFTER_RECEIPT_DAYS = "3-5";
export const REFUND_CARD_DAYS = "3-5";
export const REFUND_PAYPAL_DAYS = "1-2";
export const REFUND_BANK_TRANSFER_DAYS = "5-7";
export const CANCELLATION_WINDOW_HOURS = 24;
export const RETURN_LABEL_EMAIL_HOURS = 24;

/** Support. */
export const SUPPORT_REPLY_HOURS = 24;
export const SUPPORT_HOURS = "Monday-Saturday 9:00-21:00 GMT";
export const SUPPORT_CLOSED_DAY = "Sunday";
export const LED_RATED_HOURS = "50,000+";
