import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productOptions, products } from "../../src/server/db/schema.js";
import type { CatalogProduct } from "../../src/server/services/catalog.js";
import { FALLBACK_OPTIONS, type GroupedOptions, OPTION_TYPES } from "../../src/shared/options.js";
import { createTestShop, type TestShop } from "./harness.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function getProducts(): Promise<CatalogProduct[]> {
  const res = await shop.request("/api/catalog/products");
  expect(res.status).toBe(200);
  return ((await res.json()) as { products: CatalogProduct[] }).products;
}

async function getOptions(): Promise<{ options: GroupedOptions; source: string }> {
  const res = await shop.request("/api/catalog/options");
  expect(res.status).toBe(200);
  return (await res.json()) as { options: GroupedOptions; source: string };
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
      ["colour", "coming_soon"],
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
    const { options } = await getOptions();
    const colours = options.frame_color.map((o) => o.id);
    expect(colours).not.toContain("gold");
    expect(colours[0]).toBe("silver");
    expect(options.frame_color[0]?.status).toBe("coming_soon");
  });

  it("falls back to the spec's defaults when the table is empty", async () => {
    await shop.ctx.database.db.delete(productOptions);
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
