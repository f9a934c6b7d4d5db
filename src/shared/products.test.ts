import { describe, expect, it } from "vitest";
import {
  isListed,
  isPurchasable,
  listedProducts,
  normaliseProductStatus,
  PRODUCT_CATEGORIES,
} from "./products";

describe("products", () => {
  it("have the spec's categories", () => {
    expect(PRODUCT_CATEGORIES).toEqual([
      "Accessories",
      "Mounting",
      "Conversion",
      "Frames",
      "Images",
      "Maintenance",
    ]);
  });

  it("treat any status but coming_soon and disabled as available", () => {
    expect(normaliseProductStatus("coming_soon")).toBe("coming_soon");
    expect(normaliseProductStatus("disabled")).toBe("disabled");
    expect(normaliseProductStatus("active")).toBe("available");
    expect(normaliseProductStatus(null)).toBe("available");
  });

  it("list active, non-disabled products; sell only those not coming soon", () => {
    expect(isListed({ status: "available", isActive: true })).toBe(true);
    expect(isListed({ status: "coming_soon", isActive: true })).toBe(true);
    expect(isListed({ status: "disabled", isActive: true })).toBe(false);
    expect(isListed({ status: "available", isActive: false })).toBe(false);
    expect(isPurchasable({ status: "available", isActive: true })).toBe(true);
    expect(isPurchasable({ status: "coming_soon", isActive: true })).toBe(false);
  });

  it("order listed products by sort order then name", () => {
    const products = [
      { name: "B", sortOrder: 2, status: "available" as const, isActive: true },
      { name: "Hidden", sortOrder: 0, status: "disabled" as const, isActive: true },
      { name: "A", sortOrder: 2, status: "coming_soon" as const, isActive: true },
      { name: "First", sortOrder: 1, status: "available" as const, isActive: true },
    ];
    expect(listedProducts(products).map((p) => p.name)).toEqual(["First", "A", "B"]);
  });
});
