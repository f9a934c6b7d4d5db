/**
 * The shop's e-mails that are not owed by an order (issue 33): abandoned-cart reminders, sent
 * only to an address whose owner ticked the opt-in box, and review requests, sent a set number
 * of days after delivery. Both carry a one-click unsubscribe (RFC 8058). The owner's settings,
 * the rules that decide when each goes, and their texts live here once.
 */
import { z } from "zod";
import { pluralise } from "./messages";

/** Every reminder a cart can get: the first after `firstReminderMinutes` idle, the second after `secondReminderHours`. */
export const MAX_CART_REMINDERS = 2;
/** How long a reminder's restore link works. */
export const CART_RESTORE_LINK_DAYS = 7;
/** How long an unsubscribe link works (RFC 8058 links are followed long after the e-mail). */
export const UNSUBSCRIBE_LINK_DAYS = 400;
/**
 * How long the link of a reminder request's confirmation e-mail works (double opt-in): a
 * request not confirmed by then ends as `unconfirmed` and nothing more is sent.
 */
export const REMINDER_CONFIRM_LINK_DAYS = 2;
/** Confirmation e-mails one address gets at most in REMINDER_CONFIRMATION_WINDOW_HOURS. */
export const REMINDER_CONFIRMATIONS_PER_ADDRESS = 2;
export const REMINDER_CONFIRMATION_WINDOW_HOURS = 24;

/**
 * True when one more confirmation e-mail may go to an address that was sent `sentRecently` of
 * them in the window: an address typed by someone else cannot be flooded with requests.
 */
export function mayAskToConfirm(sentRecently: number): boolean {
  return sentRecently < REMINDER_CONFIRMATIONS_PER_ADDRESS;
}

export const CUSTOMER_MAIL_DEFAULTS = {
  cartRemindersEnabled: true,
  firstReminderMinutes: 60,
  secondReminderHours: 24,
  reviewRequestDays: 7,
} as const;

/**
 * What the owner is told when a setting is out of range (issue 47 item 11: never zod's raw
 * "Too small: expected number to be >=15"): the field's own words and its range.
 */
export const CUSTOMER_MAIL_LIMIT_TEXTS = {
  firstReminder: "The first reminder waits 15 to 2,880 minutes (two days) after the cart was last changed.",
  secondReminder: "The second reminder waits 2 to 336 hours (two weeks) after the cart was last changed.",
  secondAfterFirst: "The second reminder must come after the first.",
  reviewDays: "The review request goes 0 to 60 days after delivery.",
  whole: "Enter a whole number.",
} as const;

const L = CUSTOMER_MAIL_LIMIT_TEXTS;
const within = (min: number, max: number, message: string) =>
  z
    .number({ error: L.whole })
    .int({ error: L.whole })
    .min(min, { error: message })
    .max(max, { error: message });

export const customerMailSettingsSchema = z
  .object({
    cartRemindersEnabled: z.boolean(),
    /** Idle time before the first reminder: 15 minutes to 2 days. */
    firstReminderMinutes: within(15, 2 * 24 * 60, L.firstReminder),
    /** Idle time before the second reminder: 2 hours to 14 days, and after the first. */
    secondReminderHours: within(2, 14 * 24, L.secondReminder),
    /** Days after delivery for the review request: 0 to 60. */
    reviewRequestDays: within(0, 60, L.reviewDays),
  })
  .refine((s) => s.secondReminderHours * 60 > s.firstReminderMinutes, {
    message: L.secondAfterFirst,
    path: ["secondReminderHours"],
  });
export type CustomerMailSettings = z.infer<typeof customerMailSettingsSchema>;

/** The stored settings, any field missing or out of range taking its default. */
export function parseCustomerMailSettings(value: unknown): CustomerMailSettings {
  const merged = { ...CUSTOMER_MAIL_DEFAULTS, ...(typeof value === "object" && value ? value : {}) };
  const parsed = customerMailSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : { ...CUSTOMER_MAIL_DEFAULTS };
}

/**
 * Where a cart with an opted-in address stands. Only 'active' ones are reminded: an address
 * becomes active when its owner followed the confirmation e-mail's link, or at once for a
 * signed-in customer's own verified address.
 */
