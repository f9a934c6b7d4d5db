/**
 * What crawlers and link previews read (issue 20): which pages are indexed, their canonical
 * addresses, descriptions, the sitemap and robots rules, and the organisation's structured data.
 * Pure: the server fills in its public origin.
 */
import { BRAND_NAME, SUPPORT_EMAIL } from "./brand";
import { GOOGLE_FEED_PATH } from "./google-feed";
import { documentTitle, isKnownPath, normalisePathname } from "./titles";

/**
 * What search engines and link previews show for each public page (issue 20). Kept here, not in
 * MESSAGES: only the server writes them into pages, and MESSAGES is in the first load.
 */
export const SEO_TEXTS = {
  defaultDescription:
    "Custom lithophane lightboxes, 3D-printed from your photos and handmade in Northern Ireland.",
  descriptions: {
    "/": "Custom lithophane lightboxes, 3D-printed from your photos and handmade in Northern Ireland. Delivered to the UK, Ireland and the world.",
    "/shop":
      "Shop custom lithophane lightboxes and accessories: frames, stands, LED upgrades and gift-ready bundles, handmade in Northern Ireland.",
    "/shop/create":
      "Upload a photo and design your lithophane lightbox in six steps: shape, frame colour, size and bundle, with a live backlit preview.",
    "/create/lamp":
      "Design a lithophane lamp: one to four of your photos around a cylinder shade, lit from inside by an LED base, with a 3D preview you can turn.",
    "/about":
      "Meet the maker behind Lithobox: lithophane lightboxes designed and 3D-printed in Northern Ireland.",
    "/faq":
      "Answers about lithophane lightboxes: photos that print well, sizes, delivery times, care and returns.",
    "/contact": "Questions about an order or a custom lightbox? Write to the Lithobox workshop.",
    "/shipping": "Delivery times and prices for Lithobox lightboxes in the UK, Ireland and worldwide.",
    "/returns": "Returns and refunds for Lithobox orders, including made-to-order lithophanes.",
    "/care": "How to care for your lithophane lightbox: cleaning, light sources and display.",
    "/track": "Track your Lithobox order with its order number and e-mail address.",
    "/privacy": "How Lithobox collects, uses and protects your personal data and photos.",
    "/terms": "The terms of service for buying custom lithophane lightboxes and accessories from Lithobox.",
    "/cookies": "Which cookies the Lithobox shop uses, why it needs them and how to manage them.",
  } as Record<string, string>,
  organizationDescription: "Custom 3D-printed lithophane lightboxes, handmade in Northern Ireland.",
};

/** Public pages worth a place in search results, in sitemap order (/create is /shop/create). */
export const INDEXED_PATHS = [
  "/",
  "/shop",
  "/shop/create",
  "/create/lamp",
  "/about",
  "/faq",
  "/contact",
  "/shipping",
  "/returns",
  "/care",
  "/track",
  "/privacy",
  "/terms",
  "/cookies",
] as const;

/** Areas a crawler has no business in: private, per-visitor or transactional pages. */
export const DISALLOWED_PREFIXES = ["/admin", "/account", "/checkout", "/auth"] as const;

/** The same page under another address: its canonical one. */
const CANONICAL_ALIASES: Readonly<Record<string, string>> = { "/create": "/shop/create" };

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function isIndexed(pathname: string): boolean {
  const path = normalisePathname(pathname);
  return (INDEXED_PATHS as readonly string[]).includes(CANONICAL_ALIASES[path] ?? path);
}

/** The canonical path of an indexed page (query and trailing slash dropped), else null. */
export function canonicalPath(pathname: string): string | null {
  const path = normalisePathname(pathname);
  return isIndexed(path) ? (CANONICAL_ALIASES[path] ?? path) : null;
}

/** The link-preview picture (og:image / twitter:image): the home hero, absolute. */
export interface PreviewImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}

/** What the shop's data adds to the heads (issue 20): the preview image and the lightbox's offer. */
export interface HeadData {
  readonly image?: PreviewImage | null;
  /** /shop's Product: the custom lightbox from this price (GBP pence), rated by real reviews only. */
  readonly lightbox?: {
    readonly fromPricePence: number;
    readonly rating: { readonly average: number; readonly count: number } | null;
    /** The newest approved customer reviews (the storefront's), for schema.org Review. */
    readonly reviews?: ReadonlyArray<{
      readonly rating: number;
      readonly body: string;
      readonly name: string;
      readonly createdAt: string;
    }>;
  } | null;
  /** The hero to preload on this page (its AVIF srcset and sizes). */
  readonly preload?: { readonly srcset: string; readonly sizes: string } | null;
}

