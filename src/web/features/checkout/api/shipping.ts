/**
 * Shipping zones (issue 16): where the shop delivers, at what price, and the delivery window
 * an order placed now is promised.
 *   GET /api/shipping/zones -> { zones: PublicShippingZone[] }
 */

import type { PublicShippingZone } from "@server/routes/shipping";
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@web/lib/http/client";

export type { PublicShippingZone };

export async function fetchShippingZones(): Promise<PublicShippingZone[]> {
  return (await ok(api.shipping.zones.$get())).zones;
}

export const shippingQueryKeys = {
  zones: ["shipping", "zones"] as const,
};

/** Checkout's zones; refetched when the page regains focus so an admin's edit shows. */
export function shippingZonesQuery() {
  return queryOptions({
    queryKey: shippingQueryKeys.zones,
    queryFn: fetchShippingZones,
    staleTime: 60_000,
  });
}
