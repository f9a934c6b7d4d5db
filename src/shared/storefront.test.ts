import { describe, expect, it } from "vitest";
import { BUNDLES } from "./bundles";
import { FALLBACK_OPTIONS, groupOptions } from "./options";
import { lightboxProductData, pageHead } from "./seo";
import {
  cropToAspect,
  fallbackSrc,
  heroMarker,
  ratingSummary,
  reviewDateText,
  reviewerFirstName,
  SLOT_SPECS,
  srcSet,
  variantWidths,
} from "./storefront";
import { lightboxFromPricePence, reviewSubmissionSchema, siteImageCreateSchema } from "./storefront-rules";

describe("the image pipeline's sizes", () => {
  it("encodes the slot's widths no wider than the source, at least one", () => {
    expect(variantWidths(SLOT_SPECS.home_hero, 4000)).toEqual([400, 640, 768, 960, 1280]);
    expect(variantWidths(SLOT_SPECS.home_hero, 700)).toEqual([400, 640]);
    expect(variantWidths(SLOT_SPECS.gallery, 200)).toEqual([200]);
  });
  it("crops the largest centred area at the slot's aspect", () => {
    expect(cropToAspect(1600, 1200, 1)).toEqual({ width: 1200, height: 1200 });
    expect(cropToAspect(900, 1600, 4 / 3)).toEqual({ width: 900, height: 675 });
    expect(cropToAspect(1600, 1200, 4 / 3)).toEqual({ width: 1600, height: 1200 });
  });
  it("writes srcset, the fallback src and the hero marker", () => {
    const image = {
      webp: [
        { w: 400, url: "/a.webp" },
        { w: 640, url: "/b.webp" },
      ],
    };
    expect(srcSet(image.webp)).toBe("/a.webp 400w, /b.webp 640w");
    expect(fallbackSrc(image)).toBe("/b.webp");
    expect(heroMarker("home_hero")).toBe('<picture data-slot="home_hero"></picture>');
  });
});

describe("ratings come from real reviews only", () => {
  it("averages to one decimal and is null without reviews", () => {
    expect(ratingSummary([])).toBeNull();
    expect(ratingSummary([5, 4, 4])).toEqual({ average: 4.3, count: 3 });
    expect(ratingSummary([5, 0, 7, 2.5])).toEqual({ average: 5, count: 1 });
  });
  it("puts AggregateRating in /shop's Product only when there is a rating", () => {
    const lightbox = { fromPricePence: 5450, rating: null };
    const without = lightboxProductData("https://shop.test", lightbox, null) as Record<string, unknown>;
    expect(without.aggregateRating).toBeUndefined();
    expect(without.offers).toMatchObject({ lowPrice: "54.50", priceCurrency: "GBP" });
    const rated = pageHead("/shop", "https://shop.test", {
      lightbox: { fromPricePence: 5450, rating: { average: 4.5, count: 2 } },
    }).structuredData[0] as Record<string, unknown>;
    expect(rated.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(pageHead("/shop", "https://shop.test").structuredData).toEqual([]);
  });
  it("gives every public page the hero as its preview image, never the admin", () => {
    const image = { url: "https://shop.test/h.webp", width: 1280, height: 1280, alt: "A lit lightbox" };
    expect(pageHead("/faq", "https://shop.test", { image }).image).toEqual(image);
    expect(pageHead("/admin/orders", "https://shop.test", { image }).image).toBeNull();
  });
});

describe("the custom lightbox's from-price", () => {
  it("is the cheapest bundle with the cheapest selectable choices that fit together", () => {
    const options = groupOptions(FALLBACK_OPTIONS);
    const from = lightboxFromPricePence(BUNDLES, options);
    expect(from).toBe(5450);
    // A surcharge on every frame colour raises it; a cheaper bundle lowers it.
    const dearer = {
      ...options,
      frame_color: options.frame_color.map((o) => ({ ...o, priceModifierPence: o.priceModifierPence + 300 })),
    };
    expect(lightboxFromPricePence(BUNDLES, dearer)).toBe(5750);
    const cheaper = BUNDLES.map((b) => (b.id === "starter" ? { ...b, pricePence: 4999 } : b));
    expect(lightboxFromPricePence(cheaper, options)).toBe(4999);
    expect(lightboxFromPricePence([], options)).toBeNull();
  });
});

describe("input rules", () => {
  it("requires alt text on an owner's image", () => {
    const base = {
      slot: "gallery",
      uploadId: "0b4f5f4e-8d7a-4c59-9a51-1f0a3c1d2e3f",
      enabled: true,
      sortOrder: 0,
    };
    expect(siteImageCreateSchema.safeParse({ ...base, alt: "A lit heart lightbox" }).success).toBe(true);
    expect(siteImageCreateSchema.safeParse({ ...base, alt: "  " }).success).toBe(false);
    expect(siteImageCreateSchema.safeParse({ ...base, alt: "ok", slot: "banner" }).success).toBe(false);
  });
  it("takes 1-5 whole stars, words and a name", () => {
    const good = { token: "t".repeat(20), rating: 5, body: "Beautiful work, thank you.", name: "Orla" };
    expect(reviewSubmissionSchema.safeParse(good).success).toBe(true);
    expect(reviewSubmissionSchema.safeParse({ ...good, rating: 4.5 }).success).toBe(false);
    expect(reviewSubmissionSchema.safeParse({ ...good, rating: 0 }).success).toBe(false);
    expect(reviewSubmissionSchema.safeParse({ ...good, body: "short" }).success).toBe(false);
    expect(reviewSubmissionSchema.safeParse({ ...good, name: " " }).success).toBe(false);
  });
});

describe("how a review is signed (issue 46)", () => {
  it("shows the reviewer's first name only", () => {
    expect(reviewerFirstName("  Orla Ní Bhriain ")).toBe("Orla");
    expect(reviewerFirstName("Łucja")).toBe("Łucja");
  });
  it("dates it in UK style, on the UK's calendar day", () => {
    expect(reviewDateText("2026-03-02T12:00:00Z")).toBe("2 March 2026");
    // 23:30 UTC in summer is already the next day in London.
    expect(reviewDateText("2026-07-14T23:30:00Z")).toBe("15 July 2026");
  });
});
