/**
 * Each product type's price rule, by kind (issue 48 item 1): the server prices every line with it
 * (catalogue/pricing.ts) and the cart shows today's prices with it (../cart-prices.ts). Apart from
 * ./index.ts so the first load, which reads and describes cart lines, carries no pricing.
 */
import type { CartItemConfig } from "../cart";
import { accessoryPriceRule } from "./accessory";
import { lampPriceRule } from "./lamp-type";
import { lightboxPriceRule } from "./lightbox";
import type { PriceRule } from "./types";

/** Every type's price rule, by its stored kind. */
export const PRICE_RULES: {
  readonly [K in CartItemConfig["kind"]]: PriceRule<Extract<CartItemConfig, { kind: K }>>;
} = {
  lithophane: lightboxPriceRule,
  accessory: accessoryPriceRule,
  lamp: lampPriceRule,
};

/** A config's price rule, typed to that config. */
export function priceRuleOf<C extends CartItemConfig>(config: C): PriceRule<C> {
  return PRICE_RULES[config.kind] as unknown as PriceRule<C>;
}
