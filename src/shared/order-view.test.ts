import { describe, expect, it } from "vitest";
import {
  addressLines,
  cartItemFromOrderLine,
  isDispatched,
  orderViewLine,
  photoUsableBy,
  type StoredOrderLine,
} from "./order-view";

const lithophane: StoredOrderLine = {
  kind: "lithophane",
  size: "6 inch x 8 inch",
  shape: "Keepsake Collection",
  frameColor: "Black · 3 × Rectangle (Landscape)",
  price: 9315,
  imageUrl: "/media/images/a.webp",
  originalImageUrl: "/media/images/a.jpg",
  additionalImages: ["/media/images/b.webp", "/media/images/c.webp"],
  crop: { x: 1, y: 2, zoom: 1.5, aspectRatio: "4:3" },
  config: {
    kind: "lithophane",
    bundleId: "gift",
    processing: "grayscale",
    shapeId: "rectangle",
    frameColorId: "black",
    sizeId: "6x8",
    cropPixels: { x: 0, y: 0, width: 800, height: 600 },
    additionalCropPixels: [null, { x: 5, y: 5, width: 100, height: 75 }],
    clientItemId: "1-old",
  },
};

describe("cartItemFromOrderLine", () => {
  it("rebuilds the cart line the order was placed from, with a new id", () => {
    const rebuilt = cartItemFromOrderLine(lithophane, () => "2-new");
    expect(rebuilt).toEqual({
      ok: true,
      item: {
        id: "2-new",
        imageUrl: "/media/images/a.webp",
        originalImageUrl: "/media/images/a.jpg",
        additionalImages: ["/media/images/b.webp", "/media/images/c.webp"],
        size: "6 inch x 8 inch",
        shape: "Keepsake Collection",
        frameStyle: "Black · 3 × Rectangle (Landscape)",
        price: 9315,
        cropData: { x: 1, y: 2, zoom: 1.5, aspectRatio: "4:3" },
        config: {
          kind: "lithophane",
          bundleId: "gift",
          processing: "grayscale",
          shapeId: "rectangle",
          frameColorId: "black",
          sizeId: "6x8",
          cropPixels: { x: 0, y: 0, width: 800, height: 600 },
          additionalCropPixels: [null, { x: 5, y: 5, width: 100, height: 75 }],
        },
      },
    });
  });

  it("refuses a line whose config no longer reads, or whose photo count is not the bundle's", () => {
    expect(cartItemFromOrderLine({ ...lithophane, config: { kind: "lithophane" } }, () => "x")).toEqual({
      ok: false,
      problem: "config",
    });
    expect(cartItemFromOrderLine({ ...lithophane, additionalImages: ["/b.webp"] }, () => "x").ok).toBe(false);
    expect(
      cartItemFromOrderLine({ ...lithophane, imageUrl: null, originalImageUrl: null }, () => "x").ok,
    ).toBe(false);
    expect(cartItemFromOrderLine({ ...lithophane, kind: "accessory" }, () => "x").ok).toBe(false);
  });

  it("rebuilds an accessory line", () => {
    const accessory: StoredOrderLine = {
      kind: "accessory",
      size: "Standard",
      shape: "Rectangle",
      frameColor: "USB Cable",
      price: 500,
      imageUrl: null,
      originalImageUrl: null,
      additionalImages: [],
      crop: null,
      config: { kind: "accessory", productId: "usb-cable", clientItemId: "9" },
    };
    const rebuilt = cartItemFromOrderLine(accessory, () => "n");
    expect(rebuilt.ok && rebuilt.item.config).toEqual({ kind: "accessory", productId: "usb-cable" });
    expect(rebuilt.ok && rebuilt.item.frameStyle).toBe("USB Cable");
  });
});

describe("photoUsableBy", () => {
  it("needs the photo stored and, for an account's upload, the same account", () => {
    expect(photoUsableBy(null, "u1")).toBe("photo-missing");
    expect(photoUsableBy({ userId: "u2" }, "u1")).toBe("photo-not-yours");
    expect(photoUsableBy({ userId: "u2" }, null)).toBe("photo-not-yours");
    expect(photoUsableBy({ userId: "u1" }, "u1")).toBeNull();
    expect(photoUsableBy({ userId: null }, "u1")).toBeNull();
    expect(photoUsableBy({ userId: null }, null)).toBeNull();
  });
});

describe("order view helpers", () => {
  it("shows every panel and the line in plain English", () => {
    const line = orderViewLine({ ...lithophane, quantity: 1 });
    expect(line.summary).toBe(
      "Keepsake Collection · Greyscale · 3 panels · Rectangle (Landscape) 8″ x 6″ · Black frame",
    );
    expect(line.photos.map((p) => p.src)).toEqual([
      "/media/images/a.webp",
      "/media/images/b.webp",
      "/media/images/c.webp",
    ]);
    expect(line.title).toBe("Lithophane");
  });

  it("knows when an order has left the workshop", () => {
    expect(["dispatched", "in_transit", "delivered"].every(isDispatched)).toBe(true);
    expect(["pending", "paid", "processing", "cancelled", "nonsense"].some(isDispatched)).toBe(false);
  });

  it("prints the address without empty parts", () => {
    expect(
      addressLines({
        line1: "1 Main St",
        line2: " ",
        city: "Belfast",
        state: "",
        postalCode: "BT1 1AA",
        country: "United Kingdom",
      }),
    ).toEqual(["1 Main St", "Belfast", "BT1 1AA", "United Kingdom"]);
    expect(
      addressLines({
        line1: "2 Rue",
        line2: "Apt 3",
        city: "Paris",
        state: "IDF",
        postalCode: "75001",
        country: "France",
      }),
    ).toEqual(["2 Rue", "Apt 3", "Paris, IDF", "75001", "France"]);
  });
});
