import type { SoldChoices } from "@shared/accessory-choices";
import { type CreatorOption, FALLBACK_OPTIONS, groupOptions, isSelectable } from "@shared/options";
import { useQuery } from "@tanstack/react-query";
import { catalogQueries } from "@web/features/shop/api";
import { useMemo } from "react";

const FALLBACK = groupOptions(FALLBACK_OPTIONS);

/** The frame colours and sizes the shop sells (the creator's options): a made-to-order accessory's choices. */
export function useSoldChoices(): {
  frameColours: readonly CreatorOption[];
  sizes: readonly CreatorOption[];
  sold: SoldChoices;
} {
  const query = useQuery(catalogQueries.options());
  const grouped = query.data?.options ?? FALLBACK;
  return useMemo(() => {
    const frameColours = grouped.frame_color.filter(isSelectable);
    const sizes = grouped.size.filter(isSelectable);
    return {
      frameColours,
      sizes,
      sold: {
        frameColourIds: new Set(frameColours.map((o) => o.id)),
        sizeIds: new Set(sizes.map((o) => o.id)),
      },
    };
  }, [grouped]);
}
