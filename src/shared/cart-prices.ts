/**
 * A stored cart at today's prices. A cart line keeps the price it was added at; when the owner
 * changes a bundle, option or accessory price, the cart and checkout show the new one as soon
 * as the catalogue answers (the options refetch, 30 s). The server prices every order itself;
 * this only keeps what the shopper sees equal to what they will be charged.
 */
import type { Bundle } from "./bundles";
import { type CartItem, lithophaneConfigPricePence } from "./cart";
import type { Pence } from "./money";
import type { CreatorOption } from "./options";

export interface CurrentCatalogue {
  /** The creator's options (flattened); undefined until the catalogue has answered. */
  readonly options?: readonly CreatorOption[] | undefined;
  /** The bundles at the owner's prices; undefined until the catalogue has answered. */
  readonly bundles?: readonly Bundle[] | undefined;
  /** The shop's products; undefined until they have been fetched. */
  readonly products?: readonly { readonly id: string; readonly pricePence: Pence }[] | undefined;
}

/** The line's price today, or null when the catalogue cannot tell (not loaded, unknown line). */
export function currentLinePrice(item: CartItem, catalogue: CurrentCatalogue): Pence | null {
  const { config } = item;
  if (config.kind === "accessory") {
    return catalogue.products?.find((p) => p.id === config.productId)?.pricePence ?? null;
  }
  if (!catalogue.options || !catalogue.bundles) return null;
  return lithophaneConfigPricePence(config, catalogue.options, catalogue.bundles);
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
