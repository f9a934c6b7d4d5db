/**
 * Which uploaded images are still in use: a cart, an order, a print job or a product names
 * them. The upload sweep, the admin's orphan cleanup and account deletion all ask this.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { cartItems, orderItems, printJobs, products, uploads } from "../db/schema.js";
import { type Storage, uploadFileKeys } from "./storage.js";

/** True when the upload's original or preview key appears in `text`. */
export function uploadNamedIn(text: SQL): SQL {
  return sql`(position(${uploads.originalKey} in ${text}) > 0 or position(${uploads.previewKey} in ${text}) > 0)`;
}

/** Every image URL a cart or order line holds, as one text to search. */
export function itemImageRefsSql(t: typeof cartItems | typeof orderItems): SQL {
  return sql`coalesce(${t.imageUrl}, '') || ' ' || coalesce(${t.originalImageUrl}, '') || ' ' || coalesce(${t.additionalImages}::text, '')`;
}

/**
 * True for an upload some cart, order, print job or product still names (its original or
 * preview key appears in one of their image URLs). Also used by account deletion.
 */
export function uploadUsedSql(): SQL {
  return sql`(
    exists (select 1 from ${cartItems} where ${uploadNamedIn(itemImageRefsSql(cartItems))})
    or exists (select 1 from ${orderItems} where ${uploadNamedIn(itemImageRefsSql(orderItems))})
    or exists (select 1 from ${printJobs} where ${uploadNamedIn(sql`${printJobs.imageUrl}`)})
    or exists (select 1 from ${products} where ${uploadNamedIn(sql`coalesce(${products.imageUrl}, '')`)})
  )`;
}

/**
 * Removes the upload row `uploadId` once it was only the way in (a review photo, a site image,
 * a product photo), but never while a cart, order, print job or product still uses it (an id
 * may name another visitor's photo): answers the removed row's keys, whose files the caller
 * deletes after the commit, or null when the upload is kept.
 */
export async function releaseUpload(
  tx: DbOrTx,
  uploadId: string,
): Promise<{ originalKey: string; previewKey: string } | null> {
  const [row] = await tx
    .delete(uploads)
    .where(and(eq(uploads.id, uploadId), sql`not ${uploadUsedSql()}`))
    .returning({ originalKey: uploads.originalKey, previewKey: uploads.previewKey });
  return row ?? null;
}

/** Deletes a released upload's files (after the commit); a file that will not go is left. */
export async function deleteReleasedFiles(
  storage: Storage,
  released: { originalKey: string; previewKey: string } | null,
): Promise<void> {
  if (!released) return;
  await Promise.allSettled(uploadFileKeys(released).map((key) => storage.delete(key)));
}

/** Deletes files after the rows are gone; a file that will not go is logged, not fatal. */
export async function deleteStoredFiles(
  storage: Storage,
  keys: readonly string[],
  onError: (key: string, error: unknown) => void,
): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  let failed = 0;
  for (const key of keys) {
    try {
      await storage.delete(key);
      deleted++;
    } catch (error) {
      failed++;
      onError(key, error);
    }
  }
  return { deleted, failed };
}

/** The row of a stored upload (its files are in storage already); answers its id. */
export async function recordUpload(
  db: DbOrTx,
  values: {
    originalKey: string;
    previewKey: string;
    userId: string | null;
    clientKey: string | null;
    width: number;
    height: number;
    bytes: number;
  },
): Promise<{ id: string }> {
  const [row] = await db.insert(uploads).values(values).returning({ id: uploads.id });
  if (!row) throw new Error("upload row was not written");
  return row;
}
