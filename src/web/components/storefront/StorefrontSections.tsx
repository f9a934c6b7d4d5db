/**
 * The storefront's customer sections (issue 20), loaded after hydration when there is something
 * to show: approved reviews (stars, words, the customer's photo, first name and date) with their
 * average, and the owner's gallery. Used on the home page and the shop.
 */
import { REVIEW_TEXTS } from "@shared/review-texts";
import {
  type PublicReview,
  type RatingSummary,
  type ResponsiveImage,
  reviewDateText,
  SLOT_SPECS,
} from "@shared/storefront";
import { ResponsivePicture } from "@web/components/ui/ResponsivePicture";
import { Star } from "lucide-react";

/** The lightbox and its collections, in this chunk too: the home page loads them with the reviews' code. */
export { FeaturedLightbox } from "../../features/shop";

export function Stars({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={REVIEW_TEXTS.ratedOutOf(rating)} className="flex gap-0.5 text-glow-600">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={i <= Math.round(rating) ? "h-5 w-5 fill-current" : "h-5 w-5 text-stone-300"}
        />
      ))}
    </div>
  );
}

const REVIEW_GRID = {
  1: "mx-auto mt-10 grid max-w-2xl gap-6",
  2: "mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2",
  3: "mt-10 grid gap-6 md:grid-cols-3",
} as const;

export function CustomerReviews({
  reviews,
  rating,
}: {
  reviews: readonly PublicReview[];
  rating: RatingSummary | null;
}) {
  const columns = Math.min(3, Math.max(1, reviews.length)) as 1 | 2 | 3;
  return (
    <div data-testid="customer-reviews">
      {rating ? (
        <p className="mt-3 text-stone-700">
          {rating.average.toFixed(1)} out of 5 from {rating.count} review{rating.count === 1 ? "" : "s"}
        </p>
      ) : null}
      {/* Only customers' own words, approved by the owner, with the reviewer's first name and the
          date (issue 46): one or two reviews fill the row as one or two wider cards, not a lone
          third of it. */}
      <ul data-columns={columns} className={REVIEW_GRID[columns]}>
        {reviews.map((r) => (
          <li key={r.id}>
            <figure className="flex h-full flex-col rounded-2xl border border-glow-200 bg-white p-6 shadow-sm">
              {r.photo ? (
                <ResponsivePicture
                  image={r.photo}
                  sizes={SLOT_SPECS.gallery.sizes}
                  className="mb-4 aspect-square h-auto w-full rounded-xl object-cover"
                />
              ) : null}
              <Stars rating={r.rating} />
              <blockquote className="mt-4 flex-1 text-stone-800">
                <p>“{r.body}”</p>
              </blockquote>
              <figcaption className="mt-4 font-medium text-stone-900">
                {r.name}
                {r.place ? <span className="font-normal text-stone-700">, {r.place}</span> : null}
                <time dateTime={r.createdAt} className="block text-sm font-normal text-stone-700">
                  {reviewDateText(r.createdAt)}
                </time>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The shop's reviews section: its heading and the reviews. */
export function ShopReviews({
  reviews,
  rating,
}: {
  reviews: readonly PublicReview[];
  rating: RatingSummary | null;
}) {
  return (
    <section aria-labelledby="shop-reviews-title" className="bg-glow-50 py-12">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="shop-reviews-title" className="text-3xl text-stone-900">
          {REVIEW_TEXTS.reviewsHeading}
        </h2>
        <CustomerReviews reviews={reviews} rating={rating} />
      </div>
    </section>
  );
}

export function CustomerGallery({ images }: { images: readonly ResponsiveImage[] }) {
  return (
    <section aria-labelledby="gallery-title" className="mx-auto max-w-6xl px-4 py-16 md:py-24">
      <h2 id="gallery-title" className="text-3xl text-stone-900 md:text-4xl">
        {REVIEW_TEXTS.galleryHeading}
      </h2>
      <ul className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {images.map((image) => (
          <li key={image.id}>
            <ResponsivePicture
              image={image}
              sizes={SLOT_SPECS.gallery.sizes}
              className="aspect-square h-auto w-full rounded-2xl object-cover shadow-sm"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
