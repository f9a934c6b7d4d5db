/**
 * HTTP hardening: security headers and the Content-Security-Policy, HSTS in production only,
 * the same-origin check on state-changing API requests, no stack traces or secrets in error
 * answers, dotfiles / source maps / path traversal never served (over a real socket, so the
 * raw request paths reach the server unnormalised), and request body limits.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { invalidateCatalog } from "../../../src/server/catalogue/catalog-cache.js";
import { contentSecurityPolicy, isForbiddenStaticPath } from "../../../src/server/lib/security.js";
import { ACCESSORIES, accessoryItem, checkout, shippingInfo } from "../../support/checkout.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const root = path.resolve(import.meta.dirname, "../../..");
const PUBLIC_URL = "http://localhost:3000";
const SECRET_MARKER = "LITHOBOX_SECRET_MARKER_8c1f";

/** A stand-in for dist/web with the files a careless deploy could leave beside the build. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lithobox-web-"));
  mkdirSync(path.join(dir, "assets"));
  mkdirSync(path.join(dir, ".git"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html lang="en-GB"><head><title>Lithobox</title><script type="module" crossorigin src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log('lithobox');\n");
  writeFileSync(
    path.join(dir, "assets", "app-abc123.js.map"),
    `{"version":3,"sources":["${SECRET_MARKER}"]}`,
  );
  writeFileSync(path.join(dir, ".env"), `BETTER_AUTH_SECRET=${SECRET_MARKER}\n`);
  writeFileSync(path.join(dir, ".git", "config"), `[remote "origin"]\n  url = ${SECRET_MARKER}\n`);
  writeFileSync(path.join(dir, ".hidden.js"), `// ${SECRET_MARKER}\n`);
  return dir;
}

function parseCsp(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** Sends one raw HTTP/1.1 request line (no URL normalisation on our side) and reads the answer. */
function rawGet(port: number, rawPath: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`GET ${rawPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, text: data });
    });
  });
}

let shop: TestShop;
let webDir: string;

beforeAll(async () => {
  webDir = fakeWebDist();
  shop = await createTestShop({ WEB_DIST: webDir });
});
afterAll(async () => {
  await shop?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("security headers", () => {
  it("serves HTML with a strict Content-Security-Policy and the hardening headers, without HSTS outside production", async () => {
    const res = await shop.request("/shop");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = parseCsp(res.headers.get("content-security-policy"));
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'", "https://checkout.stripe.com"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(csp.get("img-src")?.slice(0, 3)).toEqual(["'self'", "data:", "blob:"]);
    // No way to run inline or foreign script.
    const all = res.headers.get("content-security-policy") ?? "";
    expect(all).not.toMatch(/unsafe-eval|js\.stripe\.com|\*/);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");

    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    expect(res.headers.get("permissions-policy")).toMatch(/geolocation=\(\)/);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("sends nosniff and the other headers on API answers too", async () => {
    const res = await shop.request("/api/catalog/products");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });

  it("gives an answer built with its headers in place (securedBody) exactly the middleware's set", async () => {
    const own = new Set([
      "content-type",
      "content-length",
      "etag",
      "cache-control",
      "vary",
      "content-encoding",
      // Present on both, different per request (lib/observe.ts).
      "x-request-id",
    ]);
    const security = (res: Response) =>
      Object.fromEntries([...res.headers].filter(([name]) => !own.has(name)));
    const built = await shop.request("/api/catalog/products"); // securedBody
    const middleware = await shop.request("/api/health"); // the middleware after the route
    expect(built.status).toBe(200);
    expect(Object.keys(security(built)).length).toBeGreaterThanOrEqual(10);
    expect(security(built)).toEqual(security(middleware));
    expect(built.headers.get("x-request-id")).toBeTruthy();
    expect(middleware.headers.get("x-request-id")).toBeTruthy();
  });

  it("sends the whole set of hardening headers, CORP cross-origin only for media, the policy on HTML only", async () => {
    const expected = {
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "permissions-policy":
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
      "x-frame-options": "DENY",
      "cross-origin-opener-policy": "same-origin",
      "x-permitted-cross-domain-policies": "none",
      "origin-agent-cluster": "?1",
    };
    const html = await shop.request("/shop");
    const api = await shop.request("/api/health");
    const script = await shop.request("/assets/app-abc123.js");
    const media = await shop.request("/api/media/lightbox-images/missing.png");
    expect(script.status).toBe(200);
    for (const res of [html, api, script, media]) {
      for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name), name).toBe(value);
      expect(res.headers.get("x-powered-by")).toBeNull();
    }
    expect(html.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(api.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(media.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(html.headers.get("content-security-policy")).toBe(
      contentSecurityPolicy({ production: false, publicUrl: PUBLIC_URL, s3: undefined }),
    );
    // A module worker's script takes its own response's policy: scripts and JSON carry none.
    expect(script.headers.get("content-security-policy")).toBeNull();
    expect(api.headers.get("content-security-policy")).toBeNull();
  });

  it("keeps the test payment page's own stricter policy (no script at all)", async () => {
    const answer = await checkout(shop, {
      cartItems: [accessoryItem(ACCESSORIES.adapter)],
      shippingInfo: shippingInfo(),
    });
    const url = new URL(answer.url);
    const res = await shop.request(`${url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    const csp = parseCsp(res.headers.get("content-security-policy"));
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.has("script-src")).toBe(false);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("sends HSTS in production and allows the bucket's image origin", async () => {
    const prodWeb = fakeWebDist();
    const prod = await createTestShop({
      NODE_ENV: "production",
      TEST_PAYMENTS: "on",
      PUBLIC_URL: "https://shop.lithobox.test",
      BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
      WEB_DIST: prodWeb,
      S3_BUCKET: "lithobox-images",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "example-secret",
      S3_PUBLIC_URL: "https://images.lithobox.test/lightbox",
    });
    try {
      const res = await prod.request("/");
      expect(res.status).toBe(200);
      expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      const csp = parseCsp(res.headers.get("content-security-policy"));
      expect(csp.get("img-src")).toContain("https://images.lithobox.test");
      expect(csp.has("upgrade-insecure-requests")).toBe(true);
      const api = await prod.request("/api/health");
      expect(api.headers.get("strict-transport-security")).toMatch(/^max-age=/);
    } finally {
      await prod.close();
      rmSync(prodWeb, { recursive: true, force: true });
    }
  });

  it("builds the bucket origin from the endpoint when no public URL is set", () => {
    const policy = contentSecurityPolicy({
      production: false,
      publicUrl: "http://localhost:3000",
      s3: {
        bucket: "b",
        region: "eu-west-2",
        endpoint: "http://127.0.0.1:9000",
        accessKeyId: "x",
        secretAccessKey: "y",
        publicUrl: undefined,
      },
    });
    expect(parseCsp(policy).get("img-src")).toContain("http://127.0.0.1:9000");
  });

  it("has no inline script in the web app's index.html (source, and the build when there is one)", () => {
    const files = [path.join(root, "src/web/index.html")];
    for (const dist of [process.env.E2E_WEB_DIST, path.join(root, "dist/web")]) {
      if (dist && existsSync(path.join(dist, "index.html"))) files.push(path.join(dist, "index.html"));
    }
    for (const file of files) {
      const html = readFileSync(file, "utf8");
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const [, attributes = "", body = ""] of scripts) {
        expect(attributes, file).toMatch(/\bsrc=/);
        expect(body.trim(), file).toBe("");
      }
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });
});

