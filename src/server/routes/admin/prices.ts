/**
 * Admin prices (the bundles and the free-shipping threshold; accessory prices are edited on
 * the products, option modifiers on the options):
 *   GET /admin/prices  -> { bundles: Bundle[], freeShippingThresholdPence }
 *   PUT /admin/prices {bundles?, freeShippingThresholdPence?} -> the same, after the change
 * A change is audit-logged with the old and new values and takes effect for the next checkout
 * (the catalogue fingerprint covers these rows); orders already placed keep their prices.
 */

import { shopPricesSchema } from "@shared/admin-schemas";
import { Hono } from "hono";
import { loadShopPrices, saveShopPrices } from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { type AdminEnv, actorOf } from "./shared.js";

export function adminPriceRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/prices", async (c) => c.json(await loadShopPrices(db), 200))
    .put("/prices", zValidator("json", shopPricesSchema, validationHook), async (c) => {
      const input = c.req.valid("json");
      await saveShopPrices(ctx, actorOf(c), input);
      return c.json(await loadShopPrices(db), 200);
    });
}
