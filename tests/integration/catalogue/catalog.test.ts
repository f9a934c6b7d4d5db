import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogProduct } from "../../../src/server/catalogue/catalog.js";
import { CATALOG_TTL_MS, invalidateCatalog } from "../../../src/server/catalogue/catalog-cache.js";
import { bundlePrices, productOptions, products, systemSettings } from "../../../src/server/db/schema.js";
import { FALLBACK_OPTIONS, type GroupedOptions, OPTION_TYPES } from "../../../src/shared/options.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

/**
 * The catalogue is served from an in-memory snapshot that the admin routes drop after each
 * write. These tests also write rows directly (as a script or a second server would), which
 * shows within CATALOG_TTL_MS; they drop the snapshot themselves instead of waiting.
 */
function afterDirectWrite(): void {
  invalidateCatalog(shop.ctx.database.db);
}

async function getProducts(): Promise<CatalogProduct[]> {
  const res = await shop.request("/api/catalog/products");
  expect(res.status).toBe(200);
  return ((await res.json()) as { products: CatalogProduct[] }).products;
}

async function getOptions(): Promise<{
  options: GroupedOptions;
  source: string;
  bundles: { id: string; pricePence: number }[];
  freeShippingThresholdPence: number;
}> {
  const res = await shop.request("/api/catalog/options");
  expect(res.status).toBe(200);
  return (await res.json()) as Awaited<ReturnType<typeof getOptions>>;
}

describe("GET /api/catalog/products", () => {
  it("lists the seeded catalogue in sort order with every field the shop shows", async () => {
    const list = await getProducts();
    const rows = await shop.ctx.database.db.select().from(products);
    const visible = rows
      .filter((r) => r.status !== "disabled" && r.isActive)
      .sort((a, b) => a.sortOrder - b.sortOrder);
    expect(list.map((p) => p.id)).toEqual(visible.map((r) => r.id));
    const kit = list.find((p) => p.id === "wall-mount-kit");
    expect(kit).toEqual({
      id: "wall-mount-kit",
      name: expect.any(String),
      description: expect.any(String),
      category: "Mounting",
      pricePence: 899,
      status: "available",
      imageUrl: null,
      specifications: expect.arrayContaining([expect.any(String)]),
      features: expect.arrayContaining([expect.any(String)]),
      compatibility: expect.any(String),
      stockAvailable: null,
    });
    expect(list.find((p) => p.id === "oak-desk-stand")?.status).toBe("coming_soon");
  });

  it("hides disabled and inactive products, maps other statuses to available, follows sort_order", async () => {
    const db = shop.ctx.database.db;
    await db.insert(products).values([
      {
        id: "t-disabled",
        name: "Disabled",
        description: "d",
        category: "Accessories",
        price: 100,
        status: "disabled",
        sortOrder: 1,
      },
      {
        id: "t-inactive",
        name: "Inactive",
        description: "d",
        category: "Accessories",
        price: 100,
        isActive: false,
        sortOrder: 2,
      },
      {
        id: "t-first",
        name: "First",
        description: "d",
        category: "Images",
        price: 100,
        status: "featured",
        sortOrder: -5,
      },
    ]);
    await db.update(products).set({ sortOrder: 999 }).where(eq(products.id, "usb-c-power-adapter"));
    afterDirectWrite();
    const list = await getProducts();
    const ids = list.map((p) => p.id);
    expect(ids).not.toContain("t-disabled");
    expect(ids).not.toContain("t-inactive");
    expect(ids[0]).toBe("t-first");
    expect(list[0]?.status).toBe("available");
    expect(ids.at(-1)).toBe("usb-c-power-adapter");
  });

  it("is revalidated on every request (an admin's edit shows at once) and answers 304 when unchanged", async () => {
    const res = await shop.request("/api/catalog/products");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const tag = res.headers.get("etag");
    expect(tag).toBeTruthy();
    const again = await shop.request("/api/catalog/products", { headers: { "if-none-match": tag ?? "" } });
    expect(again.status).toBe(304);

    await shop.ctx.database.db.update(products).set({ price: 1234 }).where(eq(products.id, "wall-mount-kit"));
    afterDirectWrite();
    const changed = await shop.request("/api/catalog/products", { headers: { "if-none-match": tag ?? "" } });
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as { products: CatalogProduct[] };
    expect(body.products.find((p) => p.id === "wall-mount-kit")?.pricePence).toBe(1234);
  });
});

