/**
 * A stored cart at today's prices. A cart line keeps the price it was added at; when the owner
 * changes a bundle, option or accessory price, the cart and checkout show the new one as soon
 * as the catalogue answers (the options refetch, 30 s). The server prices every order itself;
 * this only keeps what the shopper sees equal to what they will be charged.
 */
import type { CartItem } from "./cart";
import type { Pence } from "./money";
import type { CurrentCatalogue } from "./product-types";
import { priceRuleOf } from "./product-types/pricing";

/** The creator's options (flattened), the bundles at the owner's prices, the shop's products: undefined until answered. */
export type { CurrentCatalogue };

/** The line's price today, or null when the catalogue cannot tell (not loaded, unknown line). */
export function currentLinePrice(item: CartItem, catalogue: CurrentCatalogue): Pence | null {
  return priceRuleOf(item.config).currentPrice(item.config, catalogue);
}

/**
 * The items with today's prices, or null when none changed (nothing to store). A line the
 * catalogue cannot price keeps its price: whether it can still be bought is the server's
 * answer at checkout.
 */
export function repriceCart(items: readonly CartItem[], catalogue: CurrentCatalogue): CartItem[] | null {
  let changed = false;
  const next = items.map((item) => {
    const price = currentLinePrice(item, catalogue);
    if (price == null || price === item.price) return item;
    changed = true;
    return { ...item, price };
  });
  return changed ? next : null;
}
