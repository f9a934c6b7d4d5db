import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageServer, withFreeShippingFigure } from "./page-server.js";

const ORIGIN = "https://lithobox.example";
const page = (body: string) =>
  `<!doctype html><html><head><meta name="description" content="x" /><title>Lithobox</title></head><body>${body}</body></html>`;

let root = "";
let app: Hono;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "lithobox-pages-"));
  mkdirSync(path.join(root, "prerendered"));
  writeFileSync(path.join(root, "index.html"), page("HOME"));
  writeFileSync(path.join(root, "prerendered", "shop.html"), page("SHOP"));
  writeFileSync(path.join(root, "shell.html"), page("SHELL"));
  const servePage = createPageServer({ root, shellFile: path.join(root, "shell.html"), origin: ORIGIN });
  app = new Hono().get("*", servePage);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });

describe("the page server", () => {
  it("serves each pre-rendered page with its own title, description, canonical and preview tags", async () => {
    const res = await get("/shop");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    const html = await res.text();
    expect(html).toContain("SHOP");
    expect(html).toContain("<title>Lithobox | Shop</title>");
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/shop" />`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/shop" />`);
    expect(html).toMatch(/<meta name="description" content="Shop custom lithophane/);
    expect(html).not.toContain('content="x"');
    expect(html).not.toContain("noindex");
  });

  it("gives the home page the organisation's structured data", async () => {
    const html = await (await get("/")).text();
    expect(html).toContain("HOME");
    const [, json] = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/) ?? [];
    expect(JSON.parse(json ?? "null")).toMatchObject({ "@type": "OnlineStore", url: `${ORIGIN}/` });
  });

  it("serves the shell for other routes, private ones marked noindex without a canonical", async () => {
    const faq = await (await get("/faq")).text();
    expect(faq).toContain("SHELL");
    expect(faq).toContain(`<link rel="canonical" href="${ORIGIN}/faq" />`);
    const admin = await (await get("/admin/orders/7")).text();
    expect(admin).toContain('<meta name="robots" content="noindex" />');
    expect(admin).not.toContain("canonical");
  });

  it("answers an unknown path with the app and a real 404", async () => {
    const res = await get("/no-such-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("SHELL");
    expect(html).toContain("<title>Page Not Found</title>");
    expect(html).toContain("noindex");
  });

  it("compresses and revalidates", async () => {
    const first = await get("/faq", { "accept-encoding": "br, gzip" });
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const etag = first.headers.get("etag") ?? "";
    expect((await get("/faq", { "if-none-match": etag })).status).toBe(304);
  });
});

describe("the free-shipping figure", () => {
  it("is the owner's threshold wherever the pre-rendered page states it", () => {
    const html =
      '<li>Free UK shipping over <span data-free-shipping-over="">£75</span></li>' +
      '<p>orders over <span data-free-shipping-over="">£75</span>, and</p><b>£75</b>';
    expect(withFreeShippingFigure(html, 6000)).toBe(
      '<li>Free UK shipping over <span data-free-shipping-over="">£60</span></li>' +
        '<p>orders over <span data-free-shipping-over="">£60</span>, and</p><b>£75</b>',
    );
    expect(withFreeShippingFigure(html, 4999)).toContain('<span data-free-shipping-over="">£49.99</span>');
  });
});
