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

/** What the order charged besides its lines: shared among the lines when a line is refunded. */
export interface OrderCharges {
  shipping: number;
  discount: number;
}

export interface LineRefundShare {
  /** The line's price × quantity. */
  goods: number;
  /** Its share of the shipping charge. */
  shipping: number;
  /** Its share of the discount (given back less). */
  discount: number;
  /** goods + shipping - discount: what refunding this line gives back. */
  amount: number;
}

/**
 * Splits `total` among weights in proportion, in whole pence, so the parts add up to `total`
 * exactly (largest remainder; ties go to the earlier line).
 */
function splitInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * The shop's refund rule for a line (issue 47 item 6): a line is given back with its share of
 * the shipping, less its share of any discount, each shared among ALL the order's lines in
 * proportion to their value. The shares are fixed by the order, not by which lines are ticked,
 * so refunding every line, one by one or together, gives back the order's total to the penny.
 */
export function lineRefundShares(
  lines: readonly RefundLine[],
  charges: OrderCharges = { shipping: 0, discount: 0 },
): Map<string, LineRefundShare> {
  const goods = lines.map((l) => l.price * l.quantity);
  const shipping = splitInProportion(charges.shipping, goods);
  const discount = splitInProportion(charges.discount, goods);
  return new Map(
    lines.map((l, i) => {
      const g = goods[i] ?? 0;
      const s = shipping[i] ?? 0;
      const d = discount[i] ?? 0;
      return [l.id, { goods: g, shipping: s, discount: d, amount: Math.max(0, g + s - d) }];
    }),
  );
}

/**
 * The amount for the chosen lines (each line's price × quantity with its share of the shipping,
 * less its share of the discount: lineRefundShares), or the given amount. Lines already refunded
 * count for nothing (refundLines says why).
 */
export function requestedRefundAmount(
  request: { amount?: number | undefined; lineIds?: readonly string[] | undefined },
  lines: readonly RefundLine[],
  refundedLineIds: ReadonlySet<string> = new Set(),
  charges: OrderCharges = { shipping: 0, discount: 0 },
): number {
  if (request.lineIds && request.lineIds.length > 0) {
    const chosen = new Set(request.lineIds);
    const shares = lineRefundShares(lines, charges);
    return lines
      .filter((l) => chosen.has(l.id) && !refundedLineIds.has(l.id))
      .reduce((sum, l) => sum + (shares.get(l.id)?.amount ?? 0), 0);
  }
  return request.amount ?? 0;
}

export type RefundFormBlocker = "nothing" | "badAmount" | "tooMuch" | "note";

/**
 * Why the admin's refund form cannot be sent yet (issue 47 item 6: the button never sits
 * disabled without saying why), or null when it can. `pounds` is what was typed in the amount
 * box; `lineAmount` what the ticked lines come to (0 with none ticked).
 */
export function refundFormBlocker(form: {
  lineAmount: number;
  linesTicked: boolean;
  pounds: string;
  note: string;
  refundable: number;
}): RefundFormBlocker | null {
  let amount = form.lineAmount;
  if (!form.linesTicked) {
    if (form.pounds.trim() === "") return "nothing";
    amount = typedPence(form.pounds);
    if (amount === 0 && !/^£?0+(\.0{1,2})?$/.test(form.pounds.trim())) return "badAmount";
  }
  if (amount <= 0) return "nothing";
  if (amount > form.refundable) return "tooMuch";
  if (!form.note.trim()) return "note";
  return null;
}

/** The pence typed in the refund form's amount box ("12.5", "£12.50"), 0 when it is not money. */
export function typedPence(pounds: string): number {
  const typed = pounds.trim().replace(/^£/, "");
  return /^\d+(\.\d{1,2})?$/.test(typed) ? Math.round(Number(typed) * 100) : 0;
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

/**
 * The spec's refund timing for cards (Returns: card 3-5 days). The shop takes cards through
 * Stripe only, so the e-mail leaves out the spec's PayPal and bank transfer figures (issue 47
 * item 12); the returns page still quotes the spec's Returns text whole.
 */
export const REFUND_TIMING_TEXT = "Card refunds usually appear on your statement within 3-5 business days.";
