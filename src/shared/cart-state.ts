/**
 * The cart's state without zod (the web app's first load): total, the merge at sign-in and the
 * reducer behind the CartProvider. Items from outside are read with the hand-written guard
 * (./cart-guard); the zod schemas the server uses are in ./cart.
 */
import type { CartItem } from "./cart";
import { isCartItem, parseStoredCart } from "./cart-guard";
import { MAX_CART_ITEMS } from "./cart-limits";
import { type Pence, sumPence } from "./money";
import { typeOfConfig } from "./product-types";

export function cartTotal(items: readonly Pick<CartItem, "price">[]): Pence {
  return sumPence(items.map((item) => item.price));
}

/** The spec's identity of a cart line for merging: image, size, shape, frame and additional images. */
export function cartItemMergeKey(
  item: Pick<CartItem, "imageUrl" | "size" | "shape" | "frameStyle" | "additionalImages">,
): string {
  return JSON.stringify([item.imageUrl, item.size, item.shape, item.frameStyle, item.additionalImages]);
}

/**
 * Whether two cart lines are the same thing bought: the spec's merge key, or the same shop
 * accessory (a product renamed or re-pictured since it was saved is still the same product)
 * with the same choices (a black swap kit is not a gold one; issue 30 item 14).
 */
export function isSameCartLine(
  a: Pick<CartItem, "imageUrl" | "size" | "shape" | "frameStyle" | "additionalImages" | "config">,
  b: Pick<CartItem, "imageUrl" | "size" | "shape" | "frameStyle" | "additionalImages" | "config">,
): boolean {
  const type = typeOfConfig(a.config);
  if (type.sameThing && type === typeOfConfig(b.config)) return type.sameThing(a.config, b.config);
  return cartItemMergeKey(a) === cartItemMergeKey(b);
}

/**
 * Lines re-added from an earlier session (a saved cart, "Order again") join the cart once
 * (issue 30): a line already in the cart is not added a second time. `added` are the lines to
 * add, `alreadyInCart` how many were there already.
 */
export function linesToReAdd(
  cart: readonly CartItem[],
  incoming: readonly CartItem[],
): { added: CartItem[]; alreadyInCart: number } {
  const added: CartItem[] = [];
  let alreadyInCart = 0;
  for (const item of incoming) {
    if ([...cart, ...added].some((line) => isSameCartLine(line, item))) alreadyInCart += 1;
    else added.push(item);
  }
  return { added, alreadyInCart };
}

export type CartMergeOutcome = "synced" | "restored" | "none";

/**
 * Merges the guest (local) cart into the saved cart at sign-in. Saved entries win: each saved
 * entry absorbs one identical local entry (isSameCartLine), so signing in twice never doubles
 * the cart, while a second identical item the guest added on purpose is kept. Saved entries
 * come first, then the remaining local ones in their order.
 * Outcome: "synced" when both had items ('Cart synced'), "restored" when only the saved cart
 * had items ('Cart restored'), otherwise "none" (no toast).
 */
export function mergeCarts(
  local: readonly CartItem[],
  saved: readonly CartItem[],
): { items: CartItem[]; outcome: CartMergeOutcome } {
  const unmatchedSaved = [...saved];
  const localToKeep = local.filter((item) => {
    const match = unmatchedSaved.findIndex((line) => isSameCartLine(line, item));
    if (match === -1) return true;
    unmatchedSaved.splice(match, 1);
    return false;
  });
  const outcome: CartMergeOutcome =
    saved.length > 0 && local.length > 0 ? "synced" : saved.length > 0 ? "restored" : "none";
  return { items: [...saved, ...localToKeep].slice(0, MAX_CART_ITEMS), outcome };
}

/**
 * The cart's operations (spec section 4): add, remove, clear, load, set; the total is
 * recomputed from the items each time (cartTotal). `load` takes untrusted data (local storage,
 * a server answer) and keeps only valid items; `set` replaces the items with ones the app built
 * (e.g. the merged cart at sign-in). `lastAction` lets a saver skip echoing a `load` back.
 */
export type CartAction =
  | { readonly type: "add"; readonly item: CartItem }
  | { readonly type: "remove"; readonly id: string }
  | { readonly type: "clear" }
  | { readonly type: "load"; readonly items: unknown }
  | { readonly type: "set"; readonly items: readonly CartItem[] };

export interface CartState {
  readonly items: readonly CartItem[];
  readonly lastAction: CartAction["type"] | null;
}

export const EMPTY_CART_STATE: CartState = { items: [], lastAction: null };

/** True when the item can join the cart: valid, a new id, and the cart not full. */
export function canAddToCartItems(items: readonly CartItem[], item: CartItem): boolean {
  return (
    items.length < MAX_CART_ITEMS && !items.some((existing) => existing.id === item.id) && isCartItem(item)
  );
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "add":
      if (!canAddToCartItems(state.items, action.item)) return state;
      return { items: [...state.items, action.item], lastAction: "add" };
    case "remove": {
      if (!state.items.some((item) => item.id === action.id)) return state;
      return { items: state.items.filter((item) => item.id !== action.id), lastAction: "remove" };
    }
    case "clear":
      return { items: [], lastAction: "clear" };
    case "load":
      return { items: parseStoredCart(action.items), lastAction: "load" };
    case "set":
      return { items: parseStoredCart(action.items), lastAction: "set" };
  }
}
