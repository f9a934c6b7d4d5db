import { describe, expect, it } from "vitest";
import {
  buildFeed,
  type FeedCandidate,
  feedAvailability,
  feedExclusionReasons,
  feedPrice,
  feedShipping,
  feedText,
} from "./google-feed";
import type { ShippingZone } from "./shipping-zones";

const zone = (id: string, countries: string[], over: number | null): ShippingZone => ({
  id,
  name: id,
  countries,
  standardPence: 899,
  expressPence: 1999,
  freeStandardOverPence: over,
  standardDays: { min: 5, max: 7 },
  expressDays: { min: 2, max: 3 },
  duties: null,
  sortOrder: 0,
});

const candidate = (over: Partial<FeedCandidate> = {}): FeedCandidate => ({
  id: "usb-c-adapter",
  kind: "product",
  title: "USB-C Power Adapter",
  description: "Powers the lightbox.",
  imageUrl: "https://shop.example/media/adapter.webp",
  link: "https://shop.example/shop?product=usb-c-adapter",
  pricePence: 999,
  stockAvailable: null,
  ...over,
});

describe("the Google feed's values", () => {
  it("writes prices as a number with two decimals, a space and GBP", () => {
    expect(feedPrice(1234)).toBe("12.34 GBP");
    expect(feedPrice(5)).toBe("0.05 GBP");
    expect(feedPrice(12963)).toBe("129.63 GBP");
    expect(feedPrice(0)).toBe("0.00 GBP");
  });

  it("takes availability from stock: made to order is in stock, no free unit is out of stock", () => {
    expect(feedAvailability(null)).toBe("in_stock");
    expect(feedAvailability(3)).toBe("in_stock");
    expect(feedAvailability(0)).toBe("out_of_stock");
  });

  it("leaves out items without a photo or a description, saying which", () => {
    expect(feedExclusionReasons({ imageUrl: null, description: "x" })).toEqual(["no_photo"]);
    expect(feedExclusionReasons({ imageUrl: "https://a/b.png", description: "  " })).toEqual([
      "no_description",
    ]);
    expect(feedExclusionReasons({ imageUrl: "", description: "" })).toEqual(["no_photo", "no_description"]);
    const { items, excluded } = buildFeed([candidate(), candidate({ id: "bare", imageUrl: null })], []);
    expect(items.map((i) => i.id)).toEqual(["usb-c-adapter"]);
    expect(excluded).toEqual([
      { id: "bare", kind: "product", title: "USB-C Power Adapter", reasons: ["no_photo"] },
    ]);
  });

  it("cuts long titles on a character and folds whitespace", () => {
    expect(feedText("a  b\n c", 150)).toBe("a b c");
    const long = feedText("é".repeat(200), 150);
    expect(Array.from(long)).toHaveLength(150);
    expect(long.endsWith("…")).toBe(true);
  });

  it("prices delivery per feed country from the zones (free standard over the threshold)", () => {
    const zones = [zone("uk", ["GB"], 7500), zone("ireland", ["IE"], null)];
    expect(feedShipping(zones, 999)).toEqual([
      { country: "GB", service: "Standard", price: "8.99 GBP" },
      { country: "GB", service: "Express", price: "19.99 GBP" },
      { country: "IE", service: "Standard", price: "8.99 GBP" },
      { country: "IE", service: "Express", price: "19.99 GBP" },
    ]);
    expect(feedShipping(zones, 9315)[0]).toEqual({ country: "GB", service: "Standard", price: "0.00 GBP" });
  });

  it("fills every required attribute of an item", () => {
    const [item] = buildFeed([candidate({ stockAvailable: 0 })], [zone("uk", ["GB"], null)]).items;
    expect(item).toMatchObject({
      id: "usb-c-adapter",
      price: "9.99 GBP",
      availability: "out_of_stock",
      condition: "new",
      brand: "Lithobox",
      identifierExists: "no",
    });
  });
});
