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
import { invalidateCatalog, loadShopPrices, updateShopPrices } from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { audited } from "../../platform/index.js";
import { type AdminEnv, actorOf } from "./shared.js";

export function adminPriceRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/prices", async (c) => c.json(await loadShopPrices(db), 200))
    .put("/prices", zValidator("json", shopPricesSchema, validationHook), async (c) => {
      const input = c.req.valid("json");
      try {
        await audited(
          db,
          actorOf(c),
          { actionType: "prices.update", tableName: "bundle_prices", recordId: null, newValues: input },
          async (tx) => {
            const { before, after } = await updateShopPrices(tx, input);
            return { result: after, audit: { oldValues: before, newValues: after } };
          },
        );
      } finally {
        // Committed or not, the next catalogue request and checkout read the tables again.
        invalidateCatalog(db);
      }
      return c.json(await loadShopPrices(db), 200);
    });
}
