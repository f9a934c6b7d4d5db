import { describe, expect, it } from "vitest";
import { BUNDLES } from "../bundles";
import { type CartItem, type CartItemConfig, cartItemSchema } from "../cart";
import { parseCartItem } from "../cart-guard";
import { currentLinePrice } from "../cart-prices";
import { isSameCartLine } from "../cart-state";
import { CREATOR_MESSAGES } from "../creator-messages";
import { isColourConfig } from "../delivery-dates";
import { evaluateDiscount } from "../discounts";
import { MESSAGES } from "../messages";
import { type CreatorOption, FALLBACK_OPTIONS } from "../options";
import { describeLine, exportLineText, lineText } from "../order-line";
import {
  COLOUR_KINDS,
  PHOTO_KINDS,
  PRINTED_KINDS,
  PRODUCT_KINDS,
  type PricingCatalogue,
  productTypeOf,
  typeOfConfig,
} from ".";
import { accessoryPriceRule, accessoryType } from "./accessory";
import { LAMP_SIZE_OPTION_TYPE } from "./lamp";
import { lampPriceRule, lampType } from "./lamp-type";
import { lightboxPriceRule, lightboxType, lithophaneConfigPricePence } from "./lightbox";
import { PRICE_RULES, priceRuleOf } from "./pricing";
import type { OwnerOption } from "./types";

const lightboxConfig: Extract<CartItemConfig, { kind: "lithophane" }> = {
  kind: "lithophane",
  bundleId: "gift",
  processing: "grayscale",
  shapeId: "square",
  frameColorId: "white",
  sizeId: "7x7",
};
const accessoryConfig: Extract<CartItemConfig, { kind: "accessory" }> = {
  kind: "accessory",
  productId: "led-base",
};
const lampConfig: Extract<CartItemConfig, { kind: "lamp" }> = { kind: "lamp", sizeId: "medium" };

const lampSize = (over: Partial<OwnerOption> = {}): OwnerOption => ({
  id: "medium",
  optionType: LAMP_SIZE_OPTION_TYPE,
  name: "Medium (100 x 150 mm)",
  status: "enabled",
  isActive: true,
  priceModifierPence: 6900,
  ...over,
});

const catalogue = (over: Partial<PricingCatalogue> = {}): PricingCatalogue => ({
  offered: FALLBACK_OPTIONS,
  stored: FALLBACK_OPTIONS,
  typeOptions: [lampSize()],
  products: new Map([
    ["led-base", { id: "led-base", name: "LED Base", pricePence: 1299, status: "active", isActive: true }],
  ]),
  bundles: BUNDLES,
  ...over,
});

const line = (config: CartItemConfig, over: Partial<CartItem> = {}): CartItem => ({
  id: "1",
  imageUrl: "/uploads/a.png",
  originalImageUrl: "/uploads/a-original.jpg",
  additionalImages: [],
  size: "Standard",
  shape: "Rectangle",
  frameStyle: "LED Base",
  price: 0,
  config,
  ...over,
});

describe("the registry", () => {
  it("knows each stored kind, and reads an unknown one as a shop product", () => {
    expect(PRODUCT_KINDS).toEqual(["lithophane", "accessory", "lamp"]);
    expect(productTypeOf("lithophane")).toBe(lightboxType);
    expect(productTypeOf("accessory")).toBe(accessoryType);
    expect(productTypeOf("lamp")).toBe(lampType);
    expect(productTypeOf("teapot")).toBe(accessoryType);
    expect(productTypeOf(undefined)).toBe(accessoryType);
  });

  it("finds the type of a kind, a config or a line", () => {
    expect(productTypeOf(lampConfig)).toBe(lampType);
    expect(productTypeOf({ config: lightboxConfig })).toBe(lightboxType);
    expect(productTypeOf({ kind: "accessory", config: null })).toBe(accessoryType);
    expect(typeOfConfig(lightboxConfig)).toBe(lightboxType);
    expect(priceRuleOf(lampConfig)).toBe(lampPriceRule);
    expect(Object.keys(PRICE_RULES)).toEqual(PRODUCT_KINDS);
  });

  it("answers the capabilities instead of names", () => {
    expect(PHOTO_KINDS).toEqual(["lithophane", "lamp"]);
    expect(PRINTED_KINDS).toEqual(["lithophane", "lamp"]);
    expect(COLOUR_KINDS).toEqual(["lithophane"]);
    expect([lightboxType, accessoryType, lampType].map((t) => t.printForm)).toEqual([
      "panel",
      null,
      "cylinder",
    ]);
    expect([lightboxType, accessoryType, lampType].map((t) => t.discountScope)).toEqual([
      "lithophanes",
      "accessories",
      "lithophanes",
    ]);
  });
});