describe("cross-origin state-changing requests", () => {
  const contact = {
    name: "Aoife Byrne",
    email: "aoife@example.com",
    subject: "other",
    message: "Hello, is the oak stand coming soon?",
  };
  /** Straight to the app: the harness would add a same-origin Origin header. */
  const send = (pathname: string, init: RequestInit) => shop.app.request(pathname, init);

  it.each(["POST", "PUT", "PATCH", "DELETE"])(
    "refuses %s from another origin with 403 JSON",
    async (method) => {
      const res = await send("/api/cart", {
        method,
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: JSON.stringify({ items: [] }),
      });
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(await res.json()).toMatchObject({ error: "cross_origin" });
    },
  );

  it("refuses a request with neither Origin nor Referer, an opaque origin and a foreign Referer", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { origin: "null" },
      { referer: "https://evil.example/page" },
      { origin: "http://localhost:3001" },
      { origin: "https://localhost:3000" },
    ]) {
      const res = await send("/api/contact", {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify(contact),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it("accepts the shop's own origin, or its Referer when Origin is absent", async () => {
    const viaOrigin = await send("/api/contact", {
      method: "POST",
      headers: { origin: PUBLIC_URL, "content-type": "application/json" },
      body: JSON.stringify(contact),
    });
    expect(viaOrigin.status).toBeLessThan(300);
    const viaReferer = await send("/api/contact", {
      method: "POST",
      headers: { referer: `${PUBLIC_URL}/contact`, "content-type": "application/json" },
      body: JSON.stringify(contact),
    });
    expect(viaReferer.status).toBeLessThan(300);
  });

  it("refuses a foreign origin on Better Auth's endpoints too", async () => {
    const res = await send("/api/auth/sign-up/email", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ email: "x@example.com", password: "correct horse battery", name: "X" }),
    });
    expect(res.status).toBe(403);
  });

  it("lets reads through from anywhere", async () => {
    const res = await send("/api/catalog/products", { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });

  it("exempts the signed Stripe webhook, the test payment forms and the admin CLI's token door", async () => {
    const webhook = await send("/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    // Not refused as cross-origin: Stripe is not configured in this shop, so the route says 404.
    expect(webhook.status).toBe(404);

    const answer = await checkout(shop, { cartItems: [accessoryItem(ACCESSORIES.dimmer)] });
    const url = new URL(answer.url);
    // The payment page sends no referrer, so the browser posts with `Origin: null`.
    const pay = await send(`${url.pathname}/pay${url.search}`, {
      method: "POST",
      headers: { origin: "null", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toContain("/checkout/success");

    const internal = await send("/api/internal/roles", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer wrong" },
      body: JSON.stringify({ action: "grant", email: "a@example.com" }),
    });
    // Refused by the door itself (wrong token), not by the origin check.
    expect(internal.status).toBe(403);
    expect(await internal.json()).not.toMatchObject({ error: "cross_origin" });
  });
});

describe("errors", () => {
  it("answers an unexpected failure with a plain 500: no stack frames, file paths or secrets", async () => {
    const failure = new Error(`connect to postgres://lithobox:${SECRET_MARKER}@db.internal:5432/shop failed`);
    failure.stack = `${failure.message}\n    at listShopProducts (${root}/src/server/catalogue/catalog.ts:71:11)\n    at async file:///srv/app/node_modules/hono/dist/compose.js:22:17`;
    const spy = vi.spyOn(shop.ctx.database.db, "select").mockImplementation(() => {
      throw failure;
    });
    // The catalogue is served from memory once loaded: make this request read the database.
    invalidateCatalog(shop.ctx.database.db);
    try {
      const res = await shop.request("/api/catalog/products");
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        error: "internal",
        message: "Something went wrong on our side. Please try again.",
      });
      expect(text).not.toMatch(/\bat\s+\S+\s*\(|\bat async\b/);
      expect(text).not.toContain(SECRET_MARKER);
      expect(text).not.toMatch(/\/src\/|node_modules|\.ts:\d+|postgres:\/\//);
    } finally {
      spy.mockRestore();
    }
  });

  it("answers malformed JSON and unknown API paths without internals", async () => {
    const bad = await shop.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name": ',
    });
    expect(bad.status).toBe(400);
    const badText = await bad.text();
    expect(badText).not.toMatch(/\bat\s+\S+\s*\(|node_modules|\/src\//);

    const missing = await shop.request("/api/no-such-thing");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "not_found", message: "Not found" });
  });
});

describe("static files", () => {
  let server: ReturnType<typeof serve>;
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: shop.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("serves the build itself", async () => {
    const index = await rawGet(port, "/");
    expect(index.status).toBe(200);
    const asset = await rawGet(port, "/assets/app-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.text).toContain("console.log('lithobox')");
  });

  it("answers the app's routes with 200 and any other page path with the app and a 404", async () => {
    for (const route of ["/shop", "/about", "/checkout/success?session_id=x", "/admin/orders/abc"]) {
      const res = await shop.app.request(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    for (const route of ["/this-page-does-not-exist", "/shop/create/extra", "/administrator"]) {
      const res = await shop.app.request(route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it.each([
    "/.env",
    "/.git",
    "/.git/config",
    "/.git/",
    "/.hidden.js",
    "/assets/app-abc123.js.map",
    "/assets/APP-abc123.js.MAP",
    "/../package.json",
    "/../../etc/passwd",
    "/%2e%2e/package.json",
    "/%2E%2E/%2e%2e/package.json",
    "/%2e%2e%2fpackage.json",
    "/assets/..%2f..%2fpackage.json",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/assets/..%5c..%5cpackage.json",
    "/%2e%65nv",
    "/%2egit/config",
    "/assets/%00.js",
    "/package.json",
  ])("answers 404 for %s without leaking anything", async (rawPath) => {
    const res = await rawGet(port, rawPath);
    expect([400, 404]).toContain(res.status);
    expect(res.text).not.toContain(SECRET_MARKER);
    expect(res.text).not.toContain('"devDependencies"');
    expect(res.text).not.toContain("root:x:0:0");
    expect(res.text).not.toContain('<div id="root">');
  });

  it("classifies forbidden paths", () => {
    expect(isForbiddenStaticPath("/shop/create")).toBe(false);
    expect(isForbiddenStaticPath("/assets/index-Ck3BsEAr.js")).toBe(false);
    expect(isForbiddenStaticPath("/.well-known/security.txt")).toBe(true);
    expect(isForbiddenStaticPath("/a/%2e%2e/b")).toBe(true);
    expect(isForbiddenStaticPath("/%E0%A4%A")).toBe(true);
  });
});

describe("request body limits", () => {
  it("refuses JSON bodies over 256 KB with 413 and accepts ones under", async () => {
    const big = { items: [], padding: "x".repeat(300 * 1024) };
    const res = await shop.request("/api/contact", { method: "POST", json: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "payload_too_large" });

    const fits = await shop.request("/api/contact", {
      method: "POST",
      json: { name: "A", email: "a@example.com", subject: "other", message: "y".repeat(200 * 1024) },
    });
    expect(fits.status).not.toBe(413);
  });

  it("counts streamed (chunked) bodies too, when no Content-Length is sent", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await shop.app.request("/api/contact", {
      method: "POST",
      headers: { origin: PUBLIC_URL, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it("refuses uploads over ~10 MB with the spec's message and accepts the multipart envelope of a 10 MB file", async () => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(12 * 1024 * 1024)], { type: "image/jpeg" }), "huge.jpg");
    form.set("kind", "main");
    const res = await shop.request("/api/uploads", { method: "POST", body: form });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "file_too_large" });

    // A JSON-sized limit must not apply to uploads: 1 MB of (not an image) gets past the limit
    // and is refused by the upload route for what it is instead.
    const small = new FormData();
    small.set("file", new Blob([new Uint8Array(1024 * 1024)], { type: "image/jpeg" }), "small.jpg");
    small.set("kind", "main");
    const ok = await shop.request("/api/uploads", { method: "POST", body: small });
    expect(ok.status).not.toBe(413);
    expect(ok.status).toBeLessThan(500);
  });
});
