/**
 * The money ledger of an order: what was paid, and each refund given back (order_refunds).
 * Refunds are made by the refund workflow (workflows/refund-order.ts).
 */
import { moneyLedger } from "@shared/refunds";
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { orderRefunds, type orders } from "../db/schema.js";

type OrderRow = typeof orders.$inferSelect;

export async function orderLedger(db: DbOrTx, order: Pick<OrderRow, "id" | "totalAmount" | "paidAt">) {
  const refunds = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order.id))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  return { ledger: moneyLedger(order.paidAt ? order.totalAmount : 0, refunds), refunds };
}

/**
 * Refunded pence per order, for a query over `orders` (exports, analytics). Written out with
 * table names: drizzle leaves columns unqualified in a one-table select, and "id" would then
 * name the refund's own id inside the subquery.
 */
export function refundedSql() {
  return sql<number>`coalesce((select sum(r.amount)::int from ${orderRefunds} r where r.order_id = ${sql.raw('"orders"."id"')}), 0)`;
}
