/**
 * The orders module's face: an order's life, read top to bottom in ./workflows/.
 *
 *   placeOrder               checkout: price, hold stock and a code use, open the payment page
 *   completePayment          pending -> paid (the provider's webhook, the test page, by hand)
 *   cancelOrder              pending -> cancelled (the shop, the customer, a failed payment)
 *   expireDueOrders          pending -> cancelled when the payment time ran out (every server)
 *   refundOrder              money back; a full refund ends the order (refunded or cancelled)
 *   changeFulfilmentStatus   paid -> processing -> printing -> dispatched -> … -> delivered
 *   approveProof, changeProofCrop, autoApproveDueProofs   the customer's proof (issue 32), per
 *   panel (issue 44); queueReadyProofEmails: its e-mail once the panels' pictures exist
 *
 * Each runs its steps in one transaction and answers its after-commit effects as values
 * (./effects.ts); which move is allowed and what it does is the table in
 * src/shared/order-lifecycle.ts. The functions below run one workflow in its own transaction.
 */
import type { AppContext } from "../context.js";
import { type CancelInput, cancelOrder } from "./workflows/cancel-order.js";
import { changeFulfilmentStatus, type FulfilmentChange } from "./workflows/change-fulfilment-status.js";
import { completePayment, type PaymentInput, type PaymentResult } from "./workflows/complete-payment.js";
import { runWorkflow, type WorkflowResult } from "./workflows/run.js";

export * from "./admin-orders.js";
export * from "./cart-reminders.js";
export * from "./changed-by.js";
export * from "./checkout.js";
export * from "./checkout-status.js";
export * from "./click-and-drop.js";
export * from "./customer-orders.js";
export { type AfterCommit, runAfterCommit, runAfterResponse } from "./effects.js";
export * from "./order-to-write-to.js";
export * from "./order-view.js";
export * from "./orders.js";
export * from "./proofs.js";
export * from "./refunds.js";
export * from "./saved-cart.js";
export * from "./stripe-events.js";
export { lockOrder, OrderStatusError, type StatusChange } from "./transitions.js";
export { type CancelInput, cancelOrder } from "./workflows/cancel-order.js";
export { changeFulfilmentStatus, type FulfilmentChange } from "./workflows/change-fulfilment-status.js";
export { completePayment, type PaymentInput, type PaymentResult } from "./workflows/complete-payment.js";
export {
  EXPIRY_GRACE_MS,
  expireDueOrders,
  OrderExpirySweeper,
  paymentExpiry,
} from "./workflows/expire-orders.js";
export {
  approveProof,
  autoApproveDueProofs,
  changeProofCrop,
  type ProofChange,
  type ProofPanelRef,
  type ProofResult,
  ProofSweeper,
  queueReadyProofEmails,
} from "./workflows/proof.js";
export {
  type RefundInput,
  type RefundResult,
  recordProviderRefunds,
  refundOrder,
} from "./workflows/refund-order.js";
export { runWorkflow, type WorkflowResult } from "./workflows/run.js";

/** completePayment in its own transaction; the e-mails and alerts follow after the response. */
export function completeOrderPayment(ctx: AppContext, input: PaymentInput): Promise<PaymentResult> {
  return runWorkflow(ctx, (tx) => completePayment(ctx, tx, input), { later: true });
}

/** cancelOrder in its own transaction, then its effects. */
export function cancelPendingOrder(ctx: AppContext, input: CancelInput): Promise<WorkflowResult> {
  return runWorkflow(ctx, (tx) => cancelOrder(ctx, tx, input));
}

/** changeFulfilmentStatus by an administrator in its own transaction, then its e-mails. */
export function changeOrderStatus(
  ctx: AppContext,
  orderId: string,
  adminId: string,
  input: FulfilmentChange,
): Promise<WorkflowResult> {
  return runWorkflow(ctx, (tx) => changeFulfilmentStatus(ctx, tx, orderId, adminId, input));
}
