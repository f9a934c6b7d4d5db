/**
 * Admin shipping zones (issue 16):
 *   GET /admin/shipping-zones            every zone with its countries
 *   PUT /admin/shipping-zones {zones}    replaces the whole set, validated (no negative price,
 *                                        every country in at most one zone), audit-logged
 * The next checkout reads the new zones: nothing is cached.
 */

import { shippingZonesSchema } from "@shared/shipping-zones";
import { Hono } from "hono";
import { listShippingZones, saveShippingZones } from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { type AdminEnv, actorOf } from "./shared.js";

export function adminShippingRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/shipping-zones", async (c) => c.json({ zones: await listShippingZones(db) }, 200))
    .put("/shipping-zones", zValidator("json", shippingZonesSchema, validationHook), async (c) => {
      const { zones } = c.req.valid("json");
      const saved = await saveShippingZones(ctx, actorOf(c), zones);
      return c.json({ zones: saved }, 200);
    });
}
