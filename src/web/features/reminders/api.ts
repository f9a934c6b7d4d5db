/**
 * Cart reminders, with consent (issue 33).
 *   POST /api/cart-reminders {email, items, consent: true, handle?} -> {handle, state, message, dropped}
 *   POST /api/cart-reminders/confirm {token} -> {message} (the confirmation e-mail's link)
 *   PUT  /api/cart-reminders {handle, items} -> {active}
 *   POST /api/cart-reminders/withdraw {handle}
 *   GET  /api/cart-reminders/restore?token= -> {items, dropped, handle}
 *   GET  /api/unsubscribe/target?token= -> {email}; POST /api/unsubscribe?token= -> {message}
 * The browser keeps the handle beside its cart (./reminder-handle.ts) while the box is ticked.
 */
import type { CartItem } from "@shared/cart";
import { api, ok } from "@web/lib/http/client";

export { readReminderHandle, writeReminderHandle } from "./reminderHandle";

export function consentToReminders(email: string, items: readonly CartItem[], handle: string | null) {
  return ok(api["cart-reminders"].$post({ json: { email, items: [...items], consent: true, handle } }));
}

export function updateReminderCart(handle: string, items: readonly CartItem[]) {
  return ok(api["cart-reminders"].$put({ json: { handle, items: [...items] } }));
}

export async function withdrawReminders(handle: string): Promise<void> {
  // A handle the server no longer knows (expired) has nothing left to withdraw.
  await api["cart-reminders"].withdraw.$post({ json: { handle } });
}

export function confirmReminders(token: string) {
  return ok(api["cart-reminders"].confirm.$post({ json: { token } }));
}

export function restoreCart(token: string) {
  return ok(api["cart-reminders"].restore.$get({ query: { token } }));
}

export function fetchUnsubscribeTarget(token: string) {
  return ok(api.unsubscribe.target.$get({ query: { token } }));
}

export function confirmUnsubscribe(token: string) {
  return ok(api.unsubscribe.$post({ query: { token } }));
}
