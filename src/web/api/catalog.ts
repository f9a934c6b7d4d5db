/**
 * The catalogue: the shop's products and the creator's options.
 *   GET /api/catalog/products -> { products: CatalogProduct[] }
 *   GET /api/catalog/options  -> { options: GroupedOptions, source: "database" | "fallback" }
 * Both are revalidated on every request (no-cache + ETag), so an admin's edit shows on the
 * creator's next 30-second refetch.
 */
import type { GroupedOptions } from "@shared/options";
import { api, readJson } from "./client";

/** A product as the shop shows it; money is GBP pence. */
export interface CatalogProduct {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly pricePence: number;
  readonly status: "available" | "coming_soon";
  readonly imageUrl: string | null;
  readonly specifications: readonly string[];
  readonly features: readonly string[];
  readonly compatibility: string | null;
  /** Units that can still be bought; null: made to order. */
  readonly stockAvailable?: number | null;
}

export interface OptionsAnswer {
  /** Active options by type (processing, frame_color, shape, size), each in sort order. */
  readonly options: GroupedOptions;
  /** "fallback" when the options table is empty and the spec's defaults are shown. */
  readonly source: "database" | "fallback";
}

/** Products on sale or coming soon, in the maker's order. Throws ApiRequestError on failure. */
export async function fetchProducts(): Promise<CatalogProduct[]> {
  const body = await readJson<{ products: CatalogProduct[] }>(api.catalog.products.$get());
  return body.products;
}

/** The creator's options, grouped by type. Throws ApiRequestError on failure. */
export async function fetchOptions(): Promise<OptionsAnswer> {
  return readJson<OptionsAnswer>(api.catalog.options.$get());
}
