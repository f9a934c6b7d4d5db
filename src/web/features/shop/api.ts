/**
 * The catalogue: the shop's products and the creator's options (shapes in @shared/catalog).
 * Both are revalidated on every request (no-cache + ETag), so an admin's edit shows on the
 * creator's next 30-second refetch.
 */
import type { CatalogProduct } from "@shared/catalog";
import { OPTIONS_REFETCH_MS } from "@shared/limits";
import { queryOptions } from "@tanstack/react-query";
import type { api } from "@web/lib/http/client";
import { getJson } from "@web/lib/http/get-json";
import type { InferResponseType } from "hono/client";

export type { CatalogOptionsAnswer, CatalogProduct } from "@shared/catalog";

// Asked for by the shop and the creator as they start: without the RPC client (lib/http/get-json.ts).
type ProductsAnswer = InferResponseType<typeof api.catalog.products.$get, 200>;
type OptionsAnswer = InferResponseType<typeof api.catalog.options.$get, 200>;

/** Products on sale or coming soon, in the maker's order. Throws ApiRequestError on failure. */
export async function fetchProducts(): Promise<CatalogProduct[]> {
  return (await getJson<ProductsAnswer>("/catalog/products")).products;
}

/** The creator's options, grouped by type. Throws ApiRequestError on failure. */
export function fetchOptions(): Promise<OptionsAnswer> {
  return getJson<OptionsAnswer>("/catalog/options");
}

/** The catalogue's queries (keys in one place). */
export const catalogQueries = {
  all: ["catalog"] as const,
  products: () => queryOptions({ queryKey: [...catalogQueries.all, "products"], queryFn: fetchProducts }),
  /**
   * The options, the bundles with the owner's prices and the free-shipping threshold;
   * refetched every 30 seconds so an admin's change shows up in the creator and the cart.
   */
  options: () =>
    queryOptions({
      queryKey: [...catalogQueries.all, "options"],
      queryFn: fetchOptions,
      refetchInterval: OPTIONS_REFETCH_MS,
      staleTime: OPTIONS_REFETCH_MS,
    }),
  /**
   * The active filament's attenuation k per mm (issue 19) for the 3D preview: the same request
   * and cache entry as the options, so it costs no fetch of its own.
   */
  attenuation: () =>
    queryOptions({
      queryKey: [...catalogQueries.all, "options"],
      queryFn: fetchOptions,
      refetchInterval: OPTIONS_REFETCH_MS,
      staleTime: OPTIONS_REFETCH_MS,
      select: (answer) => answer.attenuationPerMm,
    }),
  /** The active filament's scattering (decision 338) for the 3D preview's light: same request and cache entry. */
  scatter: () =>
    queryOptions({
      queryKey: [...catalogQueries.all, "options"],
      queryFn: fetchOptions,
      refetchInterval: OPTIONS_REFETCH_MS,
      staleTime: OPTIONS_REFETCH_MS,
      select: (answer) => answer.scatterPerMm,
    }),
  /** The colour printer's spools (issue 22) for a colour panel's preview: same request and cache entry. */
  colourFilaments: () =>
    queryOptions({
      queryKey: [...catalogQueries.all, "options"],
      queryFn: fetchOptions,
      refetchInterval: OPTIONS_REFETCH_MS,
      staleTime: OPTIONS_REFETCH_MS,
      select: (answer) => answer.colourFilaments,
    }),
};
