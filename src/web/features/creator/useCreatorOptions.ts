import { BUNDLES, type Bundle } from "@shared/bundles";
import {
  type CreatorOption,
  FALLBACK_OPTIONS,
  flattenOptions,
  type GroupedOptions,
  groupOptions,
} from "@shared/options";
import { useQueryInTransition } from "@web/app/use-query-in-transition";
import { catalogQueries } from "@web/features/shop/api";
import { useEffect, useMemo } from "react";

const FALLBACK_GROUPED: GroupedOptions = groupOptions(FALLBACK_OPTIONS);

/**
 * The creator's options and the bundles at the owner's prices, refetched every 30 seconds so
 * an admin's change shows up. While the first answer is on its way `loading` is true; if it
 * fails the fallback options and the spec's bundles are used (logged only, as the spec says).
 */
export function useCreatorOptions(): {
  grouped: GroupedOptions;
  flat: readonly CreatorOption[];
  bundles: readonly Bundle[];
  loading: boolean;
} {
  // The answer re-renders the whole creator: in time slices, not one long task while it loads.
  const query = useQueryInTransition(catalogQueries.options());
  useEffect(() => {
    if (query.error) console.warn("Options fetch failed; using the default options", query.error);
  }, [query.error]);
  const grouped = query.data?.options ?? FALLBACK_GROUPED;
  const bundles = query.data?.bundles ?? BUNDLES;
  const flat = useMemo(() => flattenOptions(grouped), [grouped]);
  return { grouped, flat, bundles, loading: query.isPending };
}
