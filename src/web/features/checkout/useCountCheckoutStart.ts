import { checkoutStartKey, isNewCheckoutStart } from "@shared/analytics-texts";
import type { CartItem } from "@shared/cart";
import { trackEvent } from "@web/app/funnel-events";
import { useEffect } from "react";

/** The cart whose checkout start the funnel has counted (this tab). */
const CHECKOUT_START_KEY = "lithobox.checkoutStartFor";

/** Counts the funnel's checkout start once per cart, not per visit (issue 30): starts never outnumber carts. */
export function useCountCheckoutStart(items: readonly CartItem[]) {
  const startKey = checkoutStartKey(items.map((item) => item.id));
  useEffect(() => {
    let last: string | null = null;
    try {
      last = window.sessionStorage.getItem(CHECKOUT_START_KEY);
      if (isNewCheckoutStart(startKey, last)) window.sessionStorage.setItem(CHECKOUT_START_KEY, startKey);
    } catch {
      // No storage: count the visit.
    }
    if (isNewCheckoutStart(startKey, last)) trackEvent("checkout_start");
  }, [startKey]);
}
