/**
 * Signed links a customer follows without an account: `<id>.<expires (unix s)>.<HMAC>` under
 * the server's secret. The HMAC covers the link's purpose, the id and the expiry, so none can
 * be changed (a review link cannot answer a message); it is checked in constant time.
 * - The answer link in a reply to a contact message (each answers once: contact_replies.
 *   via_reply_id is unique, so a replayed token is refused).
 * - The review link of a delivered order's review request (one review per order).
 * - The invoice and credit-note PDF links (payments/invoices.ts).
 * - A cart reminder's restore link, the checkout's handle on its opted-in cart, the link that
 *   confirms a reminder request (double opt-in), and the one-click unsubscribe link of
 *   reminders and review requests (orders/cart-reminders.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  CART_RESTORE_LINK_DAYS,
  REMINDER_CONFIRM_LINK_DAYS,
  UNSUBSCRIBE_LINK_DAYS,
} from "@shared/customer-mail";

/** How long a reply's answer link works. */
export const ANSWER_LINK_DAYS = 30;
/** How long a review request's link works. */
export const REVIEW_LINK_DAYS = 90;

/** What a link is for: a token made for one purpose is refused for another. */
export type TokenPurpose =
  | "message-answer"
  | "review"
  | "photo-replacement"
  | "invoice"
  /** A cart reminder's link that restores the cart on any device (issue 33). */
  | "cart-restore"
  /** The browser's handle on its opted-in cart: updates it, or withdraws the consent. */
  | "cart-reminder"
  /** The confirmation e-mail's link (double opt-in): the address's owner turns reminders on. */
  | "cart-reminder-confirm"
  /** One-click unsubscribe: the id is a cart reminder's or an order's (its address). */
  | "unsubscribe"
  /** The customer's proof of a paid order (issue 32): the order's id. */
  | "proof";

function sign(secret: string, purpose: TokenPurpose, id: string, expires: number): string {
  return createHmac("sha256", secret).update(`lithobox-${purpose}:${id}:${expires}`).digest("base64url");
}

/** A signed token for `id` (a UUID), valid `days` days. */
export function signedToken(
  secret: string,
  purpose: TokenPurpose,
  id: string,
  days: number,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + days * 24 * 3600;
  return `${id}.${expires}.${sign(secret, purpose, id, expires)}`;
}

export type SignedTokenCheck = { ok: true; id: string } | { ok: false; reason: "invalid" | "expired" };

export function checkSignedToken(
  secret: string,
  purpose: TokenPurpose,
  token: string,
  now = Date.now(),
): SignedTokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "invalid" };
  const [id = "", expiresText = "", signature = ""] = parts;
  if (!/^[0-9a-f-]{36}$/.test(id) || !/^\d{1,12}$/.test(expiresText)) return { ok: false, reason: "invalid" };
  const expires = Number(expiresText);
  const expected = Buffer.from(sign(secret, purpose, id, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "invalid" };
  if (expires * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, id };
}

export function answerToken(secret: string, replyId: string, now = Date.now()): string {
  return signedToken(secret, "message-answer", replyId, ANSWER_LINK_DAYS, now);
}

export type AnswerTokenCheck = { ok: true; replyId: string } | { ok: false; reason: "invalid" | "expired" };

export function checkAnswerToken(secret: string, token: string, now = Date.now()): AnswerTokenCheck {
  const check = checkSignedToken(secret, "message-answer", token, now);
  return check.ok ? { ok: true, replyId: check.id } : check;
}

export function reviewToken(secret: string, orderId: string, now = Date.now()): string {
  return signedToken(secret, "review", orderId, REVIEW_LINK_DAYS, now);
}

export function checkReviewToken(secret: string, token: string, now = Date.now()): SignedTokenCheck {
  return checkSignedToken(secret, "review", token, now);
}

/** The restore link's token of a cart reminder (the cart_reminders row id). */
export function cartRestoreToken(secret: string, reminderId: string, now = Date.now()): string {
  return signedToken(secret, "cart-restore", reminderId, CART_RESTORE_LINK_DAYS, now);
}

/** The browser's handle on its opted-in cart (kept with the cart in local storage). */
export function cartReminderHandle(secret: string, reminderId: string, now = Date.now()): string {
  return signedToken(secret, "cart-reminder", reminderId, CART_HANDLE_DAYS, now);
}
/** The link of a reminder request's confirmation e-mail: only the address's owner receives it. */
export function cartReminderConfirmToken(secret: string, reminderId: string, now = Date.now()): string {
  return signedToken(secret, "cart-reminder-confirm", reminderId, REMINDER_CONFIRM_LINK_DAYS, now);
}

/** How long the browser's handle works (longer than any reminder runs). */
export const CART_HANDLE_DAYS = 60;

/** The one-click unsubscribe token: `id` is a cart reminder's or an order's (its address). */
export function unsubscribeToken(secret: string, id: string, now = Date.now()): string {
  return signedToken(secret, "unsubscribe", id, UNSUBSCRIBE_LINK_DAYS, now);
}

/**
 * The unsubscribe address of an e-mail: the RFC 8058 one-click POST target (List-Unsubscribe);
 * a GET of it (a client that opens it in a browser) is sent on to the confirmation page.
 */
export function unsubscribeUrl(publicUrl: string, secret: string, id: string, now = Date.now()): string {
  return `${publicUrl}/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, id, now))}`;
}

/** The page that asks before unsubscribing (linked in the e-mail's footer). */
export function unsubscribePageUrl(publicUrl: string, secret: string, id: string, now = Date.now()): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, id, now))}`;
}
