import { describe, expect, it } from "vitest";
import { orderShippingLabel } from "./checkout";
import { allocateDiscount } from "./discounts";
import {
  describeLine,
  describeOrderLines,
  linePanelThumbnails,
  lineText,
  lineThumbnail,
  sizeIdText,
} from "./order-line";
import { SEED_SHIPPING_ZONES, zoneDays, zoneShippingOptions } from "./shipping-zones";

/** A colour Keepsake of 3 landscape panels, as order_items stores it (issue 30's walk-through). */
const colourKeepsake = {
  kind: "lithophane",
  size: "8 inch x 6 inch",
  shape: "Keepsake Collection",
  frameStyle: "Gold · 3 × Rectangle (Landscape)",
  config: {
    kind: "lithophane",
    bundleId: "gift",
    processing: "colour",
    shapeId: "rectangle",
    frameColorId: "gold",
    sizeId: "6x8",
  },
  additionalImages: ["/a.webp", "/b.webp"],
};

const cable = {
  kind: "accessory",
  size: "Standard",
  shape: "Rectangle",
  frameStyle: "USB-C Cable",
  config: {},
};

describe("describeLine (issue 30: one description of an order line)", () => {
  it("says Colour, the panels, the shape, the size width x height and the frame", () => {
    const d = describeLine(colourKeepsake);
    expect(d).toMatchObject({
      kind: "lithophane",
      title: "Lithophane",
      bundle: "Keepsake Collection",
      processing: "Colour",
      colour: true,
      shape: "Rectangle (Landscape)",
      size: "8″ x 6″",
      frame: "Gold",
      panels: 3,
    });
    expect(d.summary).toBe(
      "Keepsake Collection · Colour · 3 panels · Rectangle (Landscape) 8″ x 6″ · Gold frame",
    );
  });

  it("reads a grayscale portrait panel, and an older line whose stored size text was turned round", () => {
    const portrait = describeLine({
      ...colourKeepsake,
      size: "8 inch x 6 inch",
      frameStyle: "Black · 1 × Rectangle (Portrait)",
      config: { ...colourKeepsake.config, bundleId: "starter", processing: "grayscale", sizeId: "8x6" },
    });
    expect(portrait.summary).toBe(
      "Essentials Collection · Greyscale · 1 panel · Rectangle (Portrait) 6″ x 8″ · Black frame",
    );
    expect(portrait.colour).toBe(false);
  });

  it("gives an accessory its name and size text, and no shape", () => {
    const d = describeLine(cable);
    expect(d).toMatchObject({
      kind: "accessory",
      title: "USB-C Cable",
      summary: "Standard",
      shape: null,
      panels: null,
    });
  });

  it("says a made-to-order accessory's choices: frame colour and size, or the attached photo", () => {
    const kit = describeLine({
      ...cable,
      frameStyle: "Frame Colour Swap Kit",
      config: { kind: "accessory", productId: "frame-colour-swap", frameColorId: "black", sizeId: "6x8" },
    });
    expect(kit).toMatchObject({
      title: "Frame Colour Swap Kit",
      summary: "Black frame · 8″ x 6″",
      frame: "Black",
      size: "8″ x 6″",
      photoUrl: null,
    });
    const restoration = describeLine({
      ...cable,
      frameStyle: "Photo Restoration Service",
      config: {
        kind: "accessory",
        productId: "photo-restoration",
        photoUrl: "https://cdn.example/p.webp",
        photoOriginalUrl: "https://cdn.example/o.jpg",
      },
    });
    expect(restoration.summary).toBe("Photo attached");
    expect(restoration.photoUrl).toBe("https://cdn.example/o.jpg");
    expect(describeLine(cable).photoUrl).toBeNull();
    // The invoice and the export: the name with the choices, the name alone without.
    expect(lineText(kit)).toBe("Frame Colour Swap Kit: Black frame · 8″ x 6″");
    expect(lineText(restoration)).toBe("Photo Restoration Service: Photo attached");
    expect(lineText(describeLine(cable))).toBe("USB-C Cable");
  });

  it("turns size ids round: the spec writes height x width", () => {
    expect(sizeIdText("6x8")).toBe("8″ x 6″");
    expect(sizeIdText("8x6")).toBe("6″ x 8″");
    expect(sizeIdText("7x7")).toBe("7″ x 7″");
    expect(sizeIdText("10x7.5")).toBe("7.5″ x 10″");
    expect(sizeIdText("Standard")).toBeNull();
  });

  it("shares the discount over the lines so lines, discount and shipping add up to the penny", () => {
    const lines = [
      { ...colourKeepsake, price: 9315 + 3 * 1500 },
      { ...cable, price: 999 },
    ];
    const discount = 1082;
    const shares = allocateDiscount(
      lines.map((l) => ({ kind: l.kind as "lithophane" | "accessory", pricePence: l.price })),
      "all",
      discount,
    );
    const described = describeOrderLines(lines, shares);
    const list = described.reduce((sum, l) => sum + l.listPence, 0);
    const charged = described.reduce((sum, l) => sum + l.chargedPence, 0);
    expect(described.reduce((sum, l) => sum + l.discountSharePence, 0)).toBe(discount);
    expect(list - discount).toBe(charged);
    expect(described[0]?.summary).toContain("Colour · 3 panels");
  });
});

