import type { LampSizeOffer } from "@shared/product-types/lamp-offer";
import { catalogQueries } from "@web/api/catalog";
import { useQueryInTransition } from "@web/app/use-query-in-transition";

const NO_SIZES: readonly LampSizeOffer[] = [];

/**
 * The lamp's sizes at the owner's prices (the catalogue's options answer, refetched every 30 seconds)
 * and the active filament the 3D view draws with (null until known). An answer without lamp sizes
 * offers none. Light: the shop's card uses it in the shop's first load.
 */
export function useLampSizes() {
  const query = useQueryInTransition(catalogQueries.options());
  return {
    sizes: query.data?.lampSizes ?? NO_SIZES,
    loading: query.isPending,
    failed: query.isError,
    retry: query.refetch,
    attenuationPerMm: query.data?.attenuationPerMm ?? null,
    scatterPerMm: query.data?.scatterPerMm ?? null,
  };
}
