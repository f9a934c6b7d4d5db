/**
 * A lamp size as the shop offers it, and its from-price: no imports beyond types, so the shop's card
 * (a landing page's first load) reads the sizes without the lamp's geometry rules.
 */
import type { Pence } from "../money";
import type { LampSizeId } from "./lamp";

/** A lamp size as the shop offers it: the owner's name, price and availability, the geometry's size. */
export interface LampSizeOffer {
  readonly id: LampSizeId;
  readonly name: string;
  readonly description: string;
  readonly pricePence: Pence;
  readonly status: "enabled" | "coming_soon";
  readonly diameterMm: number;
  readonly heightMm: number;
}

/** The cheapest size on sale, for "From £34.99"; null when none is. */
export function lampFromPricePence(offers: readonly LampSizeOffer[]): Pence | null {
  const prices = offers.filter((offer) => offer.status === "enabled").map((offer) => offer.pricePence);
  return prices.length > 0 ? Math.min(...prices) : null;
}
