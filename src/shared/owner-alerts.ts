/**
 * The e-mails the owner can be sent: a new paid order, a new message (or a customer's answer),
 * a failed print job, an e-mail the shop gave up sending, an accessory running low and a
 * customer's replacement photo. All on by default; the admin Settings choose which (stored as a
 * list in system_settings).
 */
export const OWNER_ALERT_KINDS = [
  "paid_order",
  "message",
  "print_failed",
  "email_failed",
  "low_stock",
  "photo_replaced",
  "proof",
  "order_changed",
] as const;
export type OwnerAlertKind = (typeof OWNER_ALERT_KINDS)[number];

export const OWNER_ALERT_LABELS: Readonly<Record<OwnerAlertKind, string>> = {
  paid_order: "A new paid order",
  message: "A new message or a customer's answer",
  print_failed: "A print file that failed",
  email_failed: "An e-mail the shop could not send",
  low_stock: "An accessory running low (5 or fewer on the shelf)",
  photo_replaced: "A customer's new photo, after you asked for one",
  proof: "A customer's proof approved or re-cropped, or a print file its twin disagrees with",
  order_changed: "A customer cancelled their order or changed its delivery address from the order page",
};

export function isOwnerAlertKind(value: unknown): value is OwnerAlertKind {
  return typeof value === "string" && (OWNER_ALERT_KINDS as readonly string[]).includes(value);
}

/** The stored setting (JSON list) read leniently: missing or unreadable means every alert. */
export function parseOwnerAlerts(stored: string | null | undefined): OwnerAlertKind[] {
  if (stored == null) return [...OWNER_ALERT_KINDS];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [...OWNER_ALERT_KINDS];
    return OWNER_ALERT_KINDS.filter((kind) => value.includes(kind));
  } catch {
    return [...OWNER_ALERT_KINDS];
  }
}
