/**
 * Stock of the accessories kept on the shelf (product_stock; a product without a row is made
 * to order). Units are reserved by the transaction that creates an order, with a conditional
 * UPDATE that never takes more than is free (on_hand - reserved), so parallel checkouts can
 * never oversell; released when the order is cancelled or expires; taken off on_hand in the
 * payment's transaction.
 */
import { LOW_STOCK_THRESHOLD } from "@shared/stock";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { orderItems, productStock, products } from "../db/schema.js";

export interface StockLevel {
  onHand: number;
  reserved: number;
  /** What can still be sold: on hand less what pending orders hold. */
  available: number;
}

export async function stockLevels(db: DbOrTx, ids?: readonly string[]): Promise<Map<string, StockLevel>> {
  const query = db.select().from(productStock);
  const rows = await (ids
    ? ids.length
      ? query.where(inArray(productStock.productId, [...ids]))
      : []
    : query);
  return new Map(
    rows.map((r) => [
      r.productId,
      { onHand: r.onHand, reserved: r.reserved, available: Math.max(0, r.onHand - r.reserved) },
    ]),
  );
}

/** A product the order wanted more of than is free. */
export class OutOfStockError extends Error {
  constructor(
    readonly productId: string,
    readonly available: number,
  ) {
    super(`not enough stock of ${productId}`);
    this.name = "OutOfStockError";
  }
}

/**
 * Reserves `units` of every stocked product (a map of product id to units) for `orderId`, in
 * its creating transaction, and marks those order lines as holding stock. Throws
 * OutOfStockError (rolling the order back) when a product has too few free units.
 */
export async function reserveStock(
  tx: Tx,
  orderId: string,
  units: ReadonlyMap<string, number>,
): Promise<void> {
  if (units.size === 0) return;
  // Sorted so two checkouts lock the same rows in the same order (no deadlock).
  for (const [productId, n] of [...units].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const updated = await tx
      .update(productStock)
      .set({ reserved: sql`${productStock.reserved} + ${n}`, updatedAt: new Date() })
      .where(
        and(
          eq(productStock.productId, productId),
          sql`${productStock.onHand} - ${productStock.reserved} >= ${n}`,
        ),
      )
      .returning({ id: productStock.productId });
    if (updated.length === 0) {
      const [row] = await tx.select().from(productStock).where(eq(productStock.productId, productId));
      if (!row) continue; // made to order
      throw new OutOfStockError(productId, Math.max(0, row.onHand - row.reserved));
    }
    await tx
      .update(orderItems)
      .set({ stockReserved: true })
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, productId)));
  }
}

async function reservedUnits(tx: Tx, orderId: string): Promise<Array<{ productId: string; n: number }>> {
  const rows = await tx
    .select({ productId: orderItems.productId, n: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.stockReserved, true)))
    .groupBy(orderItems.productId)
    .orderBy(orderItems.productId);
  return rows.flatMap((r) => (r.productId ? [{ productId: r.productId, n: Number(r.n) }] : []));
}

/** The order's reserved units go back (cancelled or expired while pending). */
export async function releaseStock(tx: Tx, orderId: string): Promise<void> {
  for (const { productId, n } of await reservedUnits(tx, orderId)) {
    await tx
      .update(productStock)
      .set({ reserved: sql`greatest(${productStock.reserved} - ${n}, 0)`, updatedAt: new Date() })
      .where(eq(productStock.productId, productId));
  }
  await tx.update(orderItems).set({ stockReserved: false }).where(eq(orderItems.orderId, orderId));
}

/** A product that fell to the low-stock line with this payment (for the owner's alert). */
export interface LowStock {
  productId: string;
  name: string;
  available: number;
}

/**
 * The order is paid: its reserved units leave the shelf (on_hand and reserved both drop).
 * Answers the products now at or under LOW_STOCK_THRESHOLD that had not been alerted yet
 * (their low_alerted_at is set here, so each fall below the line alerts once).
 */
export async function consumeStock(tx: Tx, orderId: string): Promise<LowStock[]> {
  const low: LowStock[] = [];
  for (const { productId, n } of await reservedUnits(tx, orderId)) {
    const [row] = await tx
      .update(productStock)
      .set({
        onHand: sql`greatest(${productStock.onHand} - ${n}, 0)`,
        reserved: sql`greatest(${productStock.reserved} - ${n}, 0)`,
        updatedAt: new Date(),
      })
      .where(eq(productStock.productId, productId))
      .returning();
    if (!row || row.lowAlertedAt) continue;
    const available = Math.max(0, row.onHand - row.reserved);
    if (row.onHand > LOW_STOCK_THRESHOLD) continue;
    await tx
      .update(productStock)
      .set({ lowAlertedAt: new Date() })
      .where(eq(productStock.productId, productId));
    const [product] = await tx
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, productId));
    low.push({ productId, name: product?.name ?? productId, available });
  }
  return low;
}

/** Sets (or clears, with null: made to order) a product's stock on hand; answers before and after. */
export async function setStock(
  tx: Tx,
  productId: string,
  onHand: number | null,
): Promise<{ before: number | null; after: number | null }> {
  const [current] = await tx
    .select()
    .from(productStock)
    .where(eq(productStock.productId, productId))
    .for("update");
  const before = current?.onHand ?? null;
  if (onHand == null) {
    if (current) await tx.delete(productStock).where(eq(productStock.productId, productId));
    return { before, after: null };
  }
  await tx
    .insert(productStock)
    .values({ productId, onHand, reserved: 0 })
    .onConflictDoUpdate({
      target: productStock.productId,
      // Restocked above the line: the next fall alerts again.
      set: {
        onHand,
        updatedAt: new Date(),
        lowAlertedAt: onHand > LOW_STOCK_THRESHOLD ? null : sql`${productStock.lowAlertedAt}`,
      },
    });
  return { before, after: onHand };
}
