import { type Pence, sumPence } from "./money";
import type { PaymentOutcome } from "./order-lifecycle";
import {
  FREE_SHIPPING_THRESHOLD_PENCE,
  isShippingMethod,
  type ShippingMethod,
  shippingCost,
  shippingOptions,
} from "./shipping";
import { dayRangeText, type ShippingZone, zoneShippingCost, zoneShippingOptions } from "./shipping-zones";
import type { OrderStatus } from "./statuses";

/** The money of an order: the items, the discount, shipping and the total, in GBP pence. */
export interface CheckoutTotals {
  /** The items at their prices, before any discount. */
  readonly subtotalPence: Pence;
  /** Taken off the items by a discount code (0 without one). */
  readonly discountPence: Pence;
  readonly shippingPence: Pence;
  /** subtotal - discount + shipping: what is charged. */
  readonly totalPence: Pence;
}

export interface TotalsOptions {
  /** The delivery zone (issue 16): its prices and free-shipping threshold decide shipping. */
  readonly zone?: ShippingZone;
  /** Without a zone: the owner's free-shipping threshold (admin prices); the spec's £75 by default. */
  readonly freeShippingThresholdPence?: Pence;
  /** A discount code's result (evaluateDiscount): pence off the items, free standard shipping. */
  readonly discount?: { readonly discountPence: Pence; readonly freeShipping: boolean } | null;
}

/**
 * One rule for the checkout page (display) and the server (charge). Each line is one unit.
 * Shipping is the delivery zone's price (issue 16); without a zone, the spec's UK prices.
 * Free shipping is decided on the subtotal after the discount (what the items cost the
 * customer); a free-shipping code makes standard shipping free, express stays charged.
 */
export function checkoutTotals(
  linePricesPence: readonly Pence[],
  method: ShippingMethod,
  options: TotalsOptions = {},
): CheckoutTotals {
  const subtotalPence = sumPence(linePricesPence);
  const discountPence = Math.min(subtotalPence, options.discount?.discountPence ?? 0);
  const itemsPence = subtotalPence - discountPence;
  const threshold = options.freeShippingThresholdPence ?? FREE_SHIPPING_THRESHOLD_PENCE;
  const shippingPence =
    options.discount?.freeShipping && method === "standard"
      ? 0
      : options.zone
        ? zoneShippingCost(options.zone, method, itemsPence)
        : shippingCost(method, itemsPence, threshold);
  return {
    subtotalPence,
    discountPence,
    shippingPence,
    totalPence: itemsPence + shippingPence,
  };
}

/** "Standard Delivery (5-7 business days)": how an order's shipping line reads on receipts. */
export function shippingLineLabel(method: ShippingMethod, zone?: ShippingZone): string {
  const option = (zone ? zoneShippingOptions(zone, 0) : shippingOptions(0)).find((o) => o.method === method);
  return option ? `${option.label} (${option.estimate})` : method;
}

/**
 * An order's shipping line from what it stored (issue 30 item 2): the method and the zone's
 * business days promised at checkout, "Standard Delivery (3-5 business days)" for Ireland,
 * "Express Delivery (3-6 business days)" to the US. An order placed before the days were kept
 * says the spec's UK figures; an unknown method is printed as it is.
 */
export function orderShippingLabel(order: {
  readonly shippingMethod: string;
  readonly deliveryDaysMin?: number | null;
  readonly deliveryDaysMax?: number | null;
}): string {
  const method = order.shippingMethod;
  if (!isShippingMethod(method)) return method;
  const { deliveryDaysMin: min, deliveryDaysMax: max } = order;
  if (min == null || max == null) return shippingLineLabel(method);
  const option = shippingOptions(0).find((o) => o.method === method);
  return `${option?.label ?? method} (${dayRangeText({ min, max })} business days)`;
}

/** A cart line the server refused to sell. */
export interface RefusedItem {
  /** The client's cart item id. */
  id: string;
  name: string;
  /** invalid: the line cannot be made (photo count, crop or photo; see lithophaneLineProblem). */
  reason: "unavailable" | "unknown" | "invalid";
  message: string;
}

/** The answer of POST /api/checkout. orderTotal is GBP pence. */
export interface CheckoutCreated {
  orderId: string;
  displayNumber: string;
  /** The payment page: Stripe Checkout, or the built-in test payment page. */
  url: string;
  orderTotal: number;
  itemCount: number;
  /** Opens GET /api/checkout/status/:orderId for this order (and the test payment page). */
  token: string;
  testMode: boolean;
}

export interface CheckoutStatus {
  orderId: string;
  displayNumber: string;
  status: OrderStatus;
  /** pending (waiting for payment), paid, or cancelled. */
  outcome: PaymentOutcome;
  /** The promised delivery window, "Tue 9 – Fri 12 Dec"; null on orders without one. */
  deliveryWindow: string | null;
}
