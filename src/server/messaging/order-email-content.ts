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
 * The mail outbox (mail-outbox.ts) calls renderOrderEmail for its rows with a template.
 */
import { isPaidStatus } from "@shared/order-lifecycle";
import type { OrderEmailKind } from "@shared/statuses";
import { asc, eq } from "drizzle-orm";
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

/** The e-mail of this order and kind as it should go out now, or why it should not. */
export async function renderOrderEmail(
  db: DbOrTx,
  orderId: string,
  kind: OrderEmailKind,
  opts: {
    publicUrl: string;
    /** The signed link of a paid order's invoice PDF, for the confirmation (issue 18). */
    invoiceUrl?: (orderId: string) => string;
    /** The signed /track link that opens the order without asking for the e-mail (issue 30). */
    trackUrl?: (orderId: string) => string;
  },
): Promise<OrderEmailContent> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const skip = orderEmailSkipReason(order ?? null, kind);
  if (skip || !order) return { skip: skip ?? "order not found" };
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const build = kind === "confirmation" ? orderConfirmationEmail : orderDispatchedEmail;
  const invoiceUrl = kind === "confirmation" ? (opts.invoiceUrl?.(orderId) ?? null) : null;
  const trackUrl = opts.trackUrl?.(orderId) ?? null;
  return { message: build({ ...order, items, invoiceUrl, trackUrl }, opts.publicUrl) };
}
