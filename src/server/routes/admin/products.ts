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
  changedFields,
  createProduct,
  findUpload,
  invalidateCatalogAfterWrite,
  listAdminProducts,
  lockUpload,
  productExists,
  productImageKey,
  reorderProducts,
  setProductImage,
  setStock,
  storeProductImage,
  updateProduct,
} from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import { audited, deleteReleasedFiles, releaseUpload } from "../../platform/index.js";
import { type AdminEnv, actorOf } from "./shared.js";

const idParam = z.object({ id: z.string().min(1).max(64) });

/** The photo comes through POST /api/uploads (the shop's image pipeline); this names it. */
const imageBody = z.object({ uploadId: z.uuid("Please choose a photo.") });

export function adminProductRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const { storage } = ctx;

  /** Removes a replaced product photo once the change has committed (never a customer's image). */
  async function dropOldImage(url: string | null, keep: string | null) {
    const key = productImageKey(storage, url);
    if (!key || url === keep) return;
    try {
      await storage.delete(key);
    } catch (error) {
      ctx.log.warn({ err: error, key }, "old product image could not be removed");
    }
  }

  return (
    new Hono<AdminEnv>()
      // The shop's cached catalogue is dropped once a write here has committed.
      .use("/products/*", invalidateCatalogAfterWrite(db))
      .get("/products", async (c) => c.json({ products: await listAdminProducts(db) }, 200))

      .post("/products", zValidator("json", productCreateSchema, validationHook), async (c) => {
        const input = c.req.valid("json");
        const product = await audited(
          db,
          actorOf(c),
          { actionType: "product.create", tableName: "products", recordId: input.id, newValues: input },
          async (tx) => {
            const created = await createProduct(tx, input);
            return { result: created, audit: { newValues: created } };
          },
        );
        return c.json({ product }, 201);
      })

      .post("/products/reorder", zValidator("json", reorderSchema, validationHook), async (c) => {
        const { ids } = c.req.valid("json");
        await audited(
          db,
          actorOf(c),
          { actionType: "product.reorder", tableName: "products", recordId: null, newValues: { ids } },
          async (tx) => {
            const order = await reorderProducts(tx, ids);
            return { result: order, audit: { oldValues: order.before, newValues: order.after } };
          },
        );
        return c.json({ products: await listAdminProducts(db) }, 200);
      })

      .patch(
        "/products/:id",
        zValidator("param", idParam, validationHook),
        zValidator("json", productUpdateSchema, validationHook),
        async (c) => {
          const { id } = c.req.valid("param");
          const input = c.req.valid("json");
          const product = await audited(
            db,
            actorOf(c),
            { actionType: "product.update", tableName: "products", recordId: id, newValues: input },
            async (tx) => {
              const { before, after } = await updateProduct(tx, id, input);
              const diff = changedFields(before, after);
              return { result: after, audit: { oldValues: diff.old, newValues: diff.new } };
            },
          );
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
          const upload = await findUpload(db, uploadId);
          if (!upload)
            throw new HttpError(
              404,
              "upload_not_found",
              "That upload is gone. Please choose the photo again.",
            );
          const original = await storage.get(upload.originalKey);
          if (!original)
            throw new HttpError(
              404,
              "upload_not_found",
              "That upload is gone. Please choose the photo again.",
            );
          const stored = await storeProductImage(storage, id, original.body);
          try {
            const change = await audited(
              db,
              actorOf(c),
              {
                actionType: "product.image_upload",
                tableName: "products",
                recordId: id,
                newValues: { imageUrl: stored.url },
              },
              async (tx) => {
                const result = await setProductImage(tx, id, stored.url);
                // The upload was only the way in: its files go once the photo is the product's
                // (unless a cart or order uses them too).
                await lockUpload(tx, uploadId);
                const released = await releaseUpload(tx, uploadId);
                return {
                  result: { ...result, released },
                  audit: {
                    oldValues: { imageUrl: result.before.imageUrl },
                    newValues: { imageUrl: result.after.imageUrl, uploadId },
                  },
                };
              },
            );
            await dropOldImage(change.before.imageUrl, stored.url);
            await deleteReleasedFiles(storage, change.released);
            return c.json({ product: change.after }, 200);
          } catch (error) {
            await storage.delete(stored.key).catch(() => undefined);
            throw error;
          }
        },
      )

      .put(
        "/products/:id/stock",
        zValidator("param", idParam, validationHook),
        zValidator("json", stockUpdateSchema, validationHook),
        async (c) => {
          const { id } = c.req.valid("param");
          const { onHand } = c.req.valid("json");
          if (!(await productExists(db, id)))
            throw new HttpError(404, "product_not_found", "Product not found.");
          await audited(
            db,
            actorOf(c),
            { actionType: "product.stock", tableName: "product_stock", recordId: id, newValues: { onHand } },
            async (tx) => {
              const change = await setStock(tx, id, onHand);
              return {
                result: change,
                audit: { oldValues: { onHand: change.before }, newValues: { onHand: change.after } },
              };
            },
          );
          return c.json({ products: await listAdminProducts(db) }, 200);
        },
      )

      .delete("/products/:id/image", zValidator("param", idParam, validationHook), async (c) => {
        const { id } = c.req.valid("param");
        const change = await audited(
          db,
          actorOf(c),
          {
            actionType: "product.image_remove",
            tableName: "products",
            recordId: id,
            newValues: { imageUrl: null },
          },
          async (tx) => {
            const result = await setProductImage(tx, id, null);
            return { result, audit: { oldValues: { imageUrl: result.before.imageUrl } } };
          },
        );
        await dropOldImage(change.before.imageUrl, null);
        return c.json({ product: change.after }, 200);
      })
  );
}
