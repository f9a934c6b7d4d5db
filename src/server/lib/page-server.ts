/**
 * Serves the web app's HTML: the pre-rendered landing pages and the shell for every other
 * route, each with its own head (title, description, canonical address, link-preview tags,
 * structured data) for the shop's public origin. A page is built once per head (one per known
 * route, one for all admin pages, one for "not found") and kept with its encodings.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pageHead, pageHeadKey } from "@shared/seo";
import { isAppPath, PRERENDERED_ROUTES, prerenderedFile } from "@shared/titles";
import type { Context } from "hono";
import { type EncodedBody, encodeBody, sendEncoded } from "./encoded-body.js";
import { withPageHead } from "./page-head.js";

const HTML_TYPE = "text/html; charset=UTF-8";

export function createPageServer(opts: { root: string; shellFile: string; origin: string }) {
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
  const pages = new Map<string, Promise<EncodedBody>>();

  const build = async (key: string): Promise<EncodedBody> =>
    encodeBody(
      await withPageHead(sources.get(key) ?? shell, pageHead(key === "404" ? "/404" : key, opts.origin)),
    );

  return async (c: Context): Promise<Response> => {
    const key = pageHeadKey(c.req.path);
    let page = pages.get(key);
    if (!page) {
      page = build(key);
      pages.set(key, page);
    }
    // A path the app has no page for still gets the app (its not-found page), with a real 404
    // so crawlers and link checkers see it.
    return sendEncoded(c, await page, HTML_TYPE, isAppPath(c.req.path) ? 200 : 404);
  };
}
