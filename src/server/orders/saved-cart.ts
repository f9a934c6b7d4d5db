/**
 * A signed-in customer's saved cart (the spec's cart_items rows). A save replaces the whole
 * cart in one transaction: delete every row, insert the new ones; if any insert fails the
 * old cart is still there. Prices and the display texts (size, shape, frame style) come from
 * the server's pricing, never from the client. Lines the shop no longer sells are dropped
 * and reported back, so one retired product never blocks saving the rest of the cart.
 */

import { isDeepStrictEqual } from "node:util";
import type { CartItem } from "@shared/cart";
import { asc, eq, sql } from "drizzle-orm";
import {
  CATALOG_FINGERPRINT_SQL,
  type PricedItem,
  type PricingSnapshot,
  priceCartItems,
  priceFromSnapshot,
} from "../catalogue/index.js";
import type { Database, DbOrTx } from "../db/client.js";
import { cartItems, users } from "../db/schema.js";
import { runWorkflow, type WorkflowHost } from "../platform/index.js";

export interface DroppedCartItem {
  /** The client's cart item id. */
  id: string;
  /** Why it was dropped, fit to show. */
  message: string;
}

type CartRow = typeof cartItems.$inferSelect;

export function rowToCartItem(row: CartRow): CartItem {
  return {
    id: row.itemId,
    imageUrl: row.imageUrl,
    originalImageUrl: row.originalImageUrl ?? row.imageUrl,
    additionalImages: row.additionalImages,
    size: row.size,
    shape: row.shape,
    frameStyle: row.frameColor,
    price: row.price,
    cropData: { x: row.cropX, y: row.cropY, zoom: row.cropScale, aspectRatio: row.cropAspectRatio },
    config: row.config as CartItem["config"],
  };
}

function prepareLoad(db: DbOrTx) {
  return db
    .select()
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder("userId")))
    .orderBy(asc(cartItems.position), asc(cartItems.createdAt))
    .prepare("load_saved_cart");
}

// The cart is read on every page load of a signed-in customer: the query is built once per
// database handle (and prepared once per connection by Postgres), not on every request.
const preparedLoads = new WeakMap<DbOrTx, ReturnType<typeof prepareLoad>>();

export async function loadSavedCart(db: DbOrTx, userId: string): Promise<CartItem[]> {
  let load = preparedLoads.get(db);
  if (!load) {
    load = prepareLoad(db);
    preparedLoads.set(db, load);
  }
  const rows = await load.execute({ userId });
  return rows.map(rowToCartItem);
}

/** Re-prices the lines: server prices and texts replace the client's; unsellable lines are dropped. */
export async function repriceCartItems(
  db: DbOrTx,
  items: readonly CartItem[],
): Promise<{ items: CartItem[]; dropped: DroppedCartItem[] }> {
  const unique = uniqueLines(items);
  return applyPrices(
    unique,
    await priceCartItems(
      db,
      unique.map((item) => item.config),
    ),
  );
}

/**
 * repriceCartItems from a PricingSnapshot (no query): only for replaceSavedCart with the
 * snapshot's fingerprint. Answers null when a line would be dropped: that is never decided
 * on the snapshot alone (reprice from the database instead).
 */
export function repriceFromSnapshot(
  snapshot: PricingSnapshot,
  items: readonly CartItem[],
): { items: CartItem[]; dropped: DroppedCartItem[] } | null {
  const unique = uniqueLines(items);
  const result = applyPrices(
    unique,
    priceFromSnapshot(
      snapshot,
      unique.map((item) => item.config),
    ),
  );
  return result.dropped.length > 0 ? null : result;
}

/** One line per client id: a repeated id is the same line sent twice. */
function uniqueLines(items: readonly CartItem[]): CartItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

function applyPrices(
  unique: readonly CartItem[],
  priced: readonly PricedItem[],
): { items: CartItem[]; dropped: DroppedCartItem[] } {
  const kept: CartItem[] = [];
  const dropped: DroppedCartItem[] = [];
  unique.forEach((item, index) => {
    const result = priced[index];
    if (!result?.ok) {
      dropped.push({ id: item.id, message: result?.message ?? "This item is no longer available." });
      return;
    }
    kept.push({
      ...item,
      price: result.unitPricePence,
      size: result.description.sizeLabel,
      shape: result.description.shapeName,
      frameStyle: result.description.frameStyle,
    });
  });
  return { items: kept, dropped };
}

/**
 * Replaces the user's saved rows with `items` (already re-priced) in one transaction. The
 * user's row is locked first so that two saves at once (two tabs) queue: without it the
 * second delete, its snapshot taken before the first commits, misses the first's new rows and
 * the cart ends up with both.
 *
 * With `catalogFingerprint` (items priced by repriceFromSnapshot) the lock's statement also
 * checks that the catalogue still has that fingerprint; if not, nothing is written and the
 * answer is false (reprice from the database and call again without it).
 */
