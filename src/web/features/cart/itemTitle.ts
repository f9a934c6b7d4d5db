import type { CartItem } from "@shared/cart";
import { MESSAGES } from "@shared/messages";

export function isAccessory(item: CartItem): boolean {
  return item.config.kind === "accessory";
}

/** Creator items keep the spec's title 'Lithophane'; accessories show their product name. */
export function cartItemTitle(item: CartItem): string {
  return isAccessory(item) ? item.frameStyle : MESSAGES.cart.itemTitle;
}
