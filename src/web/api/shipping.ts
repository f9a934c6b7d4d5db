/**
 * Shipping zones (issue 16): where the shop delivers, at what price, and the delivery window
 * an order placed now is promised.
 *   GET /api/shipping/zones -> { zones: PublicShippingZone[] }
 */
import type { ShippingZone, ShippingZonesInput } from "@shared/shipping-zones";
import { queryOptions } from "@tanstack/react-query";
import type { PublicShippingZone } from "../../server/routes/shipping";
import { adminQueries } from "./admin";
import { api, ok } from "./client";

export type { PublicShippingZone };

export async function fetchShippingZones(): Promise<PublicShippingZone[]> {
  return (await ok(api.shipping.zones.$get())).zones;
}

export const shippingQueryKeys = {
  zones: ["shipping", "zones"] as const,
  /** Under the admin's keys, so the admin area's invalidations reach it. */
  adminZones: [...adminQueries.all, "shipping-zones"] as const,
};

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
  return (await ok(api.admin["shipping-zones"].$get())).zones;
}

/** Replaces the whole set; throws ApiRequestError with per-field messages ("zones.2.countries"). */
export async function saveShippingZones(zones: ShippingZonesInput["zones"]): Promise<ShippingZone[]> {
  return (await ok(api.admin["shipping-zones"].$put({ json: { zones } }))).zones;
}

export function adminShippingZonesQuery() {
  return queryOptions({ queryKey: shippingQueryKeys.adminZones, queryFn: fetchAdminShippingZones });
}
