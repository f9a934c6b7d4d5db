import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { sendEncoded } from "../lib/encoded-body.js";
import { catalogCache } from "../services/catalog-cache.js";

const JSON_TYPE = "application/json; charset=UTF-8";

/**
 * The shop's catalogue. Answers are revalidated on every use (no-cache + ETag): the creator
 * refetches options every 30 seconds and an admin's edit must show within that interval.
 *
 * The bytes come from an in-memory snapshot (services/catalog-cache.ts) that an admin's write
 * drops at once, with its ETag and gzip/brotli variants computed once per change; a matching
 * If-None-Match is answered 304 without touching the database.
 *
 * GET /catalog/products -> { products: CatalogProduct[] }
 * GET /catalog/options  -> { options: GroupedOptions, source: "database" | "fallback" }
 */
export function catalogRoutes(ctx: AppContext) {
  const cache = catalogCache(ctx.database.db);
  return new Hono()
    .get("/catalog/products", async (c) => sendEncoded(c, await cache.products.get(), JSON_TYPE))
    .get("/catalog/options", async (c) => sendEncoded(c, await cache.options.get(), JSON_TYPE));
}
