import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from "./orders";

/**
 * The order lifecycle: the one table that says which status may follow which, who (or what)
 * may make each move, and what the move does. The server's order workflows
 * (src/server/orders/workflows/) read it; nothing else decides.
 *
 *   pending -> paid -> processing -> printing -> dispatched -> in_transit -> delivered
 *
 * with cancelled and refunded as ends. Fulfilment steps may be skipped (an accessory order goes
 * straight to dispatched), never taken back, so a late or repeated event can never un-pay or
 * re-open an order. Money moves only through its own causes: a payment makes an order paid, a
 * refund makes a paid order cancelled or refunded, so no status change can say "refunded" while
 * the money stays with the shop.
 */

/** What moved an order. */
export type TransitionCause =
  /** The payment provider (Stripe's webhook, the test payment page). */
  | "payment"
  /** An administrator on the order's screen (marking paid by hand, fulfilment steps, cancelling an unpaid order). */
  | "admin"
  /** The customer gave up the payment page, or it failed to start. */
  | "customer"
  /** The pending order's time ran out (the expiry sweep, or Stripe expiring its session). */
  | "expiry"
  /** Money given back: the refund workflow, or a refund Stripe reports. */
  | "refund";

/** What a move does, run by the workflow inside the move's transaction (or after its commit). */
export type TransitionEffect =
  /** The stock and discount-code use a pending order held become the order's. */
  | "take-holds"
  /** The stock and discount-code use a pending order held are given back. */
  | "release-holds"
  /** The VAT invoice, numbered with the payment. */
  | "issue-invoice"
  /** The order confirmation e-mail. */
  | "confirmation-email"
  /** The owner's "paid order" and low-stock alerts. */
  | "owner-alerts"
  /** The panels' print files are queued (not for test orders). */
  | "queue-print-files"
  /** The signed-in buyer's saved cart is emptied. */
  | "clear-saved-cart"
  /** The buyer's opted-in cart reminders stop; recovered when a reminder had gone (issue 33). */
  | "close-cart-reminders"
  /** The provider's payment page stops taking money (Stripe: the session is expired). */
  | "close-payment-page"
  /** The carrier's delivery window from today replaces checkout's promise. */
  | "carrier-window"
  /** The dispatch e-mail with the tracking number. */
  | "dispatch-email"
  /**
   * The review request is recorded as owed, once; its e-mail goes the owner's number of days
   * after delivery (the customer-mail sweep, issue 33), not with the move.
   */
  | "schedule-review-request"
  /**
   * The customer's proof to approve, when the owner's setting is on (issue 32): its rows, one per
   * panel; its e-mail goes later, once every panel's picture exists (decision 351).
   */
  | "proof-request";

export interface Transition {
  readonly by: readonly TransitionCause[];
  readonly effects: readonly TransitionEffect[];
}

const PAYMENT: Transition = {
  by: ["payment", "admin"],
  effects: [
    "take-holds",
    "clear-saved-cart",
    "close-cart-reminders",
    "queue-print-files",
    "owner-alerts",
    "confirmation-email",
    "proof-request",
    "issue-invoice",
  ],
};
const GIVE_UP: Transition = {
  by: ["admin", "customer", "expiry", "payment"],
  effects: ["release-holds", "close-payment-page"],
};
const STEP: Transition = { by: ["admin"], effects: [] };
const DISPATCH: Transition = { by: ["admin"], effects: ["carrier-window", "dispatch-email"] };
const DELIVERED: Transition = { by: ["admin"], effects: ["schedule-review-request"] };
const REFUND: Transition = { by: ["refund"], effects: [] };

export const ORDER_TRANSITIONS: Readonly<
  Record<OrderStatus, Readonly<Partial<Record<OrderStatus, Transition>>>>
> = {
  pending: { paid: PAYMENT, cancelled: GIVE_UP },
  paid: {
    processing: STEP,
    printing: STEP,
    dispatched: DISPATCH,
    in_transit: STEP,
    delivered: DELIVERED,
    cancelled: REFUND,
    refunded: REFUND,
  },
  processing: {
    printing: STEP,
    dispatched: DISPATCH,
    in_transit: STEP,
    delivered: DELIVERED,
    cancelled: REFUND,
    refunded: REFUND,
  },
  printing: {
    dispatched: DISPATCH,
    in_transit: STEP,
    delivered: DELIVERED,
    cancelled: REFUND,
    refunded: REFUND,
  },
  dispatched: { in_transit: STEP, delivered: DELIVERED, refunded: REFUND },
  in_transit: { delivered: DELIVERED, refunded: REFUND },
  delivered: { refunded: REFUND },
  // A payment that arrives after the order was cancelled is recorded and refunded from here.
  cancelled: { refunded: REFUND },
  refunded: {},
};

/** The move from `from` to `to` when `cause` may make it, else null. Unknown statuses allow nothing. */
export function orderTransition(from: string, to: string, cause: TransitionCause): Transition | null {
  if (!isOrderStatus(from) || !isOrderStatus(to)) return null;
  const transition = ORDER_TRANSITIONS[from][to];
  return transition?.by.includes(cause) ? transition : null;
}

/** True when `cause` may move an order from `from` to `to`. */
export function canChangeOrderStatus(from: string, to: string, cause: TransitionCause = "admin"): boolean {
  return orderTransition(from, to, cause) !== null;
}

/** The statuses an administrator may choose next on the order's screen. */
export function adminNextStatuses(from: string): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canChangeOrderStatus(from, to, "admin"));
}

/** Statuses in which the customer has paid (and not been refunded). */
export const PAID_STATUSES: readonly OrderStatus[] = [
  "paid",
  "processing",
  "printing",
  "dispatched",
  "in_transit",
  "delivered",
];

/** Statuses a full refund may still turn into "cancelled" (nothing has left the workshop). */
export const CANCELLABLE_PAID_STATUSES: readonly OrderStatus[] = ["paid", "processing", "printing"];

/** True when a full refund may cancel an order in this status rather than mark it refunded. */
export function cancellableByRefund(status: string): boolean {
  return (CANCELLABLE_PAID_STATUSES as readonly string[]).includes(status);
}

export function isPaidStatus(status: string): boolean {
  return (PAID_STATUSES as readonly string[]).includes(status);
}

/** The checkout's view of an order: waiting for payment, paid, or given up (cancelled or refunded). */
export type PaymentOutcome = "pending" | "paid" | "cancelled";

export function paymentOutcome(status: string): PaymentOutcome {
  if (isPaidStatus(status)) return "paid";
  if (status === "pending") return "pending";
  return "cancelled";
}
