/**
 * The Google Merchant Center feed (issue 33 item 2, decision 333): the accessories on sale and
 * the custom lightbox bundles as an RSS 2.0 document with Google's `g:` namespace. Which items
 * go in and how each value is written is src/shared/google-feed.ts; this file reads the
 * catalogue, the zones and the owner's photos, and writes the XML with fast-xml-parser's
 * builder (which escapes every text and attribute), every text first stripped of the
 * characters XML cannot carry (a control character in one name made the whole feed invalid).
 */
import { BRAND_NAME } from "@shared/brand";
import {
  buildFeed,
  type FeedCandidate,
  type FeedExclusion,
  type FeedItem,
  GOOGLE_FEED_PATH,
  GOOGLE_NAMESPACE,
} from "@shared/google-feed";
import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import { lampSizeOffers } from "@shared/product-types/lamp-offer";
import { SEO_TEXTS } from "@shared/seo";
import { fallbackSrc } from "@shared/storefront";
import { stripXmlInvalidChars } from "@shared/xml-text";
import { XMLBuilder } from "fast-xml-parser";
import {
  listShippingZones,
  listShopProducts,
  loadCreatorOptions,
  loadShopPrices,
} from "../catalogue/index.js";
import type { DbOrTx } from "../db/client.js";
import { storefrontCache } from "./storefront.js";

/** A path ("/media/x.webp") or an absolute URL, made absolute on the shop's public origin. */
function absolute(url: string | null | undefined, origin: string): string | null {
  const value = url?.trim();
  if (!value) return null;
  try {
    return new URL(value, `${origin}/`).href;
  } catch {
    return null;
  }
}

/** Every product on sale and every bundle, as the feed sees them (before the checks). */
export async function feedCandidates(db: DbOrTx, origin: string): Promise<FeedCandidate[]> {
  const [products, prices, storefront, options] = await Promise.all([
    listShopProducts(db),
    loadShopPrices(db),
    storefrontCache(db).get(),
    loadCreatorOptions(db),
  ]);
  // The custom lightbox's picture is the owner's own: the shop's hero, else the home page's.
  const hero = storefront.value.shopHero ?? storefront.value.homeHero;
  const bundlePhoto = hero ? absolute(fallbackSrc(hero), origin) : null;
  const bundles: FeedCandidate[] = prices.bundles.map((b) => ({
    id: `lightbox-${b.id}`,
    kind: "bundle",
    title: `${b.name}: custom lithophane lightbox${b.lithophaneCount > 1 ? "es" : ""} from your photos`,
    description: `${b.description} ${SEO_TEXTS.defaultDescription}`,
    imageUrl: bundlePhoto,
    link: new URL(`/shop/create?bundle=${encodeURIComponent(b.id)}`, origin).href,
    pricePence: b.pricePence,
    stockAvailable: null,
  }));
  const accessories: FeedCandidate[] = products
    .filter((p) => p.status === "available")
    .map((p) => ({
      id: p.id,
      kind: "product",
      title: p.name,
      description: p.description,
      imageUrl: absolute(p.imageUrl, origin),
      link: new URL(`/shop?product=${encodeURIComponent(p.id)}`, origin).href,
      pricePence: p.pricePence,
      stockAvailable: p.stockAvailable,
    }));
  // Each lamp size on sale (issue 48), made to order like a bundle, bought in the lamp's creator.
  const lamps: FeedCandidate[] = lampSizeOffers(options.grouped.lamp_size)
    .filter((offer) => offer.status === "enabled")
    .map((offer) => ({
      id: `lamp-${offer.id}`,
      kind: "bundle",
      title: `${LAMP_TEXTS_WEB.card.title}, ${offer.name}: one to four of your photos around`,
      description: `${LAMP_TEXTS_WEB.card.text} ${offer.description}`.trim(),
      imageUrl: bundlePhoto,
      link: new URL("/create/lamp", origin).href,
      pricePence: offer.pricePence,
      stockAvailable: null,
    }));
  return [...bundles, ...lamps, ...accessories];
}

export interface GoogleFeed {
  items: FeedItem[];
  excluded: FeedExclusion[];
}

export async function googleFeed(db: DbOrTx, origin: string): Promise<GoogleFeed> {
  const [candidates, zones] = await Promise.all([feedCandidates(db, origin), listShippingZones(db)]);
  return buildFeed(candidates, zones);
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: true,
  indentBy: "  ",
  suppressEmptyNode: true,
});

/** A document for the builder with every text stripped of what XML cannot carry. */
function xmlSafe(value: unknown): unknown {
  if (typeof value === "string") return stripXmlInvalidChars(value);
  if (Array.isArray(value)) return value.map(xmlSafe);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, xmlSafe(inner)]));
  return value;
}

/** The feed as RSS 2.0 (UTF-8), every value stripped of XML-invalid characters and escaped. */
export function googleFeedXml(feed: Pick<GoogleFeed, "items">, origin: string): string {
  const document = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    rss: {
      "@_version": "2.0",
      "@_xmlns:g": GOOGLE_NAMESPACE,
      channel: {
        title: BRAND_NAME,
        link: `${origin}/`,
        description: SEO_TEXTS.defaultDescription,
        item: feed.items.map((i) => ({
          "g:id": i.id,
          title: i.title,
          description: i.description,
          link: i.link,
          "g:image_link": i.imageLink,
          "g:price": i.price,
          "g:availability": i.availability,
          "g:condition": i.condition,
          "g:brand": i.brand,
          "g:identifier_exists": i.identifierExists,
          "g:shipping": i.shipping.map((s) => ({
            "g:country": s.country,
            "g:service": s.service,
            "g:price": s.price,
          })),
        })),
      },
    },
  };
  return builder.build(xmlSafe(document)) as string;
}

export const GOOGLE_FEED_URL = (origin: string): string => `${origin}${GOOGLE_FEED_PATH}`;
