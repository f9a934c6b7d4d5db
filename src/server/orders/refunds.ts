/**
 * Refunds and cancellations from the admin (issue 17).
 *
 * A refund runs in ONE transaction that first locks the order row, so two clicks (or two
 * admins) are serialised: the second finds the first's row by its idempotency key and refunds
 * nothing. Inside it: the amount is checked against the ledger (never more than is left), the
 * provider gives the money back (Stripe's refund API with an idempotency key derived from the
 * click, or a recorded test refund for test-provider orders), the refund row is written, the
 * order becomes 'refunded' when nothing is left, and the customer's e-mail is queued. If the
 * commit failed after Stripe refunded, the `charge.refunded` webhook records it (reconcile).
 */
import { randomUUID } from "node:crypto";
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { formatGbp } from "@shared/money";
import { displayOrderNumber } from "@shared/orders";
import {
  checkRefund,
  type MoneyLedger,
  moneyLedger,
  REFUND_TEXTS,
  REFUND_TIMING_TEXT,
  requestedRefundAmount,
} from "@shared/refunds";
import { asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx, Tx } from "../db/client.js";
import { orderItems, orderRefunds, orderStatusHistory, orders } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import { renderEmail } from "../messaging/emails/render.js";
import { queueMail } from "../messaging/mail-outbox.js";
import type { StripePaymentProvider } from "../payments/index.js";
import { creditRefund } from "../payments/invoices.js";
import { CHANGED_BY, setOrderStatus } from "./orders.js";

type OrderRow = typeof orders.$inferSelect;

export async function orderLedger(db: DbOrTx, order: Pick<OrderRow, "id" | "totalAmount" | "paidAt">) {
  const refunds = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order.id))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  return { ledger: moneyLedger(order.paidAt ? order.totalAmount : 0, refunds), refunds };
}

async function lock(tx: Tx, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new HttpError(404, "order_not_found", "Order not found.");
  return order;
}

export interface RefundInput {
  amount?: number | undefined;
  lineIds?: string[] | undefined;
  reason: string;
  /** The admin's click (one per dialog): the same key refunds once. */
  idempotencyKey: string;
}

export interface RefundResult {
  refundId: string;
  amount: number;
  duplicate: boolean;
  ledger: MoneyLedger;
  status: string;
  mailId: string | null;
  statusChanged: boolean;
}

function refundEmail(order: OrderRow, amount: number, ledger: MoneyLedger, reason: string, full: boolean) {
  const number = displayOrderNumber(order.id);
  const first = order.shippingFirstName.trim() || "there";
  const subject = `${order.testMode ? "[TEST] " : ""}${full ? "Your refund" : "A partial refund"} for ${BRAND_NAME} order #${number}`;
  const paragraphs = [
    `Hello ${first},`,
    `We have refunded ${formatGbp(amount)} for your order #${number}${reason ? ` (${reason})` : ""}.`,
    full
      ? `In total ${formatGbp(ledger.refunded)} has been refunded; nothing more is owed on this order.`
      : `In total ${formatGbp(ledger.refunded)} of ${formatGbp(ledger.paid)} has been refunded.`,
    REFUND_TIMING_TEXT,
    ...(order.testMode ? ["This was a test order: no money was taken or returned."] : []),
  ];
  const footnote = `Questions? Write to ${SUPPORT_EMAIL}, quoting your order number.`;
  return {
    to: order.shippingEmail,
    subject,
    ...renderEmail({ title: subject, blocks: paragraphs, footnote }),
  };
}

