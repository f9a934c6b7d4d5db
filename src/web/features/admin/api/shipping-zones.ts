/** The admin's shipping zones (issue 16): every zone with its countries, replaced as a whole. */
import type { ShippingZone, ShippingZonesInput } from "@shared/shipping-zones";
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@web/lib/http/client";
import { adminQueries } from "./queries";

/** Under the admin's keys, so the admin area's invalidations reach it. */
const adminShippingZonesKey = [...adminQueries.all, "shipping-zones"] as const;

/** The admin's view: every zone with its countries (GET/PUT /api/admin/shipping-zones). */
export async function fetchAdminShippingZones(): Promise<ShippingZone[]> {
  return (await ok(api.admin["shipping-zones"].$get())).zones;
}

/** Replaces the whole set; throws ApiRequestError with per-field messages ("zones.2.countries"). */
export async function saveShippingZones(zones: ShippingZonesInput["zones"]): Promise<ShippingZone[]> {
  return (await ok(api.admin["shipping-zones"].$put({ json: { zones } }))).zones;
}

export function adminShippingZonesQuery() {
  return queryOptions({ queryKey: adminShippingZonesKey, queryFn: fetchAdminShippingZones });
}
