import { repriceCart } from "@shared/cart-prices";
import { flattenOptions } from "@shared/options";
import { typeOfConfig } from "@shared/product-types";
import { useQuery } from "@tanstack/react-query";
import { catalogQueries } from "@web/features/shop/api";
import { useEffect, useMemo } from "react";
import { useCart } from "../cart";

/**
 * Keeps the cart's lines at the owner's current prices while the cart panel or checkout is on
 * screen: the catalogue's options (bundles included) are refetched every 30 seconds, the
 * products when the cart holds an accessory. A changed price is stored with the cart.
 */
export function useCurrentPrices(): void {
  const { items, set } = useCart();
  // A shop product's price is its product's (an accessory's): the products are fetched for it.
  const hasAccessory = items.some((item) => typeOfConfig(item.config).productIdOf(item.config) !== null);
  const options = useQuery({ ...catalogQueries.options(), enabled: items.length > 0 });
  const products = useQuery({ ...catalogQueries.products(), enabled: hasAccessory });
  const flat = useMemo(
    () => (options.data ? flattenOptions(options.data.options) : undefined),
    [options.data],
  );
  const bundles = options.data?.bundles;
  useEffect(() => {
    const next = repriceCart(items, { options: flat, bundles, products: products.data });
    if (next) set(next);
  }, [items, flat, bundles, products.data, set]);
}
