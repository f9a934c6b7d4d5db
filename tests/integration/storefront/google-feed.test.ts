/**
 * The Google Merchant Center feed (issue 33 item 2): /feeds/google-shopping.xml parsed as XML and
 * checked against the feed specification's required attributes and formats; what is left out
 * (no photo, no description) is listed for the admin, and only for the admin; robots.txt names
 * the feed and lets crawlers fetch it.
 */
import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateCatalog } from "../../../src/server/catalogue/catalog-cache.js";
import { productStock, products, siteImages } from "../../../src/server/db/schema.js";
import { invalidateStorefront } from "../../../src/server/storefront/index.js";
import { ADMIN_MESSAGE_TEXTS } from "../../../src/shared/admin-messages.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const G = "http://base.google.com/ns/1.0";
const ORIGIN = "http://localhost:3000";

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop({ PRINT_WORKER: "off" });
  admin = await createUser(shop, { email: uniqueEmail("feed-admin"), role: "admin", mfa: true });
  const db = shop.ctx.database.db;
  // The owner's photos: two accessories have one, the shop's hero pictures the lightboxes.
  await db
    .update(products)
    .set({ imageUrl: "/media/products/adapter.webp" })
    .where(eq(products.id, "usb-c-power-adapter"));
  await db
    .update(products)
    .set({ imageUrl: "https://cdn.example.com/wall-kit.jpg" })
    .where(eq(products.id, "wall-mount-kit"));
  // A photo but no description: left out, and said why.
  await db
    .update(products)
    .set({ imageUrl: "/media/products/dimmer.webp", description: "  " })
    .where(eq(products.id, "remote-dimmer"));
  // Kept on the shelf and sold out.
  await db.insert(productStock).values({ productId: "wall-mount-kit", onHand: 0 });
  await db.insert(siteImages).values({
    slot: "shop_hero",
    alt: "A lit lightbox on a shelf",
    width: 1600,
    height: 900,
    avif: [{ url: "/media/site/hero-1600.avif", w: 1600 }],
    webp: [
      { url: "/media/site/hero-800.webp", w: 800 },
      { url: "/media/site/hero-1600.webp", w: 1600 },
    ],
  });
  invalidateStorefront(db);
});
afterAll(async () => {
  await shop?.close();
});

interface Parsed {
  rss: {
    "@_version": string;
    "@_xmlns:g": string;
    channel: { title: string; link: string; description: string; item: Array<Record<string, unknown>> };
  };
}

const isAbsolute = (value: unknown) => typeof value === "string" && /^https?:\/\/[^/\s]+\/\S*$/.test(value);