export async function refundOrder(
  ctx: AppContext,
  tx: Tx,
  orderId: string,
  input: RefundInput,
  admin: { id: string; email: string },
): Promise<RefundResult> {
  const order = await lock(tx, orderId);
  const key = `admin:${orderId}:${input.idempotencyKey}`;
  const [existing] = await tx
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.idempotencyKey, key))
    .limit(1);
  const { ledger } = await orderLedger(tx, order);
  if (existing) {
    return {
      refundId: existing.id,
      amount: existing.amount,
      duplicate: true,
      ledger,
      status: order.status,
      mailId: null,
      statusChanged: false,
    };
  }
  const lines = await tx
    .select({ id: orderItems.id, price: orderItems.price, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const check = checkRefund(order.status, ledger, requestedRefundAmount(input, lines), formatGbp);
  if (!check.ok) throw new HttpError(409, "refund_refused", check.message);

  const id = randomUUID();
  let providerRefundId: string;
  let provider: string;
  if (order.paymentProvider === "stripe") {
    if (ctx.payments.kind !== "stripe" || !order.paymentReference)
      throw new HttpError(
        409,
        "refund_refused",
        "This order was paid through Stripe, which is not configured now.",
      );
    const result = await (ctx.payments as StripePaymentProvider).refund({
      paymentIntentId: order.paymentReference,
      amountPence: check.amount,
      orderId,
      key,
    });
    providerRefundId = result.refundId;
    provider = "stripe";
  } else {
    // The built-in test payments took no money: the refund is recorded, nothing moves.
    providerRefundId = `test_re_${id}`;
    provider = "test";
  }
  await tx.insert(orderRefunds).values({
    id,
    orderId,
    amount: check.amount,
    reason: input.reason || null,
    provider,
    providerRefundId,
    idempotencyKey: key,
    createdBy: admin.email,
  });
  await creditRefund(tx, {
    orderId,
    amountPence: check.amount,
    reference: id,
    reason: input.reason || "Refund",
  });
  const after = moneyLedger(ledger.paid, [{ amount: ledger.refunded + check.amount }]);
  let status = order.status;
  let statusChanged = false;
  const note = `Refunded ${formatGbp(check.amount)}${input.reason ? `: ${input.reason}` : ""}`;
  if (check.full) {
    const change = await setOrderStatus(tx, orderId, "refunded", { by: CHANGED_BY.admin(admin.id), note });
    status = change.order.status;
    statusChanged = change.changed;
  } else {
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: order.status,
      toStatus: order.status,
      changedBy: CHANGED_BY.admin(admin.id),
      note,
    });
  }
  const mailId = order.anonymisedAt
    ? null
    : await queueMail(tx, {
        dedupeKey: `refund:${id}`,
        kind: "refund",
        ...refundEmail(order, check.amount, after, input.reason, check.full),
      });
  return {
    refundId: id,
    amount: check.amount,
    duplicate: false,
    ledger: after,
    status,
    mailId,
    statusChanged,
  };
}

/** Cancels an order still waiting for payment, and tells the customer. */
export async function cancelUnpaidOrder(tx: Tx, orderId: string, admin: { id: string }, reason: string) {
  const order = await lock(tx, orderId);
  if (order.status !== "pending") throw new HttpError(409, "cancel_refused", REFUND_TEXTS.notPending);
  const change = await setOrderStatus(tx, orderId, "cancelled", {
    by: CHANGED_BY.admin(admin.id),
    note: reason ? `Cancelled: ${reason}` : "Cancelled by the shop",
  });
  const number = displayOrderNumber(order.id);
  const subject = `${order.testMode ? "[TEST] " : ""}Your ${BRAND_NAME} order #${number} has been cancelled`;
  const paragraphs = [
    `Hello ${order.shippingFirstName.trim() || "there"},`,
    `We have cancelled your order #${number}${reason ? ` (${reason})` : ""}. No payment was taken, so nothing will be charged.`,
  ];
  const footnote = `Questions? Write to ${SUPPORT_EMAIL}, quoting your order number.`;
  const mailId = order.anonymisedAt
    ? null
    : await queueMail(tx, {
        dedupeKey: `cancellation:${order.id}`,
        kind: "cancellation",
        to: order.shippingEmail,
        subject,
        ...renderEmail({ title: subject, blocks: paragraphs, footnote }),
      });
  return { change, mailId };
}

/**
 * Stripe's charge.refunded (a refund made here, or in Stripe's dashboard): what Stripe has
 * refunded beyond the ledger is recorded, so the ledger agrees with Stripe; a refund made here
 * is already recorded and adds nothing. Called once per event (payment_events dedupes).
 */
export async function reconcileStripeRefund(
  tx: Tx,
  orderId: string,
  charge: { amountRefunded: number; eventId: string },
): Promise<{ recorded: number; statusChanged: boolean }> {
  const order = await lock(tx, orderId);
  const { ledger } = await orderLedger(tx, order);
  const missing = Math.min(charge.amountRefunded, ledger.paid) - ledger.refunded;
  if (missing <= 0) return { recorded: 0, statusChanged: false };
  await tx.insert(orderRefunds).values({
    orderId,
    amount: missing,
    reason: "Refunded in Stripe",
    provider: "stripe",
    idempotencyKey: `stripe-event:${charge.eventId}`,
    createdBy: "stripe",
  });
  await creditRefund(tx, {
    orderId,
    amountPence: missing,
    reference: `stripe-event:${charge.eventId}`,
    reason: "Refunded in Stripe",
  });
  let statusChanged = false;
  if (ledger.refunded + missing >= ledger.paid && order.status !== "refunded") {
    const change = await setOrderStatus(tx, orderId, "refunded", {
      by: CHANGED_BY.stripe,
      note: `Refunded ${formatGbp(missing)} in Stripe`,
    });
    statusChanged = change.changed;
  }
  return { recorded: missing, statusChanged };
}

/**
 * Refunded pence per order, for a query over `orders` (exports, analytics). Written out with
 * table names: drizzle leaves columns unqualified in a one-table select, and "id" would then
 * name the refund's own id inside the subquery.
 */
export function refundedSql() {
  return sql<number>`coalesce((select sum(r.amount)::int from ${orderRefunds} r where r.order_id = ${sql.raw('"orders"."id"')}), 0)`;
}
