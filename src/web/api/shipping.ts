/**
 * Shipping zones (issue 16): where the shop delivers, at what price, and the delivery window
 * an order placed now is promised.
 *   GET /api/shipping/zones -> { zones: PublicShippingZone[] }
 */
import type { ShippingZone, ShippingZonesInput } from "@shared/shipping-zones";
import { queryOptions } from "@tanstack/react-query";
import type { PublicShippingZone, ShippingZonesAnswer } from "../../server/routes/shipping";
import { api, readJson } from "./client";

export type { PublicShippingZone };

export async function fetchShippingZones(): Promise<PublicShippingZone[]> {
  const body: ShippingZonesAnswer = await readJson(api.shipping.zones.$get());
  return body.zones;
}

export const shippingQueryKeys = { zones: ["shipping", "zones"] as const };

/** Checkout's zones; refetched when the page regains focus so an admin's edit shows. */
export function shippingZonesQuery() {
  return queryOptions({
    queryKey: shippingQueryKeys.zones,
    queryFn: fetchShippingZones,
    staleTime: 60_000,
  });
}

// ---------------------------------------------------------------------------- admin

/** The admin's view: every zone with its countries (GET/PUT /api/admin/shipping-zones). */
export async function fetchAdminShippingZones(): Promise<ShippingZone[]> {
  const body: { zones: ShippingZone[] } = await readJson(api.admin["shipping-zones"].$get());
  return body.zones;
}

/** Replaces the whole set; throws ApiRequestError with per-field messages ("zones.2.countries"). */
export async function saveShippingZones(zones: ShippingZonesInput["zones"]): Promise<ShippingZone[]> {
  const body: { zones: ShippingZone[] } = await readJson(
    api.admin["shipping-zones"].$put({ json: { zones } }),
  );
  return body.zones;
}

export function adminShippingZonesQuery() {
  return queryOptions({ queryKey: ["admin", "shipping-zones"] as const, queryFn: fetchAdminShippingZones });
}
