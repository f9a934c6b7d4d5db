/**
 * The admin's home-page pictures (GET/POST/PATCH/DELETE /admin/site-images): the rows, and the
 * changes made inside `audited` (each answers its audit details; the files are the route's).
 */
import type { SITE_IMAGE_SLOTS } from "@shared/storefront";
import type { siteImageCreateSchema, siteImageUpdateSchema } from "@shared/storefront-rules";
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx, Tx } from "../db/client.js";
import { siteImages, uploads } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import { type AuditedResult, releaseUpload } from "../platform/index.js";
import type { EncodedSiteImage } from "./site-images.js";

export type SiteImageRow = typeof siteImages.$inferSelect;
type UploadRow = typeof uploads.$inferSelect;
export type SiteImageCreate = z.infer<typeof siteImageCreateSchema>;
export type SiteImageUpdate = z.infer<typeof siteImageUpdateSchema>;

export interface AdminSiteImage {
  id: string;
  slot: (typeof SITE_IMAGE_SLOTS)[number];
  alt: string;
  enabled: boolean;
  sortOrder: number;
  width: number;
  height: number;
  /** The smallest WebP, for the admin's thumbnail. */
  thumbnailUrl: string;
}

export function toAdminImage(row: SiteImageRow): AdminSiteImage {
  return {
    id: row.id,
    slot: row.slot as AdminSiteImage["slot"],
    alt: row.alt,
    enabled: row.enabled,
    sortOrder: row.sortOrder,
    width: row.width,
    height: row.height,
    thumbnailUrl: row.webp[0]?.url ?? "",
  };
}

/** The audit trail's view of an image (no URLs: they say nothing to a reader). */
function auditView(row: Pick<SiteImageRow, "slot" | "alt" | "enabled" | "sortOrder">) {
  return { slot: row.slot, alt: row.alt, enabled: row.enabled, sortOrder: row.sortOrder };
}

/** Every picture, by slot and order. */
export async function listAdminSiteImages(db: DbOrTx): Promise<AdminSiteImage[]> {
  const rows = await db
    .select()
    .from(siteImages)
    .orderBy(siteImages.slot, siteImages.sortOrder, siteImages.createdAt);
  return rows.map(toAdminImage);
}

/** How many pictures a slot holds. */
export async function siteImageCount(db: DbOrTx, slot: string): Promise<number> {
  const [used] = await db.select({ n: count() }).from(siteImages).where(eq(siteImages.slot, slot));
  return used?.n ?? 0;
}

/** The upload a new picture is made from, or null when it is gone. */
export async function findSiteImageUpload(db: DbOrTx, uploadId: string): Promise<UploadRow | null> {
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  return upload ?? null;
}

/** Stores the encoded picture and drops its upload row (the upload was only the way in). */
export async function createSiteImage(
  tx: Tx,
  input: SiteImageCreate,
  encoded: EncodedSiteImage,
  uploadId: string,
): Promise<AuditedResult<{ row: SiteImageRow; released: Awaited<ReturnType<typeof releaseUpload>> }>> {
  const [row] = await tx
    .insert(siteImages)
    .values({
      slot: input.slot,
      alt: input.alt,
      enabled: input.enabled,
      sortOrder: input.sortOrder,
      width: encoded.width,
      height: encoded.height,
      avif: encoded.avif,
      webp: encoded.webp,
    })
    .returning();
  if (!row) throw new Error("site image not stored");
  // The upload was only the way in (unless a cart or order uses it too).
  const released = await releaseUpload(tx, uploadId);
  return {
    result: { row, released },
    audit: { recordId: row.id, newValues: { ...auditView(row), uploadId } },
  };
}

/** Changes a picture's alt text, place or visibility (404 when unknown). */
export async function updateSiteImage(
  tx: Tx,
  id: string,
  input: SiteImageUpdate,
): Promise<AuditedResult<SiteImageRow>> {
  const [before] = await tx.select().from(siteImages).where(eq(siteImages.id, id)).for("update");
  if (!before) throw new HttpError(404, "image_not_found", "Image not found.");
  const [after] = await tx.update(siteImages).set(input).where(eq(siteImages.id, id)).returning();
  if (!after) throw new Error("site image not updated");
  return { result: after, audit: { oldValues: auditView(before), newValues: auditView(after) } };
}

/** Deletes a picture's row and answers it (its files are deleted after commit; 404 when unknown). */
export async function deleteSiteImage(tx: Tx, id: string): Promise<AuditedResult<SiteImageRow>> {
  const [deleted] = await tx.delete(siteImages).where(eq(siteImages.id, id)).returning();
  if (!deleted) throw new HttpError(404, "image_not_found", "Image not found.");
  return { result: deleted, audit: { oldValues: auditView(deleted) } };
}

/** The create audit entry's new values, before the row exists. */
export function siteImageAuditView(input: Pick<SiteImageRow, "slot" | "alt" | "enabled" | "sortOrder">) {
  return auditView(input);
}
