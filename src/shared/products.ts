import type { Pence } from "./money";
import type { ProductStatus } from "./statuses";

export const PRODUCT_CATEGORIES = [
  "Accessories",
  "Mounting",
  "Conversion",
  "Frames",
  "Images",
  "Maintenance",
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export type { ProductStatus } from "./statuses";

/** A shop accessory (a row of products). */
export interface Product {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly category: ProductCategory;
  readonly pricePence: Pence;
  readonly status: ProductStatus;
  readonly isActive: boolean;
  readonly sortOrder: number;
  readonly imageUrl: string | null;
  readonly specifications: readonly string[];
  readonly features: readonly string[];
  readonly compatibility: string | null;
}

/** The spec lists coming_soon and disabled; any other stored value means the product is on sale. */
export function normaliseProductStatus(status: string | null | undefined): ProductStatus {
  return status === "coming_soon" || status === "disabled" ? status : "available";
}

/** Shown in the shop: active and not disabled. */
export function isListed(product: Pick<Product, "status" | "isActive">): boolean {
  return product.isActive && product.status !== "disabled";
}

/** Can be added to the cart: listed and not coming soon. */
export function isPurchasable(product: Pick<Product, "status" | "isActive">): boolean {
  return isListed(product) && product.status !== "coming_soon";
}

/** Listed products in shop order (sortOrder ascending, then name). */
export function listedProducts<T extends Pick<Product, "status" | "isActive" | "sortOrder" | "name">>(
  products: readonly T[],
): T[] {
  return products.filter(isListed).sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}