describe("the flat lightbox", () => {
  it("is priced by the creator's rule on the server, with its texts", () => {
    const priced = lightboxPriceRule.price(lightboxConfig, catalogue());
    expect(priced).toEqual({
      ok: true,
      kind: "lithophane",
      unitPricePence: lithophaneConfigPricePence(lightboxConfig, FALLBACK_OPTIONS),
      description: {
        sizeLabel: "7 inch x 7 inch",
        shapeName: "Keepsake Collection",
        frameStyle: "White · 3 × Square",
        lithophaneCount: 3,
        title: MESSAGES.cart.itemTitle,
      },
    });
  });

  it("refuses an unknown option as unknown, a switched-off one as unavailable, a coming-soon size", () => {
    const unknown = lightboxPriceRule.price({ ...lightboxConfig, frameColorId: "plaid" }, catalogue());
    expect(unknown).toEqual({
      ok: false,
      reason: "unknown",
      message: CREATOR_MESSAGES.pricing.lithophaneUnavailable,
    });
    const offered = FALLBACK_OPTIONS.filter((o) => o.id !== "white");
    expect(lightboxPriceRule.price(lightboxConfig, catalogue({ offered }))).toMatchObject({
      reason: "unavailable",
    });
    expect(lightboxPriceRule.price({ ...lightboxConfig, sizeId: "9x9" }, catalogue())).toMatchObject({
      ok: false,
      reason: "unavailable",
    });
    expect(lightboxPriceRule.price({ ...lightboxConfig, sizeId: "6x8" }, catalogue())).toMatchObject({
      reason: "unavailable",
    });
  });

  it("prices the cart from the catalogue once it has answered", () => {
    expect(lightboxPriceRule.currentPrice(lightboxConfig, {})).toBeNull();
    expect(
      lightboxPriceRule.currentPrice(lightboxConfig, { options: FALLBACK_OPTIONS, bundles: BUNDLES }),
    ).toBe(lithophaneConfigPricePence(lightboxConfig, FALLBACK_OPTIONS));
  });

  it("counts a print file and a photo per panel, and checks the bundle's photos", () => {
    const item = { config: lightboxConfig, additionalImages: ["/b.png", "/c.png"] };
    expect(lightboxType.photoCount(item)).toBe(3);
    expect(lightboxType.printFiles(item)).toBe(3);
    expect(lightboxType.photosAllowed(lightboxConfig)).toEqual({ min: 3, max: 3 });
    expect(
      lightboxType.hasItsPhotos(lightboxConfig, { imageUrl: "/a.png", additionalImages: ["/b", "/c"] }),
    ).toBe(true);
    expect(lightboxType.hasItsPhotos(lightboxConfig, { imageUrl: "/a.png", additionalImages: ["/b"] })).toBe(
      false,
    );
    expect(lightboxType.hasItsPhotos(lightboxConfig, { imageUrl: "", additionalImages: ["/b", "/c"] })).toBe(
      false,
    );
  });

  it("is colour by its processing, weighs a lightbox per panel, and is named by its bundle", () => {
    expect(lightboxType.isColour({ ...lightboxConfig, processing: "colour" })).toBe(true);
    expect(isColourConfig({ ...lightboxConfig, processing: "colour" })).toBe(true);
    expect(isColourConfig({ ...accessoryConfig, processing: "colour" })).toBe(false);
    expect(lightboxType.parcelPieces({ bundleId: "gift", quantity: 2 })).toEqual({
      piece: "lightbox",
      count: 6,
    });
    expect(lightboxType.cartName({ shape: "x", frameStyle: "y", config: lightboxConfig })).toBe(
      `${MESSAGES.cart.itemTitle} (Keepsake Collection)`,
    );
    expect(lightboxType.bundleIdOf(lightboxConfig)).toBe("gift");
    expect(lightboxType.productIdOf(lightboxConfig)).toBeNull();
  });
});

