/**
 * refundOrder: money given back on a paid order (or on a payment that arrived for a cancelled
 * one), in ONE transaction that first locks the order, so two clicks or two admins are
 * serialised:
 *
 *   1. the admin's click (idempotency key) refunded before? Answer that refund, nothing more;
 *   2. the amount checked against the ledger (never more than is left) and each chosen line
 *      against the earlier refunds (a line is given back at most once, with its share of the
 *      shipping less its share of any discount: lineRefundShares);
 *   3. the provider gives the money back: Stripe with an idempotency key derived from the
 *      click (a retry gets Stripe's same refund back), or a recorded test refund;
 *   4. the refund row, matched by the provider's refund id: if `charge.refunded` recorded that
 *      refund first (the server died after Stripe refunded and before this committed), it is
 *      the same refund and nothing is recorded twice;
 *   5. the credit note; the order becomes refunded (or cancelled, when asked and nothing has
 *      left the workshop) once nothing is left; the customer's e-mail is queued.
 *
 * recordProviderRefunds is the webhook's side: every refund Stripe lists for the payment that
 * the ledger lacks (one made in Stripe's dashboard, or one whose commit was lost) is recorded by
 * its refund id.
 */
import { randomUUID } from "node:crypto";
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { formatGbp } from "@shared/money";
import { cancellableByRefund } from "@shared/order-lifecycle";
import { displayOrderNumber, type OrderStatus } from "@shared/orders";
import {
  alreadyRefundedLines,
  checkRefund,
  type MoneyLedger,
  moneyLedger,
  REFUND_TEXTS,
  REFUND_TIMING_TEXT,
  requestedRefundAmount,
} from "@shared/refunds";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { orderItems, orderRefunds } from "../../db/schema.js";
import { HttpError } from "../../lib/validation.js";
import { queueMail, renderEmail } from "../../messaging/index.js";
import type { StripePaymentProvider } from "../../payments/index.js";
import { creditRefund } from "../../payments/index.js";
import { Effects } from "../../platform/index.js";
import type { OrderRow } from "../orders.js";
import { orderLedger } from "../refunds.js";
import type { OrderServices } from "../services.js";
import type { WorkflowResult } from "../transitions.js";
import { CHANGED_BY, lockOrder, moveOrder, recordHistory, type StatusChange } from "../transitions.js";

export interface RefundInput {
  amount?: number | undefined;
  lineIds?: string[] | undefined;
  /** The owner's internal note: on the refund row and the order's history only (issue 30 item 9). */
  reason: string;
  /** What the customer is told (refund e-mail, credit note); empty or absent: nothing more than the amount. */
  customerMessage?: string | undefined;
  /** The admin's click (one per dialog): the same key refunds once. */
  idempotencyKey: string;
  /** A full refund of an order not yet dispatched cancels it rather than marking it refunded. */
  cancelOrder?: boolean | undefined;
  /** Who asked, as the order's history records it (CHANGED_BY); the admin when absent. */
  by?: string | undefined;
}

export interface RefundResult extends WorkflowResult {
  refundId: string;
  amount: number;
  duplicate: boolean;
  ledger: MoneyLedger;
}

