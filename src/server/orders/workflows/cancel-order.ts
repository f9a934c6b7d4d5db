/**
 * cancelOrder: an order still waiting for payment is given up, and what it held (stock, a
 * discount code's use) goes back. Who asks decides the rest:
 *   - the shop (admin): only a pending order (a paid one is cancelled by refunding it), and the
 *     customer is told; Stripe's payment page is closed so nothing more can be paid there;
 *   - the customer (the payment page's Cancel, a payment that could not start) or the provider
 *     (a failed or expired session): a pending order is cancelled, anything else is left alone.
 * expireOrder is the same move for an order whose payment time ran out (expire-orders.ts).
 */
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { displayOrderNumber } from "@shared/orders";
import { REFUND_TEXTS } from "@shared/refunds";
import type { Tx } from "../../db/client.js";
import { HttpError } from "../../lib/validation.js";
import { queueMail, renderEmail } from "../../messaging/index.js";
import { Effects } from "../../platform/index.js";
import type { OrderRow } from "../orders.js";
import type { OrderServices } from "../services.js";
import type { WorkflowResult } from "../transitions.js";
import { lockOrder, moveOrder } from "../transitions.js";

export interface CancelInput {
  orderId: string;
  cause: "admin" | "customer" | "payment" | "expiry";
  by: string;
  note?: string;
  /** The shop's reason, told to the customer (admin only). */
  reason?: string;
}

export async function cancelOrder(ctx: OrderServices, tx: Tx, input: CancelInput): Promise<WorkflowResult> {
  const current = await lockOrder(tx, input.orderId);
  const unchanged = {
    orderId: current.id,
    from: current.status,
    to: "cancelled",
    changed: false,
    order: current,
  };
  if (current.status !== "pending") {
    if (input.cause === "admin") throw new HttpError(409, "cancel_refused", REFUND_TEXTS.notPending);
    return { change: unchanged, effects: [] };
  }
  const effects = new Effects();
  const order = await moveOrder(
    ctx,
    tx,
    current,
    { to: "cancelled", cause: input.cause, by: input.by, note: input.note ?? "Payment cancelled" },
    effects,
  );
  if (input.cause === "admin" && !order.anonymisedAt)
    effects.mail(await queueCancellationEmail(tx, order, input.reason ?? ""));
  return { change: { ...unchanged, to: "cancelled", changed: true, order }, effects: effects.list };
}

async function queueCancellationEmail(tx: Tx, order: OrderRow, reason: string): Promise<string | null> {
  const number = displayOrderNumber(order.orderNumber);
  const subject = `${order.testMode ? "[TEST] " : ""}Your ${BRAND_NAME} order #${number} has been cancelled`;
  const paragraphs = [
    `Hello ${order.shippingFirstName.trim() || "there"},`,
    `We have cancelled your order #${number}${reason ? ` (${reason})` : ""}. No payment was taken, so nothing will be charged.`,
  ];
  const footnote = `Questions? Write to ${SUPPORT_EMAIL}, quoting your order number.`;
  return queueMail(tx, {
    dedupeKey: `cancellation:${order.id}`,
    kind: "cancellation",
    to: order.shippingEmail,
    subject,
    ...renderEmail({ title: subject, blocks: paragraphs, footnote }),
  });
}
