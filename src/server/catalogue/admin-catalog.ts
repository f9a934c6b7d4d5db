/**
 * The catalogue as the admin edits it: every product (also disabled and inactive ones) and
 * every creator option (also inactive ones), with create, update and reorder. Each function
 * takes the caller's transaction and returns the row before and after, for the audit trail.
 * The shop and the creator read the same tables through an in-memory snapshot
 * (catalog-cache.ts): the admin routes drop it once a write's transaction has committed
 * (`invalidateCatalogAfterWrite`), so an edit shows on the very next catalogue request. A new
 * caller that writes these tables outside those routes must call `invalidateCatalog` after
 * its commit, or the change shows within CATALOG_TTL_MS.
 */

import { randomBytes } from "node:crypto";
import type {
  OptionCreateInput,
  OptionUpdateInput,
  ProductCreateInput,
  ProductUpdateInput,
} from "@shared/admin-schemas";
import { MAX_UPLOAD_PIXELS } from "@shared/limits";
import { isSizedOptionType, type OptionType } from "@shared/options";
import { and, asc, eq, inArray, max } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { productOptions, products, uploads } from "../db/schema.js";
import { loadSharp } from "../lib/lazy-modules.js";
import { HttpError } from "../lib/validation.js";
import { IMAGE_BUCKET, type Storage } from "../platform/index.js";
import { assertSizeFits, getPrinters } from "./printers.js";
import { stockLevels } from "./stock.js";

export type ProductRow = typeof products.$inferSelect;
export type OptionRow = typeof productOptions.$inferSelect;

export interface AdminProduct {
  id: string;
  name: string;
  description: string;
  category: string;
  pricePence: number;
  status: string;
  isActive: boolean;
  sortOrder: number;
  imageUrl: string | null;
  specifications: string[];
  features: string[];
  compatibility: string | null;
  updatedAt: string;
}

export interface AdminOption {
  id: string;
  optionType: string;
  value: string;
  name: string;
  description: string | null;
  status: string;
  sortOrder: number;
  hexColor: string | null;
  shapeIds: string[] | null;
  widthMm: number | null;
  heightMm: number | null;
  priceModifierPence: number;
  isActive: boolean;
  updatedAt: string;
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    pricePence: row.price,
    status: row.status,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    imageUrl: row.imageUrl,
    specifications: strings(row.specifications),
    features: strings(row.features),
    compatibility: row.compatibility,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAdminOption(row: OptionRow): AdminOption {
  return {
    id: row.id,
    optionType: row.optionType,
    value: row.value,
    name: row.name,
    description: row.description,
    status: row.status,
    sortOrder: row.sortOrder,
    hexColor: row.hexColor,
    shapeIds: row.shapeIds ? strings(row.shapeIds) : null,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    priceModifierPence: row.priceModifier,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------- products

/** A product with its stock: null on hand = made to order. */
export interface AdminProductWithStock extends AdminProduct {
  stockOnHand: number | null;
  stockReserved: number;
}

export async function listAdminProducts(db: DbOrTx): Promise<AdminProductWithStock[]> {
  const [rows, stock] = await Promise.all([
    db.select().from(products).orderBy(asc(products.sortOrder), asc(products.name)),
    stockLevels(db),
  ]);
  return rows.map((row) => {
    const level = stock.get(row.id);
    return {
      ...toAdminProduct(row),
      stockOnHand: level?.onHand ?? null,
      stockReserved: level?.reserved ?? 0,
    };
  });
}

async function lockProduct(tx: Tx, id: string): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!row) throw new HttpError(404, "product_not_found", "Product not found.");
  return row;
}

function productPatch(input: ProductUpdateInput) {
  const patch: Partial<typeof products.$inferInsert> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.category !== undefined) patch.category = input.category;
  if (input.pricePence !== undefined) patch.price = input.pricePence;
  if (input.status !== undefined) patch.status = input.status;
  if (input.isActive !== undefined) patch.isActive = input.isActive;
  if (input.sortOrder !== undefined) patch.sortOrder = input.sortOrder;
  if (input.specifications !== undefined) patch.specifications = input.specifications;
  if (input.features !== undefined) patch.features = input.features;
  if (input.compatibility !== undefined) patch.compatibility = input.compatibility || null;
  return patch;
}

export async function createProduct(tx: Tx, input: ProductCreateInput): Promise<AdminProduct> {
  const [existing] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.id));
  if (existing)
    throw new HttpError(409, "product_exists", `A product with the id ${input.id} already exists.`);
  let sort = input.sortOrder;
  if (sort === undefined) {
    // New products go last.
    const [last] = await tx.select({ s: max(products.sortOrder) }).from(products);
    sort = (last?.s ?? 0) + 10;
  }
  const [row] = await tx
    .insert(products)
    .values({
      ...productPatch(input),
      id: input.id,
      name: input.name,
      description: input.description,
      category: input.category,
      price: input.pricePence,
      sortOrder: sort,
    })
    .returning();
  if (!row) throw new Error("product was not created");
  return toAdminProduct(row);
}

