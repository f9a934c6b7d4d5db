import { carrierLabel, trackingUrl } from "@shared/fulfilment";
/**
 * A customer's orders: the ones placed while signed in (user_id = the customer) plus guest
 * orders (user_id null) whose shipping e-mail is the customer's address — only once that
 * address is verified, so nobody sees another person's guest orders by typing their e-mail.
 */
import { displayOrderNumber } from "@shared/orders";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { orderItems, orders } from "../db/schema.js";

export interface OrderOwner {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface CustomerOrderItem {
  size: string;
  frameColor: string;
  shape: string;
  /** Pence GBP, per unit. */
  price: number;
}

export interface CustomerOrder {
  id: string;
  /** The first 8 characters of the id, as the shop shows it. */
  displayNumber: string;
  status: string;
  /** Pence GBP: items and shipping. */
  totalAmount: number;
  createdAt: string;
  /** Placed without an account and matched by the verified e-mail ('Guest Order'). */
  isGuestOrder: boolean;
  /** Paid through the built-in test payment ('TEST ORDER'). */
  testMode: boolean;
  /** Once dispatched: the number, the carrier's name and its tracking page (issue 17). */
  tracking: { number: string; carrier: string | null; url: string | null } | null;
  items: CustomerOrderItem[];
}

/** The SQL condition for "orders this customer may see". */
export function customerOrdersCondition(owner: OrderOwner): SQL {
  const own = eq(orders.userId, owner.id);
  if (!owner.emailVerified) return own;
  const guest = and(
    isNull(orders.userId),
    isNull(orders.anonymisedAt),
    eq(sql`lower(${orders.shippingEmail})`, owner.email.trim().toLowerCase()),
  );
  return or(own, guest) as SQL;
}

/** Newest first, each with its lines. Two queries whatever the number of orders. */
export async function listCustomerOrders(db: DbOrTx, owner: OrderOwner): Promise<CustomerOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      totalAmount: orders.totalAmount,
      createdAt: orders.createdAt,
      testMode: orders.testMode,
      trackingNumber: orders.trackingNumber,
      carrier: orders.carrier,
    })
    .from(orders)
    .where(customerOrdersCondition(owner))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      size: orderItems.size,
      frameColor: orderItems.frameColor,
      shape: orderItems.shape,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  const byOrder = new Map<string, CustomerOrderItem[]>();
  for (const { orderId, ...line } of lines) {
    const list = byOrder.get(orderId) ?? [];
    list.push(line);
    byOrder.set(orderId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    displayNumber: displayOrderNumber(row.id),
    status: row.status,
    totalAmount: row.totalAmount,
    createdAt: row.createdAt.toISOString(),
    isGuestOrder: row.userId === null,
    testMode: row.testMode,
    tracking: row.trackingNumber
      ? {
          number: row.trackingNumber,
          carrier: carrierLabel(row.carrier),
          url: trackingUrl(row.carrier, row.trackingNumber),
        }
      : null,
    items: byOrder.get(row.id) ?? [],
  }));
}
