import { isOrderStatus, type OrderStatus } from "./orders";

/**
 * The order lifecycle: which status may follow which. Orders only move forward:
 *   pending -> paid -> processing -> printing -> dispatched -> in_transit -> delivered
 * with cancelled (before dispatch) and refunded (once paid) as ends. Steps may be skipped
 * (a paid accessory order goes straight to dispatched, a hand-delivered one to delivered),
 * never taken back, so a late or repeated payment event can never un-pay or re-open an order.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ["paid", "cancelled"],
  paid: ["processing", "printing", "dispatched", "in_transit", "delivered", "cancelled", "refunded"],
  processing: ["printing", "dispatched", "in_transit", "delivered", "cancelled", "refunded"],
  printing: ["dispatched", "in_transit", "delivered", "cancelled", "refunded"],
  dispatched: ["in_transit", "delivered", "refunded"],
  in_transit: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

/** Statuses in which the customer has paid (and not been refunded). */
export const PAID_STATUSES: readonly OrderStatus[] = [
  "paid",
  "processing",
  "printing",
  "dispatched",
  "in_transit",
  "delivered",
];

/** True when `to` may follow `from`. Unknown statuses (free text from old data) allow nothing. */
export function canChangeOrderStatus(from: string, to: string): boolean {
  if (!isOrderStatus(from) || !isOrderStatus(to)) return false;
  return ORDER_TRANSITIONS[from].includes(to);
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
