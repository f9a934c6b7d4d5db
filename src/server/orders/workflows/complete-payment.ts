/**
 * completePayment: a pending order becomes paid, once.
 *
 *   1. pending -> paid in one conditional UPDATE (it takes the row lock: a replayed webhook or
 *      Pay pressed twice waits, then finds the order no longer pending and changes nothing);
 *   2. the history row and the confirmation's outbox row, in one statement;
 *   3. the move's effects from the lifecycle table: the holds taken (stock, code use), the saved
 *      cart emptied, print files queued, the owner alerted, the invoice numbered last.
 *
 * Money that arrives for an order no longer pending (cancelled by the shop, or expired) is
 * recorded on the order (paid_at, the provider's reference) so the ledger shows it and a refund
 * can give it back, and the owner is alerted (decision 281).
 */
import { orderTransition } from "@shared/order-lifecycle";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { HttpError } from "../../lib/validation.js";
import { alertLatePayment, queueOrderEmailStatement } from "../../messaging/index.js";
import type { PaymentProviderKind } from "../../payments/index.js";
import { Effects } from "../../platform/index.js";
import { isUuid } from "../orders.js";
import type { OrderServices } from "../services.js";
import type { WorkflowResult } from "../transitions.js";
import { lockOrder, recordHistory, runTransitionEffects, type StatusChange } from "../transitions.js";

export interface PaymentInput {
  orderId: string;
  /** Who, as order_status_history.changed_by records it (CHANGED_BY). */
  by: string;
  /** "payment": the provider took the money; "admin": marked paid by hand. */
  cause: "payment" | "admin";
  /** The provider's payment id (Stripe's PaymentIntent id). */
  paymentReference: string | null;
  note?: string;
  /** Only an order of this provider (the test payment page): any other is not found (404). */
  provider?: PaymentProviderKind;
  /** True when real money moved (Stripe): a payment for a cancelled order is then recorded. */
  moneyReceived?: boolean;
}

export type PaymentResult = WorkflowResult & { latePayment: boolean };

export async function completePayment(
  ctx: OrderServices,
  tx: Tx,
  input: PaymentInput,
): Promise<PaymentResult> {
  const effects = new Effects();
  const now = new Date();
  const { orderId } = input;
  const [order] = isUuid(orderId)
    ? await tx
        .update(orders)
        .set({ status: "paid", paidAt: now, paymentReference: input.paymentReference, updatedAt: now })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.status, "pending"),
            input.provider ? eq(orders.paymentProvider, input.provider) : undefined,
          ),
        )
        .returning()
    : [];
  if (!order) {
    const current = await lockOrder(tx, orderId);
    if (input.provider && current.paymentProvider !== input.provider) {
      throw new HttpError(404, "order_not_found", "Order not found.");
    }
    const unchanged: StatusChange = {
      orderId,
      from: current.status,
      to: "paid",
      changed: false,
      order: current,
    };
    if (input.moneyReceived && current.status === "cancelled" && !current.paidAt) {
      return {
        change: { ...unchanged, order: await recordLatePayment(ctx, tx, current, input, effects) },
        effects: effects.list,
        latePayment: true,
      };
    }
    if (input.cause === "admin" && current.status !== "paid") {
      throw new HttpError(409, "invalid_status_change", "Only a pending order can be marked paid.");
    }
    return { change: unchanged, effects: [], latePayment: false };
  }
  const transition = orderTransition("pending", "paid", input.cause);
  if (!transition) throw new Error("the lifecycle table lost pending -> paid");
  await recordHistory(
    tx,
    { orderId, from: "pending", to: "paid", by: input.by, note: input.note ?? "Payment received", at: now },
    queueOrderEmailStatement(orderId, "confirmation"),
  );
  await runTransitionEffects(
    ctx,
    tx,
    order,
    transition,
    input.cause,
    effects,
    new Set(["confirmation-email"]),
  );
  effects.add({ kind: "count", metric: "payments" });
  return {
    change: { orderId, from: "pending", to: "paid", changed: true, order },
    effects: effects.list,
    latePayment: false,
  };
}

/** The money is on the order (so the ledger shows it and it can be refunded); the status stays cancelled. */
async function recordLatePayment(
  ctx: OrderServices,
  tx: Tx,
  current: typeof orders.$inferSelect,
  input: PaymentInput,
  effects: Effects,
) {
  const now = new Date();
  const [order] = await tx
    .update(orders)
    .set({ paidAt: now, paymentReference: input.paymentReference, updatedAt: now })
    .where(eq(orders.id, current.id))
    .returning();
  if (!order) throw new Error("order row vanished under its lock");
  await recordHistory(tx, {
    orderId: order.id,
    from: order.status,
    to: order.status,
    by: input.by,
    note: "Payment received after the order was cancelled: refund it",
    at: now,
  });
  effects.mail(await alertLatePayment(tx, ctx.config, order));
  ctx.log.warn({ orderId: order.id }, "payment received for a cancelled order; recorded for a refund");
  return order;
}
