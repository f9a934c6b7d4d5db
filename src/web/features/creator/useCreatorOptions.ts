import { BUNDLES, type Bundle } from "@shared/bundles";
import {
  type CreatorOption,
  FALLBACK_OPTIONS,
  flattenOptions,
  type GroupedOptions,
  groupOptions,
} from "@shared/options";
import { useQuery } from "@tanstack/react-query";
import { catalogQueries } from "@web/api/catalog";
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
  const query = useQuery(catalogQueries.options());
  useEffect(() => {
    if (query.error) console.warn("Options fetch failed; using the default options", query.error);
  }, [query.error]);
  const grouped = query.data?.options ?? FALLBACK_GROUPED;
  const bundles = query.data?.bundles ?? BUNDLES;
  const flat = useMemo(() => flattenOptions(grouped), [grouped]);
  return { grouped, flat, bundles, loading: query.isPending };
}
