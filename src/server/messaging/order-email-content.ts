/**
 * What an order e-mail says when it is sent (decisions 006 and 285): the confirmation when an
 * order becomes paid and the dispatch notice when it is dispatched are rendered at send time
 * from the order as it is then (so a retry carries the tracking number entered since, and an
 * address corrected since), or skipped when they no longer make sense:
 *
 * - the order was anonymised (its customer deleted their account): it cannot be written to;
 * - a confirmation for an order that is no longer paid (cancelled, refunded);
 * - a dispatch notice for an order that is no longer on its way (delivered, cancelled, refunded).
 *
 * The mail outbox (mail-outbox.ts) calls renderOrderEmails for its rows with a template.
 */
import { isPaidStatus } from "@shared/order-lifecycle";
import type { OrderEmailKind } from "@shared/statuses";
import { asc, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { orderItems, orders } from "../db/schema.js";
import { orderConfirmationEmail, orderDispatchedEmail } from "./emails/order-emails.js";
import type { MailMessage } from "./mail.js";

/** Why an order e-mail should not go out (any more), or null. */
export function orderEmailSkipReason(
  order: { status: string; anonymisedAt: Date | null } | null,
  kind: OrderEmailKind,
): string | null {
  if (!order) return "order not found";
  if (order.anonymisedAt) return "order anonymised: the customer deleted their account";
  if (kind === "confirmation" && !isPaidStatus(order.status)) return `order is ${order.status}`;
  if (kind === "dispatch" && order.status !== "dispatched" && order.status !== "in_transit")
    return `order is ${order.status}`;
  return null;
}

export type OrderEmailContent = { message: MailMessage } | { skip: string };

interface OrderEmailOptions {
  publicUrl: string;
  /** The signed link of a paid order's invoice PDF, for the confirmation (issue 18). */
  invoiceUrl?: (orderId: string) => string;
  /** The signed /track link that opens the order without asking for the e-mail (issue 30). */
  trackUrl?: (order: { id: string; orderNumber: number }) => string;
}

/**
 * The e-mails of these orders and kinds as they should go out now, or why each should not, in
 * the order asked: the orders and their lines in two round trips for the whole batch (the mail
 * outbox sends what many payments queued together).
 */
export async function renderOrderEmails(
  db: DbOrTx,
  wanted: ReadonlyArray<{ orderId: string; kind: OrderEmailKind }>,
  opts: OrderEmailOptions,
): Promise<OrderEmailContent[]> {
  const ids = [...new Set(wanted.map((w) => w.orderId))];
  if (ids.length === 0) return [];
  const [rows, items] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
  ]);
  const byId = new Map(rows.map((order) => [order.id, order]));
  const itemsOf = new Map<string, (typeof items)[number][]>();
  for (const item of items) itemsOf.set(item.orderId, [...(itemsOf.get(item.orderId) ?? []), item]);
  return wanted.map(({ orderId, kind }) => {
    const order = byId.get(orderId);
    const skip = orderEmailSkipReason(order ?? null, kind);
    if (skip || !order) return { skip: skip ?? "order not found" };
    const build = kind === "confirmation" ? orderConfirmationEmail : orderDispatchedEmail;
    const invoiceUrl = kind === "confirmation" ? (opts.invoiceUrl?.(orderId) ?? null) : null;
    const trackUrl = opts.trackUrl?.(order) ?? null;
    return {
      message: build({ ...order, items: itemsOf.get(orderId) ?? [], invoiceUrl, trackUrl }, opts.publicUrl),
    };
  });
}
