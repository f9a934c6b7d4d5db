/**
 * Admin products (the shop's accessories):
 *   GET   /admin/products                 every product, in shop order (also disabled ones)
 *   POST  /admin/products                 create
 *   PATCH /admin/products/:id             edit, enable/disable, coming soon, price (pence)
 *   POST  /admin/products/reorder {ids}   the shop order
 *   POST  /admin/products/:id/image {uploadId}  the photo uploaded via POST /api/uploads
 *   DELETE /admin/products/:id/image      remove the photo
 *   PUT   /admin/products/:id/stock {onHand: number | null}  units on the shelf; null: made to order
 */

import {
  productCreateSchema,
  productUpdateSchema,
  reorderSchema,
  stockUpdateSchema,
} from "@shared/admin-schemas";
import { Hono } from "hono";
import { z } from "zod";
import {
  createProductAsAdmin,
  invalidateCatalogAfterWrite,
  listAdminProducts,
  removeProductPhotoAsAdmin,
  reorderProductsAsAdmin,
  setProductPhotoAsAdmin,
  setStockAsAdmin,
  updateProductAsAdmin,
} from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { type AdminEnv, actorOf } from "./shared.js";

const idParam = z.object({ id: z.string().min(1).max(64) });

/** The photo comes through POST /api/uploads (the shop's image pipeline); this names it. */
const imageBody = z.object({ uploadId: z.uuid("Please choose a photo.") });

export function adminProductRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return (
    new Hono<AdminEnv>()
      // The shop's cached catalogue is dropped once a write here has committed.
      .use("/products/*", invalidateCatalogAfterWrite(db))
      .get("/products", async (c) => c.json({ products: await listAdminProducts(db) }, 200))

      .post("/products", zValidator("json", productCreateSchema, validationHook), async (c) => {
        const input = c.req.valid("json");
        const product = await createProductAsAdmin(ctx, actorOf(c), input);
        return c.json({ product }, 201);
      })

      .post("/products/reorder", zValidator("json", reorderSchema, validationHook), async (c) => {
        const { ids } = c.req.valid("json");
        await reorderProductsAsAdmin(ctx, actorOf(c), ids);
        return c.json({ products: await listAdminProducts(db) }, 200);
      })

      .patch(
        "/products/:id",
        zValidator("param", idParam, validationHook),
        zValidator("json", productUpdateSchema, validationHook),
        async (c) => {
          const { id } = c.req.valid("param");
          const input = c.req.valid("json");
          const product = await updateProductAsAdmin(ctx, actorOf(c), { id, input });
          return c.json({ product }, 200);
        },
      )

      .post(
        "/products/:id/image",
        zValidator("param", idParam, validationHook),
        zValidator("json", imageBody, validationHook),
        async (c) => {
          const { id } = c.req.valid("param");
          const { uploadId } = c.req.valid("json");
          const product = await setProductPhotoAsAdmin(ctx, actorOf(c), id, uploadId);
          return c.json({ product }, 200);
        },
      )

      .put(
        "/products/:id/stock",
        zValidator("param", idParam, validationHook),
        zValidator("json", stockUpdateSchema, validationHook),
        async (c) => {
          const { id } = c.req.valid("param");
          const { onHand } = c.req.valid("json");
          await setStockAsAdmin(ctx, actorOf(c), id, onHand);
          return c.json({ products: await listAdminProducts(db) }, 200);
        },
      )

      .delete("/products/:id/image", zValidator("param", idParam, validationHook), async (c) => {
        const { id } = c.req.valid("param");
        const product = await removeProductPhotoAsAdmin(ctx, actorOf(c), id);
        return c.json({ product }, 200);
      })
  );
}
