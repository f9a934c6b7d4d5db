/**
 * Serves the web app's HTML: the pre-rendered landing pages and the shell for every other
 * route, each with its own head (title, description, canonical address, link-preview tags,
 * structured data) for the shop's public origin. A page is built once per head (one per known
 * route, one for all admin pages, one for "not found") and kept with its encodings.
 *
 * The storefront (issue 20) is part of each page: its answer as JSON (the web reads it at once,
 * no request), the owner's hero in place of the pre-rendered page's hero marker and preloaded,
 * the hero as the link-preview image, and /shop's Product data. Pages are rebuilt when the
 * storefront or the lightbox's price changes (their ETags are the build's key); the home page's
 * free-shipping figure is the owner's threshold. A page whose
 * hero place has no image is served as the shell: the web renders its fallback itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { formatGbpForCopy } from "@shared/money";
import { type HeadData, pageHead, pageHeadKey } from "@shared/seo";
import {
  FREE_SHIPPING_FIGURE_ATTR,
  fallbackSrc,
  HERO_PAGES,
  type HeroSlot,
  heroMarker,
  type ResponsiveImage,
  SLOT_SPECS,
  type StorefrontAnswer,
  srcSet,
} from "@shared/storefront";
import { isAppPath, PRERENDERED_ROUTES, prerenderedFile } from "@shared/titles";
import type { Context } from "hono";
import { type EncodedBody, encodeBody, sendEncoded } from "./encoded-body.js";
import { heroPictureHtml, storefrontScript, withPageHead } from "./page-head.js";

const HTML_TYPE = "text/html; charset=UTF-8";

/** What the pages need from the shop's data, with a version that changes with it. */
export interface PageData {
  readonly version: string;
  readonly storefront: StorefrontAnswer;
  /** The storefront answer's JSON, as GET /api/storefront sends it. */
  readonly storefrontJson: string;
  readonly lightboxFromPricePence: number | null;
  /** The owner's free-shipping threshold (admin Prices), GBP pence. */
  readonly freeShippingThresholdPence: number;
}

const HERO_OF_PAGE: ReadonlyMap<string, HeroSlot> = new Map(
  (Object.entries(HERO_PAGES) as [HeroSlot, string][]).map(([slot, page]) => [page, slot]),
);

function heroOf(storefront: StorefrontAnswer, slot: HeroSlot): ResponsiveImage | null {
  return slot === "home_hero" ? storefront.homeHero : storefront.shopHero;
}

/** An image URL made absolute (local storage serves /api/media/… on the shop's own origin). */
function absolute(url: string, origin: string): string {
  return url.startsWith("/") ? `${origin}${url}` : url;
}

export function headData(key: string, data: PageData | null, origin: string): HeadData {
  if (!data) return {};
  const hero = data.storefront.homeHero;
  const slot = HERO_OF_PAGE.get(key);
  const pageHero = slot ? heroOf(data.storefront, slot) : null;
  return {
    image: hero
      ? { url: absolute(fallbackSrc(hero), origin), width: hero.width, height: hero.height, alt: hero.alt }
      : null,
    lightbox:
      data.lightboxFromPricePence === null
        ? null
        : {
            fromPricePence: data.lightboxFromPricePence,
            rating: data.storefront.rating,
            reviews: data.storefront.reviews,
          },
    preload: slot && pageHero ? { srcset: srcSet(pageHero.avif), sizes: SLOT_SPECS[slot].sizes } : null,
  };
}

/**
 * The live free-shipping threshold in a page's pre-rendered figures (built with the default);
 * the page's storefront JSON gives the app the same figure for its first render (PageStorefront).
 */
export function withFreeShippingFigure(source: string, pence: number): string {
  const figure = new RegExp(`(<[a-z]+ ${FREE_SHIPPING_FIGURE_ATTR}=""[^>]*>)[^<]*(</)`, "g");
  return source.replace(
    figure,
    (_match, open: string, close: string) => `${open}${formatGbpForCopy(pence)}${close}`,
  );
}

export function createPageServer(opts: {
  root: string;
  shellFile: string;
  origin: string;
  /** The shop's data for the pages; null (tests, a failed read) serves them without it. */
  data?: () => Promise<PageData | null>;
}) {
  const sources = new Map<string, string>();
  for (const route of PRERENDERED_ROUTES) {
    const file = path.join(opts.root, prerenderedFile(route));
    try {
      sources.set(route, readFileSync(file, "utf8"));
    } catch {
      // Not pre-rendered in this build: the shell serves it.
    }
  }
  const shell = readFileSync(opts.shellFile, "utf8");
  let pages = new Map<string, Promise<EncodedBody>>();
  let builtFor: string | null = null;

  const build = async (key: string, data: PageData | null): Promise<EncodedBody> => {
    let source = sources.get(key) ?? shell;
    const slot = HERO_OF_PAGE.get(key);
    if (slot && source.includes(heroMarker(slot))) {
      const hero = data ? heroOf(data.storefront, slot) : null;
      source = hero ? source.replace(heroMarker(slot), await heroPictureHtml(hero, slot)) : shell;
    }
    if (data && key !== "/admin") {
      const json = `${data.storefrontJson.replace(/\}\s*$/, "")},"freeShippingThresholdPence":${Math.round(data.freeShippingThresholdPence)}}`;
      source = withFreeShippingFigure(source, data.freeShippingThresholdPence).replace(
        "</head>",
        () => `${storefrontScript(json)}</head>`,
      );
    }
    const head = pageHead(key === "404" ? "/404" : key, opts.origin, headData(key, data, opts.origin));
    return encodeBody(await withPageHead(source, head));
  };

  const currentData = async (): Promise<PageData | null> => {
    try {
      return (await opts.data?.()) ?? null;
    } catch {
      return null;
    }
  };

  return async (c: Context): Promise<Response> => {
    const key = pageHeadKey(c.req.path);
    const data = await currentData();
    const version = data?.version ?? "";
    if (version !== builtFor) {
      pages = new Map();
      builtFor = version;
    }
    let page = pages.get(key);
    if (!page) {
      page = build(key, data);
      pages.set(key, page);
      page.catch(() => pages.delete(key));
    }
    // A path the app has no page for still gets the app (its not-found page), with a real 404
    // so crawlers and link checkers see it.
    return sendEncoded(c, await page, HTML_TYPE, isAppPath(c.req.path) ? 200 : 404);
  };
}
