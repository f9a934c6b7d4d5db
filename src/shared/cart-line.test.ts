import { describe, expect, it } from "vitest";
import { buildAccessoryCartItem, type CartItem } from "./cart";
import { cartLineSummary, compactSize, frameColourOf } from "./cart-line";

const line = (over: Partial<Extract<CartItem["config"], { kind: "lithophane" }>>, extra = 2): CartItem => ({
  id: "1-abc",
  imageUrl: "/uploads/a.png",
  originalImageUrl: "/uploads/a.jpg",
  additionalImages: Array.from({ length: extra }, (_, i) => `/uploads/e${i}.png`),
  size: "6 inch x 8 inch",
  shape: "Keepsake Collection",
  frameStyle: "Black · 3 × Rectangle (Portrait)",
  price: 9315,
  config: {
    kind: "lithophane",
    bundleId: "gift",
    processing: "grayscale",
    shapeId: "rectangle-portrait",
    frameColorId: "black",
    sizeId: "6x8",
    ...over,
  },
});

describe("cartLineSummary", () => {
  it("reads a creator line in plain English", () => {
    expect(cartLineSummary(line({ sizeId: "8x6" }))).toBe(
      "Keepsake Collection · Greyscale · 3 panels · Rectangle (Portrait) 6″ x 8″ · Black frame",
    );
  });

  it("says one panel, and names shapes the size does not say", () => {
    const single = {
      ...line({ bundleId: "starter", shapeId: "heart", sizeId: "7x7" }, 0),
      frameStyle: "Gold · 1 × Heart",
    };
    expect(cartLineSummary(single)).toBe(
      "Essentials Collection · Greyscale · 1 panel · Heart 7″ x 7″ · Gold frame",
    );
    const hex = {
      ...line({ bundleId: "family", shapeId: "hexagon", sizeId: "9x9", processing: "colour" }, 4),
      frameStyle: "White · 5 × Hexagon",
    };
    expect(cartLineSummary(hex)).toBe(
      "Everlasting Collection · Colour · 5 panels · Hexagon 9″ x 9″ · White frame",
    );
  });

  it("falls back to the line's own size text for a size id without dimensions", () => {
    expect(cartLineSummary(line({ sizeId: "custom-a4" }))).toBe(
      "Keepsake Collection · Greyscale · 3 panels · Rectangle (Portrait) 6″ x 8″ · Black frame",
    );
    const odd = { ...line({ sizeId: "large" }), size: "Large" };
    expect(cartLineSummary(odd)).toBe(
      "Keepsake Collection · Greyscale · 3 panels · Rectangle (Portrait) Large · Black frame",
    );
  });

  it("leaves an accessory's size text as it is", () => {
    const item = buildAccessoryCartItem({ id: "p1", name: "USB Cable", pricePence: 500, imageUrl: null });
    expect(cartLineSummary(item)).toBe("Standard");
  });
});

describe("helpers", () => {
  it("compacts sizes and reads the frame colour", () => {
    // Size ids are height x width (spec section 3); the customer reads width x height (issue 30).
    expect(compactSize("8x6")).toBe("6″ x 8″");
    expect(compactSize("6x8")).toBe("8″ x 6″");
    expect(compactSize("7 inch x 7 inch")).toBe("7 inch x 7 inch");
    expect(compactSize("2.5x3")).toBe("3″ x 2.5″");
    expect(compactSize("Standard")).toBe("Standard");
    expect(frameColourOf("White · 1 × Square")).toBe("White");
    expect(frameColourOf("Walnut")).toBe("Walnut");
  });
});
