import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAccessoryCartItem, type CartItem, cartItemSchema, newCartItemId } from "./cart";
import { buildCreatorCartItem } from "./cart-build";
import { parseStoredCart } from "./cart-guard";
import { MAX_CART_ITEMS } from "./cart-limits";
import { cartItemMergeKey, cartTotal, isSameCartLine, linesToReAdd, mergeCarts } from "./cart-state";
import {
  type CreatorAction,
  type CreatorState,
  creatorReducer,
  INITIAL_CREATOR_STATE,
  type UploadedImage,
} from "./creator";
import { FALLBACK_OPTIONS, findOption, type OptionType } from "./options";
import { lithophaneConfigPricePence, lithophaneFrameStyle } from "./product-types/lightbox";

const image = (name: string): UploadedImage => ({
  url: `/uploads/${name}.png`,
  originalUrl: `/uploads/${name}-original.jpg`,
  width: 1600,
  height: 1600,
});

const option = (type: OptionType, id: string) => findOption(FALLBACK_OPTIONS, type, id)!;

function creatorState(
  shape = "square",
  size = "7x7",
  frame = "white",
  bundleId: "starter" | "gift" | "family" = "gift",
) {
  const actions: CreatorAction[] = [
    { type: "imageUploaded", image: image("main") },
    { type: "selectOption", step: "processing", option: option("processing", "grayscale") },
    { type: "selectOption", step: "shape", option: option("shape", shape) },
    { type: "selectOption", step: "frame-color", option: option("frame_color", frame) },
    { type: "selectOption", step: "size", option: option("size", size) },
    { type: "selectBundle", bundleId },
    { type: "addAdditionalImage", image: image("extra1") },
    { type: "addAdditionalImage", image: image("extra2") },
    { type: "addAdditionalImage", image: image("extra3") },
    { type: "addAdditionalImage", image: image("extra4") },
    {
      type: "setCrop",
      cropData: { x: 4, y: -2, zoom: 1.25 },
      cropPixels: { x: 10, y: 0, width: 900, height: 900 },
    },
  ];
  return actions.reduce<CreatorState>(creatorReducer, INITIAL_CREATOR_STATE);
}

const fixedId = () => "1732240000000-abc123def";

function item(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: "1-a",
    imageUrl: "/uploads/a.png",
    originalImageUrl: "/uploads/a.jpg",
    additionalImages: [],
    size: "7 inch x 7 inch",
    shape: "Essentials Collection",
    frameStyle: "White · 1 × Square",
    price: 5450,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: {
      kind: "lithophane",
      bundleId: "starter",
      processing: "grayscale",
      shapeId: "square",
      frameColorId: "white",
      sizeId: "7x7",
    },
    ...overrides,
  };
}

describe("newCartItemId", () => {
  it("is the timestamp, a dash and random text", () => {
    expect(newCartItemId(1732240000000, () => 0.123456789)).toMatch(/^1732240000000-[0-9a-z]{9}$/);
    expect(newCartItemId()).toMatch(/^\d{13}-[0-9a-z]{9}$/);
  });

  it("pads short random text", () => {
    expect(newCartItemId(5, () => 0.5)).toBe("5-i00000000");
  });

  it("rarely repeats", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newCartItemId(1)));
    expect(ids.size).toBe(1000);
  });
});

describe("cartTotal", () => {
  it("sums prices in pence", () => {
    expect(cartTotal([])).toBe(0);
    expect(cartTotal([item({ price: 5450 }), item({ price: 12963 }), item({ price: 1999 })])).toBe(20412);
  });
});

