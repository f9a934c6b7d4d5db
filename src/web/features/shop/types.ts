/** A product as GET /api/catalog/products returns it. */
export type { CatalogProduct as ShopProduct } from "@web/features/shop/api";
