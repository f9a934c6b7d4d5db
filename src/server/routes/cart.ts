import { type CartItem, cartItemsSchema } from "@shared/cart";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { MESSAGES } from "@shared/messages";
import { productTypeOf } from "@shared/product-types";
import { Hono } from "hono";
import { z } from "zod";
import { dropPricingSnapshot, pricingSnapshot } from "../catalogue/index.js";
import type { AppContext } from "../context.js";
import { findLinePhotoProblems } from "../fulfilment/index.js";
import { type ApiError, validationHook, zValidator } from "../lib/validation.js";
import { loadSavedCart, replaceSavedCart, repriceCartItems, repriceFromSnapshot } from "../orders/index.js";
import { requireUser } from "../session.js";

const putCartSchema = z.object({ items: cartItemsSchema });

/** 422 from PUT /cart: the lines that cannot be made, each named; nothing was saved. */
export interface SavedCartRefusal extends ApiError {
  items: Array<{ id: string; name: string; message: string }>;
}

/** "Lithophane (Keepsake Collection)": how a creator line is named in an error; an accessory by its name. */
function cartLineName(item: CartItem): string {
  return productTypeOf(item.config).cartName(item);
}

/**
 * The signed-in customer's saved cart. Every row is the caller's own; nobody else's cart can
 * be read or written through these routes.
 *
 * GET /cart -> {items: CartItem[]}
 * PUT /cart {items: CartItem[]} (at most 50) -> {items, dropped: [{id, message}]}: the cart is
 *   replaced in one transaction; prices and texts are the server's; lines the shop no longer
 *   sells are dropped (and listed in `dropped`) rather than failing the whole save;
 *   -> 422 item_invalid {message, items: [{id, name, message}]} and nothing saved when a
 *   line cannot be made (findLinePhotoProblems: a lithophane's photos, an accessory's choices).
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
      // A lithophane that cannot be made (photo count, crop, photo not stored) is refused
      // outright, naming the line: it is a broken line, not a retired product to drop.
      const problems = await findLinePhotoProblems(db, ctx.storage, sent, {
        userId: user.id,
        offered: snapshot.offered,
      });
      if (problems.length > 0) {
        const items = problems.map((problem) => {
          const item = sent[problem.index];
          const name = item ? cartLineName(item) : MESSAGES.cart.itemTitle;
          return {
            id: problem.id,
            name,
            message: CHECKOUT_MESSAGES.checkout.itemUnavailable(name, problem.message),
          };
        });
        return c.json<SavedCartRefusal, 422>(
          { error: "item_invalid", message: items.map((i) => i.message).join(" "), items },
          422,
        );
      }
      // Priced from the in-memory snapshot when nothing is dropped and the catalogue is still the
      // snapshot's (checked under the cart's lock); from the database otherwise.
      const fromSnapshot = repriceFromSnapshot(snapshot, sent);
      if (fromSnapshot && (await replaceSavedCart(ctx, user.id, fromSnapshot.items, snapshot.fingerprint))) {
        return c.json(fromSnapshot);
      }
      if (fromSnapshot) dropPricingSnapshot(db, snapshot);
      const { items, dropped } = await repriceCartItems(db, sent);
      await replaceSavedCart(ctx, user.id, items);
      return c.json({ items, dropped });
    });
}
