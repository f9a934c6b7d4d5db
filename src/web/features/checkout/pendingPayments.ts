/**
 * Checkouts waiting for payment, kept in local storage so the payment-pending, success and
 * cancel pages (in this tab or the payment tab) can follow the order: its access token (for
 * GET /api/checkout/status) and its payment page (to reopen it). The token never goes in a URL.
 */
import type { CheckoutCreated } from "@web/features/checkout/api/checkout";

export const PENDING_PAYMENTS_KEY = "lithobox.pendingPayments";
/** Only the latest few are kept. */
const MAX_KEPT = 5;

export interface PendingPayment {
  orderId: string;
  displayNumber: string;
  token: string;
  url: string;
  orderTotal: number;
  itemCount: number;
  createdAt: number;
  /** The cart lines the order was placed from: taken out of the cart once it is paid. */
  cartItemIds?: string[];
}

function readAll(): PendingPayment[] {
  try {
    const raw = window.localStorage.getItem(PENDING_PAYMENTS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (p): p is PendingPayment =>
        typeof p === "object" &&
        p !== null &&
        typeof (p as PendingPayment).orderId === "string" &&
        typeof (p as PendingPayment).token === "string" &&
        typeof (p as PendingPayment).url === "string",
    );
  } catch {
    return [];
  }
}

function writeAll(list: readonly PendingPayment[]) {
  try {
    window.localStorage.setItem(PENDING_PAYMENTS_KEY, JSON.stringify(list.slice(0, MAX_KEPT)));
  } catch (error) {
    console.warn("Could not remember the pending payment", error);
  }
}

export function rememberPendingPayment(created: CheckoutCreated, cartItemIds: string[]): PendingPayment {
  const entry: PendingPayment = {
    orderId: created.orderId,
    displayNumber: created.displayNumber,
    token: created.token,
    url: created.url,
    orderTotal: created.orderTotal,
    itemCount: created.itemCount,
    createdAt: Date.now(),
    cartItemIds,
  };
  writeAll([entry, ...readAll().filter((p) => p.orderId !== created.orderId)]);
  return entry;
}

export function findPendingPayment(orderId: string | null | undefined): PendingPayment | null {
  if (!orderId) return null;
  return readAll().find((p) => p.orderId === orderId) ?? null;
}

/**
 * Tokens of paid orders, kept (the last MAX_KEPT) after their pending payment is forgotten: the
 * other tab's success page still shows the order and offers "Order again" (issue 20).
 */
const PAID_TOKENS_KEY = "lithobox.paidOrderTokens";

/** [order id, access token, the cart lines it was placed from (when known)]. */
type PaidOrderRecord = [string, string, string[]?];

function readPaidTokens(): PaidOrderRecord[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PAID_TOKENS_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter(
          (e): e is PaidOrderRecord =>
            Array.isArray(e) &&
            typeof e[0] === "string" &&
            typeof e[1] === "string" &&
            (e[2] === undefined || (Array.isArray(e[2]) && e[2].every((id) => typeof id === "string"))),
        )
      : [];
  } catch {
    return [];
  }
}

export function paidOrderToken(orderId: string | null | undefined): string | null {
  if (!orderId) return null;
  return readPaidTokens().find(([id]) => id === orderId)?.[1] ?? null;
}

/**
 * The cart lines a paid order was placed from, from its pending payment or, once another tab
 * has forgotten that, from the paid order's record; undefined when neither knows.
 */
export function paidCartItemIds(orderId: string): string[] | undefined {
  return findPendingPayment(orderId)?.cartItemIds ?? readPaidTokens().find(([id]) => id === orderId)?.[2];
}

export function forgetPendingPayment(orderId: string) {
  const list = readAll();
  const pending = list.find((p) => p.orderId === orderId);
  if (!pending) return;
  try {
    const record: PaidOrderRecord = pending.cartItemIds
      ? [orderId, pending.token, pending.cartItemIds]
      : [orderId, pending.token];
    const kept = [record, ...readPaidTokens().filter(([id]) => id !== orderId)];
    window.localStorage.setItem(PAID_TOKENS_KEY, JSON.stringify(kept.slice(0, MAX_KEPT)));
  } catch {
    // Storage full or refused: the success page still shows the order number.
  }
  writeAll(list.filter((p) => p.orderId !== orderId));
}

/** A payment page must be a web address (never javascript: or data:). */
export function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}