export async function updateProduct(
  tx: Tx,
  id: string,
  input: ProductUpdateInput,
): Promise<{ before: AdminProduct; after: AdminProduct }> {
  const before = await lockProduct(tx, id);
  const patch = productPatch(input);
  if (Object.keys(patch).length === 0)
    return { before: toAdminProduct(before), after: toAdminProduct(before) };
  const [after] = await tx.update(products).set(patch).where(eq(products.id, id)).returning();
  if (!after) throw new Error("product was not updated");
  return { before: toAdminProduct(before), after: toAdminProduct(after) };
}

/** Only the fields that changed, before and after (for the audit row). */
export function changedFields<T extends object>(before: T, after: T): { old: Partial<T>; new: Partial<T> } {
  const oldValues: Partial<T> = {};
  const newValues: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (key === "updatedAt") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      oldValues[key] = before[key];
      newValues[key] = after[key];
    }
  }
  return { old: oldValues, new: newValues };
}

/**
 * Gives the listed rows sort orders 10, 20, 30… in the listed order. Every id must exist;
 * rows not listed keep their order after the listed ones.
 */
export async function reorderProducts(tx: Tx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: products.id, sortOrder: products.sortOrder })
    .from(products)
    .where(inArray(products.id, unique))
    .for("update");
  if (rows.length !== unique.length)
    throw new HttpError(404, "product_not_found", "Some products no longer exist. Reload and try again.");
  const before = Object.fromEntries(rows.map((r) => [r.id, r.sortOrder]));
  const after: Record<string, number> = {};
  for (const [index, id] of unique.entries()) {
    const sort = (index + 1) * 10;
    after[id] = sort;
    if (before[id] !== sort) await tx.update(products).set({ sortOrder: sort }).where(eq(products.id, id));
  }
  return { before, after };
}

// ---------------------------------------------------------------------------- product images

/** Longest side of a product photo in the shop. */
export const PRODUCT_IMAGE_MAX_SIDE_PX = 1200;

export interface StoredProductImage {
  key: string;
  url: string;
}

/**
 * Makes a product photo from an image uploaded through the shop's upload pipeline (POST
 * /api/uploads: content sniffing, pixel limits, EXIF orientation, metadata stripped): the
 * cleaned colour original is scaled for the shop grid and stored as WebP beside the
 * customers' images (so /api/media serves it).
 */
export async function storeProductImage(
  storage: Storage,
  productId: string,
  original: Uint8Array,
): Promise<StoredProductImage> {
  const sharp = await loadSharp();
  const webp = await sharp(original, { limitInputPixels: MAX_UPLOAD_PIXELS })
    .resize(PRODUCT_IMAGE_MAX_SIDE_PX, PRODUCT_IMAGE_MAX_SIDE_PX, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 85 })
    .timeout({ seconds: 30 })
    .toBuffer();
  const random = randomBytes(4).toString("hex");
  const key = `${IMAGE_BUCKET}/product-${productId}-${Date.now()}-${random}.webp`;
  await storage.put(key, webp, "image/webp");
  return { key, url: storage.publicUrl(key) };
}

/** The upload row a product photo is made from, or null when it is gone. */
export async function findUpload(db: DbOrTx, uploadId: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  return row ?? null;
}

/** Whether a product with this id exists (archived ones too). */
export async function productExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

/** The upload row (locked in `tx`), or 404. */
export async function lockUpload(tx: Tx, uploadId: string) {
  const [row] = await tx.select().from(uploads).where(eq(uploads.id, uploadId)).for("update");
  if (!row)
    throw new HttpError(404, "upload_not_found", "That upload is gone. Please choose the photo again.");
  return row;
}

/** The storage key of a product photo we stored (never a customer's image). */
export function productImageKey(storage: Storage, url: string | null): string | null {
  if (!url) return null;
  const key = storage.keyFromUrl(url);
  return key?.startsWith(`${IMAGE_BUCKET}/product-`) ? key : null;
}

export async function setProductImage(tx: Tx, id: string, url: string | null) {
  const before = await lockProduct(tx, id);
  const [after] = await tx.update(products).set({ imageUrl: url }).where(eq(products.id, id)).returning();
  if (!after) throw new Error("product was not updated");
  return { before: toAdminProduct(before), after: toAdminProduct(after) };
}

// ---------------------------------------------------------------------------- creator options

export async function listAdminOptions(db: DbOrTx): Promise<AdminOption[]> {
  const rows = await db
    .select()
    .from(productOptions)
    .orderBy(asc(productOptions.optionType), asc(productOptions.sortOrder), asc(productOptions.name));
  return rows.map(toAdminOption);
}

async function lockOption(tx: Tx, id: string): Promise<OptionRow> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id)
    ? await tx.select().from(productOptions).where(eq(productOptions.id, id)).for("update")
    : [];
  if (!row) throw new HttpError(404, "option_not_found", "Option not found.");
  return row;
}

