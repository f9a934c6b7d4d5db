import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadCreatorOptions } from "../../../src/server/catalogue/catalog.js";
import {
  loadPricingSnapshot,
  type PricedItem,
  priceCartItems,
} from "../../../src/server/catalogue/pricing.js";
import { productOptions, productStock, products, shippingZones } from "../../../src/server/db/schema.js";
import { seedDatabase } from "../../../src/server/seed/database.js";
import { BUNDLES } from "../../../src/shared/bundles.js";
import type { CartItemConfig, LithophaneConfig } from "../../../src/shared/cart.js";
import { CREATOR_MESSAGES } from "../../../src/shared/creator-messages.js";
import { MESSAGES } from "../../../src/shared/messages.js";
import { flattenOptions, isSelectable, sizeAppliesToShape } from "../../../src/shared/options.js";
import { lithophaneConfigPricePence } from "../../../src/shared/product-types/lightbox.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
const db = () => shop.ctx.database.db;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  // Back to the seeded catalogue before every test.
  await db().delete(productOptions);
  await db().delete(products);
  await seedDatabase(db());
});

function lithophane(overrides: Partial<LithophaneConfig> = {}): LithophaneConfig {
  return {
    kind: "lithophane",
    bundleId: "starter",
    processing: "grayscale",
    shapeId: "square",
    frameColorId: "white",
    sizeId: "7x7",
    ...overrides,
  };
}

async function priceOne(config: CartItemConfig): Promise<PricedItem> {
  const [priced] = await priceCartItems(db(), [config]);
  if (!priced) throw new Error("no answer");
  return priced;
}

async function setModifier(optionType: string, value: string, pence: number) {
  await db()
    .update(productOptions)
    .set({ priceModifier: pence })
    .where(and(eq(productOptions.optionType, optionType), eq(productOptions.value, value)));
}

