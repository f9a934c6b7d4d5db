import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CartItem, cartItemSchema } from "./cart";
import { isCartItem, parseCartItem, parseStoredCart } from "./cart-guard";
import { MAX_CART_ITEMS } from "./cart-limits";

const lithophane: CartItem = {
  id: "1732240000000-k3j9x0q2a",
  imageUrl: "/uploads/a.png",
  originalImageUrl: "/uploads/a-original.jpg",
  additionalImages: ["/uploads/b.png"],
  size: "7 inch x 7 inch",
  shape: "Keepsake Collection",
  frameStyle: "White · 2 × Square",
  price: 8999,
  cropData: { x: 1.5, y: -2, zoom: 1.2, aspectRatio: "1:1" },
  config: {
    kind: "lithophane",
    bundleId: "gift",
    processing: "standard",
    shapeId: "square",
    frameColorId: "white",
    sizeId: "7x7",
    cropPixels: { x: 0, y: 10, width: 1600, height: 1600 },
    localContrast: true,
  },
};

const accessory: CartItem = {
  id: "2",
  imageUrl: "",
  originalImageUrl: "",
  additionalImages: [],
  size: "Standard",
  shape: "Rectangle",
  frameStyle: "LED Base",
  price: 1299,
  config: { kind: "accessory", productId: "led-base" },
};

/** A made-to-order accessory with its choices (issue 30 item 14). */
const chosenAccessory: CartItem = {
  ...accessory,
  id: "3",
  config: {
    kind: "accessory",
    productId: "frame-colour-swap",
    frameColorId: "black",
    sizeId: "6x8",
    photoUrl: "https://cdn.example/p.webp",
    photoOriginalUrl: "https://cdn.example/o.jpg",
  },
};

/** What zod makes of the value: the parsed copy, or null when it refuses it. */
function viaZod(value: unknown): CartItem | null {
  const parsed = cartItemSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Values near the edges of every rule: wrong types, empty and long texts, bad numbers. */
const anyValue = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    "",
    "x",
    "1:1",
    "a".repeat(20),
    "a".repeat(21),
    "a".repeat(100),
    "a".repeat(101),
    "a".repeat(200),
    "a".repeat(201),
    "a".repeat(2048),
    "a".repeat(2049),
    0,
    -0,
    -1,
    0.5,
    1,
    1_000_000,
    1_000_001,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    [],
    {},
    "gift",
    "mystery",
    "lithophane",
    "accessory",
  ),
  fc.string({ maxLength: 8 }),
  fc.double(),
  fc.integer(),
);

/** A valid item with some fields (deeply) replaced, removed or added. */
const mutatedItem = fc
  .tuple(
    fc.constantFrom(lithophane, accessory, chosenAccessory),
    fc.array(
      fc.tuple(
        fc.constantFrom(
          "id",
          "imageUrl",
          "originalImageUrl",
          "additionalImages",
          "additionalImages.0",
          "size",
          "shape",
          "frameStyle",
          "price",
          "cropData",
          "cropData.x",
          "cropData.y",
          "cropData.zoom",
          "cropData.aspectRatio",
          "config",
          "config.kind",
          "config.bundleId",
          "config.processing",
          "config.shapeId",
          "config.frameColorId",
          "config.sizeId",
          "config.productId",
          "config.photoUrl",
          "config.photoOriginalUrl",
          "config.cropPixels",
          "config.cropPixels.x",
          "config.cropPixels.y",
          "config.cropPixels.width",
          "config.cropPixels.height",
          "config.additionalCropPixels",
          "config.additionalCropPixels.0",
          "config.additionalCropPixels.1",
          "config.additionalCropPixels.0.width",
          "config.localContrast",
          "extra",
          "config.extra",
        ),
        fc.oneof(anyValue, fc.constant("__delete__")),
      ),
      { maxLength: 3 },
    ),
  )
  .map(([base, changes]) => {
    const copy = structuredClone(base) as unknown as Record<string, unknown>;
    for (const [path, value] of changes) {
      const keys = path.split(".");
      let target: unknown = copy;
      for (const key of keys.slice(0, -1)) {
        target =
          typeof target === "object" && target !== null ? (target as Record<string, unknown>)[key] : null;
      }
      if (typeof target !== "object" || target === null) continue;
      const last = keys[keys.length - 1] as string;
      if (value === "__delete__") delete (target as Record<string, unknown>)[last];
      else (target as Record<string, unknown>)[last] = value;
    }
    return copy;
  });

describe("parseCartItem (the zod-free guard)", () => {
  it("accepts valid lithophane and accessory items as they are", () => {
    expect(parseCartItem(lithophane)).toEqual(lithophane);
    expect(parseCartItem(accessory)).toEqual(accessory);
    expect(parseCartItem(chosenAccessory)).toEqual(chosenAccessory);
    expect(isCartItem(lithophane)).toBe(true);
  });

  it("returns a copy without unknown keys and with the default aspect ratio", () => {
    const stored = {
      ...lithophane,
      total: 5,
      cropData: { x: 0, y: 0, zoom: 1 },
      config: { ...lithophane.config, extra: 1 },
    };
    const parsed = parseCartItem(stored);
    expect(parsed).toEqual({
      ...lithophane,
      cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    });
    expect(parsed).not.toBe(stored);
    expect(parsed && "total" in parsed).toBe(false);
  });

  it("keeps each additional photo's crop, null for a centred one", () => {
    const withCrops = {
      ...lithophane,
      config: { ...lithophane.config, additionalCropPixels: [null, { x: 1, y: 2, width: 30, height: 40 }] },
    };
    expect(parseCartItem(withCrops)).toEqual(withCrops);
    expect(viaZod(withCrops)).toEqual(withCrops);
    const bad = { ...lithophane, config: { ...lithophane.config, additionalCropPixels: [{ x: -1 }] } };
    expect(parseCartItem(bad)).toBeNull();
    expect(viaZod(bad)).toBeNull();
  });

  it("refuses what the schema refuses", () => {
    for (const bad of [
      null,
      [],
      "junk",
      { ...lithophane, price: 54.5 },
      { ...lithophane, price: "54.50" },
      { ...lithophane, id: "" },
      { ...lithophane, additionalImages: Array.from({ length: 11 }, () => "/u.png") },
      { ...lithophane, cropData: { x: 0, y: 0, zoom: 0 } },
      { ...lithophane, config: { ...lithophane.config, bundleId: "mystery" } },
      { ...accessory, config: { kind: "accessory" } },
    ]) {
      expect(parseCartItem(bad), JSON.stringify(bad)).toBeNull();
      expect(cartItemSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("agrees with cartItemSchema on generated items (same verdict, same copy)", () => {
    fc.assert(
      fc.property(mutatedItem, (value) => {
        expect(parseCartItem(value)).toEqual(viaZod(value));
      }),
      { numRuns: 3000 },
    );
  });

  it("agrees with cartItemSchema on arbitrary JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(parseCartItem(value)).toEqual(viaZod(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe("parseStoredCart (guard)", () => {
  it("reads JSON text, arrays and {items}, drops repeats and caps the count", () => {
    expect(parseStoredCart(JSON.stringify([lithophane, accessory]))).toEqual([lithophane, accessory]);
    expect(parseStoredCart({ items: [accessory] })).toEqual([accessory]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart([lithophane, { ...lithophane, price: 1 }])).toEqual([lithophane]);
    const many = Array.from({ length: MAX_CART_ITEMS + 5 }, (_, i) => ({ ...accessory, id: String(i) }));
    expect(parseStoredCart(many)).toHaveLength(MAX_CART_ITEMS);
  });
});
