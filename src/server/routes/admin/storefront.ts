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

import { REVIEW_STATUSES } from "@shared/storefront";
import { siteImageCreateSchema, siteImageUpdateSchema } from "@shared/storefront-rules";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import {
  addSiteImageAsAdmin,
  deleteReviewAsAdmin,
  deleteSiteImageAsAdmin,
  listAdminReviews,
  listAdminSiteImages,
  moderateReviewAsAdmin,
  updateSiteImageAsAdmin,
} from "../../storefront/index.js";
import { type AdminEnv, actorOf } from "./shared.js";

const idParam = z.object({ id: z.uuid("Unknown image.") });
const reviewParam = z.object({ id: z.uuid("Unknown review.") });
const reviewQuery = z.object({ status: z.enum(REVIEW_STATUSES).optional() });

export type { AdminSiteImage } from "../../storefront/index.js";

export function adminStorefrontRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/site-images", async (c) => c.json({ images: await listAdminSiteImages(db) }, 200))

    .post("/site-images", zValidator("json", siteImageCreateSchema, validationHook), async (c) => {
      const image = await addSiteImageAsAdmin(ctx, actorOf(c), c.req.valid("json"));
      return c.json({ image }, 201);
    })

    .patch(
      "/site-images/:id",
      zValidator("param", idParam, validationHook),
      zValidator("json", siteImageUpdateSchema, validationHook),
      async (c) => {
        const image = await updateSiteImageAsAdmin(
          ctx,
          actorOf(c),
          c.req.valid("param").id,
          c.req.valid("json"),
        );
        return c.json({ image }, 200);
      },
    )

    .delete("/site-images/:id", zValidator("param", idParam, validationHook), async (c) => {
      await deleteSiteImageAsAdmin(ctx, actorOf(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    })

    .get("/reviews", zValidator("query", reviewQuery, validationHook), async (c) =>
      c.json({ reviews: await listAdminReviews(db, c.req.valid("query").status) }, 200),
    )

    .post("/reviews/:id/approve", zValidator("param", reviewParam, validationHook), async (c) =>
      c.json(
        { review: await moderateReviewAsAdmin(ctx, actorOf(c), c.req.valid("param").id, "approved") },
        200,
      ),
    )
    .post("/reviews/:id/reject", zValidator("param", reviewParam, validationHook), async (c) =>
      c.json(
        { review: await moderateReviewAsAdmin(ctx, actorOf(c), c.req.valid("param").id, "rejected") },
        200,
      ),
    )

    .delete("/reviews/:id", zValidator("param", reviewParam, validationHook), async (c) => {
      await deleteReviewAsAdmin(ctx, actorOf(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    });
}
