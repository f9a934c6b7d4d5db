/**
 * Every status a stored row can have, in one place. The database's CHECK constraints
 * (src/server/db/schema.ts), the server's column types and the pages all read these lists, so
 * a value outside them can be neither written nor expected.
 */

export const ORDER_STATUSES = [
  "pending",
  "paid",
  "processing",
  "printing",
  "dispatched",
  "in_transit",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A print file's job: waiting, being made, made, or given up. */
export const PRINT_JOB_STATUSES = ["pending", "running", "done", "failed"] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/**
 * The order e-mails rendered at send time from the order (outbox_emails.template): the
 * confirmation when it becomes paid, the dispatch notice when it is dispatched.
 */
export const ORDER_EMAIL_KINDS = ["confirmation", "dispatch"] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

/** What an e-mail in the one mail outbox (outbox_emails) is: its alerts, logs and admin views read it. */
export const OUTBOX_EMAIL_KINDS = [
  "order_confirmation",
  "order_dispatch",
  "owner_alert",
  "message_reply",
  "refund",
  "cancellation",
  "customer_message",
  "photo_request",
  "proof_request",
  "review_request",
  "cart_reminder",
  "cart_reminder_confirmation",
  "account_verification",
  "account_password_reset",
  "account_existing_signup",
  "account_email_change",
] as const;
export type OutboxEmailKind = (typeof OUTBOX_EMAIL_KINDS)[number];
/** Where an outbox e-mail stands: 'skipped' when it no longer made sense (see mail-outbox.ts). */
export const OUTBOX_EMAIL_STATUSES = ["pending", "sent", "failed", "skipped"] as const;
export type OutboxEmailStatus = (typeof OUTBOX_EMAIL_STATUSES)[number];

/** A contact-form conversation in the admin inbox, and who wrote each of its entries. */
export const MESSAGE_STATUSES = ["open", "answered", "closed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_AUTHORS = ["customer", "shop"] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/** A signed-in customer's change of e-mail address. */
export const EMAIL_CHANGE_STATUSES = ["pending", "completed", "cancelled", "undone"] as const;
export type EmailChangeStatus = (typeof EMAIL_CHANGE_STATUSES)[number];

/** A discount code's use by one order: held while the order is unpaid, then used or released. */
export const DISCOUNT_REDEMPTION_STATUSES = ["reserved", "used", "released"] as const;
export type DiscountRedemptionStatus = (typeof DISCOUNT_REDEMPTION_STATUSES)[number];

/** "disabled" products are hidden; "coming_soon" ones are shown with a badge and a disabled button. */
export const PRODUCT_STATUSES = ["available", "coming_soon", "disabled"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A creator option is offered, or shown as coming soon. */
export const OPTION_STATUSES = ["enabled", "coming_soon"] as const;
export type OptionStatus = (typeof OPTION_STATUSES)[number];

/** Whether a value read from outside (a query string, a form) is one of `values`. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}
