/**
 * What the storefront shows beside the catalogue (issue 20): the enabled owner images of each
 * slot in the owner's order, the latest approved reviews and the rating over all approved ones.
 * Kept as one snapshot (like the catalogue), dropped after every admin write here and reloaded
 * after STOREFRONT_TTL_MS otherwise (another server's write). The page server puts the same
 * answer into every page it serves, so the first paint has the hero without a request.
 */
import {
  type PublicReview,
  type ResponsiveImage,
  ratingSummary,
  reviewerFirstName,
  STOREFRONT_REVIEWS,
  type StorefrontAnswer,
} from "@shared/storefront";
import { and, asc, desc, eq } from "drizzle-orm";
import { SnapshotCache } from "../catalogue/index.js";
import type { DbOrTx } from "../db/client.js";
import { reviews, siteImages } from "../db/schema.js";

export const STOREFRONT_TTL_MS = 5_000;

type SiteImageRow = typeof siteImages.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;

export function toResponsiveImage(row: SiteImageRow): ResponsiveImage {
  return { id: row.id, alt: row.alt, width: row.width, height: row.height, avif: row.avif, webp: row.webp };
}

/** A reviewer's photo, with alt text made from the review (reviewers are not asked for any). */
export function reviewPhoto(row: ReviewRow): ResponsiveImage | null {
  if (!row.photoAvif || !row.photoWebp || !row.photoWidth || !row.photoHeight) return null;
  return {
    id: `${row.id}-photo`,
    alt: `${reviewerFirstName(row.name)}'s lightbox, photographed at home`,
    width: row.photoWidth,
    height: row.photoHeight,
    avif: row.photoAvif,
    webp: row.photoWebp,
  };
}

export function toPublicReview(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    // The reviewer's first name only, with the date (issue 46).
    name: reviewerFirstName(row.name),
    place: row.place,
    photo: reviewPhoto(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function loadStorefront(db: DbOrTx): Promise<StorefrontAnswer> {
  const [images, latest, ratings] = await Promise.all([
    db
      .select()
      .from(siteImages)
      .where(eq(siteImages.enabled, true))
      .orderBy(asc(siteImages.sortOrder), asc(siteImages.createdAt)),
    db
      .select()
      .from(reviews)
      .where(eq(reviews.status, "approved"))
      .orderBy(desc(reviews.createdAt))
      .limit(STOREFRONT_REVIEWS),
    db
      .select({ rating: reviews.rating })
      .from(reviews)
      .where(and(eq(reviews.status, "approved"))),
  ]);
  const first = (slot: string) => images.find((i) => i.slot === slot);
  const home = first("home_hero");
  const shop = first("shop_hero");
  return {
    homeHero: home ? toResponsiveImage(home) : null,
    shopHero: shop ? toResponsiveImage(shop) : null,
    gallery: images.filter((i) => i.slot === "gallery").map(toResponsiveImage),
    reviews: latest.map(toPublicReview),
    rating: ratingSummary(ratings.map((r) => r.rating)),
  };
}

const caches = new WeakMap<object, SnapshotCache<StorefrontAnswer>>();

export function storefrontCache(db: DbOrTx): SnapshotCache<StorefrontAnswer> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SnapshotCache(() => loadStorefront(db), STOREFRONT_TTL_MS);
    caches.set(db, cache);
  }
  return cache;
}

/** After a committed write to site images or reviews: the next request reads the database. */
export function invalidateStorefront(db: DbOrTx): void {
  caches.get(db)?.invalidate();
}
