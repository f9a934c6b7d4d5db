import { zValidator } from "@hono/zod-validator";
import { cartItemsSchema } from "@shared/cart";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { requireUser } from "../lib/session.js";
import { validationHook } from "../lib/validation.js";
import { dropPricingSnapshot, pricingSnapshot } from "../services/pricing.js";
import {
  loadSavedCart,
  replaceSavedCart,
  repriceCartItems,
  repriceFromSnapshot,
} from "../services/saved-cart.js";

const putCartSchema = z.object({ items: cartItemsSchema });

/**
 * The signed-in customer's saved cart. Every row is the caller's own; nobody else's cart can
 * be read or written through these routes.
 *
 * GET /cart -> {items: CartItem[]}
 * PUT /cart {items: CartItem[]} (at most 50) -> {items, dropped: [{id, message}]}: the cart is
 *   replaced in one transaction; prices and texts are the server's; lines the shop no longer
 *   sells are dropped (and listed in `dropped`) rather than failing the whole save.
 */
export function cartRoutes(ctx: AppContext) {
  return new Hono()
    .get("/cart", async (c) => {
      const user = await requireUser(ctx, c, { cached: true });
      return c.json({ items: await loadSavedCart(ctx.database.db, user.id) });
    })
    .put("/cart", zValidator("json", putCartSchema, validationHook), async (c) => {
      const db = ctx.database.db;
      const user = await requireUser(ctx, c, { cached: true });
      const snapshot = await pricingSnapshot(db);
      const sent = c.req.valid("json").items;
      // Priced from the in-memory snapshot when nothing is dropped and the catalogue is still the
      // snapshot's (checked under the cart's lock); from the database otherwise.
      const fromSnapshot = repriceFromSnapshot(snapshot, sent);
      if (fromSnapshot && (await replaceSavedCart(db, user.id, fromSnapshot.items, snapshot.fingerprint))) {
        return c.json(fromSnapshot);
      }
      if (fromSnapshot) dropPricingSnapshot(db, snapshot);
      const { items, dropped } = await repriceCartItems(db, sent);
      await replaceSavedCart(db, user.id, items);
      return c.json({ items, dropped });
    });
}
