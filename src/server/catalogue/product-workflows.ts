/**
 * The shop's accessories from the admin (add, reorder, change, photo, stock), each an audited
 * workflow (issue 49 item 1). A replaced photo's file is removed after commit, never a customer's.
 */
import type { ProductCreateInput, ProductUpdateInput } from "@shared/admin-schemas";
import type { Logger } from "../lib/logger.js";
import { HttpError } from "../lib/validation.js";
import {
  type AuditActor,
  defineAuditedWorkflow,
  deleteReleasedFiles,
  releaseUpload,
  runWorkflow,
  type Storage,
  type WorkflowHost,
} from "../platform/index.js";
import {
  changedFields,
  createProduct,
  findUpload,
  lockUpload,
  productExists,
  productImageKey,
  reorderProducts,
  setProductImage,
  storeProductImage,
  updateProduct,
} from "./admin-catalog.js";
import { setStock } from "./stock.js";

type ProductHost = WorkflowHost & { storage: Storage; log: Logger };

export const createProductAsAdmin = defineAuditedWorkflow({
  entry: (input: ProductCreateInput) => ({
    actionType: "product.create",
    tableName: "products",
    recordId: input.id,
    newValues: input,
  }),
  steps: async (tx, input) => {
    const created = await createProduct(tx, input);
    return { result: created, audit: { newValues: created } };
  },
});

export const reorderProductsAsAdmin = defineAuditedWorkflow({
  entry: (ids: readonly string[]) => ({
    actionType: "product.reorder",
    tableName: "products",
    recordId: null,
    newValues: { ids },
  }),
  steps: async (tx, ids) => {
    const order = await reorderProducts(tx, ids);
    return { result: order, audit: { oldValues: order.before, newValues: order.after } };
  },
});

export const updateProductAsAdmin = defineAuditedWorkflow({
  entry: ({ id, input }: { id: string; input: ProductUpdateInput }) => ({
    actionType: "product.update",
    tableName: "products",
    recordId: id,
    newValues: input,
  }),
  steps: async (tx, { id, input }) => {
    const { before, after } = await updateProduct(tx, id, input);
    const diff = changedFields(before, after);
    return { result: after, audit: { oldValues: diff.old, newValues: diff.new } };
  },
});

/** Removes a replaced product photo once the change has committed (never a customer's image). */
async function dropOldImage(host: ProductHost, url: string | null, keep: string | null): Promise<void> {
  const key = productImageKey(host.storage, url);
  if (!key || url === keep) return;
  try {
    await host.storage.delete(key);
  } catch (error) {
    host.log.warn({ err: error, key }, "old product image could not be removed");
  }
}

const UPLOAD_GONE = "That upload is gone. Please choose the photo again.";

/** An uploaded photo becomes the product's; the upload's own files go unless something else uses them. */
export async function setProductPhotoAsAdmin(
  host: ProductHost,
  actor: AuditActor,
  productId: string,
  uploadId: string,
) {
  const db = host.database.db;
  const upload = await findUpload(db, uploadId);
  if (!upload) throw new HttpError(404, "upload_not_found", UPLOAD_GONE);
  const original = await host.storage.get(upload.originalKey);
  if (!original) throw new HttpError(404, "upload_not_found", UPLOAD_GONE);
  const stored = await storeProductImage(host.storage, productId, original.body);
  try {
    const change = await runWorkflow(
      host,
      async (tx) => {
        const result = await setProductImage(tx, productId, stored.url);
        // The upload was only the way in: its files go once the photo is the product's
        // (unless a cart or order uses them too).
        await lockUpload(tx, uploadId);
        const released = await releaseUpload(tx, uploadId);
        return {
          ...result,
          released,
          audit: {
            oldValues: { imageUrl: result.before.imageUrl },
            newValues: { imageUrl: result.after.imageUrl, uploadId },
          },
        };
      },
      {
        audit: {
          actor,
          entry: {
            actionType: "product.image_upload",
            tableName: "products",
            recordId: productId,
            newValues: { imageUrl: stored.url },
          },
        },
      },
    );
    await dropOldImage(host, change.before.imageUrl, stored.url);
    await deleteReleasedFiles(host.storage, change.released);
    return change.after;
  } catch (error) {
    await host.storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}

/** The product's photo taken off (the file removed after commit). */
export async function removeProductPhotoAsAdmin(host: ProductHost, actor: AuditActor, productId: string) {
  const change = await runWorkflow(
    host,
    async (tx) => {
      const result = await setProductImage(tx, productId, null);
      return { ...result, audit: { oldValues: { imageUrl: result.before.imageUrl } } };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "product.image_remove",
          tableName: "products",
          recordId: productId,
          newValues: { imageUrl: null },
        },
      },
    },
  );
  await dropOldImage(host, change.before.imageUrl, null);
  return change.after;
}

/** Stock on hand (null: not counted). */
export async function setStockAsAdmin(
  host: WorkflowHost,
  actor: AuditActor,
  productId: string,
  onHand: number | null,
): Promise<void> {
  if (!(await productExists(host.database.db, productId)))
    throw new HttpError(404, "product_not_found", "Product not found.");
  await runWorkflow(
    host,
    async (tx) => {
      const change = await setStock(tx, productId, onHand);
      return { audit: { oldValues: { onHand: change.before }, newValues: { onHand: change.after } } };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "product.stock",
          tableName: "product_stock",
          recordId: productId,
          newValues: { onHand },
        },
      },
    },
  );
}