describe("lithophanes", () => {
  it("prices each bundle at its bundle price with the cart's description texts", async () => {
    const priced = await priceCartItems(
      db(),
      BUNDLES.map((b) => lithophane({ bundleId: b.id })),
    );
    expect(priced.map((p) => (p.ok ? p.unitPricePence : null))).toEqual([5450, 9315, 12963]);
    expect(priced[1]).toEqual({
      ok: true,
      kind: "lithophane",
      unitPricePence: 9315,
      description: {
        sizeLabel: "7 inch x 7 inch",
        shapeName: "Keepsake Collection",
        frameStyle: "White · 3 × Square",
        lithophaneCount: 3,
        title: "Lithophane",
      },
    });
  });

  it("adds the price modifier of every chosen option, read from the database", async () => {
    await setModifier("processing", "grayscale", 100);
    await setModifier("shape", "rectangle", 200);
    await setModifier("frame_color", "gold", 350);
    await setModifier("size", "6x8", 1000);
    const priced = await priceOne(
      lithophane({ bundleId: "gift", shapeId: "rectangle", frameColorId: "gold", sizeId: "6x8" }),
    );
    // Processing once per panel (decision 331), the others once per line.
    expect(priced).toMatchObject({ ok: true, unitPricePence: 9315 + 3 * 100 + 200 + 350 + 1000 });
    expect(priced.ok && priced.description.frameStyle).toBe("Gold · 3 × Rectangle (Landscape)");
    expect(priced.ok && priced.description.sizeLabel).toBe("8 inch x 6 inch");
  });

  it("agrees with the shared rule the creator uses for every selectable combination", async () => {
    await setModifier("frame_color", "black", 125);
    await setModifier("size", "8x6", 275);
    const { grouped } = await loadCreatorOptions(db());
    const offered = flattenOptions(grouped).filter(isSelectable);
    const configs: LithophaneConfig[] = [];
    for (const bundle of BUNDLES)
      for (const processing of offered.filter((o) => o.optionType === "processing"))
        for (const shape of offered.filter((o) => o.optionType === "shape"))
          for (const frame of offered.filter((o) => o.optionType === "frame_color"))
            for (const size of offered.filter(
              (o) => o.optionType === "size" && sizeAppliesToShape(o, shape.id),
            ))
              configs.push(
                lithophane({
                  bundleId: bundle.id,
                  processing: processing.id,
                  shapeId: shape.id,
                  frameColorId: frame.id,
                  sizeId: size.id,
                }),
              );
    expect(configs.length).toBeGreaterThan(50);
    const priced = await priceCartItems(db(), configs);
    priced.forEach((p, i) => {
      expect(p.ok).toBe(true);
      expect(p.ok && p.unitPricePence).toBe(lithophaneConfigPricePence(configs[i]!, flattenOptions(grouped)));
    });
  });

  it("refuses coming-soon options, naming them unavailable", async () => {
    for (const config of [lithophane({ shapeId: "hexagon" }), lithophane({ sizeId: "9x9" })]) {
      expect(await priceOne(config)).toEqual({
        ok: false,
        reason: "unavailable",
        message: CREATOR_MESSAGES.pricing.lithophaneUnavailable,
      });
    }
  });

  it("refuses an option the maker switched off (inactive) as unavailable", async () => {
    await db().update(productOptions).set({ isActive: false }).where(eq(productOptions.value, "brown"));
    expect(await priceOne(lithophane({ frameColorId: "brown" }))).toMatchObject({
      ok: false,
      reason: "unavailable",
    });
  });

  it("refuses unknown options and bundles as unknown", async () => {
    expect(await priceOne(lithophane({ frameColorId: "tartan" }))).toMatchObject({
      ok: false,
      reason: "unknown",
    });
    expect(await priceOne(lithophane({ sizeId: "7x7", shapeId: "circle" }))).toMatchObject({
      ok: false,
      reason: "unknown",
    });
    // An option id of another type is not an option of this type.
    expect(await priceOne(lithophane({ processing: "white" }))).toMatchObject({
      ok: false,
      reason: "unknown",
    });
    const badBundle = { ...lithophane(), bundleId: "mega" } as unknown as CartItemConfig;
    expect(await priceOne(badBundle)).toMatchObject({ ok: false, reason: "unknown" });
  });

  it("refuses a size that does not apply to the chosen shape; a size without shapes fits all", async () => {
    expect(await priceOne(lithophane({ shapeId: "rectangle", sizeId: "7x7" }))).toMatchObject({
      ok: false,
      reason: "unavailable",
    });
    expect(await priceOne(lithophane({ shapeId: "rectangle-portrait", sizeId: "6x8" }))).toMatchObject({
      ok: false,
      reason: "unavailable",
    });
    await db().insert(productOptions).values({
      value: "5x5",
      optionType: "size",
      name: "Mini",
      sortOrder: 99,
      shapeIds: null,
      priceModifier: -500,
    });
    expect(await priceOne(lithophane({ shapeId: "rectangle", sizeId: "5x5" }))).toMatchObject({
      ok: true,
      unitPricePence: 4950,
    });
  });

  it("uses the spec's fallback options when the table is empty", async () => {
    await db().delete(productOptions);
    expect(
      await priceOne(lithophane({ bundleId: "family", shapeId: "rectangle-portrait", sizeId: "8x6" })),
    ).toMatchObject({
      ok: true,
      unitPricePence: 12963,
    });
    expect(await priceOne(lithophane({ shapeId: "heart" }))).toMatchObject({
      ok: false,
      reason: "unavailable",
    });
  });
});

describe("accessories", () => {
  it("prices an available product at its stored price with accessory texts", async () => {
    expect(await priceOne({ kind: "accessory", productId: "wall-mount-kit" })).toEqual({
      ok: true,
      kind: "accessory",
      unitPricePence: 899,
      description: {
        sizeLabel: "Standard",
        shapeName: "Rectangle",
        frameStyle: "Wall Mounting Kit",
        lithophaneCount: 0,
        title: "Wall Mounting Kit",
      },
    });
  });

  it("refuses coming-soon, disabled, inactive and unknown products", async () => {
    await db().update(products).set({ status: "disabled" }).where(eq(products.id, "remote-dimmer"));
    await db().update(products).set({ isActive: false }).where(eq(products.id, "microfibre-care-kit"));
    const priced = await priceCartItems(db(), [
      { kind: "accessory", productId: "oak-desk-stand" },
      { kind: "accessory", productId: "remote-dimmer" },
      { kind: "accessory", productId: "microfibre-care-kit" },
      { kind: "accessory", productId: "no-such-thing" },
    ]);
    expect(priced).toEqual([
      { ok: false, reason: "unavailable", message: MESSAGES.products.comingSoon.description },
      {
        ok: false,
        reason: "unavailable",
        message: CREATOR_MESSAGES.pricing.productUnavailable,
      },
      {
        ok: false,
        reason: "unavailable",
        message: CREATOR_MESSAGES.pricing.productUnavailable,
      },
      { ok: false, reason: "unknown", message: CREATOR_MESSAGES.pricing.itemUnknown },
    ]);
  });
});

