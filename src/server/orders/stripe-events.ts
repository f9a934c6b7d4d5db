/**
 * Stripe webhook events, handled idempotently: each event id is stored in payment_events in
 * the same transaction as the change it causes, so a redelivered event changes nothing, and
 * orders only move forward (an `expired` after `completed` cannot un-pay an order).
 *
 * - checkout.session.completed: paid when payment_status is 'paid' (or no payment was
 *   required); otherwise the payment is still on its way (bank debits) and we wait.
 * - checkout.session.async_payment_succeeded: paid.
 * - checkout.session.async_payment_failed, checkout.session.expired: a pending order is cancelled.
 * - A payment for an order that was cancelled meanwhile is recorded for a refund (the owner is
 *   alerted): completePayment's late payment.
 * - charge.refunded: the order is found by its payment (never by metadata, which anyone with
 *   the dashboard can write), and every refund Stripe lists for it that the ledger lacks is
 *   recorded by its refund id (a refund made in Stripe's dashboard, or one whose commit was lost).
 *
 * Every order change is an order workflow (src/server/orders/); its effects run after the answer.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Tx } from "../db/client.js";
import { orders, paymentEvents } from "../db/schema.js";
import type { StripePaymentProvider } from "../payments/index.js";
import { type AfterCommit, runWorkflow } from "../platform/index.js";
import { CHANGED_BY } from "./changed-by.js";
import { findOrderByPaymentSession, getOrder, isUuid } from "./orders.js";
import type { OrderServices } from "./services.js";
import { cancelOrder } from "./workflows/cancel-order.js";
import { completePayment } from "./workflows/complete-payment.js";
import { recordProviderRefunds } from "./workflows/refund-order.js";

export const HANDLED_STRIPE_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
] as const;
type HandledType = (typeof HANDLED_STRIPE_EVENTS)[number];

export type WebhookAction =
  | "ignored"
  | "duplicate"
  | "unknown_order"
  | "paid"
  | "cancelled"
  | "awaiting_payment"
  | "amount_mismatch"
  | "late_payment"
  | "refund_recorded"
  | "no_change";

export interface WebhookOutcome {
  action: WebhookAction;
  orderId: string | null;
}

function isHandled(type: string): type is HandledType {
  return (HANDLED_STRIPE_EVENTS as readonly string[]).includes(type);
}

function paymentIntentId(session: Stripe.Checkout.Session): string | null {
  const pi = session.payment_intent;
  if (!pi) return null;
  return typeof pi === "string" ? pi : pi.id;
}

async function resolveOrderId(tx: Tx, session: Stripe.Checkout.Session): Promise<string | null> {
  const fromMetadata = session.metadata?.orderId ?? session.client_reference_id ?? null;
  if (fromMetadata && isUuid(fromMetadata)) return fromMetadata;
  return (await findOrderByPaymentSession(tx, session.id))?.id ?? null;
}

async function handleChargeRefunded(ctx: OrderServices, event: Stripe.Event): Promise<WebhookOutcome> {
  const charge = event.data.object as Stripe.Charge;
  const pi = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  // What Stripe has refunded on this payment, each refund with its id (read before the
  // transaction: no order row is locked while Stripe answers).
  const listed = pi ? await (ctx.payments as StripePaymentProvider).listRefunds(pi) : [];
  // The refund's e-mails after the answer (Stripe waits for it, the outbox keeps them).
  const result = await runWorkflow(
    ctx,
    async (tx): Promise<WebhookOutcome & { effects: AfterCommit[] }> => {
      const [order] = pi
        ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentReference, pi)).limit(1)
        : [];
      const recorded = await tx
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type, orderId: order?.id ?? null })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return { action: "duplicate", orderId: order?.id ?? null, effects: [] };
      if (!order) return { action: "unknown_order", orderId: null, effects: [] };
      if ((charge.currency ?? "gbp").toLowerCase() !== "gbp")
        return { action: "amount_mismatch", orderId: order.id, effects: [] };
      const outcome = await recordProviderRefunds(ctx, tx, order.id, listed);
      return {
        action: outcome.recorded > 0 ? "refund_recorded" : "no_change",
        orderId: order.id,
        effects: outcome.effects,
      };
    },
    { later: true },
  );
  ctx.log.info(
    { eventId: event.id, action: result.action, orderId: result.orderId },
    "stripe webhook handled",
  );
  return { action: result.action, orderId: result.orderId };
}

export async function handleStripeEvent(ctx: OrderServices, event: Stripe.Event): Promise<WebhookOutcome> {
  if (!isHandled(event.type)) return { action: "ignored", orderId: null };
  if (event.type === "charge.refunded") return handleChargeRefunded(ctx, event);
  const session = event.data.object as Stripe.Checkout.Session;
  const log = ctx.log.child({ eventId: event.id, type: event.type, sessionId: session.id });

  // The e-mails and alerts after the answer: Stripe waits for it, the outbox keeps them.
  const result = await runWorkflow(
    ctx,
    async (tx): Promise<WebhookOutcome & { effects?: AfterCommit[] }> => {
      const orderId = await resolveOrderId(tx, session);
      const order = orderId ? await getOrder(tx, orderId) : null;
      const recorded = await tx
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type, orderId: order?.id ?? null })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return { action: "duplicate", orderId: order?.id ?? null };
      if (!order) {
        log.warn("webhook for an unknown order; recorded and ignored");
        return { action: "unknown_order", orderId: null };
      }

      const pay = async (): Promise<WebhookOutcome & { effects?: AfterCommit[] }> => {
        if (
          session.amount_total !== order.totalAmount ||
          (session.currency ?? "gbp").toLowerCase() !== "gbp"
        ) {
          log.error(
            {
              orderId: order.id,
              expected: order.totalAmount,
              got: session.amount_total,
              currency: session.currency,
            },
            "Stripe amount does not match the order; not marked paid",
          );
          return { action: "amount_mismatch", orderId: order.id };
        }
        const paid = await completePayment(ctx, tx, {
          orderId: order.id,
          by: CHANGED_BY.stripe,
          cause: "payment",
          paymentReference: paymentIntentId(session),
          note: `Stripe ${event.type}`,
          moneyReceived: true,
        });
        const action = paid.change.changed ? "paid" : paid.latePayment ? "late_payment" : "no_change";
        return { action, orderId: order.id, effects: paid.effects };
      };
      const cancel = async (note: string): Promise<WebhookOutcome & { effects?: AfterCommit[] }> => {
        const { change, effects } = await cancelOrder(ctx, tx, {
          orderId: order.id,
          cause: "payment",
          by: CHANGED_BY.stripe,
          note,
        });
        return { action: change.changed ? "cancelled" : "no_change", orderId: order.id, effects };
      };

      switch (event.type) {
        case "checkout.session.completed":
          if (session.payment_status === "paid" || session.payment_status === "no_payment_required")
            return pay();
          return { action: "awaiting_payment", orderId: order.id };
        case "checkout.session.async_payment_succeeded":
          return pay();
        case "checkout.session.async_payment_failed":
          return cancel("Payment failed");
        case "checkout.session.expired":
          return cancel("Checkout session expired");
        default:
          return { action: "ignored", orderId: order.id };
      }
    },
    { later: true },
  );
  log.info({ action: result.action, orderId: result.orderId }, "stripe webhook handled");
  return { action: result.action, orderId: result.orderId };
}
