import { buildAccessoryCartItem } from "@shared/accessory-cart-item";
import {
  ACCESSORY_CHOICE_TEXTS,
  type AccessoryChoices,
  accessoryChoiceProblem,
  needsAccessoryChoice,
  type SoldChoices,
} from "@shared/accessory-choices";
import { MESSAGES } from "@shared/messages";
import { trackEvent } from "@web/app/funnel-events";
import { useCallback } from "react";
import { notify, useCart } from "../cart";
import type { ShopProduct } from "./types";

/** What a made-to-order accessory's Add to Cart was given: its choices and what the shop sells. */
export interface ChosenOptions {
  readonly choices: AccessoryChoices;
  readonly sold: SoldChoices;
}

/**
 * Adds a shop accessory to the cart with the spec's toasts; coming-soon products are refused,
 * and so is a made-to-order accessory (issue 30 item 14) until its choices are given: from the
 * card (no choices) it says to choose them in Details; there, it names the missing one.
 */
export function useAddAccessory() {
  const cart = useCart();
  return useCallback(
    (product: ShopProduct, chosen?: ChosenOptions): boolean => {
      if (product.status === "coming_soon") {
        notify(MESSAGES.products.comingSoon);
        return false;
      }
      if (needsAccessoryChoice(product.id)) {
        const message = chosen
          ? accessoryChoiceProblem(product.id, chosen.choices, chosen.sold)?.message
          : ACCESSORY_CHOICE_TEXTS.chooseInDetails(product.name);
        if (message) {
          notify({ title: ACCESSORY_CHOICE_TEXTS.toastTitle, description: message, variant: "destructive" });
          return false;
        }
      }
      const added = cart.add(
        buildAccessoryCartItem(
          {
            id: product.id,
            name: product.name,
            pricePence: product.pricePence,
            imageUrl: product.imageUrl,
          },
          undefined,
          chosen?.choices,
        ),
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