describe("buildCreatorCartItem", () => {
  it("makes no line from a photo still uploading (no server URLs yet, issue 31)", () => {
    const state = creatorState("square", "7x7", "white", "starter");
    const image = state.selections.image;
    if (!image) throw new Error("no image");
    const uploading = {
      ...state,
      selections: { ...state.selections, image: { ...image, pending: true, deviceUrl: "blob:x" } },
    };
    expect(buildCreatorCartItem(uploading, FALLBACK_OPTIONS, fixedId)).toBeNull();
    expect(buildCreatorCartItem(state, FALLBACK_OPTIONS, fixedId)).not.toBeNull();
  });

  it("builds the spec's cart item from the creator's choices", () => {
    const built = buildCreatorCartItem(creatorState(), FALLBACK_OPTIONS, fixedId);
    expect(built).toEqual({
      id: "1732240000000-abc123def",
      imageUrl: "/uploads/main.png",
      originalImageUrl: "/uploads/main-original.jpg",
      additionalImages: ["/uploads/extra1.png", "/uploads/extra2.png"],
      size: "7 inch x 7 inch",
      shape: "Keepsake Collection",
      frameStyle: "White · 3 × Square",
      price: 9315,
      cropData: { x: 4, y: -2, zoom: 1.25, aspectRatio: "1:1" },
      config: {
        kind: "lithophane",
        bundleId: "gift",
        processing: "grayscale",
        shapeId: "square",
        frameColorId: "white",
        sizeId: "7x7",
        cropPixels: { x: 10, y: 0, width: 900, height: 900 },
      },
    });
    expect(cartItemSchema.parse(built)).toEqual(built);
  });

  it("labels other shapes and sizes", () => {
    const built = buildCreatorCartItem(
      creatorState("rectangle", "6x8", "gold", "family"),
      FALLBACK_OPTIONS,
      fixedId,
    );
    // Width x height (issue 30 item 11): the landscape "6x8" is 8 inches wide.
    expect(built?.size).toBe("8 inch x 6 inch");
    expect(built?.shape).toBe("Everlasting Collection");
    expect(built?.frameStyle).toBe("Gold · 5 × Rectangle (Landscape)");
    expect(built?.price).toBe(12963);
    expect(built?.additionalImages).toHaveLength(4);
    expect(built?.cropData?.aspectRatio).toBe("4:3");
  });

  it("adds the options' price modifiers", () => {
    const options = FALLBACK_OPTIONS.map((o) => (o.id === "white" ? { ...o, priceModifierPence: 300 } : o));
    expect(buildCreatorCartItem(creatorState(), options, fixedId)?.price).toBe(9615);
  });

  it("carries each extra photo's crop inside that photo, null for a centred one", () => {
    const cropped = creatorReducer(creatorState(), {
      type: "setAdditionalCrop",
      index: 1,
      cropData: { x: 3, zoom: 2 },
      cropPixels: { x: 100, y: 50, width: 800, height: 800 },
    });
    const built = buildCreatorCartItem(cropped, FALLBACK_OPTIONS, fixedId);
    expect(built?.config).toMatchObject({
      additionalCropPixels: [null, { x: 100, y: 50, width: 800, height: 800 }],
    });
    expect(cartItemSchema.parse(built)).toEqual(built);
    const outside = creatorReducer(creatorState(), {
      type: "setAdditionalCrop",
      index: 0,
      cropData: {},
      cropPixels: { x: 1000, y: 0, width: 800, height: 800 },
    });
    expect(buildCreatorCartItem(outside, FALLBACK_OPTIONS, fixedId)?.config).not.toHaveProperty(
      "additionalCropPixels",
    );
  });

  it("carries local contrast only when it was chosen, and it survives the schema", () => {
    const plain = buildCreatorCartItem(creatorState(), FALLBACK_OPTIONS, fixedId);
    expect(plain?.config).not.toHaveProperty("localContrast");
    const contrasted = creatorReducer(creatorState(), { type: "setLocalContrast", on: true });
    const built = buildCreatorCartItem(contrasted, FALLBACK_OPTIONS, fixedId);
    expect(built?.config).toMatchObject({ localContrast: true });
    expect(cartItemSchema.parse(built)).toEqual(built);
    // Not a priced choice: the line costs the same.
    expect(built?.price).toBe(plain?.price);
  });

  it("omits crop pixels when none were reported", () => {
    const state = creatorReducer(creatorState(), { type: "setCrop", cropData: {}, cropPixels: null });
    const built = buildCreatorCartItem(state, FALLBACK_OPTIONS, fixedId);
    expect(built?.config).not.toHaveProperty("cropPixels");
  });

  it("is null until Add to Cart is allowed", () => {
    expect(buildCreatorCartItem(INITIAL_CREATOR_STATE, FALLBACK_OPTIONS)).toBeNull();
    const missingExtras = creatorReducer(creatorState(), { type: "removeAdditionalImage", index: 0 });
    expect(buildCreatorCartItem(missingExtras, FALLBACK_OPTIONS)).toBeNull();
  });

  it("is null when a chosen option is not in the given list", () => {
    expect(
      buildCreatorCartItem(
        creatorState(),
        FALLBACK_OPTIONS.filter((o) => o.id !== "white"),
      ),
    ).toBeNull();
  });

  it("formats frame styles", () => {
    expect(lithophaneFrameStyle("Black", 1, "Rectangle (Portrait)")).toBe("Black · 1 × Rectangle (Portrait)");
  });
});