describe("an accessory", () => {
  it("costs its product's price; unknown, coming soon and switched off are refused", () => {
    expect(accessoryPriceRule.price(accessoryConfig, catalogue())).toMatchObject({
      ok: true,
      unitPricePence: 1299,
    });
    expect(accessoryPriceRule.price({ ...accessoryConfig, productId: "nope" }, catalogue())).toMatchObject({
      reason: "unknown",
    });
    const products = (status: string, isActive = true) =>
      new Map([["led-base", { id: "led-base", name: "LED Base", pricePence: 1299, status, isActive }]]);
    expect(
      accessoryPriceRule.price(accessoryConfig, catalogue({ products: products("coming_soon") })),
    ).toEqual({
      ok: false,
      reason: "unavailable",
      message: MESSAGES.products.comingSoon.description,
    });
    expect(
      accessoryPriceRule.price(accessoryConfig, catalogue({ products: products("active", false) })),
    ).toMatchObject({
      reason: "unavailable",
    });
    expect(
      accessoryPriceRule.currentPrice(accessoryConfig, { products: [{ id: "led-base", pricePence: 1500 }] }),
    ).toBe(1500);
  });

  it("is not made from photos, prints nothing and merges with the same product and choices", () => {
    expect(accessoryType.printFiles({ config: accessoryConfig })).toBe(0);
    expect(accessoryType.photoCount({ config: accessoryConfig })).toBe(0);
    expect(accessoryType.productIdOf(accessoryConfig)).toBe("led-base");
    expect(accessoryType.parcelPieces({ bundleId: null, quantity: 3 })).toEqual({
      piece: "accessory",
      count: 3,
    });
    const a = line(accessoryConfig);
    expect(isSameCartLine(a, { ...a, frameStyle: "Renamed" })).toBe(true);
    expect(isSameCartLine(a, line({ ...accessoryConfig, frameColorId: "black" }))).toBe(false);
  });

  it("writes its name with its choices, its name alone without", () => {
    const plain = describeLine({
      kind: "accessory",
      size: "Standard",
      shape: "",
      frameStyle: "LED Base",
      config: {},
    });
    expect(lineText(plain)).toBe("LED Base");
    expect(exportLineText(plain)).toBe("LED Base");
  });
});

