import { robotsTxt, sitemapXml } from "@shared/seo";
import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { encodeBody, sendEncoded } from "../lib/encoded-body.js";

/**
 * GET /robots.txt and /sitemap.xml for the shop's public origin (PUBLIC_URL): the private areas
 * disallowed, the indexed pages listed.
 */
export function seoRoutes(ctx: AppContext) {
  const robots = encodeBody(robotsTxt(ctx.config.publicUrl));
  const sitemap = encodeBody(sitemapXml(ctx.config.publicUrl));
  return new Hono()
    .get("/robots.txt", (c) => sendEncoded(c, robots, "text/plain; charset=UTF-8"))
    .get("/sitemap.xml", (c) => sendEncoded(c, sitemap, "application/xml; charset=UTF-8"));
}
