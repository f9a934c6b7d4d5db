import { describe, expect, it } from "vitest";
import { listingFields, PRODUCT_LISTINGS, productListing } from "./product-listing";

describe("a product's listing", () => {
  it("reads hidden when either stored field hides it, as the shop's query does", () => {
    expect(productListing({ status: "available", isActive: true })).toBe("available");
    expect(productListing({ status: "coming_soon", isActive: true })).toBe("coming_soon");
    expect(productListing({ status: "available", isActive: false })).toBe("hidden");
    expect(productListing({ status: "coming_soon", isActive: false })).toBe("hidden");
    expect(productListing({ status: "disabled", isActive: true })).toBe("hidden");
  });

  it("writes both fields, and reads back what was chosen", () => {
    expect(listingFields("hidden")).toEqual({ status: "disabled", isActive: false });
    expect(listingFields("available")).toEqual({ status: "available", isActive: true });
    for (const listing of PRODUCT_LISTINGS) expect(productListing(listingFields(listing))).toBe(listing);
  });
});
