/**
 * Catalogue queries shared by the routes, the pricing service and anything else that needs
 * the shop's products or the creator's options.
 */

import type { CatalogProduct, ProductStatus } from "@shared/catalog";
import {
  type CreatorOption,
  FALLBACK_OPTIONS,
  type GroupedOptions,
  groupOptions,
  isOptionType,
  normaliseOptionStatus,
} from "@shared/options";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { productOptions, products } from "../db/schema.js";
import { type StockLevel, stockLevels } from "./stock.js";

export type { CatalogProduct, ProductStatus };

type ProductRow = typeof products.$inferSelect;
type OptionRow = typeof productOptions.$inferSelect;

/** The spec's statuses: coming_soon and disabled are special; anything else is on sale. */
export function productStatus(status: string): ProductStatus | "disabled" {
  if (status === "coming_soon" || status === "disabled") return status;
  return "available";
}

function toCatalogProduct(row: ProductRow, stock: ReadonlyMap<string, StockLevel>): CatalogProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    pricePence: row.price,
    status: row.status === "coming_soon" ? "coming_soon" : "available",
    imageUrl: row.imageUrl,
    specifications: stringList(row.specifications),
    features: stringList(row.features),
    compatibility: row.compatibility,
    stockAvailable: stock.get(row.id)?.available ?? null,
  };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The shop's products: status not disabled and active, by sort order (spec section 7). */
export async function listShopProducts(db: DbOrTx): Promise<CatalogProduct[]> {
  const [rows, stock] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(ne(products.status, "disabled"), eq(products.isActive, true)))
      .orderBy(asc(products.sortOrder), asc(products.id)),
    stockLevels(db),
  ]);
  return rows.map((row) => toCatalogProduct(row, stock));
}

export interface ProductForPricing {
  id: string;
  name: string;
  pricePence: number;
  status: ProductStatus | "disabled";
  isActive: boolean;
}

/** The named products (any status), or every product when no ids are given, in one query. */
export async function findProductsForPricing(
  db: DbOrTx,
  ids?: readonly string[],
): Promise<Map<string, ProductForPricing>> {
  const unique = ids && [...new Set(ids)];
  if (unique?.length === 0) return new Map();
  const query = db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      status: products.status,
      isActive: products.isActive,
    })
    .from(products);
  const rows = await (unique ? query.where(inArray(products.id, unique)) : query);
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, pricePence: r.price, status: productStatus(r.status), isActive: r.isActive },
    ]),
  );
}

/** A product_options row as the shared CreatorOption (id = the row's value). Null for an unknown type. */
export function toCreatorOption(row: OptionRow): CreatorOption | null {
  if (!isOptionType(row.optionType)) return null;
  const shapeIds = Array.isArray(row.shapeIds)
    ? row.shapeIds.filter((s): s is string => typeof s === "string")
    : null;
  return {
    id: row.value,
    optionType: row.optionType,
    name: row.name,
    description: row.description ?? "",
    status: normaliseOptionStatus(row.status),
    sortOrder: row.sortOrder,
    hexColor: row.hexColor,
    shapeIds,
    priceModifierPence: row.priceModifier,
    isActive: row.isActive,
    ...(row.widthMm != null ? { widthMm: row.widthMm } : {}),
    ...(row.heightMm != null ? { heightMm: row.heightMm } : {}),
  };
}

export interface CreatorOptions {
  /** Every row as stored, active or not (empty when the table is). */
  rows: CreatorOption[];
  /** What the creator offers: active options by type and sort order, fallback where a type has none. */
  grouped: GroupedOptions;
  /** "fallback" when the table is empty and the spec's defaults are used. */
  source: "database" | "fallback";
}

/** All of product_options in one query, ordered by option_type then sort_order (spec section 7). */
export async function loadCreatorOptions(db: DbOrTx): Promise<CreatorOptions> {
  const rows = await db
    .select()
    .from(productOptions)
    .orderBy(asc(productOptions.optionType), asc(productOptions.sortOrder));
  const options = rows.flatMap((row) => {
    const option = toCreatorOption(row);
    return option ? [option] : [];
  });
  if (options.length === 0) {
    return { rows: [], grouped: groupOptions(FALLBACK_OPTIONS), source: "fallback" };
  }
  return { rows: options, grouped: groupOptions(options), source: "database" };
}
