/**
 * The orders module's face: an order's life, read top to bottom in ./workflows/.
 *
 *   placeOrder               checkout: price, hold stock and a code use, open the payment page
 *   completePayment          pending -> paid (the provider's webhook, the test page, by hand)
 *   cancelOrder              pending -> cancelled (the shop, the customer, a failed payment)
 *   expireDueOrders          pending -> cancelled when the payment time ran out (every server)
 *   refundOrder              money back; a full refund ends the order (refunded or cancelled)
 *   changeFulfilmentStatus   paid -> processing -> printing -> dispatched -> … -> delivered
 *   cancelByCustomer, changeDeliveryAddress   the customer's own cancellation (a full refund)
 *                            or new address, while the proof waits (issue 47 item 14)
 *   approveProof, changeProofCrop, autoApproveDueProofs   the customer's proof (issue 32), per
 *   panel (issue 44); queueReadyProofEmails: its e-mail once the panels' pictures exist
 *
 * Each runs its steps in one transaction and answers its after-commit effects as values
 * (./effects.ts); which move is allowed and what it does is the table in
 * src/shared/order-lifecycle.ts. The functions below run one workflow in its own transaction.
 */

import { runWorkflow } from "../platform/index.js";
import type { OrderServices } from "./services.js";
import type { WorkflowResult } from "./transitions.js";
import { type CancelInput, cancelOrder } from "./workflows/cancel-order.js";
import { changeFulfilmentStatus, type FulfilmentChange } from "./workflows/change-fulfilment-status.js";
import { completePayment, type PaymentInput, type PaymentResult } from "./workflows/complete-payment.js";
import {
  type CustomerChangeInput,
  cancelByCustomer,
  changeDeliveryAddress,
} from "./workflows/customer-changes.js";
import { approveProof, changeProofCrop } from "./workflows/proof.js";
import type { RefundResult } from "./workflows/refund-order.js";

export { getAdminOrder, likePattern, listAdminOrders } from "./admin-orders.js";
export {
  CustomerMailSweeper,
  confirmCartReminder,
  listWaitingReminders,
  recordCartConsent,
  restoreRemindedCart,
  sendCartReminderNow,
  sendDueCustomerMail,
  unsubscribe,
  unsubscribeTarget,
  updateRemindedCart,
  withdrawCartConsent,
} from "./cart-reminders.js";
export { CHANGED_BY } from "./changed-by.js";
export { findCheckoutStatus } from "./checkout-status.js";
export {
  exportClickAndDrop,
  getClickAndDropSettings,
  matchOrderReferences,
  saveClickAndDropSettings,
} from "./click-and-drop.js";
export { importClickAndDropTracking } from "./click-and-drop-import.js";
export { customerOrdersCondition, listCustomerOrders, type OrderOwner } from "./customer-orders.js";
export { loadOrderView, orderVisibleTo, type ReorderResult, reorder } from "./order-view.js";
export {
  findOrderForTracking,
  getOrder,
  getOrderWithItems,
  getStatusHistory,
  isUuid,
  type OrderRow,
  type OrderWithItems,
} from "./orders.js";
export {
  getProofSettings,
  orderOfProofToken,
  type ProofView,
  panelCropPicture,
  proofPicture,
  proofStatus,
  proofView,
  saveProofSettings,
} from "./proofs.js";
export { refundedSql } from "./refunds.js";
export { loadSavedCart, replaceSavedCart, repriceCartItems, repriceFromSnapshot } from "./saved-cart.js";
export { handleStripeEvent } from "./stripe-events.js";
export type { StatusChange } from "./transitions.js";
export {
  addOrderNoteAsAdmin,
  cancelOrderAsAdmin,
  changeOrderStatusAsAdmin,
  changeOrderStatusesAsAdmin,
  emailCustomer,
  refundOrderAsAdmin,
  resendConfirmation,
} from "./workflows/admin-actions.js";
export { changeFulfilmentStatus } from "./workflows/change-fulfilment-status.js";
export { completePayment } from "./workflows/complete-payment.js";
export { expireDueOrders, OrderExpirySweeper } from "./workflows/expire-orders.js";
export { type CheckoutRefusal, placeOrder } from "./workflows/place-order.js";
export {
  approveProof,
  autoApproveDueProofs,
  ProofSweeper,
  queueReadyProofEmails,
} from "./workflows/proof.js";

/** completePayment in its own transaction; the e-mails and alerts follow after the response. */
export function completeOrderPayment(ctx: OrderServices, input: PaymentInput): Promise<PaymentResult> {
  return runWorkflow(ctx, (tx) => completePayment(ctx, tx, input), { later: true });
}

/** cancelOrder in its own transaction, then its effects. */
export function cancelPendingOrder(ctx: OrderServices, input: CancelInput): Promise<WorkflowResult> {
  return runWorkflow(ctx, (tx) => cancelOrder(ctx, tx, input));
}

/** changeFulfilmentStatus by an administrator in its own transaction, then its e-mails. */
export function changeOrderStatus(
  ctx: OrderServices,
  orderId: string,
  adminId: string,
  input: FulfilmentChange,
): Promise<WorkflowResult> {
  return runWorkflow(ctx, (tx) => changeFulfilmentStatus(ctx, tx, orderId, adminId, input));
}

/** The customer cancels their order from its page (full refund, owner alerted), in its own transaction. */
export function cancelOrderByCustomer(ctx: OrderServices, input: CustomerChangeInput): Promise<RefundResult> {
  return runWorkflow(ctx, (tx) => cancelByCustomer(ctx, tx, input));
}

/** The customer's new delivery address (same country), in its own transaction. */
export function changeOrderDeliveryAddress(
  ctx: OrderServices,
  input: Parameters<typeof changeDeliveryAddress>[2],
): Promise<WorkflowResult> {
  return runWorkflow(ctx, (tx) => changeDeliveryAddress(ctx, tx, input));
}

/** The customer approves their proof (all panels, or the ones named), in its own transaction. */
export function approveOrderProof(
  ctx: OrderServices,
  input: Parameters<typeof approveProof>[2],
): Promise<Awaited<ReturnType<typeof approveProof>>> {
  return runWorkflow(ctx, (tx) => approveProof(ctx, tx, input));
}

/** The customer's new crop for a panel of their proof, in its own transaction. */
export function changeOrderProofCrop(
  ctx: OrderServices,
  input: Parameters<typeof changeProofCrop>[2],
): Promise<Awaited<ReturnType<typeof changeProofCrop>>> {
  return runWorkflow(ctx, (tx) => changeProofCrop(ctx, tx, input));
}
