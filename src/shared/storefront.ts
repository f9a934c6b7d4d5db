/**
 * The storefront's owner-managed imagery and customers' reviews (issue 20): the image slots and
 * their responsive sizes, the review statuses and the rating summary.
 * Pure and shared, and in the first load (the home page's hero): no zod here; the input
 * schemas and the from-price are in storefront-rules.ts.
 *   GET /api/storefront -> StorefrontAnswer
 */

export const SITE_IMAGE_SLOTS = ["home_hero", "shop_hero", "gallery"] as const;
export type SiteImageSlot = (typeof SITE_IMAGE_SLOTS)[number];

export interface SlotSpec {
  /** Width / height the image is cropped to (every image of a slot lays out the same). */
  readonly aspect: number;
  /** The encoded widths (px); an image narrower than one is not enlarged to it. */
  readonly widths: readonly number[];
  /** The `sizes` attribute: how wide the image is shown at each viewport. */
  readonly sizes: string;
  /** How many images the slot holds. */
  readonly max: number;
}

export const SLOT_SPECS: Readonly<Record<SiteImageSlot, SlotSpec>> = {
  home_hero: {
    aspect: 1,
    // 768: a phone at 412 px and DPR 1.75 needs ~720 px, and the hero is its LCP element; without
    // it the browser takes the 960 (a detailed photo: 46 KB against 60 KB, LCP 1.35-1.5 s with 960).
    widths: [400, 640, 768, 960, 1280],
    // Full width less the page's padding on phones, where it is the largest paint; 384 px
    // (max-w-sm) from sm, in the single column and then beside the text (HomePage's HomeHero).
    sizes: "(min-width: 640px) 384px, calc(100vw - 2rem)",
    max: 6,
  },
  shop_hero: {
    aspect: 4 / 3,
    widths: [400, 640, 768, 960, 1280],
    sizes: "(min-width: 1024px) 448px, (min-width: 768px) 40vw, 100vw",
    max: 6,
  },
  gallery: {
    aspect: 1,
    widths: [320, 480, 720],
    sizes: "(min-width: 1024px) 280px, 45vw",
    max: 24,
  },
};

/** Reviewers' photos: shown like the gallery's. */
export const REVIEW_PHOTO_SPEC: SlotSpec = { ...SLOT_SPECS.gallery, max: 1 };

/** The encoded widths for a source `sourceWidth` px wide once cropped: the slot's, none wider than it (at least one). */
export function variantWidths(spec: SlotSpec, sourceWidth: number): number[] {
  const fitting = spec.widths.filter((w) => w <= sourceWidth);
  return fitting.length > 0 ? fitting : [Math.max(1, Math.min(sourceWidth, spec.widths[0] ?? sourceWidth))];
}

/** The largest centred crop of a `width` x `height` image at `aspect` (width / height). */
export function cropToAspect(
  width: number,
  height: number,
  aspect: number,
): { width: number; height: number } {
  if (width / height > aspect) return { width: Math.max(1, Math.round(height * aspect)), height };
  return { width, height: Math.max(1, Math.round(width / aspect)) };
}

export interface ImageVariant {
  readonly w: number;
  readonly url: string;
}

/** An image as the storefront shows it: sizes for the layout, AVIF and WebP sources. */
export interface ResponsiveImage {
  readonly id: string;
  readonly alt: string;
  /** The largest variant's size (sets width/height, so the space is kept before it loads). */
  readonly width: number;
  readonly height: number;
  readonly avif: readonly ImageVariant[];
  readonly webp: readonly ImageVariant[];
}

/** A `srcset` value: "url 400w, url 640w". */
export function srcSet(variants: readonly ImageVariant[]): string {
  return variants.map((v) => `${v.url} ${v.w}w`).join(", ");
}

/** The fallback `src`: the largest WebP (every browser that shows the shop decodes WebP). */
export function fallbackSrc(image: Pick<ResponsiveImage, "webp">): string {
  return image.webp.at(-1)?.url ?? "";
}

// ---------------------------------------------------------------- reviews

export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 1000;
export const REVIEW_NAME_MAX = 40;

/** A review as the storefront shows it (approved only). */
export interface PublicReview {
  readonly id: string;
  readonly rating: number;
  readonly body: string;
  readonly name: string;
  readonly place: string | null;
  readonly photo: ResponsiveImage | null;
  readonly createdAt: string;
}

export interface RatingSummary {
  /** Mean of the approved ratings, one decimal. */
  readonly average: number;
  readonly count: number;
}

/** The rating summary of approved reviews; null when there are none (no made-up ratings). */
export function ratingSummary(ratings: readonly number[]): RatingSummary | null {
  const valid = ratings.filter((r) => Number.isInteger(r) && r >= 1 && r <= 5);
  if (valid.length === 0) return null;
  const mean = valid.reduce((a, b) => a + b, 0) / valid.length;
  return { average: Math.round(mean * 10) / 10, count: valid.length };
}

/**
 * The name a review is shown under (issue 46): the reviewer's first name only, as they typed
 * it, never more of a customer's name than the first word.
 */
export function reviewerFirstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/** The date a review is shown with: "7 December 2026" (UK), from its ISO timestamp. */
export function reviewDateText(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  }).format(new Date(iso));
}

/** How many approved reviews the storefront shows. */
export const STOREFRONT_REVIEWS = 6;

export interface StorefrontAnswer {
  readonly homeHero: ResponsiveImage | null;
  readonly shopHero: ResponsiveImage | null;
  readonly gallery: readonly ResponsiveImage[];
  /** The latest approved reviews (at most STOREFRONT_REVIEWS). */
  readonly reviews: readonly PublicReview[];
  /** Over every approved review; null when there is none. */
  readonly rating: RatingSummary | null;
}

/** The storefront answer as a served page carries it: plus the free-shipping threshold (pence). */
export interface PageStorefront extends StorefrontAnswer {
  readonly freeShippingThresholdPence?: number;
}

// ---------------------------------------------------------------- the pages' first paint

/** The element holding the storefront answer in every served page (JSON, not executed). */
export const STOREFRONT_SCRIPT_ID = "lb-storefront";

/**
 * The owner's free-shipping threshold (admin Prices) in every served page: in the page's
 * storefront JSON (PageStorefront), read by the app on its first render, and as the
 * pre-rendered figure (an element with this attribute, built with the default threshold)
 * replaced by the page server, so the home page states the live threshold in its first paint
 * and hydrates unchanged.
 */
export const FREE_SHIPPING_FIGURE_ATTR = "data-free-shipping-over";

export type HeroSlot = Extract<SiteImageSlot, "home_hero" | "shop_hero">;

/** The pre-rendered page of each hero, and the classes of its <img> (the server writes the same). */
export const HERO_PAGES: Readonly<Record<HeroSlot, string>> = { home_hero: "/", shop_hero: "/shop" };
export const HERO_IMG_CLASS: Readonly<Record<HeroSlot, string>> = {
  home_hero: "aspect-square h-auto w-full rounded-3xl object-cover shadow-2xl shadow-glow-900/40",
  shop_hero: "aspect-[4/3] h-auto w-full rounded-2xl object-cover",
};

/**
 * What a pre-rendered page holds where its hero goes: an empty <picture>. The server puts the
 * owner's current hero in its place (heroPictureHtml, the same markup as the web's
 * ResponsivePicture), so the largest paint is in the HTML; hydration then renders the same.
 */
export function heroMarker(slot: HeroSlot): string {
  return `<picture data-slot="${slot}"></picture>`;
}