export const CART_REMINDER_STATUSES = [
  "active",
  /** Asked for at checkout, waiting for the address's owner to confirm by e-mail. */
  "pending",
  /** The confirmation link was never followed: nothing was sent but that one e-mail. */
  "unconfirmed",
  /** Bought after a reminder was sent: counts as recovered, with its revenue. */
  "recovered",
  /** Bought before any reminder went. */
  "purchased",
  "emptied",
  "unsubscribed",
  /** The buyer unticked the box. */
  "withdrawn",
] as const;
export type CartReminderStatus = (typeof CART_REMINDER_STATUSES)[number];

export interface ReminderState {
  status: CartReminderStatus;
  remindersSent: number;
  lastActivityAt: Date;
  itemCount: number;
}

/**
 * Which reminder (1 or 2) is due now for a cart, or null. A cart is reminded only while
 * active, not empty, the reminders are on, and at most MAX_CART_REMINDERS times; each reminder
 * waits for its idle time since the cart last changed.
 */
export function dueReminder(cart: ReminderState, settings: CustomerMailSettings, now: Date): 1 | 2 | null {
  if (!settings.cartRemindersEnabled || cart.status !== "active" || cart.itemCount === 0) return null;
  const idleMs = now.getTime() - cart.lastActivityAt.getTime();
  if (cart.remindersSent === 0 && idleMs >= settings.firstReminderMinutes * 60_000) return 1;
  if (cart.remindersSent === 1 && idleMs >= settings.secondReminderHours * 3_600_000) return 2;
  return null;
}

/**
 * The reminder a cart would get next and when it falls due (issue 47 item 11: the owner's "send
 * now"), or null when it gets none: only a confirmed (active) cart that is not empty, with the
 * reminders on and fewer than MAX_CART_REMINDERS sent. Sending it early never skips the double
 * opt-in: an unconfirmed cart has no next reminder.
 */
export function nextReminder(
  cart: ReminderState,
  settings: CustomerMailSettings,
): { n: 1 | 2; dueAt: Date } | null {
  if (!settings.cartRemindersEnabled || cart.status !== "active" || cart.itemCount === 0) return null;
  if (cart.remindersSent >= MAX_CART_REMINDERS) return null;
  const n: 1 | 2 = cart.remindersSent === 0 ? 1 : 2;
  const waitMs = n === 1 ? settings.firstReminderMinutes * 60_000 : settings.secondReminderHours * 3_600_000;
  return { n, dueAt: new Date(cart.lastActivityAt.getTime() + waitMs) };
}

/** The latest moment a cart may have last changed for reminder `n` to be due at `now`. */
export function reminderIdleCutoff(n: 1 | 2, settings: CustomerMailSettings, now: Date): Date {
  const ms = n === 1 ? settings.firstReminderMinutes * 60_000 : settings.secondReminderHours * 3_600_000;
  return new Date(now.getTime() - ms);
}

/** What a purchase makes of an active reminder: recovered when a reminder had gone out. */
export function statusAfterPurchase(remindersSent: number): "recovered" | "purchased" {
  return remindersSent > 0 ? "recovered" : "purchased";
}

/** True when an order delivered at `deliveredAt` is owed its review request at `now`. */
export function reviewRequestDue(deliveredAt: Date, settings: CustomerMailSettings, now: Date): boolean {
  return now.getTime() - deliveredAt.getTime() >= settings.reviewRequestDays * 24 * 3_600_000;
}

