/**
 * A product's place in the shop as the owner sets it: one choice (issue 30, item 17), though the
 * spec's data model keeps two fields (products.status and products.is_active) and the shop lists
 * a product only when it is active and not disabled. "Hidden" writes both, so the two never
 * disagree again; a product stored with only one of them off reads as hidden.
 */
import type { PRODUCT_STATUSES } from "./statuses";

type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_LISTINGS = ["available", "coming_soon", "hidden"] as const;
export type ProductListing = (typeof PRODUCT_LISTINGS)[number];

export const PRODUCT_LISTING_LABELS: Readonly<Record<ProductListing, string>> = {
  available: "On sale",
  coming_soon: "Coming soon",
  hidden: "Hidden from the shop",
};

/** What the owner sees for a stored product. */
export function productListing(product: { status: string; isActive: boolean }): ProductListing {
  if (!product.isActive || product.status === "disabled") return "hidden";
  return product.status === "coming_soon" ? "coming_soon" : "available";
}

/** The two stored fields for the owner's choice. */
export function listingFields(listing: ProductListing): { status: ProductStatus; isActive: boolean } {
  return listing === "hidden" ? { status: "disabled", isActive: false } : { status: listing, isActive: true };
}
