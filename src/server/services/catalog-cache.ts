/**
 * The public catalogue's answers, serialised once and kept in memory: the JSON bytes, an
 * ETag (SHA-1 of the bytes) and gzip/brotli variants, so a request costs no query, no
 * JSON.stringify, no hashing and no compression.
 *
 * Freshness:
 * - An admin's write through the admin routes drops the snapshot after its transaction has
 *   committed (`invalidateCatalog`), so the very next request reads the database again.
 * - Anything else that writes the catalogue tables (a second server on the same PostgreSQL,
 *   a script, a test writing rows directly) shows within CATALOG_TTL_MS: a snapshot older than
 *   that is reloaded (one query for all waiting requests; the old snapshot is served while
 *   the reload runs, and dropped if the reload fails so the error is not hidden).
 *
 * One cache per database handle (a WeakMap), so shops in one test process never share answers.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { CatalogOptionsAnswer, CatalogProductsAnswer } from "@shared/catalog";
import type { MiddlewareHandler } from "hono";
import type { DbOrTx } from "../db/client.js";
import { listShopProducts, loadCreatorOptions } from "./catalog.js";
import { dropPricingSnapshot } from "./pricing.js";

/** How old a snapshot may be before it is reloaded (writes outside the admin routes). */
export const CATALOG_TTL_MS = 3_000;

/** One serialised answer and its encodings. */
type Bytes = Uint8Array<ArrayBuffer>;

/** A copy on its own ArrayBuffer (a Buffer may sit in a shared pool). */
function bytes(buffer: Buffer): Bytes {
  return new Uint8Array(buffer);
}

export interface JsonSnapshot<T = unknown> {
  /** The answer the bytes serialise (its type is the route's typed answer). */
  readonly value: T;
  readonly body: Bytes;
  /**
   * W/"<sha1 of the JSON, base64url>": weak, because the same JSON is also sent gzip- or
   * brotli-encoded under this one validator.
   */
  readonly etag: string;
  readonly gzip: Bytes;
  readonly br: Bytes;
}

function compress(body: Bytes): { gzip: Bytes; br: Bytes } {
  return {
    gzip: bytes(gzipSync(body, { level: 9 })),
    br: bytes(
      brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ),
  };
}

/** Serialises `value`; reuses `previous`'s encodings when the bytes did not change. */
export function toSnapshot<T>(value: T, previous?: JsonSnapshot<T>): JsonSnapshot<T> {
  const body = bytes(Buffer.from(JSON.stringify(value), "utf8"));
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  if (previous && previous.etag === etag) return previous;
  return { value, body, etag, ...compress(body) };
}

interface Entry<T> {
  snapshot: JsonSnapshot<T>;
  generation: number;
  loadedAt: number;
}

/**
 * A single value loaded on demand, kept for `ttlMs`, dropped at once by `invalidate()`.
 * A load that began before an invalidation never stores its (possibly old) result.
 */
export class SnapshotCache<T = unknown> {
  private entry: Entry<T> | undefined;
  private pending: { generation: number; promise: Promise<JsonSnapshot<T>> } | undefined;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number = CATALOG_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<JsonSnapshot<T>> {
    const entry = this.entry;
    if (entry && entry.generation === this.generation) {
      if (this.now() - entry.loadedAt < this.ttlMs) return Promise.resolve(entry.snapshot);
      // Stale: reload in the background, answer with what we have meanwhile.
      this.reload().catch(() => {
        if (this.entry === entry) this.entry = undefined;
      });
      return Promise.resolve(entry.snapshot);
    }
    return this.reload();
  }

  /** Forgets the snapshot; the next get() reads the database. */
  invalidate(): void {
    this.generation++;
    this.entry = undefined;
    this.pending = undefined;
  }

  private reload(): Promise<JsonSnapshot<T>> {
    const generation = this.generation;
    if (this.pending && this.pending.generation === generation) return this.pending.promise;
    const promise = this.load()
      .then((value) => {
        const snapshot = toSnapshot(value, this.entry?.snapshot);
        if (generation === this.generation) {
          this.entry = { snapshot, generation, loadedAt: this.now() };
        }
        return snapshot;
      })
      .finally(() => {
        if (this.pending?.promise === promise) this.pending = undefined;
      });
    this.pending = { generation, promise };
    return promise;
  }
}

export interface CatalogCache {
  /** GET /api/catalog/products: { products } */
  products: SnapshotCache<CatalogProductsAnswer>;
  /** GET /api/catalog/options: { options, source } */
  options: SnapshotCache<CatalogOptionsAnswer>;
}

const caches = new WeakMap<object, CatalogCache>();

/** The catalogue cache of this database handle (created on first use). */
export function catalogCache(db: DbOrTx): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      products: new SnapshotCache<CatalogProductsAnswer>(async () => ({
        products: await listShopProducts(db),
      })),
      options: new SnapshotCache<CatalogOptionsAnswer>(async () => {
        const { grouped, source } = await loadCreatorOptions(db);
        return { options: grouped, source };
      }),
    };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Drops the cached catalogue answers and checkout's pricing snapshot (which a fingerprint check
 * protects anyway; dropping it spares the next checkout a refused attempt). Call after the
 * write's transaction has committed.
 */
export function invalidateCatalog(db: DbOrTx): void {
  dropPricingSnapshot(db);
  const cache = caches.get(db);
  cache?.products.invalidate();
  cache?.options.invalidate();
}

/**
 * Middleware for admin routes that write products or options: once the handler is done (its
 * transaction committed or rolled back), the catalogue is reloaded on the next request.
 * Reads (GET/HEAD) leave the cache alone.
 */
export function invalidateCatalogAfterWrite(db: DbOrTx): MiddlewareHandler {
  return async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.method !== "GET" && c.req.method !== "HEAD") invalidateCatalog(db);
    }
  };
}
