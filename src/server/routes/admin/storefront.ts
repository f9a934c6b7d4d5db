/**
 * The storefront's imagery and reviews in the admin (issue 20). Every write is audited and drops
 * the storefront snapshot (and the pages carrying it) after commit.
 *   GET    /admin/site-images                    every image, by slot and order (also disabled)
 *   POST   /admin/site-images {slot, uploadId, alt, enabled, sortOrder}  a photo uploaded via
 *          POST /api/uploads, encoded to the slot's AVIF/WebP widths
 *   PATCH  /admin/site-images/:id {alt?, enabled?, sortOrder?}
 *   DELETE /admin/site-images/:id                the row, then its files
 *   GET    /admin/reviews?status                 the moderation list (pending first)
 *   POST   /admin/reviews/:id/approve, /admin/reviews/:id/reject
 *   DELETE /admin/reviews/:id
 */

import { REVIEW_STATUSES, SLOT_SPECS } from "@shared/storefront";
import { siteImageCreateSchema, siteImageUpdateSchema } from "@shared/storefront-rules";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import { audited, deleteReleasedFiles } from "../../platform/index.js";
import {
  createSiteImage,
  deleteReview,
  deleteReviewPhoto,
  deleteSiteImage,
  deleteVariants,
  encodeSiteImage,
  findSiteImageUpload,
  invalidateStorefront,
  listAdminReviews,
  listAdminSiteImages,
  moderateReview,
  siteImageAuditView,
  siteImageCount,
  toAdminImage,
  updateSiteImage,
} from "../../storefront/index.js";
import { type AdminContext, type AdminEnv, actorOf } from "./shared.js";

const idParam = z.object({ id: z.uuid("Unknown image.") });
const reviewParam = z.object({ id: z.uuid("Unknown review.") });
const reviewQuery = z.object({ status: z.enum(REVIEW_STATUSES).optional() });

export type { AdminSiteImage } from "../../storefront/index.js";

export function adminStorefrontRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const { storage } = ctx;
  const listImages = () => listAdminSiteImages(db);

  /** Approves or rejects a review, audited. */
  const moderate = (c: AdminContext, id: string, status: "approved" | "rejected") =>
    audited(
      db,
      actorOf(c),
      {
        actionType: `review.${status === "approved" ? "approve" : "reject"}`,
        tableName: "reviews",
        recordId: id,
      },
      async (tx) => {
        const change = await moderateReview(tx, id, status);
        return {
          result: change.after,
          audit: { oldValues: { status: change.before.status }, newValues: { status: change.after.status } },
        };
      },
    );

  return new Hono<AdminEnv>()
    .use("*", async (c, next) => {
      try {
        await next();
      } finally {
        if (c.req.method !== "GET" && c.req.method !== "HEAD") invalidateStorefront(db);
      }
    })
    .get("/site-images", async (c) => c.json({ images: await listImages() }, 200))

    .post("/site-images", zValidator("json", siteImageCreateSchema, validationHook), async (c) => {
      const input = c.req.valid("json");
      const spec = SLOT_SPECS[input.slot];
      if ((await siteImageCount(db, input.slot)) >= spec.max) {
        throw new HttpError(
          409,
          "slot_full",
          `This place holds at most ${spec.max} images. Remove one first.`,
        );
      }
      const upload = await findSiteImageUpload(db, input.uploadId);
      const original = upload ? await storage.get(upload.originalKey) : null;
      if (!upload || !original)
        throw new HttpError(404, "upload_not_found", "That upload is gone. Please choose the photo again.");
      const encoded = await encodeSiteImage(storage, original.body, spec);
      try {
        const image = await audited(
          db,
          actorOf(c),
          { actionType: "site_image.create", tableName: "site_images", newValues: siteImageAuditView(input) },
          (tx) => createSiteImage(tx, input, encoded, upload.id),
        );
        await deleteReleasedFiles(storage, image.released);
        return c.json({ image: toAdminImage(image.row) }, 201);
      } catch (error) {
        await deleteVariants(storage, encoded.avif, encoded.webp);
        throw error;
      }
    })

    .patch(
      "/site-images/:id",
      zValidator("param", idParam, validationHook),
      zValidator("json", siteImageUpdateSchema, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const input = c.req.valid("json");
        const image = await audited(
          db,
          actorOf(c),
          { actionType: "site_image.update", tableName: "site_images", recordId: id, newValues: input },
          (tx) => updateSiteImage(tx, id, input),
        );
        return c.json({ image: toAdminImage(image) }, 200);
      },
    )

    .delete("/site-images/:id", zValidator("param", idParam, validationHook), async (c) => {
      const { id } = c.req.valid("param");
      const row = await audited(
        db,
        actorOf(c),
        { actionType: "site_image.delete", tableName: "site_images", recordId: id },
        (tx) => deleteSiteImage(tx, id),
      );
      await deleteVariants(storage, row.avif, row.webp);
      return c.json({ ok: true as const }, 200);
    })

    .get("/reviews", zValidator("query", reviewQuery, validationHook), async (c) =>
      c.json({ reviews: await listAdminReviews(db, c.req.valid("query").status) }, 200),
    )

    .post("/reviews/:id/approve", zValidator("param", reviewParam, validationHook), async (c) =>
      c.json({ review: await moderate(c, c.req.valid("param").id, "approved") }, 200),
    )
    .post("/reviews/:id/reject", zValidator("param", reviewParam, validationHook), async (c) =>
      c.json({ review: await moderate(c, c.req.valid("param").id, "rejected") }, 200),
    )

    .delete("/reviews/:id", zValidator("param", reviewParam, validationHook), async (c) => {
      const { id } = c.req.valid("param");
      const row = await audited(
        db,
        actorOf(c),
        { actionType: "review.delete", tableName: "reviews", recordId: id },
        async (tx) => {
          const deleted = await deleteReview(tx, id);
          return {
            result: deleted,
            audit: { oldValues: { rating: deleted.rating, name: deleted.name, status: deleted.status } },
          };
        },
      );
      await deleteReviewPhoto(storage, row);
      return c.json({ ok: true as const }, 200);
    });
}
