/**
 * Writes a page's head (title, description, canonical link, Open Graph and Twitter tags,
 * structured data) into the app's HTML for the shop's public origin. Values are escaped by
 * hono/html; JSON-LD is serialised with "<" escaped so it cannot close its script element.
 */
import { BRAND_NAME } from "@shared/brand";
import type { PageHead } from "@shared/seo";
import {
  fallbackSrc,
  HERO_IMG_CLASS,
  type HeroSlot,
  type ResponsiveImage,
  SLOT_SPECS,
  STOREFRONT_SCRIPT_ID,
  srcSet,
} from "@shared/storefront";
import { html, raw } from "hono/html";

const DESCRIPTION_TAG = /<meta name="description" content="[^"]*" ?\/?>/;
const TITLE_TAG = /<title>[^<]*<\/title>/;

function jsonLd(data: object): string {
  return JSON.stringify(data).replaceAll("<", "\\u003c");
}

export async function renderHeadTags(head: PageHead): Promise<string> {
  const tags = await html`<meta name="description" content="${head.description}" />
    ${head.noindex ? raw('<meta name="robots" content="noindex" />') : ""}
    ${head.canonicalUrl ? html`<link rel="canonical" href="${head.canonicalUrl}" />` : ""}
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="${BRAND_NAME}" />
    <meta property="og:title" content="${head.title}" />
    <meta property="og:description" content="${head.description}" />
    ${head.canonicalUrl ? html`<meta property="og:url" content="${head.canonicalUrl}" />` : ""}
    ${
      head.image
        ? html`<meta property="og:image" content="${head.image.url}" />
    <meta property="og:image:width" content="${String(head.image.width)}" />
    <meta property="og:image:height" content="${String(head.image.height)}" />
    <meta property="og:image:alt" content="${head.image.alt}" />
    <meta name="twitter:image" content="${head.image.url}" />
    <meta name="twitter:image:alt" content="${head.image.alt}" />`
        : ""
    }
    <meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}" />
    <meta name="twitter:title" content="${head.title}" />
    <meta name="twitter:description" content="${head.description}" />
    ${
      head.preload
        ? html`<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${head.preload.srcset}" imagesizes="${head.preload.sizes}" />`
        : ""
    }
    ${head.structuredData.map((data) => raw(`<script type="application/ld+json">${jsonLd(data)}</script>`))}`;
  return tags.toString();
}

/**
 * The HTML with `head` in place of its title and description (added before </head> where the
 * page has none).
 */
export async function withPageHead(page: string, head: PageHead): Promise<string> {
  const tags = await renderHeadTags(head);
  const title = (await html`<title>${head.title}</title>`).toString();
  const put = (text: string, pattern: RegExp, value: string) =>
    pattern.test(text)
      ? text.replace(pattern, () => value)
      : text.replace("</head>", () => `${value}</head>`);
  return put(put(page, TITLE_TAG, title), DESCRIPTION_TAG, tags);
}

/**
 * The owner's hero as HTML: the same elements and attributes as the web's ResponsivePicture
 * with `priority` (AVIF and WebP sources with srcset/sizes, an <img> with width and height,
 * eager, fetchpriority high), so the hydrated page renders what the server sent.
 */
export async function heroPictureHtml(image: ResponsiveImage, slot: HeroSlot): Promise<string> {
  const sizes = SLOT_SPECS[slot].sizes;
  const markup =
    await html`<picture data-slot="${slot}"><source type="image/avif" srcset="${srcSet(image.avif)}" sizes="${sizes}"/><source type="image/webp" srcset="${srcSet(image.webp)}" sizes="${sizes}"/><img src="${fallbackSrc(image)}" alt="${image.alt}" width="${String(image.width)}" height="${String(image.height)}" class="${HERO_IMG_CLASS[slot]}" loading="eager" decoding="async" fetchpriority="high"/></picture>`;
  return markup.toString();
}

/** The storefront answer as a JSON script element ("<" escaped so it cannot close the element). */
export function storefrontScript(json: string): string {
  return `<script id="${STOREFRONT_SCRIPT_ID}" type="application/json">${json.replaceAll("<", "\\u003c")}</script>`;
}
