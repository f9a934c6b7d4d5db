/**
 * Money on an order: what was paid, what was given back, the net, and how much more may be
 * refunded. A refund is never more than what is left; refunding the rest makes the order
 * 'refunded'. Pence GBP throughout.
 */
import { isPaidStatus } from "./order-lifecycle";

export interface MoneyLedger {
  paid: number;
  refunded: number;
  net: number;
  /** What may still be refunded (0 for an unpaid order). */
  refundable: number;
}

/** `paid` is the order total once it was paid (0 before). */
export function moneyLedger(paid: number, refunds: readonly { amount: number }[]): MoneyLedger {
  const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
  const net = paid - refunded;
  return { paid, refunded, net, refundable: Math.max(0, net) };
}

/**
 * Whether an order in this status may be refunded: it was paid and is not refunded in full yet,
 * or it was cancelled and money arrived for it afterwards (the ledger then shows it paid).
 */
export function canRefundStatus(status: string): boolean {
  return isPaidStatus(status) || status === "cancelled";
}

export interface RefundLine {
  id: string;
  price: number;
  quantity: number;
}

/**
 * The amount for the chosen lines (each line's price × quantity, less nothing: a line is given
 * back whole), or the given amount. Lines already refunded count for nothing (refundLines says why).
 */
export function requestedRefundAmount(
  request: { amount?: number | undefined; lineIds?: readonly string[] | undefined },
  lines: readonly RefundLine[],
  refundedLineIds: ReadonlySet<string> = new Set(),
): number {
  if (request.lineIds && request.lineIds.length > 0) {
    const chosen = new Set(request.lineIds);
    return lines
      .filter((l) => chosen.has(l.id) && !refundedLineIds.has(l.id))
      .reduce((sum, l) => sum + l.price * l.quantity, 0);
  }
  return request.amount ?? 0;
}

/** The lines of a line refund that were refunded before (each line is given back at most once). */
export function alreadyRefundedLines(
  lineIds: readonly string[] | undefined,
  refundedLineIds: ReadonlySet<string>,
): string[] {
  return (lineIds ?? []).filter((id) => refundedLineIds.has(id));
}

export type RefundCheck = { ok: true; amount: number; full: boolean } | { ok: false; message: string };

export const REFUND_TEXTS = {
  notPaid: "Only a paid order can be refunded.",
  nothing: "Choose an amount or at least one line to refund.",
  tooMuch: (left: string) => `That is more than is left to refund (${left}).`,
  notPending: "Only an order waiting for payment can be cancelled.",
  lineRefunded: "That line has already been refunded.",
  notCancellable: "An order that has left the workshop cannot be cancelled: refund it instead.",
} as const;

export function checkRefund(
  status: string,
  ledger: MoneyLedger,
  amount: number,
  formatMoney: (pence: number) => string,
): RefundCheck {
  if (!canRefundStatus(status) || ledger.refundable <= 0) return { ok: false, message: REFUND_TEXTS.notPaid };
  if (!Number.isInteger(amount) || amount <= 0) return { ok: false, message: REFUND_TEXTS.nothing };
  if (amount > ledger.refundable)
    return { ok: false, message: REFUND_TEXTS.tooMuch(formatMoney(ledger.refundable)) };
  return { ok: true, amount, full: amount === ledger.refundable };
}

/** The spec's refund timings (Returns): card 3-5 days. */
export const REFUND_TIMING_TEXT =
  "Card refunds usually appear on your statement within 3-5 business days (PayPal 1-2 days, bank transfer 5-7 days).";
