import type { CreatorOption } from "@shared/options";
import { lampSizeOffers } from "@shared/product-types/lamp-offer";
import { useQueryInTransition } from "@web/app/use-query-in-transition";
import { catalogQueries } from "@web/features/shop/api";
import { useMemo } from "react";

const NO_OPTIONS: readonly CreatorOption[] = [];

/**
 * The lamp's sizes at the owner's prices (the catalogue's options answer, its lamp_size group,
 * refetched every 30 seconds) and the active filament the 3D view draws with (null until known).
 */
export function useLampSizes() {
  const query = useQueryInTransition(catalogQueries.options());
  const options = query.data?.options.lamp_size ?? NO_OPTIONS;
  const sizes = useMemo(() => lampSizeOffers(options), [options]);
  return {
    sizes,
    loading: query.isPending,
    failed: query.isError,
    retry: query.refetch,
    attenuationPerMm: query.data?.attenuationPerMm ?? null,
    scatterPerMm: query.data?.scatterPerMm ?? null,
  };
}
