/** What the payment-pending page polls (GET /api/checkout/status/:orderId): an order's status and who may see it. */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { orders } from "../db/schema.js";

/** The order's status, its owner and its delivery window, or null when there is no such order. */
export async function findCheckoutStatus(db: DbOrTx, orderId: string) {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      userId: orders.userId,
      deliveryEarliest: orders.deliveryEarliest,
      deliveryLatest: orders.deliveryLatest,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return order ?? null;
}
