import { buildAccessoryCartItem } from "@shared/accessory-cart-item";
import { MESSAGES } from "@shared/messages";
import { trackEvent } from "@web/api/events";
import { useCallback } from "react";
import { notify, useCart } from "../cart";
import type { ShopProduct } from "./types";

/** Adds a shop accessory to the cart with the spec's toasts; coming-soon products are refused. */
export function useAddAccessory() {
  const cart = useCart();
  return useCallback(
    (product: ShopProduct): boolean => {
      if (product.status === "coming_soon") {
        notify(MESSAGES.products.comingSoon);
        return false;
      }
      const added = cart.add(
        buildAccessoryCartItem({
          id: product.id,
          name: product.name,
          pricePence: product.pricePence,
          imageUrl: product.imageUrl,
        }),
      );
      if (added) {
        notify(MESSAGES.cart.accessoryAdded(product.name));
        // Counted like a creator line, so checkout starts never outnumber add-to-carts (issue 30).
        trackEvent("add_to_cart");
      }
      return added;
    },
    [cart],
  );
}
