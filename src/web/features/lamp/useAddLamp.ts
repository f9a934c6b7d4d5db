import { isCartItem } from "@shared/cart-guard";
import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import { type LampCreatorState, lampAddCheck, lampCartLine } from "@shared/product-types/lamp-creator";
import type { LampSizeOffer } from "@shared/product-types/lamp-offer";
import { trackEvent } from "@web/app/funnel-events";
import { useState } from "react";
import { notify, useCart } from "../cart";

/**
 * Add to Cart: the lamp's line (lampCartLine) into the cart, once the cart's guard takes it. Says what
 * is missing otherwise. `added` is the state the last line was made from (the page shows "added" until
 * the customer changes something).
 */
export function useAddLamp(sizes: readonly LampSizeOffer[]) {
  const cart = useCart();
  const [added, setAdded] = useState<LampCreatorState | null>(null);
  const texts = LAMP_TEXTS_WEB.cart;
  const add = (state: LampCreatorState) => {
    const check = lampAddCheck(state, sizes);
    if (!check.ok) {
      notify({ title: texts.problems[check.problem], variant: "destructive" });
      return check.problem;
    }
    // The cart's own check (the product-type seam teaches it lamp lines).
    const line = lampCartLine(state, sizes);
    if (!isCartItem(line) || !cart.add(line)) {
      notify({ title: texts.notYet, variant: "destructive" });
      return null;
    }
    notify({ title: texts.added });
    trackEvent("add_to_cart");
    setAdded(state);
    return null;
  };
  return { add, added, openCart: cart.openCart };
}