describe("buildAccessoryCartItem", () => {
  it("uses size 'Standard', shape 'Rectangle' and a 1:1 crop at zoom 1", () => {
    const product = { id: "wall-mount", name: "Wall Mount", pricePence: 1299, imageUrl: "/img/mount.jpg" };
    expect(buildAccessoryCartItem(product, fixedId)).toEqual({
      id: "1732240000000-abc123def",
      imageUrl: "/img/mount.jpg",
      originalImageUrl: "/img/mount.jpg",
      additionalImages: [],
      size: "Standard",
      shape: "Rectangle",
      frameStyle: "Wall Mount",
      price: 1299,
      cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
      config: { kind: "accessory", productId: "wall-mount" },
    });
  });

  it("allows a product without an image", () => {
    const built = buildAccessoryCartItem({ id: "p", name: "Cloth", pricePence: 499, imageUrl: null });
    expect(built.imageUrl).toBe("");
    expect(cartItemSchema.safeParse(built).success).toBe(true);
  });
});

describe("lithophaneConfigPricePence", () => {
  const config = {
    kind: "lithophane" as const,
    bundleId: "family" as const,
    processing: "grayscale",
    shapeId: "rectangle-portrait",
    frameColorId: "black",
    sizeId: "8x6",
  };

  it("recomputes the price the creator showed", () => {
    expect(lithophaneConfigPricePence(config, FALLBACK_OPTIONS)).toBe(12963);
  });

  it("refuses unknown, unavailable or mismatched choices", () => {
    expect(lithophaneConfigPricePence({ ...config, sizeId: "7x7" }, FALLBACK_OPTIONS)).toBeNull();
    expect(lithophaneConfigPricePence({ ...config, sizeId: "10x7.5" }, FALLBACK_OPTIONS)).toBeNull();
    expect(lithophaneConfigPricePence({ ...config, processing: "colour" }, FALLBACK_OPTIONS)).toBeNull();
    expect(lithophaneConfigPricePence({ ...config, frameColorId: "pink" }, FALLBACK_OPTIONS)).toBeNull();
  });
});

describe("mergeCarts", () => {
  const a = item({ id: "1-a", imageUrl: "/a.png" });
  const b = item({ id: "2-b", imageUrl: "/b.png" });
  const c = item({ id: "3-c", imageUrl: "/c.png" });

  it("reports 'synced' when both carts had items, saved entries first and winning", () => {
    const localCopyOfA = { ...a, id: "9-local", price: 1 };
    const merged = mergeCarts([localCopyOfA, c], [a, b]);
    expect(merged.outcome).toBe("synced");
    expect(merged.items.map((i) => i.id)).toEqual(["1-a", "2-b", "3-c"]);
  });

  it("reports 'restored' when only the saved cart had items", () => {
    expect(mergeCarts([], [a, b])).toEqual({ items: [a, b], outcome: "restored" });
  });

  it("reports 'none' when the saved cart was empty", () => {
    expect(mergeCarts([a], [])).toEqual({ items: [a], outcome: "none" });
    expect(mergeCarts([], [])).toEqual({ items: [], outcome: "none" });
  });

  it("matches on image, size, shape, frame and additional images only", () => {
    const differentExtras = { ...a, id: "x", additionalImages: ["/e.png"] };
    const differentFrame = { ...a, id: "y", frameStyle: "Gold · 1 × Square" };
    const differentSize = { ...a, id: "z", size: "6 inch x 8 inch" };
    const samePrintDifferentCrop = { ...a, id: "w", cropData: { x: 9, y: 9, zoom: 2, aspectRatio: "1:1" } };
    const merged = mergeCarts([differentExtras, differentFrame, differentSize, samePrintDifferentCrop], [a]);
    expect(merged.items.map((i) => i.id)).toEqual(["1-a", "x", "y", "z"]);
  });

  it("lets each saved entry absorb one identical local entry, keeping deliberate duplicates", () => {
    const secondA = { ...a, id: "5-a2" };
    expect(mergeCarts([a, secondA], [a]).items.map((i) => i.id)).toEqual(["1-a", "5-a2"]);
    expect(mergeCarts([a], [a, secondA]).items.map((i) => i.id)).toEqual(["1-a", "5-a2"]);
  });

  it("treats the same accessory as one line even when renamed or re-pictured since it was saved (issue 30)", () => {
    const bulb = buildAccessoryCartItem(
      { id: "led", name: "Spare LED", pricePence: 999, imageUrl: "/led.png" },
      () => "1-l",
    );
    const renamed = { ...bulb, id: "2-l", frameStyle: "Spare LED Strip", imageUrl: "/led-2.png" };
    expect(isSameCartLine(bulb, renamed)).toBe(true);
    expect(mergeCarts([renamed], [bulb]).items.map((i) => i.id)).toEqual(["1-l"]);
    const other = { ...bulb, id: "3-o", config: { kind: "accessory" as const, productId: "stand" } };
    expect(isSameCartLine(bulb, other)).toBe(false);
  });

  it("re-adds an earlier session's lines once: lines already in the cart are not added again (issue 30)", () => {
    const bulb = buildAccessoryCartItem(
      { id: "led", name: "Spare LED", pricePence: 999, imageUrl: "/led.png" },
      () => "1-l",
    );
    const again = [{ ...a, id: "7-a" }, { ...bulb, id: "8-l" }, c, { ...c, id: "9-c" }];
    const { added, alreadyInCart } = linesToReAdd([a, bulb], again);
    expect(added.map((i) => i.id)).toEqual(["3-c"]);
    expect(alreadyInCart).toBe(3);
    expect(linesToReAdd([], [a, b]).added).toEqual([a, b]);
  });

  it("is idempotent: merging the merged cart with the saved one again adds nothing", () => {
    const arbitraryItem = fc
      .record({
        image: fc.constantFrom("/a.png", "/b.png", "/c.png"),
        size: fc.constantFrom("7 inch x 7 inch", "6 inch x 8 inch"),
        id: fc.string({ minLength: 1, maxLength: 5 }),
      })
      .map(({ image: imageUrl, size, id }) => item({ id, imageUrl, size }));
    fc.assert(
      fc.property(
        fc.array(arbitraryItem, { maxLength: 8 }),
        fc.array(arbitraryItem, { maxLength: 8 }),
        (local, saved) => {
          const once = mergeCarts(local, saved).items;
          // Every saved entry survives, and nothing else beyond the local entries is added.
          expect(once.slice(0, saved.length)).toEqual(saved);
          expect(once.length).toBeLessThanOrEqual(local.length + saved.length);
          expect(once.length).toBeGreaterThanOrEqual(Math.max(local.length, saved.length));
          // Signing in again with the merged cart both locally and saved changes nothing.
          expect(mergeCarts(once, once).items).toEqual(once);
        },
      ),
    );
  });

  it("uses a stable merge key", () => {
    const sameLineOtherIdAndPrice: CartItem = { ...a, id: "other", price: 1 };
    expect(cartItemMergeKey(a)).toBe(cartItemMergeKey(sameLineOtherIdAndPrice));
    expect(cartItemMergeKey(a)).not.toBe(cartItemMergeKey(b));
  });

  it("caps the merged cart", () => {
    const many = Array.from({ length: MAX_CART_ITEMS }, (_, n) =>
      item({ id: `${n}`, imageUrl: `/${n}.png` }),
    );
    expect(
      mergeCarts(
        many,
        many.map((i) => ({ ...i, imageUrl: `${i.imageUrl}?saved` })),
      ).items,
    ).toHaveLength(MAX_CART_ITEMS);
  });
});

