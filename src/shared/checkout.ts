import { type Pence, sumPence } from "./money";
import type { PaymentOutcome } from "./order-lifecycle";
import { type ShippingMethod, shippingCost, shippingOptions } from "./shipping";

/** The money of an order: the items, shipping (decided from the items' subtotal) and the total, in GBP pence. */
export interface CheckoutTotals {
  readonly subtotalPence: Pence;
  readonly shippingPence: Pence;
  readonly totalPence: Pence;
}

/** One rule for the checkout page (display) and the server (charge). Each line is one unit. */
export function checkoutTotals(linePricesPence: readonly Pence[], method: ShippingMethod): CheckoutTotals {
  const subtotalPence = sumPence(linePricesPence);
  const shippingPence = shippingCost(method, subtotalPence);
  return { subtotalPence, shippingPence, totalPence: subtotalPence + shippingPence };
}

/** "Standard Delivery (5-7 business days)": how an order's shipping line reads on receipts. */
export function shippingLineLabel(method: ShippingMethod): string {
  const option = shippingOptions(0).find((o) => o.method === method);
  return option ? `${option.label} (${option.estimate})` : method;
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
  status: string;
  /** pending (waiting for payment), paid, or cancelled. */
  outcome: PaymentOutcome;
}