describe("GET /api/catalog/options", () => {
  it("groups the stored options by type in sort order, ids being the rows' values", async () => {
    const { options, source } = await getOptions();
    expect(source).toBe("database");
    expect(Object.keys(options).sort()).toEqual([...OPTION_TYPES].sort());
    expect(options.shape.map((o) => o.id)).toEqual([
      "square",
      "rectangle",
      "rectangle-portrait",
      "hexagon",
      "heart",
    ]);
    expect(options.processing.map((o) => [o.id, o.status])).toEqual([
      ["grayscale", "enabled"],
      ["colour", "enabled"],
    ]);
    const white = options.frame_color.find((o) => o.id === "white");
    expect(white).toMatchObject({
      optionType: "frame_color",
      name: "White",
      hexColor: "#F5F5F5",
      isActive: true,
    });
    const square7 = options.size.find((o) => o.id === "7x7");
    expect(square7).toMatchObject({
      shapeIds: ["square", "hexagon", "heart"],
      widthMm: 180,
      heightMm: 180,
      priceModifierPence: 0,
    });
    for (const type of OPTION_TYPES) {
      const orders = options[type].map((o) => o.sortOrder);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
    const res = await shop.request("/api/catalog/options");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("reflects edits at once: inactive rows are left out, reordering and new statuses show", async () => {
    const db = shop.ctx.database.db;
    await db.update(productOptions).set({ isActive: false }).where(eq(productOptions.value, "gold"));
    await db
      .update(productOptions)
      .set({ sortOrder: 0, status: "coming_soon" })
      .where(eq(productOptions.value, "silver"));
    afterDirectWrite();
    const { options } = await getOptions();
    const colours = options.frame_color.map((o) => o.id);
    expect(colours).not.toContain("gold");
    expect(colours[0]).toBe("silver");
    expect(options.frame_color[0]?.status).toBe("coming_soon");
  });

  it("falls back to the spec's defaults when the table is empty", async () => {
    await shop.ctx.database.db.delete(productOptions);
    afterDirectWrite();
    const { options, source } = await getOptions();
    expect(source).toBe("fallback");
    for (const type of OPTION_TYPES) {
      const expected = FALLBACK_OPTIONS.filter((o) => o.optionType === type)
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((o) => o.id);
      expect(options[type].map((o) => o.id)).toEqual(expected);
    }
    expect(options.size.filter((o) => o.status === "enabled").map((o) => o.id)).toEqual([
      "7x7",
      "6x8",
      "8x6",
    ]);
  });
});

describe("the cached catalogue", () => {
  let admin: TestUser;

  beforeAll(async () => {
    admin = await createUser(shop, {
      email: uniqueEmail("catalog-admin"),
      role: "admin",
      mfa: true,
      verify: "direct",
    });
  });

  function adminCall(method: string, pathname: string, json: unknown): Promise<Response> {
    return shop.request(`/api/admin${pathname}`, { method, json, headers: { cookie: admin.cookie } });
  }

  it("shows an admin's product edit on the very next request, with a new ETag", async () => {
    const first = await shop.request("/api/catalog/products");
    const tag = first.headers.get("etag") ?? "";
    expect(tag).toMatch(/^W\/".+"$/);
    expect((await shop.request("/api/catalog/products", { headers: { "if-none-match": tag } })).status).toBe(
      304,
    );

    const edit = await adminCall("PATCH", "/products/wall-mount-kit", { pricePence: 777, name: "Wall Kit" });
    expect(edit.status).toBe(200);
    const next = await shop.request("/api/catalog/products", { headers: { "if-none-match": tag } });
    expect(next.status).toBe(200);
    const newTag = next.headers.get("etag");
    expect(newTag).toBeTruthy();
    expect(newTag).not.toBe(tag);
    const kit = ((await next.json()) as { products: CatalogProduct[] }).products.find(
      (p) => p.id === "wall-mount-kit",
    );
    expect(kit).toMatchObject({ pricePence: 777, name: "Wall Kit" });
    expect(
      (await shop.request("/api/catalog/products", { headers: { "if-none-match": `"x", ${newTag}` } }))
        .status,
    ).toBe(304);

    // Disabling hides it at once too.
    expect((await adminCall("PATCH", "/products/wall-mount-kit", { status: "disabled" })).status).toBe(200);
    expect((await getProducts()).map((p) => p.id)).not.toContain("wall-mount-kit");
  });

  it("shows an admin's new creator option on the very next request", async () => {
    const before = await shop.request("/api/catalog/options");
    const tag = before.headers.get("etag") ?? "";
    const res = await adminCall("POST", "/options", {
      optionType: "frame_color",
      value: "cached-teal",
      name: "Teal",
      hexColor: "#008080",
    });
    expect(res.status).toBe(201);
    const after = await shop.request("/api/catalog/options", { headers: { "if-none-match": tag } });
    expect(after.status).toBe(200);
    const body = (await after.json()) as { options: GroupedOptions };
    expect(body.options.frame_color.map((o) => o.id)).toContain("cached-teal");
  });

  it("sends the same JSON gzip- or brotli-encoded when asked, under one ETag", async () => {
    const plain = await shop.request("/api/catalog/products");
    const text = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["br;q=0, gzip;q=0.5", "gzip", gunzipSync],
    ] as const) {
      const res = await shop.request("/api/catalog/products", { headers: { "accept-encoding": accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("etag")).toBe(plain.headers.get("etag"));
      expect(decode(Buffer.from(await res.arrayBuffer())).toString("utf8")).toBe(text);
    }
    const identity = await shop.request("/api/catalog/products", {
      headers: { "accept-encoding": "identity" },
    });
    expect(identity.headers.get("content-encoding")).toBeNull();
  });

  it("shows a direct database write (a script, another server) within a second (NOTIFY)", async () => {
    await getProducts();
    const written = Date.now();
    await shop.ctx.database.db.update(products).set({ price: 4321 }).where(eq(products.id, "remote-dimmer"));
    let price: number | undefined;
    while (Date.now() - written < 1_000) {
      price = (await getProducts()).find((p) => p.id === "remote-dimmer")?.pricePence;
      if (price === 4321) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(price).toBe(4321);
    // Well before the fallback poll would have reloaded it.
    expect(Date.now() - written).toBeLessThan(CATALOG_TTL_MS);
  });
  it("shows a direct write of a bundle price or the free-shipping threshold within a second (NOTIFY)", async () => {
    const db = shop.ctx.database.db;
    const starter = async () => (await getOptions()).bundles.find((b) => b.id === "starter")?.pricePence;
    const before = await starter();
    let written = Date.now();
    await db.update(bundlePrices).set({ price: 4999 }).where(eq(bundlePrices.bundleId, "starter"));
    let price: number | undefined;
    while (Date.now() - written < 1_000) {
      price = await starter();
      if (price === 4999) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(price).toBe(4999);
    expect(Date.now() - written).toBeLessThan(CATALOG_TTL_MS);

    written = Date.now();
    await db
      .insert(systemSettings)
      .values({ settingKey: "free_shipping_threshold_pence", settingValue: "6100" })
      .onConflictDoUpdate({ target: systemSettings.settingKey, set: { settingValue: "6100" } });
    let threshold: number | undefined;
    while (Date.now() - written < 1_000) {
      threshold = (await getOptions()).freeShippingThresholdPence;
      if (threshold === 6100) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(threshold).toBe(6100);
    expect(Date.now() - written).toBeLessThan(CATALOG_TTL_MS);
    await db
      .update(bundlePrices)
      .set({ price: before ?? 5450 })
      .where(eq(bundlePrices.bundleId, "starter"));
    await db.delete(systemSettings).where(eq(systemSettings.settingKey, "free_shipping_threshold_pence"));
  });
});
