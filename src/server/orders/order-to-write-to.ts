/** The order an administrator writes to the customer about (a resent confirmation, a message). */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { orderItems, orders } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";

/** The order, or 404; 409 when the customer deleted their account (no address is left to write to). */
export async function orderToWriteTo(db: DbOrTx, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw new HttpError(404, "order_not_found", "Order not found.");
  if (order.anonymisedAt)
    throw new HttpError(
      409,
      "order_anonymised",
      "The customer deleted their account: there is no address to write to.",
    );
  return order;
}

/** The order's lines, as stored (for the confirmation e-mail). */
export function orderLines(db: DbOrTx, orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}
