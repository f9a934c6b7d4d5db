/**
 * What the cart tells a customer to do (issue 30).
 *
 * Bulk orders: what a customer with 5 or more lines in the cart can do (issue 30). The spec's rule stands
 * ("Orders of 5 or more units should contact support", BULK_ORDER_UNITS in ./shipping); this
 * says exactly how: remove lines down to the limit and order the rest separately, or send the
 * cart to the shop through the contact form, prefilled.
 */
import { BULK_ORDER_UNITS } from "./shipping";

/** The most lines one order can be paid for online. */
export const MAX_ONLINE_ORDER_LINES = BULK_ORDER_UNITS - 1;

const items = (n: number): string => (n === 1 ? "1 item" : `${n} items`);

/** How many lines to remove so the cart can be paid online (0 when it already can). */
export function linesOverOnlineLimit(lines: number): number {
  return Math.max(0, lines - MAX_ONLINE_ORDER_LINES);
}

export const BULK_ORDER_TEXTS = {
  /** The first way: pay online today. */
  removeToCheckOut: (lines: number): string =>
    `To pay online now, remove ${items(linesOverOnlineLimit(lines))} so your cart has ${MAX_ONLINE_ORDER_LINES} or fewer; you can order the rest straight afterwards as a second order.`,
  /** The second way: the shop arranges the whole order. */
  sendCart: (replyHours: number): string =>
    `Or send us this cart as it is: the button below opens the contact form with your items filled in, and we reply within ${replyHours} hours with a price and a date.`,
  sendCartAction: "Send us this cart",
  /** The contact form's message, prefilled: one line per cart line. */
  contactMessage: (lines: readonly string[]): string =>
    [`I'd like to order these ${lines.length} items together:`, ...lines.map((line) => `- ${line}`)].join(
      "\n",
    ),
} as const;

/** The contact form's address, prefilled with the wholesale subject and the cart's lines. */
export function bulkOrderContactHref(lines: readonly string[]): string {
  const params = new URLSearchParams({
    subject: "wholesale",
    message: BULK_ORDER_TEXTS.contactMessage(lines),
  });
  return `/contact?${params.toString()}`;
}

/** "Order again" when some of the order's lines are in the cart already (linesToReAdd). */
export const READD_TEXTS = {
  alreadyInCart: (n: number): string =>
    n === 1 ? "1 item was in your cart already." : `${n} items were in your cart already.`,
  allInCartAlready: "Everything in this order is in your cart already.",
} as const;
