import { GOOGLE_FEED_PATH } from "@shared/google-feed";
import { robotsTxt, sitemapXml } from "@shared/seo";
import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { type EncodedBody, encodeBody, sendEncoded } from "../lib/encoded-body.js";
import { googleFeed, googleFeedXml } from "../storefront/index.js";

/** How long one feed document is served before the catalogue is read again. */
const FEED_TTL_MS = 60_000;

/**
 * GET /robots.txt and /sitemap.xml for the shop's public origin (PUBLIC_URL): the private areas
 * disallowed, the indexed pages listed; robots.txt names the product feed. GET
 * /feeds/google-shopping.xml: the Google Merchant Center feed (decision 333), read from the
 * catalogue at most once a minute per server.
 */
export function seoRoutes(ctx: AppContext) {
  const origin = ctx.config.publicUrl;
  const robots = encodeBody(robotsTxt(origin));
  const sitemap = encodeBody(sitemapXml(origin));
  let feed: { at: number; body: Promise<EncodedBody> } | undefined;
  const currentFeed = () => {
    const now = Date.now();
    if (!feed || now - feed.at >= FEED_TTL_MS) {
      const body = googleFeed(ctx.database.db, origin).then((f) => encodeBody(googleFeedXml(f, origin)));
      const entry = { at: now, body };
      feed = entry;
      // A failed read is not kept: the next request tries again.
      body.catch(() => {
        if (feed === entry) feed = undefined;
      });
    }
    return feed.body;
  };
  return new Hono()
    .get("/robots.txt", (c) => sendEncoded(c, robots, "text/plain; charset=UTF-8"))
    .get("/sitemap.xml", (c) => sendEncoded(c, sitemap, "application/xml; charset=UTF-8"))
    .get(GOOGLE_FEED_PATH, async (c) => {
      c.header("Cache-Control", "public, max-age=300");
      return sendEncoded(c, await currentFeed(), "application/xml; charset=UTF-8");
    });
}
