import type { CartItem } from "@shared/cart";
import { productTypeOf } from "@shared/product-types";

/** A shop product (an accessory), not made from the customer's photos: its type says. */
export function isAccessory(item: CartItem): boolean {
  return !productTypeOf(item.config).madeFromPhotos;
}

/** Creator items keep the spec's title 'Lithophane' (a lamp its own); accessories show their product name. */
export function cartItemTitle(item: CartItem): string {
  return productTypeOf(item.config).cartTitle(item);
}