describe("parseStoredCart", () => {
  const good = item();

  it("reads an array, a JSON string or an {items} object", () => {
    expect(parseStoredCart([good])).toEqual([good]);
    expect(parseStoredCart(JSON.stringify([good]))).toEqual([good]);
    expect(parseStoredCart({ items: [good], total: 5450 })).toEqual([good]);
  });

  it("drops invalid entries and keeps the valid ones", () => {
    const stored = [
      good,
      null,
      "junk",
      { ...good, id: "2", price: "54.50" },
      { ...good, id: "3", price: 54.5 },
      { ...good, id: "4", price: -1 },
      { ...good, id: "5", config: undefined },
      { ...good, id: "6", config: { kind: "mystery" } },
      { ...good, id: "7", additionalImages: "nope" },
      { ...good, id: "8", cropData: { x: 0, y: 0, zoom: 0 } },
      { ...good, id: "9" },
    ];
    expect(parseStoredCart(stored).map((i) => i.id)).toEqual(["1-a", "9"]);
  });

  it("fills a missing crop aspect ratio with the default 1:1", () => {
    const stored = [{ ...good, cropData: { x: 1, y: 2, zoom: 1 } }];
    expect(parseStoredCart(stored)[0]?.cropData).toEqual({ x: 1, y: 2, zoom: 1, aspectRatio: "1:1" });
  });

  it("drops repeated ids", () => {
    expect(parseStoredCart([good, { ...good, price: 1 }])).toEqual([good]);
  });

  it("treats anything unreadable as an empty cart", () => {
    for (const stored of [undefined, null, "", "{not json", "42", 42, {}, { items: "x" }, true]) {
      expect(parseStoredCart(stored)).toEqual([]);
    }
  });

  it("keeps at most MAX_CART_ITEMS", () => {
    const many = Array.from({ length: MAX_CART_ITEMS + 5 }, (_, n) => ({ ...good, id: `${n}` }));
    expect(parseStoredCart(many)).toHaveLength(MAX_CART_ITEMS);
  });

  it("never throws and only returns valid items", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.anything()), fc.string(), fc.json()), (stored) => {
        for (const parsed of parseStoredCart(stored))
          expect(cartItemSchema.safeParse(parsed).success).toBe(true);
      }),
    );
  });
});