describe("lineThumbnail and linePanelThumbnails (issue 30: a colour line's pictures in colour)", () => {
  const line = {
    imageUrl: "/m/1-p-preview.webp",
    originalImageUrl: "/m/1-p.jpg",
    additionalImages: ["/m/2-q-preview.webp", "/m/3-r-preview.webp"],
  };
  it("shows every panel of a colour line by its colour thumbnail, falling back to what it has", () => {
    expect(linePanelThumbnails({ ...line, config: colourKeepsake.config })).toEqual([
      { src: "/m/1-p-preview-colour.webp", fallback: "/m/1-p.jpg" },
      { src: "/m/2-q-preview-colour.webp", fallback: "/m/2-q-preview.webp" },
      { src: "/m/3-r-preview-colour.webp", fallback: "/m/3-r-preview.webp" },
    ]);
  });
  it("shows a greyscale line's panels as their previews", () => {
    const grey = { ...line, config: { ...colourKeepsake.config, processing: "grayscale" } };
    expect(linePanelThumbnails(grey).map((t) => t.src)).toEqual([
      "/m/1-p-preview.webp",
      "/m/2-q-preview.webp",
      "/m/3-r-preview.webp",
    ]);
  });
  it("uses the colour upload itself when the photo is not a preview, and nothing when there is none", () => {
    expect(
      lineThumbnail({
        imageUrl: "/m/1-p.jpg",
        originalImageUrl: "/m/1-p.jpg",
        config: colourKeepsake.config,
      }),
    ).toEqual({ src: "/m/1-p.jpg", fallback: "/m/1-p.jpg" });
    expect(lineThumbnail({ imageUrl: "", originalImageUrl: null, config: colourKeepsake.config })).toBeNull();
    expect(
      linePanelThumbnails({ imageUrl: "", originalImageUrl: null, additionalImages: [""], config: {} }),
    ).toEqual([]);
  });
});

describe("orderShippingLabel (issue 30: one delivery window per zone and method)", () => {
  const zones = SEED_SHIPPING_ZONES(["GB", "IE", "US", "CA", "FR", "JP"]);
  const zone = (id: string) => zones.find((z) => z.id === id)!;

  it("says the zone's window the checkout showed", () => {
    for (const z of zones) {
      for (const option of zoneShippingOptions(z, 0)) {
        const days = zoneDays(z, option.method);
        expect(
          orderShippingLabel({
            shippingMethod: option.method,
            deliveryDaysMin: days.min,
            deliveryDaysMax: days.max,
          }),
        ).toBe(`${option.label} (${option.estimate})`);
      }
    }
    const ie = zoneDays(zone("ireland"), "standard");
    expect(
      orderShippingLabel({ shippingMethod: "standard", deliveryDaysMin: ie.min, deliveryDaysMax: ie.max }),
    ).toBe("Standard Delivery (3-5 business days)");
    const us = zoneDays(zone("us-canada"), "express");
    expect(
      orderShippingLabel({ shippingMethod: "express", deliveryDaysMin: us.min, deliveryDaysMax: us.max }),
    ).toBe("Express Delivery (3-6 business days)");
    const usStandard = zoneDays(zone("us-canada"), "standard");
    expect(
      orderShippingLabel({
        shippingMethod: "standard",
        deliveryDaysMin: usStandard.min,
        deliveryDaysMax: usStandard.max,
      }),
    ).toBe("Standard Delivery (7-14 business days)");
  });

  it("keeps the spec's UK texts, for the UK zone and for orders placed before the days were kept", () => {
    const uk = zoneDays(zone("uk"), "standard");
    expect(
      orderShippingLabel({ shippingMethod: "standard", deliveryDaysMin: uk.min, deliveryDaysMax: uk.max }),
    ).toBe("Standard Delivery (5-7 business days)");
    expect(orderShippingLabel({ shippingMethod: "express" })).toBe("Express Delivery (2-3 business days)");
    expect(orderShippingLabel({ shippingMethod: "pigeon", deliveryDaysMin: 1, deliveryDaysMax: 2 })).toBe(
      "pigeon",
    );
  });
});