describe("the lamp", () => {
  it("costs its lamp_size option's price, the owner's", () => {
    expect(lampPriceRule.price(lampConfig, catalogue())).toEqual({
      ok: true,
      kind: "lamp",
      unitPricePence: 6900,
      description: {
        sizeLabel: "Medium (100 x 150 mm)",
        shapeName: "Lithophane lamp",
        frameStyle: "Lithophane lamp",
        lithophaneCount: 1,
        title: "Lithophane lamp",
      },
    });
  });

  it("is unavailable when its size option is missing, switched off or coming soon", () => {
    for (const typeOptions of [
      [],
      [lampSize({ isActive: false })],
      [lampSize({ status: "coming_soon" })],
      [lampSize({ optionType: "size" })],
    ]) {
      expect(lampPriceRule.price(lampConfig, catalogue({ typeOptions }))).toMatchObject({
        ok: false,
        reason: "unavailable",
      });
      expect(lampPriceRule.currentPrice(lampConfig, { typeOptions })).toBeNull();
    }
    expect(
      lampPriceRule.currentPrice(lampConfig, { typeOptions: [lampSize({ priceModifierPence: 7500 })] }),
    ).toBe(7500);
    // Where lamp_size is one of the creator's option types, its rows come with the creator's options.
    const asCreatorOption = { ...lampSize(), sortOrder: 1 } as unknown as CreatorOption;
    expect(
      lampPriceRule.price(lampConfig, catalogue({ typeOptions: [], offered: [asCreatorOption] })),
    ).toMatchObject({
      ok: true,
      unitPricePence: 6900,
    });
    expect(lampPriceRule.currentPrice(lampConfig, { options: [asCreatorOption] })).toBe(6900);
  });

  it("is described by its size and photos around", () => {
    const d = describeLine({
      kind: "lamp",
      size: "Medium (100 x 150 mm)",
      shape: "Lithophane lamp",
      frameStyle: "Lithophane lamp",
      config: lampConfig,
      additionalImages: ["/b.png"],
    });
    expect(d).toMatchObject({
      kind: "lamp",
      title: "Lithophane lamp",
      summary: "Medium (100 x 150 mm) · 2 photos around",
    });
    expect(lineText(d)).toBe("Lithophane lamp: Medium (100 x 150 mm) · 2 photos around");
    expect(exportLineText(d)).toBe("Medium (100 x 150 mm) · 2 photos around");
  });

  it("makes one print file from one to four photos, and counts as a lithophane in discounts", () => {
    expect(lampType.printFiles({ config: lampConfig, additionalImages: ["/b", "/c", "/d"] })).toBe(1);
    expect(lampType.photoCount({ config: lampConfig, additionalImages: ["/b", "/c", "/d"] })).toBe(4);
    expect(lampType.photosAllowed(lampConfig)).toEqual({ min: 1, max: 4 });
    expect(lampType.hasItsPhotos(lampConfig, { imageUrl: "/a", additionalImages: ["/b", "/c", "/d"] })).toBe(
      true,
    );
    expect(
      lampType.hasItsPhotos(lampConfig, { imageUrl: "/a", additionalImages: ["/b", "/c", "/d", "/e"] }),
    ).toBe(false);
    expect(lampType.bundleIdOf(lampConfig)).toBeNull();
    const rule = {
      code: "LITHO10",
      kind: "percent" as const,
      value: 10,
      minSpendPence: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      scope: "lithophanes" as const,
      paused: false,
    };
    const result = evaluateDiscount(
      rule,
      { total: 0, byCustomer: 0 },
      [
        { kind: "lamp", pricePence: 6900 },
        { kind: "accessory", pricePence: 1000 },
      ],
      new Date(),
    );
    expect(result).toMatchObject({ ok: true, discountPence: 690 });
  });

  it("is a cart line both guards accept, with at most three more crops", () => {
    const crop = { x: 0, y: 0, width: 100, height: 150 };
    const item = line(
      { ...lampConfig, cropPixels: crop, additionalCropPixels: [null, crop] },
      {
        additionalImages: ["/b.png", "/c.png"],
      },
    );
    expect(parseCartItem(item)).toEqual(cartItemSchema.parse(item));
    const tooMany = line({ ...lampConfig, additionalCropPixels: [null, null, null, null] });
    expect(parseCartItem(tooMany)).toBeNull();
    expect(cartItemSchema.safeParse(tooMany).success).toBe(false);
    const badSize = line({ kind: "lamp", sizeId: "huge" } as unknown as CartItemConfig);
    expect(parseCartItem(badSize)).toBeNull();
    expect(cartItemSchema.safeParse(badSize).success).toBe(false);
    expect(currentLinePrice(line(lampConfig), { typeOptions: [lampSize()] })).toBe(6900);
  });
});
