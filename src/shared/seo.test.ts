import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";
import {
  canonicalPath,
  DISALLOWED_PREFIXES,
  INDEXED_PATHS,
  isIndexed,
  pageHead,
  pageHeadKey,
  robotsTxt,
  sitemapXml,
} from "./seo";
import { isKnownPath } from "./titles";

const ORIGIN = "https://lithobox.example";

describe("the pages in the index", () => {
  it("are known routes, public, each with a description of its own", () => {
    const descriptions = new Set<string>();
    for (const path of INDEXED_PATHS) {
      expect(isKnownPath(path)).toBe(true);
      expect(DISALLOWED_PREFIXES.some((prefix) => path.startsWith(prefix))).toBe(false);
      const { description } = pageHead(path, ORIGIN);
      expect(description.length).toBeGreaterThan(40);
      expect(description.length).toBeLessThanOrEqual(160);
      descriptions.add(description);
    }
    expect(descriptions.size).toBe(INDEXED_PATHS.length);
  });

  it("gives /create the creator's canonical address and drops queries and trailing slashes", () => {
    expect(canonicalPath("/create")).toBe("/shop/create");
    expect(canonicalPath("/shop/?utm_source=x")).toBe("/shop");
    expect(pageHead("/create", ORIGIN).canonicalUrl).toBe(`${ORIGIN}/shop/create`);
  });

  it("keeps private, transactional and unknown pages out: no canonical, noindex", () => {
    for (const path of [
      "/admin",
      "/admin/orders/42",
      "/account",
      "/checkout",
      "/checkout/success",
      "/auth",
      "/nope",
    ]) {
      expect(isIndexed(path)).toBe(false);
      const head = pageHead(path, ORIGIN);
      expect(head.canonicalUrl).toBeNull();
      expect(head.noindex).toBe(true);
    }
  });

  it("titles pages as the app does, admin pages alike and unknown ones as not found", () => {
    expect(pageHead("/", ORIGIN).title).toBe("Lithobox");
    expect(pageHead("/faq", ORIGIN).title).toBe("Lithobox | FAQ");
    expect(pageHead("/admin/orders/42", ORIGIN).title).toBe("Lithobox | Admin");
    expect(pageHead("/nope", ORIGIN).title).toBe(MESSAGES.notFound.documentTitle);
  });

  it("shares one cached head per known route, one for the admin area and one for not found", () => {
    expect(pageHeadKey("/shop/")).toBe("/shop");
    expect(pageHeadKey("/admin/orders/1")).toBe("/admin");
    expect(pageHeadKey("/admin/orders/2")).toBe("/admin");
    expect(pageHeadKey("/x/y/z")).toBe("404");
    expect(pageHeadKey("/y")).toBe("404");
  });

  it("describes the shop as an organisation on the home page only", () => {
    const [organisation] = pageHead("/", ORIGIN).structuredData;
    expect(organisation).toMatchObject({ "@type": "OnlineStore", name: "Lithobox", url: `${ORIGIN}/` });
    expect(pageHead("/shop", ORIGIN).structuredData).toEqual([]);
  });
});

describe("robots.txt and the sitemap", () => {
  it("disallow the private areas and name the sitemap", () => {
    const robots = robotsTxt(ORIGIN);
    for (const prefix of ["/admin", "/account", "/checkout"])
      expect(robots).toContain(`Disallow: ${prefix}\n`);
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("lists every indexed page once, absolute, and nothing private", () => {
    const xml = sitemapXml(ORIGIN);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(INDEXED_PATHS.map((path) => new URL(path, ORIGIN).href));
    expect(xml).not.toMatch(/admin|account|checkout/);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});