export interface PageHead {
  readonly title: string;
  readonly description: string;
  /** Absolute canonical URL; null for pages that are not indexed. */
  readonly canonicalUrl: string | null;
  /** Pages outside the index say so, so a link found elsewhere is not listed either. */
  readonly noindex: boolean;
  /** Structured data for the page (JSON-LD objects), if any. */
  readonly structuredData: readonly object[];
  readonly image: PreviewImage | null;
  readonly preload: { readonly srcset: string; readonly sizes: string } | null;
}

/**
 * The head of the page at `pathname` for a shop served at `origin` (no trailing slash). Admin
 * sub-pages share the admin's head; paths the app has no page for get the not-found head.
 */
export function pageHead(pathname: string, origin: string, data: HeadData = {}): PageHead {
  const path = normalisePathname(pathname);
  const canonical = canonicalPath(path);
  const admin = underPrefix(path, "/admin");
  const description = (canonical && SEO_TEXTS.descriptions[canonical]) || SEO_TEXTS.defaultDescription;
  const image = data.image ?? null;
  const structuredData: object[] = [];
  if (canonical === "/") structuredData.push(organizationData(origin));
  if (canonical === "/shop" && data.lightbox)
    structuredData.push(lightboxProductData(origin, data.lightbox, image));
  return {
    title: admin ? `${BRAND_NAME} | Admin` : documentTitle(canonical ?? path),
    description,
    canonicalUrl: canonical === null ? null : `${origin}${canonical}`,
    noindex: canonical === null,
    structuredData,
    image: admin ? null : image,
    preload: data.preload ?? null,
  };
}

/** The custom lightbox's name and description in the shop's structured data. */
export const LIGHTBOX_PRODUCT = {
  name: "Custom lithophane lightbox",
  description:
    "Your photo 3D-printed as a lithophane panel, framed in an LED lightbox: rectangle, portrait, square, hexagon or heart, in a choice of frame colours, alone or in collections of three or five.",
} as const;

/**
 * schema.org Product for the custom lightbox: an offer from its lowest price and, only when real
 * reviews have been approved, their AggregateRating and the newest of them as Review (never a
 * made-up rating, never a sample: only customers' reviews the owner approved, issue 33).
 */
export function lightboxProductData(
  origin: string,
  lightbox: NonNullable<HeadData["lightbox"]>,
  image: PreviewImage | null,
): object {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: LIGHTBOX_PRODUCT.name,
    description: LIGHTBOX_PRODUCT.description,
    brand: { "@type": "Brand", name: BRAND_NAME },
    url: `${origin}/shop/create`,
    ...(image ? { image: image.url } : {}),
    offers: {
      "@type": "AggregateOffer",
      priceCurrency: "GBP",
      lowPrice: (lightbox.fromPricePence / 100).toFixed(2),
      availability: "https://schema.org/InStock",
    },
    ...(lightbox.rating && lightbox.rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: lightbox.rating.average,
            reviewCount: lightbox.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          ...(lightbox.reviews && lightbox.reviews.length > 0
            ? {
                review: lightbox.reviews.map((review) => ({
                  "@type": "Review",
                  reviewRating: {
                    "@type": "Rating",
                    ratingValue: review.rating,
                    bestRating: 5,
                    worstRating: 1,
                  },
                  author: { "@type": "Person", name: review.name },
                  datePublished: review.createdAt.slice(0, 10),
                  reviewBody: review.body,
                })),
              }
            : {}),
        }
      : {}),
  };
}

/** The head cache key: one entry per known page, one for every admin page, one for "not found". */
export function pageHeadKey(pathname: string): string {
  const path = normalisePathname(pathname);
  if (underPrefix(path, "/admin")) return "/admin";
  return isKnownPath(path) ? path : "404";
}

/** schema.org Organization (an OnlineStore) for the home page. */
export function organizationData(origin: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "OnlineStore",
    name: BRAND_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: SUPPORT_EMAIL,
    description: SEO_TEXTS.organizationDescription,
    address: { "@type": "PostalAddress", addressRegion: "Northern Ireland", addressCountry: "GB" },
    areaServed: ["GB", "IE", "Worldwide"],
  };
}

/** robots.txt: private areas disallowed, the product feed allowed and named, the sitemap named. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "Allow: /",
    // The product feed Google Merchant Center fetches (decision 333): open to every crawler.
    `Allow: ${GOOGLE_FEED_PATH}`,
    "",
    `# Google Merchant Center product feed: ${origin}${GOOGLE_FEED_PATH}`,
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * The sitemap of the indexed pages. Each address is serialised by URL, which percent-encodes
 * what XML would need escaped in a path; the origin is the shop's configured URL.
 */
export function sitemapXml(origin: string): string {
  const urls = INDEXED_PATHS.map((path) => `  <url><loc>${new URL(path, origin).href}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
