/**
 * A lamp size as the shop offers it, read from the owner's `lamp_size` options (the catalogue's
 * options answer), and its from-price. Light: the shop's card reads it in the shop's first load.
 */
import { LAMP_SIZES, type LampSizeId } from "@lithophane/lamp/sizes";
import type { Pence } from "../money";
import type { CreatorOption } from "../options";

/** A lamp size as the shop offers it: the owner's name, price, availability and millimetres. */
export interface LampSizeOffer {
  readonly id: LampSizeId;
  readonly name: string;
  readonly description: string;
  readonly pricePence: Pence;
  readonly status: "enabled" | "coming_soon";
  /** The owner's row (width = diameter), else the built-in size: what the print is made at. */
  readonly diameterMm: number;
  readonly heightMm: number;
}

function isSizeId(id: string): id is LampSizeId {
  return Object.hasOwn(LAMP_SIZES, id);
}

/** The active lamp_size options of known sizes, in the owner's order (a lamp size's price is the lamp's). */
export function lampSizeOffers(options: readonly CreatorOption[]): LampSizeOffer[] {
  return options
    .filter((o) => o.optionType === "lamp_size" && o.isActive)
    .slice()
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .flatMap((o) => {
      if (!isSizeId(o.id)) return [];
      const builtIn = LAMP_SIZES[o.id];
      return [
        {
          id: o.id,
          name: o.name,
          description: o.description,
          pricePence: o.priceModifierPence,
          status: o.status === "coming_soon" ? ("coming_soon" as const) : ("enabled" as const),
          diameterMm: o.widthMm || builtIn.diameterMm,
          heightMm: o.heightMm || builtIn.heightMm,
        },
      ];
    });
}

/** The cheapest size on sale, for "From £34.99"; null when none is. */
export function lampFromPricePence(offers: readonly LampSizeOffer[]): Pence | null {
  const prices = offers.filter((offer) => offer.status === "enabled").map((offer) => offer.pricePence);
  return prices.length > 0 ? Math.min(...prices) : null;
}