/** An address as compared for consent and unsubscribes. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The RFC 8058 headers of an e-mail with a one-click unsubscribe address. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export const CUSTOMER_MAIL_TEXTS = {
  // Checkout's opt-in box.
  optInLabel: "E-mail me a reminder of my cart if I don't finish my order",
  optInHint: "At most two e-mails, with a link to your cart. Unsubscribe with one click.",
  // The answers to the opt-in (double opt-in: reminders go only to a confirmed address).
  optInActive: "Reminders are on for this cart.",
  optInConfirmSent: (email: string) =>
    `We have sent an e-mail to ${email}. Reminders start only once you follow the link in it.`,
  optInConfirmLimited:
    "We have already sent confirmation e-mails to this address today. Please use the link in one of them.",
  optInUnsubscribed: "This address has unsubscribed from reminders, so none will be sent.",
  // The confirmation e-mail.
  confirmSubject: "Please confirm your cart reminders",
  confirmParagraphs: [
    "Hello there,",
    "Someone, we hope you, asked at the Lithobox checkout for e-mail reminders of an unfinished cart, sent to this address.",
    "We send them only once you confirm. If it was not you, simply ignore this e-mail: nothing more will come.",
  ],
  confirmAction: "Yes, remind me",
  confirmFootnote: (days: number) =>
    `The link works for ${days} days. Never want to be asked again? Unsubscribe:`,
  // The confirmation page.
  confirmTitle: "Cart reminders",
  confirmIntro: "Send me at most two e-mail reminders of my cart, each with a one-click unsubscribe.",
  confirmButton: "Confirm",
  confirmed: "Thank you. Your cart reminders are on.",
  confirmInvalid: "This confirmation link is not valid. Please use the link in our e-mail.",
  confirmExpired: "This confirmation link has expired. Tick the box at checkout again for a new one.",
  confirmGone: "This cart is no longer waiting for reminders.",
  // The reminder e-mail.
  reminderSubject: (n: 1 | 2) =>
    n === 1 ? "Your lightbox is waiting in your cart" : "Still thinking it over?",
  reminderParagraphs: (n: 1 | 2) =>
    n === 1
      ? [
          "You left something in your Lithobox cart. It is saved just as you made it: open the link below on any device to pick up where you left off.",
        ]
      : ["Your cart is still saved. This is the last reminder we will send about it."],
  /** The reminder's first line (issue 47 item 12): the buyer's first name when known, else a neutral one. */
  reminderGreeting: (firstName?: string | null): string =>
    firstName?.trim() ? `Hello ${firstName.trim()},` : "Hello there,",
  reminderItemsHeading: "In your cart",
  reminderAction: "Return to my cart",
  reminderFootnote: (days: number) =>
    `You get this e-mail because you asked for a reminder at checkout. The link works for ${days} days. Unsubscribe:`,
  reviewFootnoteUnsubscribe: "No more review requests or reminders:",
  // The restore page.
  restoring: "Restoring your cart…",
  restoreInvalid: "This cart link is not valid. Please use the link in our e-mail.",
  restoreExpired: "This cart link has expired. Your lightbox can be made again in the creator.",
  restoreGone: "This cart is no longer available.",
  goToShop: "Go to the shop",
  tooMany: "Too many attempts. Please wait a minute and try again.",
  // The unsubscribe page.
  unsubscribeTitle: "Unsubscribe",
  unsubscribeIntro: (email: string) =>
    `Stop cart reminders and review requests to ${email}? Order e-mails (confirmations, dispatch notices) still come.`,
  unsubscribeButton: "Unsubscribe",
  unsubscribed: "You are unsubscribed. We will send no more cart reminders or review requests.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
  // Admin.
  settingsTitle: "Customer e-mails",
  settingsIntro:
    "Cart reminders go only to buyers who tick the box at checkout and confirm their address by e-mail (or are signed in with a verified address); every reminder and review request has a one-click unsubscribe.",
  enabledLabel: "Send cart reminders",
  firstLabel: "First reminder after (minutes idle)",
  secondLabel: "Second reminder after (hours idle)",
  reviewDaysLabel: "Review request (days after delivery)",
  save: "Save",
  saved: "Settings saved",
  dashboardTitle: "Cart reminders (this month)",
  remindersSent: "Reminders sent",
  cartsRecovered: "Carts recovered",
  // Issue 47 item 11: the carts waiting for a reminder, each with "Send now".
  waitingTitle: "Carts waiting for a reminder",
  waitingIntro:
    "Confirmed carts only (double opt-in). Send now sends the next reminder at once instead of at its time; each cart still gets at most two.",
  waitingNone: "No confirmed cart is waiting for a reminder.",
  waitingLine: (n: 1 | 2, items: number, due: string): string =>
    `${n === 1 ? "First" : "Second"} reminder · ${pluralise(items, "item")} · due ${due}`,
  waitingDueNow: "now",
  sendNow: "Send now",
  sentNow: (email: string): string => `Reminder sent to ${email}.`,
  notWaiting:
    "This cart is not waiting for a reminder any more (bought, emptied, unsubscribed or reminded twice).",
  revenueRecovered: "Revenue recovered",
} as const;
