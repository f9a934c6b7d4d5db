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
import type { DroppedCartItem } from "../../server/services/saved-cart";
import { readJson } from "./http";

export type { DroppedCartItem };

export interface SavedCartAnswer {
  items: CartItem[];
  dropped: DroppedCartItem[];
}

export async function fetchSavedCart(): Promise<CartItem[]> {
  const res = fetch("/api/cart", { credentials: "same-origin", headers: { Accept: "application/json" } });
  return (await readJson<{ items: CartItem[] }>(res)).items;
}

export function saveCart(items: readonly CartItem[]): Promise<SavedCartAnswer> {
  return readJson<SavedCartAnswer>(
    fetch("/api/cart", {
      method: "PUT",
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ items }),
    }),
  );
}
