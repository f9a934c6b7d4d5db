import type { Context, TypedResponse } from "hono";
import { Hono } from "hono";
import { catalogCache, type JsonSnapshot } from "../catalogue/index.js";
import type { AppContext } from "../context.js";
import { sendEncoded } from "../lib/encoded-body.js";

const JSON_TYPE = "application/json; charset=UTF-8";

/**
 * The shop's catalogue. Answers are revalidated on every use (no-cache + ETag): the creator
 * refetches options every 30 seconds and an admin's edit must show within that interval.
 *
 * The bytes come from an in-memory snapshot (catalogue/catalog-cache.ts) that an admin's write
 * drops at once, with its ETag and gzip/brotli variants computed once per change; a matching
 * If-None-Match is answered 304 without touching the database.
 *
 * GET /catalog/products -> CatalogProductsAnswer (@shared/catalog)
 * GET /catalog/options  -> CatalogOptionsAnswer
 */
export function catalogRoutes(ctx: AppContext) {
  const cache = catalogCache(ctx.database.db);
  return new Hono()
    .get("/catalog/products", async (c) => sendSnapshot(c, await cache.products.get()))
    .get("/catalog/options", async (c) => sendSnapshot(c, await cache.options.get()));
}

/** The snapshot's bytes, typed as the value they serialise (what the typed client reads). */
function sendSnapshot<T>(c: Context, snapshot: JsonSnapshot<T>): Response & TypedResponse<T, 200, "json"> {
  return sendEncoded(c, snapshot, JSON_TYPE) as Response & TypedResponse<T, 200, "json">;
}
