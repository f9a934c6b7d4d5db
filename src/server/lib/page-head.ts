/**
 * Writes a page's head (title, description, canonical link, Open Graph and Twitter tags,
 * structured data) into the app's HTML for the shop's public origin. Values are escaped by
 * hono/html; JSON-LD is serialised with "<" escaped so it cannot close its script element.
 */
import { BRAND_NAME } from "@shared/brand";
import type { PageHead } from "@shared/seo";
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
    <meta name="twitter:card" content="summary" />
    <meta name="twitter:title" content="${head.title}" />
    <meta name="twitter:description" content="${head.description}" />
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
