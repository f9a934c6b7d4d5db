import { carrierLabel, trackingUrl } from "@shared/fulfilment";
/**
 * A customer's orders: the ones placed while signed in (user_id = the customer) plus guest
 * orders (user_id null) whose shipping e-mail is the customer's address — only once that
 * address is verified, so nobody sees another person's guest orders by typing their e-mail.
 */
import { describeLine, type LineDescription } from "@shared/order-line";
import { displayOrderNumber } from "@shared/orders";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { invoiceDocuments, orderItems, orders } from "../db/schema.js";
import { documentNumberLabel, invoiceToken } from "../payments/index.js";

export interface OrderOwner {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface CustomerOrderItem {
  /** The one description of the line (issue 30): what the cart, receipts and the admin say. */
  description: LineDescription;
  quantity: number;
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
  /** Taken off the items by a discount code (pence; 0 without one). */
  discountAmount: number;
  /** Once dispatched: the number, the carrier's name and its tracking page (issue 17). */
  tracking: { number: string; carrier: string | null; url: string | null } | null;
  items: CustomerOrderItem[];
  /** The invoice and credit notes as PDFs (signed links: a guest order has no session owner). */
  documents: { kind: "invoice" | "credit_note"; label: string; url: string }[];
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
export async function listCustomerOrders(
  db: DbOrTx,
  owner: OrderOwner,
  opts: { authSecret: string },
): Promise<CustomerOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      totalAmount: orders.totalAmount,
      createdAt: orders.createdAt,
      testMode: orders.testMode,
      discountAmount: orders.discountAmount,
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
      kind: orderItems.kind,
      size: orderItems.size,
      frameColor: orderItems.frameColor,
      shape: orderItems.shape,
      config: orderItems.config,
      additionalImages: orderItems.additionalImages,
      quantity: orderItems.quantity,
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
  const docs = await db
    .select({
      orderId: invoiceDocuments.orderId,
      kind: invoiceDocuments.kind,
      number: invoiceDocuments.number,
    })
    .from(invoiceDocuments)
    .where(
      inArray(
        invoiceDocuments.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(invoiceDocuments.issuedAt));
  const docsByOrder = new Map<string, CustomerOrder["documents"]>();
  for (const doc of docs) {
    const token = invoiceToken(opts.authSecret, doc.orderId);
    const creditNote = doc.kind === "credit_note" || doc.kind === "test_credit_note";
    const list = docsByOrder.get(doc.orderId) ?? [];
    list.push({
      kind: creditNote ? "credit_note" : "invoice",
      label: documentNumberLabel(doc.kind, doc.number),
      url: creditNote
        ? `/api/orders/${doc.orderId}/credit-notes/${doc.number}.pdf?token=${token}`
        : `/api/orders/${doc.orderId}/invoice.pdf?token=${token}`,
    });
    docsByOrder.set(doc.orderId, list);
  }
  const byOrder = new Map<string, CustomerOrderItem[]>();
  for (const { orderId, ...line } of lines) {
    const list = byOrder.get(orderId) ?? [];
    list.push({
      description: describeLine({
        ...line,
        frameStyle: line.frameColor,
        additionalImages: Array.isArray(line.additionalImages) ? line.additionalImages : [],
      }),
      quantity: line.quantity,
      price: line.price,
    });
    byOrder.set(orderId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    displayNumber: displayOrderNumber(row.orderNumber),
    status: row.status,
    totalAmount: row.totalAmount,
    createdAt: row.createdAt.toISOString(),
    isGuestOrder: row.userId === null,
    testMode: row.testMode,
    discountAmount: row.discountAmount,
    tracking: row.trackingNumber
      ? {
          number: row.trackingNumber,
          carrier: carrierLabel(row.carrier),
          url: trackingUrl(row.carrier, row.trackingNumber),
        }
      : null,
    items: byOrder.get(row.id) ?? [],
    documents: docsByOrder.get(row.id) ?? [],
  }));
}
