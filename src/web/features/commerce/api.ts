/**
 * Discount codes, as the cart and checkout check them.
 *   POST /api/discounts/check {code, cartItems: [{config}]}
 *     -> {ok: true, code, discountPence, freeShipping} | {ok: false, reason, message}
 *     -> 429 (ten checks a minute per visitor: codes cannot be guessed)
 * Nothing is reserved by a check: checkout checks the code again when the order is placed.
 */
import type { CartItem } from "@shared/cart";
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@web/lib/http/client";

export type { DiscountCheck } from "@server/routes/discounts";

export function checkDiscount(code: string, items: readonly Pick<CartItem, "config">[]) {
  return ok(
    api.discounts.check.$post({ json: { code, cartItems: items.map((item) => ({ config: item.config })) } }),
  );
}

export const discountQueries = {
  /**
   * The applied code's answer for these cart lines (their configs and prices are the key, so a
   * changed cart or price checks again). Never refetched on its own: checks are rate limited.
   */
  check: (code: string | null, items: readonly CartItem[]) =>
    queryOptions({
      queryKey: ["discount", code, items.map((item) => [item.config, item.price])],
      queryFn: () => checkDiscount(code ?? "", items),
      enabled: code !== null && items.length > 0,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
    }),
};