describe("the Google Shopping feed", () => {
  it("is RSS 2.0 with Google's namespace, every item carrying the required attributes in their formats", async () => {
    const res = await shop.request("/feeds/google-shopping.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "@_",
      isArray: (name) => name === "item" || name === "g:shipping",
      parseTagValue: false,
    }).parse(xml) as Parsed;
    expect(parsed.rss["@_version"]).toBe("2.0");
    expect(parsed.rss["@_xmlns:g"]).toBe(G);
    const channel = parsed.rss.channel;
    expect(channel.title).toBe("Lithobox");
    expect(isAbsolute(channel.link)).toBe(true);

    const items = channel.item;
    const ids = items.map((i) => i["g:id"]);
    // The three bundles and the lamp's sizes (pictured by the shop's hero) and the two accessories with a photo.
    expect(ids).toEqual([
      "lightbox-starter",
      "lightbox-gift",
      "lightbox-family",
      "lamp-small",
      "lamp-medium",
      "lamp-large",
      "usb-c-power-adapter",
      "wall-mount-kit",
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of items) {
      for (const field of [
        "g:id",
        "title",
        "description",
        "link",
        "g:image_link",
        "g:price",
        "g:availability",
        "g:condition",
        "g:brand",
        "g:identifier_exists",
      ]) {
        expect(item[field], `${String(item["g:id"])} ${field}`).toEqual(expect.any(String));
        expect((item[field] as string).trim(), `${String(item["g:id"])} ${field}`).not.toBe("");
      }
      expect(String(item.title).length).toBeLessThanOrEqual(150);
      expect(String(item.description).length).toBeLessThanOrEqual(5000);
      expect(isAbsolute(item.link), String(item.link)).toBe(true);
      expect(isAbsolute(item["g:image_link"]), String(item["g:image_link"])).toBe(true);
      expect(item["g:price"]).toMatch(/^\d+\.\d{2} GBP$/);
      expect(["in_stock", "out_of_stock", "preorder", "backorder"]).toContain(item["g:availability"]);
      expect(item["g:condition"]).toBe("new");
      expect(item["g:brand"]).toBe("Lithobox");
      expect(item["g:identifier_exists"]).toBe("no");
      const shipping = item["g:shipping"] as Array<Record<string, string>>;
      expect(shipping.length).toBeGreaterThan(0);
      for (const s of shipping) {
        expect(s["g:country"]).toMatch(/^[A-Z]{2}$/);
        expect(["Standard", "Express"]).toContain(s["g:service"]);
        expect(s["g:price"]).toMatch(/^\d+\.\d{2} GBP$/);
      }
    }
    const byId = new Map(items.map((i) => [i["g:id"], i]));
    expect(byId.get("lightbox-starter")).toMatchObject({
      "g:price": "54.50 GBP",
      "g:availability": "in_stock",
      "g:image_link": `${ORIGIN}/media/site/hero-1600.webp`,
      link: `${ORIGIN}/shop/create?bundle=starter`,
    });
    expect(byId.get("lamp-medium")).toMatchObject({
      "g:price": "44.99 GBP",
      "g:availability": "in_stock",
      link: `${ORIGIN}/create/lamp`,
    });
    expect(byId.get("usb-c-power-adapter")).toMatchObject({
      "g:image_link": `${ORIGIN}/media/products/adapter.webp`,
      link: `${ORIGIN}/shop?product=usb-c-power-adapter`,
    });
    expect(byId.get("wall-mount-kit")?.["g:availability"]).toBe("out_of_stock");
    // Delivery from the zones: the UK's standard delivery is free over the threshold.
    const ukStandard = (id: string) =>
      ((byId.get(id)?.["g:shipping"] ?? []) as Array<Record<string, string>>).find(
        (s) => s["g:country"] === "GB" && s["g:service"] === "Standard",
      )?.["g:price"];
    expect(ukStandard("lightbox-family")).toBe("0.00 GBP");
    expect(ukStandard("usb-c-power-adapter")).toBe("8.99 GBP");
  });

  it("escapes the owner's text", async () => {
    const { googleFeedXml } = await import("../../../src/server/storefront/index.js");
    const xml = googleFeedXml(
      {
        items: [
          {
            id: "a&b",
            title: 'Frames <"oak"> & walnut',
            description: "Tom's & Jerry's",
            link: `${ORIGIN}/shop?product=a&x=1`,
            imageLink: `${ORIGIN}/a.png`,
            price: "1.00 GBP",
            availability: "in_stock",
            condition: "new",
            brand: "Lithobox",
            identifierExists: "no",
            shipping: [],
          },
        ],
      },
      ORIGIN,
    );
    expect(xml).toContain("<title>Frames &lt;&quot;oak&quot;&gt; &amp; walnut</title>");
    expect(xml).toContain("product=a&amp;x=1");
    const parsed = new XMLParser({ isArray: (n) => n === "item" }).parse(xml) as Parsed;
    expect(parsed.rss.channel.item[0]?.title).toBe('Frames <"oak"> & walnut');
  });

  it("refuses a product text XML cannot carry when it is saved (issue 46)", async () => {
    for (const bad of ["Oak\u0001 frame", "Oak\u0008", "Frame\uFFFE", "Half \uD83D pair"]) {
      const res = await shop.request("/api/admin/products/usb-c-power-adapter", {
        method: "PATCH",
        json: { name: bad },
        headers: { cookie: admin.cookie },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const body = (await res.json()) as { message: string; fields?: Record<string, string> };
      expect(body.fields?.name ?? body.message).toBe(ADMIN_MESSAGE_TEXTS.invisibleCharacters);
    }
    const created = await shop.request("/api/admin/products", {
      method: "POST",
      json: {
        id: "control-char-lamp",
        name: "Lamp",
        description: "Warm\u000B light",
        category: "Accessories",
        pricePence: 1000,
      },
      headers: { cookie: admin.cookie },
    });
    expect(created.status).toBe(400);
    // Text from anywhere else (accents, other scripts, emoji, new lines) is kept as typed.
    const fine = await shop.request("/api/admin/products/usb-c-power-adapter", {
      method: "PATCH",
      json: { description: "Łódź, Seán, Φως, Свет 🎁\nSecond line" },
      headers: { cookie: admin.cookie },
    });
    expect(fine.status).toBe(200);
  });

  it("strips what XML cannot carry from a text stored anyway, so the feed stays valid XML", async () => {
    const db = shop.ctx.database.db;
    // (A lone surrogate cannot be stored: the database's UTF-8 turns it into U+FFFD. The writer
    // strips one all the same: src/shared/xml-text.test.ts.)
    await db
      .update(products)
      .set({ name: "Power\u0001 adapter\u0008\uFFFE USB-C", description: "Fast\u001F and \uFFFFsafe" })
      .where(eq(products.id, "usb-c-power-adapter"));
    invalidateCatalog(db);
    // What the route serves once its minute's copy is over: the catalogue read again, written.
    const { googleFeed, googleFeedXml } = await import("../../../src/server/storefront/index.js");
    const xml = googleFeedXml(await googleFeed(db, ORIGIN), ORIGIN);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ isArray: (n) => n === "item" }).parse(xml) as Parsed;
    const item = parsed.rss.channel.item.find((i) => i["g:id"] === "usb-c-power-adapter");
    expect(item?.title).toBe("Power adapter USB-C");
    expect(item?.description).toBe("Fast and safe");
  });

  it("lists what it leaves out, and why, to the admin only", async () => {
    expect((await shop.request("/api/admin/feeds/google")).status).toBe(403);
    const res = await shop.request("/api/admin/feeds/google", { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      url: string;
      items: unknown[];
      excluded: Array<{ id: string; reasons: string[]; why: string[] }>;
    };
    expect(body.url).toBe(`${ORIGIN}/feeds/google-shopping.xml`);
    expect(body.items).toHaveLength(8);
    expect(body.excluded.find((e) => e.id === "remote-dimmer")).toMatchObject({
      reasons: ["no_description"],
    });
    // The seeded accessories without the owner's photo.
    const noPhoto = body.excluded.filter((e) => e.reasons.join() === "no_photo").map((e) => e.id);
    expect(noPhoto).toContain("warm-white-led-strip");
    expect(noPhoto).not.toContain("usb-c-power-adapter");
    expect(body.excluded.every((e) => e.why.length === e.reasons.length && e.why.length > 0)).toBe(true);
  });

  it("is named in robots.txt and open to crawlers", async () => {
    const robots = await (await shop.request("/robots.txt")).text();
    expect(robots).toContain("Allow: /feeds/google-shopping.xml\n");
    expect(robots).toContain(`# Google Merchant Center product feed: ${ORIGIN}/feeds/google-shopping.xml`);
    expect(robots).not.toMatch(/Disallow: \/feeds/);
  });
});
