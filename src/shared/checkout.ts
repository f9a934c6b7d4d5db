import { type Pence, sumPence } from "./money";
import { type ShippingMethod, shippingCost, shippingOptions } from "./shipping";
import { type ShippingZone, zoneShippingCost, zoneShippingOptions } from "./shipping-zones";

/** The money of an order: the items, shipping (decided from the items' subtotal) and the total, in GBP pence. */
export interface CheckoutTotals {
  readonly subtotalPence: Pence;
  readonly shippingPence: Pence;
  readonly totalPence: Pence;
}

/**
 * One rule for the checkout page (display) and the server (charge). Each line is one unit.
 * Shipping is the delivery zone's price (issue 16); without a zone, the spec's UK prices.
 */
export function checkoutTotals(
  linePricesPence: readonly Pence[],
  method: ShippingMethod,
  zone?: ShippingZone,
): CheckoutTotals {
  const subtotalPence = sumPence(linePricesPence);
  const shippingPence = zone
    ? zoneShippingCost(zone, method, subtotalPence)
    : shippingCost(method, subtotalPence);
  return { subtotalPence, shippingPence, totalPence: subtotalPence + shippingPence };
}

/** "Standard Delivery (5-7 business days)": how an order's shipping line reads on receipts. */
export function shippingLineLabel(method: ShippingMethod, zone?: ShippingZone): string {
  const option = (zone ? zoneShippingOptions(zone, 0) : shippingOptions(0)).find((o) => o.method === method);
  return option ? `${option.label} (${option.estimate})` : method;
}
