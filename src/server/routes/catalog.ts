import type { Context, TypedResponse } from "hono";
import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { catalogCache, type JsonSnapshot } from "../services/catalog-cache.js";

/**
 * The shop's catalogue. Answers are revalidated on every use (no-cache + ETag): the creator
 * refetches options every 30 seconds and an admin's edit must show within that interval.
 *
 * The bytes come from an in-memory snapshot (services/catalog-cache.ts) that an admin's write
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

/** True when an If-None-Match list names `etag` (weak comparison, as for GET in RFC 9110). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((raw) => {
    const tag = raw.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

/** The best encoding the client accepts among br, gzip and identity (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

/**
 * The snapshot's bytes as the answer, typed as the JSON they hold (the typed client reads the
 * shape; a 304 has no body and the browser answers it from its cache).
 */
function sendSnapshot<T>(c: Context, snapshot: JsonSnapshot<T>): Response & TypedResponse<T, 200, "json"> {
  return sendBytes(c, snapshot) as Response & TypedResponse<T, 200, "json">;
}

function sendBytes(c: Context, snapshot: JsonSnapshot): Response {
  // Whatever the encoding, the representation is the same JSON: one validator for all.
  const headers: Record<string, string> = {
    ETag: snapshot.etag,
    "Cache-Control": "no-cache",
    Vary: "Accept-Encoding",
  };
  if (etagMatches(c.req.header("if-none-match"), snapshot.etag)) {
    return c.body(null, 304, headers);
  }
  const encoding = pickEncoding(c.req.header("accept-encoding"));
  const body = encoding === "br" ? snapshot.br : encoding === "gzip" ? snapshot.gzip : snapshot.body;
  headers["Content-Type"] = "application/json; charset=UTF-8";
  headers["Content-Length"] = String(body.length);
  if (encoding) headers["Content-Encoding"] = encoding;
  return c.body(body, 200, headers);
}