export async function replaceSavedCart(
  host: WorkflowHost & { database: Pick<Database, "db" | "query"> },
  userId: string,
  items: readonly CartItem[],
  catalogFingerprint: string | null = null,
): Promise<boolean> {
  if (await savedCartIsAlready(host.database, userId, items, catalogFingerprint)) return true;
  const { saved } = await runWorkflow(host, async (tx) => {
    if (catalogFingerprint === null) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    } else {
      const locked = await tx.execute<{ ok: boolean }>(
        sql`select ${sql.raw(CATALOG_FINGERPRINT_SQL)} = ${catalogFingerprint} as ok from ${users} where ${users.id} = ${userId} for no key update of ${users}`,
      );
      const row = (locked as unknown as { rows: Array<{ ok: boolean }> }).rows[0];
      // No user row: nothing to lock, as without the check; the insert's foreign key decides.
      if (row && !row.ok) return { saved: false };
    }
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    if (items.length === 0) return { saved: true };
    await tx.insert(cartItems).values(items.map((item, position) => rowValues(userId, item, position)));
    return { saved: true };
  });
  return saved;
}

function rowValues(userId: string, item: CartItem, position: number) {
  return {
    userId,
    itemId: item.id,
    position,
    imageUrl: item.imageUrl,
    originalImageUrl: item.originalImageUrl,
    additionalImages: item.additionalImages,
    size: item.size,
    shape: item.shape,
    frameColor: item.frameStyle,
    price: item.price,
    cropX: item.cropData?.x ?? 0,
    cropY: item.cropData?.y ?? 0,
    cropScale: item.cropData?.zoom ?? 1,
    cropAspectRatio: item.cropData?.aspectRatio ?? "1:1",
    config: item.config,
  } satisfies Omit<CartRow, "id" | "createdAt">;
}

/** The crop columns are float4: compare at that precision. */
function sameStoredLine(stored: CartItem, next: CartItem): boolean {
  const a = stored.cropData;
  const b = next.cropData;
  return (
    Math.fround(a?.x ?? 0) === Math.fround(b?.x ?? 0) &&
    Math.fround(a?.y ?? 0) === Math.fround(b?.y ?? 0) &&
    Math.fround(a?.zoom ?? 1) === Math.fround(b?.zoom ?? 1) &&
    isDeepStrictEqual({ ...stored, cropData: null }, { ...next, cropData: null })
  );
}

/** cart_items as PostgreSQL answers them, with the catalogue's version beside each row. */
interface StoredCartRow {
  catalog_version: string;
  item_id: string | null;
  position: number;
  image_url: string;
  original_image_url: string | null;
  additional_images: string[];
  size: string;
  shape: string;
  frame_color: string;
  price: number;
  crop_x: number;
  crop_y: number;
  crop_scale: number;
  crop_aspect_ratio: string;
  config: Record<string, unknown>;
}

/**
 * The user's saved rows and the catalogue's version in one round trip: one row with null
 * columns when the cart is empty (the left join keeps the version).
 */
const STORED_CART_SQL = `select ${CATALOG_FINGERPRINT_SQL} as catalog_version, c.item_id, c.position, c.image_url,
  c.original_image_url, c.additional_images, c.size, c.shape, c.frame_color, c.price, c.crop_x, c.crop_y,
  c.crop_scale, c.crop_aspect_ratio, c.config
from (select 1) one left join cart_items c on c.user_id = $1
order by c.position, c.created_at`;

function storedRowToCartItem(row: StoredCartRow & { item_id: string }): CartItem {
  return rowToCartItem({
    id: "",
    userId: "",
    createdAt: new Date(0),
    itemId: row.item_id,
    position: row.position,
    imageUrl: row.image_url,
    originalImageUrl: row.original_image_url,
    additionalImages: row.additional_images,
    size: row.size,
    shape: row.shape,
    frameColor: row.frame_color,
    price: row.price,
    cropX: row.crop_x,
    cropY: row.crop_y,
    cropScale: row.crop_scale,
    cropAspectRatio: row.crop_aspect_ratio,
    config: row.config,
  });
}

/**
 * True when the stored cart already is `items` (in order) and, with a fingerprint, the catalogue that
 * priced them is current: then a save has nothing to write. Most saves are such repeats (the client saves
 * after each change and on every sign-in); one statement, no lock and no commit to flush, where the replace
 * is a locked transaction. A save racing this read is ordered after it, as if this one had written first.
 */
async function savedCartIsAlready(
  database: Pick<Database, "query">,
  userId: string,
  items: readonly CartItem[],
  catalogFingerprint: string | null,
): Promise<boolean> {
  const rows = await database.query<StoredCartRow>(STORED_CART_SQL, [userId], "lithobox_stored_cart");
  if (catalogFingerprint !== null && rows[0]?.catalog_version !== catalogFingerprint) return false;
  const stored = rows.filter((row): row is StoredCartRow & { item_id: string } => row.item_id !== null);
  if (stored.length !== items.length) return false;
  return stored.every((row, position) => {
    const next = rowToCartItem({
      ...rowValues(userId, items[position]!, position),
      id: "",
      createdAt: new Date(0),
    });
    return sameStoredLine(storedRowToCartItem(row), next);
  });
}