describe("batches", () => {
  it("answers in the items' order and reads options, products and the owner's prices in four queries", async () => {
    const database = db();
    const select = vi.spyOn(database, "select");
    try {
      const priced = await priceCartItems(database, [
        { kind: "accessory", productId: "usb-c-power-adapter" },
        lithophane(),
        { kind: "accessory", productId: "wall-mount-kit" },
        lithophane({ bundleId: "gift", frameColorId: "black" }),
        { kind: "accessory", productId: "usb-c-power-adapter" },
      ]);
      expect(priced.map((p) => p.ok && p.unitPricePence)).toEqual([999, 5450, 899, 9315, 999]);
      // options, products, bundle prices, free-shipping threshold
      expect(select).toHaveBeenCalledTimes(4);
    } finally {
      select.mockRestore();
    }
  });

  it("needs no query for an empty batch and one for accessories only", async () => {
    const database = db();
    const select = vi.spyOn(database, "select");
    try {
      expect(await priceCartItems(database, [])).toEqual([]);
      expect(select).toHaveBeenCalledTimes(0);
      await priceCartItems(database, [{ kind: "accessory", productId: "wall-mount-kit" }]);
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });

  it("copes with 50 concurrent checkouts", async () => {
    const cart: CartItemConfig[] = [
      lithophane(),
      lithophane({ bundleId: "family" }),
      { kind: "accessory", productId: "wall-mount-kit" },
    ];
    const results = await Promise.all(Array.from({ length: 50 }, () => priceCartItems(db(), cart)));
    for (const priced of results)
      expect(priced.map((p) => p.ok && p.unitPricePence)).toEqual([5450, 12963, 899]);
  });
});

describe("the pricing snapshot's version (migration 0015)", () => {
  it("moves with every catalogue write, stocking and zone edit, and not with stock levels or orders", async () => {
    const database = db();
    const snapshot = () => loadPricingSnapshot(database);
    const first = await snapshot();
    expect(first.stockedProductIds.has("wall-mount-kit")).toBe(false);
    expect(first.zones.map((z) => z.id)).toContain("uk");

    // An accessory put on the shelf: a new version that knows it is stocked.
    await database.insert(productStock).values({ productId: "wall-mount-kit", onHand: 3 });
    const stocked = await snapshot();
    expect(stocked.fingerprint).not.toBe(first.fingerprint);
    expect(stocked.stockedProductIds.has("wall-mount-kit")).toBe(true);

    // Levels move with every order: no new version (the snapshots stay valid).
    await database
      .update(productStock)
      .set({ reserved: 1 })
      .where(eq(productStock.productId, "wall-mount-kit"));
    expect((await snapshot()).fingerprint).toBe(stocked.fingerprint);

    // A price, a zone's price: a new version each time.
    await database.update(products).set({ price: 950 }).where(eq(products.id, "wall-mount-kit"));
    const repriced = await snapshot();
    expect(repriced.fingerprint).not.toBe(stocked.fingerprint);
    await database.update(shippingZones).set({ standardPrice: 499 }).where(eq(shippingZones.id, "uk"));
    const rezoned = await snapshot();
    expect(rezoned.fingerprint).not.toBe(repriced.fingerprint);
    expect(rezoned.zones.find((z) => z.id === "uk")?.standardPence).toBe(499);

    await database.update(shippingZones).set({ standardPrice: 899 }).where(eq(shippingZones.id, "uk"));
    await database.delete(productStock).where(eq(productStock.productId, "wall-mount-kit"));
    expect((await snapshot()).stockedProductIds.has("wall-mount-kit")).toBe(false);
  });
});