/** The refund e-mail; `message` is the owner's words to the customer (never the internal reason). */
function refundEmail(order: OrderRow, amount: number, ledger: MoneyLedger, message: string, full: boolean) {
  const number = displayOrderNumber(order.orderNumber);
  const first = order.shippingFirstName.trim() || "there";
  const subject = `${order.testMode ? "[TEST] " : ""}${full ? "Your refund" : "A partial refund"} for ${BRAND_NAME} order #${number}`;
  const paragraphs = [
    `Hello ${first},`,
    `We have refunded ${formatGbp(amount)} for your order #${number}.`,
    ...(message ? [message] : []),
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

/** The status a refund leaves: unchanged while money is left, else refunded (or cancelled when asked). */
function statusAfterRefund(order: OrderRow, full: boolean, cancel: boolean): OrderStatus | null {
  if (!full || order.status === "refunded") return null;
  if (cancel && cancellableByRefund(order.status)) return "cancelled";
  return "refunded";
}

export async function refundOrder(
  ctx: OrderServices,
  tx: Tx,
  orderId: string,
  input: RefundInput,
  admin: { id: string; email: string },
): Promise<RefundResult> {
  const order = await lockOrder(tx, orderId);
  const key = `admin:${orderId}:${input.idempotencyKey}`;
  const unchanged: StatusChange = { orderId, from: order.status, to: order.status, changed: false, order };
  const { ledger, refunds } = await orderLedger(tx, order);
  const repeat = (row: { id: string; amount: number }): RefundResult => ({
    refundId: row.id,
    amount: row.amount,
    duplicate: true,
    ledger,
    change: unchanged,
    effects: [],
  });
  const earlier = refunds.find((r) => r.idempotencyKey === key);
  if (earlier) return repeat(earlier);

  const refundedLines = new Set(refunds.flatMap((r) => r.lineIds));
  if (alreadyRefundedLines(input.lineIds, refundedLines).length > 0)
    throw new HttpError(409, "refund_refused", REFUND_TEXTS.lineRefunded);
  const lines = await tx
    .select({ id: orderItems.id, price: orderItems.price, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const check = checkRefund(
    order.status,
    ledger,
    requestedRefundAmount(input, lines, refundedLines, {
      shipping: order.shippingAmount,
      discount: order.discountAmount,
    }),
    formatGbp,
  );
  if (!check.ok) throw new HttpError(409, "refund_refused", check.message);
  const cancel = input.cancelOrder === true;
  if (cancel && check.full && !cancellableByRefund(order.status))
    throw new HttpError(409, "refund_refused", REFUND_TEXTS.notCancellable);

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
    // Recorded already by charge.refunded (this refund's first attempt died before its commit).
    const recorded = refunds.find((r) => r.providerRefundId === result.refundId);
    if (recorded) return repeat(recorded);
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
    lineIds: input.lineIds ?? [],
    createdBy: admin.email,
  });
  await creditRefund(tx, {
    orderId,
    amountPence: check.amount,
    reference: id,
    reason: input.customerMessage ?? "",
  });
  const after = moneyLedger(ledger.paid, [{ amount: ledger.refunded + check.amount }]);
  const note = `Refunded ${formatGbp(check.amount)}${input.reason ? `: ${input.reason}` : ""}`;
  const effects = new Effects();
  const by = input.by ?? CHANGED_BY.admin(admin.id);
  const to = statusAfterRefund(order, check.full, cancel);
  let change = unchanged;
  if (to) {
    const moved = await moveOrder(ctx, tx, order, { to, cause: "refund", by, note }, effects);
    change = { orderId, from: order.status, to, changed: true, order: moved };
  } else {
    await recordHistory(tx, { orderId, from: order.status, to: order.status, by, note, at: new Date() });
  }
  if (!order.anonymisedAt)
    effects.mail(
      await queueMail(tx, {
        dedupeKey: `refund:${id}`,
        kind: "refund",
        ...refundEmail(order, check.amount, after, input.customerMessage ?? "", check.full),
      }),
    );
  effects.add({ kind: "count", metric: "refunds" });
  return {
    refundId: id,
    amount: check.amount,
    duplicate: false,
    ledger: after,
    change,
    effects: effects.list,
  };
}

/**
 * Stripe's charge.refunded (a refund made here, or in Stripe's dashboard): every refund Stripe
 * lists for the payment that the ledger lacks is recorded by its refund id, so the ledger
 * agrees with Stripe and no refund is ever recorded twice.
 */
export async function recordProviderRefunds(
  ctx: OrderServices,
  tx: Tx,
  orderId: string,
  listed: ReadonlyArray<{ refundId: string; amountPence: number }>,
): Promise<WorkflowResult & { recorded: number }> {
  const order = await lockOrder(tx, orderId);
  const { ledger, refunds } = await orderLedger(tx, order);
  const known = new Set(refunds.map((r) => r.providerRefundId));
  let refunded = ledger.refunded;
  let recorded = 0;
  for (const refund of listed) {
    if (known.has(refund.refundId)) continue;
    // Never more than was paid, whatever the event says.
    const amount = Math.min(refund.amountPence, ledger.paid - refunded);
    if (amount <= 0) break;
    const id = randomUUID();
    await tx.insert(orderRefunds).values({
      id,
      orderId,
      amount,
      reason: "Refunded in Stripe",
      provider: "stripe",
      providerRefundId: refund.refundId,
      idempotencyKey: `stripe:${refund.refundId}`,
      createdBy: "stripe",
    });
    await creditRefund(tx, { orderId, amountPence: amount, reference: id, reason: "Refunded in Stripe" });
    refunded += amount;
    recorded += amount;
  }
  const unchanged: StatusChange = { orderId, from: order.status, to: order.status, changed: false, order };
  if (recorded === 0) return { change: unchanged, effects: [], recorded };
  const effects = new Effects();
  const note = `Refunded ${formatGbp(recorded)} in Stripe`;
  if (refunded >= ledger.paid && order.status !== "refunded") {
    const moved = await moveOrder(
      ctx,
      tx,
      order,
      { to: "refunded", cause: "refund", by: CHANGED_BY.stripe, note },
      effects,
    );
    return {
      change: { ...unchanged, to: "refunded", changed: true, order: moved },
      effects: effects.list,
      recorded,
    };
  }
  await recordHistory(tx, {
    orderId,
    from: order.status,
    to: order.status,
    by: CHANGED_BY.stripe,
    note,
    at: new Date(),
  });
  return { change: unchanged, effects: effects.list, recorded };
}
