/**
 * The signed-in customer's saved cart.
 *   GET /api/cart -> { items: CartItem[] }
 *   PUT /api/cart { items: CartItem[] } (at most MAX_CART_ITEMS) -> { items, dropped }
 * A PUT replaces the whole saved cart (delete all, insert all, in one transaction). The
 * answer's items carry the server's prices and texts: use them as the new cart. Lines the
 * shop no longer sells come back in `dropped` ({id, message}) and are not saved. A lithophane
 * line that cannot be made (photo count, crop outside the photo, photo not stored) is a 422
 * item_invalid {message, items: [{id, name, message}]} and nothing is saved.
 * At sign-in: merge with mergeCarts(local, saved) from @shared/cart, then PUT the result.
 */
import type { CartItem } from "@shared/cart";
import { api, ok } from "@web/lib/http/client";

export async function fetchSavedCart() {
  return (await ok(api.cart.$get())).items;
}

export function saveCart(items: readonly CartItem[]) {
  return ok(api.cart.$put({ json: { items: [...items] } }));
}