function optionPatch(input: OptionUpdateInput) {
  const patch: Partial<typeof productOptions.$inferInsert> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description || null;
  if (input.status !== undefined) patch.status = input.status;
  if (input.isActive !== undefined) patch.isActive = input.isActive;
  if (input.sortOrder !== undefined) patch.sortOrder = input.sortOrder;
  if (input.hexColor !== undefined) patch.hexColor = input.hexColor ? input.hexColor.toUpperCase() : null;
  if (input.shapeIds !== undefined)
    patch.shapeIds = input.shapeIds && input.shapeIds.length > 0 ? input.shapeIds : null;
  if (input.widthMm !== undefined) patch.widthMm = input.widthMm;
  if (input.heightMm !== undefined) patch.heightMm = input.heightMm;
  if (input.priceModifierPence !== undefined) patch.priceModifier = input.priceModifierPence;
  return patch;
}

/** Sizes may only name shapes that exist. */
async function checkShapeIds(tx: Tx, shapeIds: readonly string[] | null | undefined): Promise<void> {
  if (!shapeIds || shapeIds.length === 0) return;
  const rows = await tx
    .select({ value: productOptions.value })
    .from(productOptions)
    .where(and(eq(productOptions.optionType, "shape"), inArray(productOptions.value, [...shapeIds])));
  const known = new Set(rows.map((r) => r.value));
  const unknown = shapeIds.filter((s) => !known.has(s));
  if (unknown.length > 0) {
    throw new HttpError(400, "unknown_shape", `Unknown shape: ${unknown.join(", ")}.`);
  }
}

export async function createOption(tx: Tx, input: OptionCreateInput): Promise<AdminOption> {
  const [existing] = await tx
    .select({ id: productOptions.id })
    .from(productOptions)
    .where(and(eq(productOptions.optionType, input.optionType), eq(productOptions.value, input.value)));
  if (existing)
    throw new HttpError(
      409,
      "option_exists",
      `There is already a ${input.optionType.replace("_", " ")} "${input.value}".`,
    );
  if (input.optionType === "size") await checkShapeIds(tx, input.shapeIds);
  if (isSizedOptionType(input.optionType)) {
    if ((input.status ?? "enabled") === "enabled")
      assertSizeFits(await getPrinters(tx), {
        name: input.name,
        widthMm: input.widthMm ?? null,
        heightMm: input.heightMm ?? null,
      });
  }
  let sort = input.sortOrder;
  if (sort === undefined) {
    const [last] = await tx
      .select({ s: max(productOptions.sortOrder) })
      .from(productOptions)
      .where(eq(productOptions.optionType, input.optionType));
    sort = (last?.s ?? 0) + 1;
  }
  const [row] = await tx
    .insert(productOptions)
    .values({
      ...optionPatch(input),
      optionType: input.optionType,
      value: input.value,
      name: input.name,
      sortOrder: sort,
      ...(input.optionType === "size" ? {} : { shapeIds: null }),
    })
    .returning();
  if (!row) throw new Error("option was not created");
  return toAdminOption(row);
}

export async function updateOption(
  tx: Tx,
  id: string,
  input: OptionUpdateInput,
): Promise<{ before: AdminOption; after: AdminOption }> {
  const before = await lockOption(tx, id);
  if (before.optionType === "frame_color" && input.hexColor === null) {
    throw new HttpError(400, "validation_failed", "Frame colours need a colour.");
  }
  if (before.optionType === "size") await checkShapeIds(tx, input.shapeIds);
  const patch = optionPatch(input);
  if (before.optionType !== "size") delete patch.shapeIds;
  if (Object.keys(patch).length === 0) return { before: toAdminOption(before), after: toAdminOption(before) };
  // A size going on sale, or growing while on sale, must fit a printer (issue 48 item 3).
  if (isSizedOptionType(before.optionType) && (patch.status ?? before.status) === "enabled")
    assertSizeFits(await getPrinters(tx), {
      name: patch.name ?? before.name,
      widthMm: patch.widthMm ?? before.widthMm,
      heightMm: patch.heightMm ?? before.heightMm,
    });
  const [after] = await tx.update(productOptions).set(patch).where(eq(productOptions.id, id)).returning();
  if (!after) throw new Error("option was not updated");
  return { before: toAdminOption(before), after: toAdminOption(after) };
}

export async function reorderOptions(tx: Tx, optionType: OptionType, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = unique.every((id) => /^[0-9a-f-]{36}$/i.test(id))
    ? await tx
        .select({ id: productOptions.id, sortOrder: productOptions.sortOrder })
        .from(productOptions)
        .where(and(eq(productOptions.optionType, optionType), inArray(productOptions.id, unique)))
        .for("update")
    : [];
  if (rows.length !== unique.length)
    throw new HttpError(404, "option_not_found", "Some options no longer exist. Reload and try again.");
  const before = Object.fromEntries(rows.map((r) => [r.id, r.sortOrder]));
  const after: Record<string, number> = {};
  for (const [index, id] of unique.entries()) {
    const sort = index + 1;
    after[id] = sort;
    if (before[id] !== sort)
      await tx.update(productOptions).set({ sortOrder: sort }).where(eq(productOptions.id, id));
  }
  return { before, after };
}
