/**
 * The public catalogue's answers, serialised once and kept in memory: the JSON bytes, an
 * ETag (SHA-1 of the bytes) and gzip/brotli variants, so a request costs no query, no
 * JSON.stringify, no hashing and no compression.
 *
 * Freshness:
 * - An admin's write through the admin routes drops the snapshot after its transaction has
 *   committed (`invalidateCatalog`), so the very next request reads the database again.
 * - Any write to the catalogue tables (another server on the same PostgreSQL, a script) fires
 *   a trigger that sends NOTIFY catalog_changed at commit; every server LISTENs and drops its
 *   snapshot (`listenForCatalogChanges`), so the change shows everywhere at once.
 * - Fallback (the LISTEN connection is down, a NOTIFY lost): a snapshot older than
 *   CATALOG_TTL_MS is reloaded (one query for all waiting requests; the old snapshot is served
 *   while the reload runs, and dropped if the reload fails so the error is not hidden).
 *
 * One cache per database handle (a WeakMap), so shops in one test process never share answers.
 */
import type { CatalogOptionsAnswer, CatalogProductsAnswer } from "@shared/catalog";
import type { MiddlewareHandler } from "hono";
import type { Database, DbOrTx } from "../db/client.js";
import { type EncodedBody, encodeBody } from "../lib/encoded-body.js";
import { listShopProducts, loadCreatorOptions } from "./catalog.js";
import { activeFilament, colourPrinter } from "./filaments.js";
import { dropPricingSnapshot } from "./pricing.js";
import { loadShopPrices } from "./shop-prices.js";

/** How old a snapshot may be before it is reloaded (writes outside the admin routes). */
export const CATALOG_TTL_MS = 3_000;

/** One serialised answer: the value (typed as the route's answer), its bytes and encodings. */
export interface JsonSnapshot<T = unknown> extends EncodedBody {
  readonly value: T;
}

/** Serialises `value`; reuses `previous`'s encodings when the bytes did not change. */
export function toSnapshot<T>(value: T, previous?: JsonSnapshot<T>): JsonSnapshot<T> {
  const encoded = encodeBody(JSON.stringify(value), previous);
  return previous && encoded === previous ? previous : { ...encoded, value };
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
        const [{ grouped, source }, prices, filament, printer] = await Promise.all([
          loadCreatorOptions(db),
          loadShopPrices(db),
          activeFilament(db),
          colourPrinter(db),
        ]);
        return {
          options: grouped,
          source,
          bundles: prices.bundles,
          freeShippingThresholdPence: prices.freeShippingThresholdPence,
          attenuationPerMm: filament.attenuationPerMm,
          scatterPerMm: filament.scatterPerMm,
          colourFilaments: printer.ready
            ? printer.slots.map((s) => ({
                role: s.role,
                colour: s.colour,
                attenuationPerMm: s.attenuationPerMm,
              }))
            : [],
        };
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

/** The channel the catalogue tables' trigger notifies (migration 0004_catalog_notify). */
export const CATALOG_CHANNEL = "catalog_changed";

/**
 * Drops this server's catalogue cache whenever any server or script changes the catalogue
 * (NOTIFY from the tables' trigger). Answers the function that stops listening.
 */
export function listenForCatalogChanges(database: Database): Promise<() => Promise<void>> {
  return database.listen(CATALOG_CHANNEL, () => invalidateCatalog(database.db));
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
