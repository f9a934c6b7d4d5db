/**
 * Order e-mails: the confirmation (sent once an order is paid) and the dispatch notice (with
 * the tracking number and a /track link). Each has an HTML and a plain-text part, lists the
 * items, the total and the order number (the first 8 characters of the id). Every value put
 * into the HTML is escaped.
 */
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { shippingLineLabel } from "@shared/checkout";
import { MESSAGES } from "@shared/messages";
import { formatGbp } from "@shared/money";
import { displayOrderNumber } from "@shared/orders";
import { isShippingMethod } from "@shared/shipping";
import type { MailMessage } from "../mail.js";
import { escapeHtml } from "./auth-emails.js";

export interface OrderEmailItem {
  kind: string;
  size: string;
  shape: string;
  /** The frame style; for an accessory, its product name. */
  frameColor: string;
  price: number;
  quantity: number;
}

export interface OrderEmailData {
  id: string;
  shippingEmail: string;
  shippingFirstName: string;
  shippingLastName: string;
  shippingAddressLine1: string;
  shippingAddressLine2: string | null;
  shippingCity: string;
  shippingState: string;
  shippingPostalCode: string;
  shippingCountry: string;
  shippingMethod: string;
  subtotalAmount: number;
  shippingAmount: number;
  totalAmount: number;
  testMode: boolean;
  trackingNumber: string | null;
  estimatedDelivery: Date | null;
  items: OrderEmailItem[];
}

/** "Lithophane" or the accessory's name. */
export function orderItemTitle(item: Pick<OrderEmailItem, "kind" | "frameColor">): string {
  return item.kind === "accessory" ? item.frameColor : MESSAGES.cart.itemTitle;
}

/** "Keepsake Collection · 7 inch x 7 inch · White · 3 × Square frame"; "Standard" for accessories. */
export function orderItemDetails(item: OrderEmailItem): string {
  if (item.kind === "accessory") return item.size;
  return `${item.shape} · ${item.size} · ${item.frameColor} ${MESSAGES.cart.frameSuffix}`;
}

function lineTotal(item: OrderEmailItem): number {
  return item.price * item.quantity;
}

function shippingLabel(order: OrderEmailData): string {
  return isShippingMethod(order.shippingMethod)
    ? shippingLineLabel(order.shippingMethod)
    : order.shippingMethod;
}

function addressLines(order: OrderEmailData): string[] {
  return [
    `${order.shippingFirstName} ${order.shippingLastName}`,
    order.shippingAddressLine1,
    order.shippingAddressLine2 ?? "",
    `${order.shippingCity}, ${order.shippingState}`,
    order.shippingPostalCode,
    order.shippingCountry,
  ].filter((line) => line.trim() !== "");
}

function formatDate(date: Date): string {
  return date.toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  });
}

function textItems(order: OrderEmailData): string {
  const lines = order.items.map((item) => {
    const qty = item.quantity > 1 ? ` × ${item.quantity}` : "";
    return `- ${orderItemTitle(item)}${qty}: ${orderItemDetails(item)} — ${formatGbp(lineTotal(item))}`;
  });
  return [
    ...lines,
    "",
    `Subtotal: ${formatGbp(order.subtotalAmount)}`,
    `Shipping, ${shippingLabel(order)}: ${order.shippingAmount === 0 ? "Free" : formatGbp(order.shippingAmount)}`,
    `Total: ${formatGbp(order.totalAmount)}`,
  ].join("\n");
}

const cell = "padding:8px 0;border-bottom:1px solid #e7e5e4;vertical-align:top";

function htmlItems(order: OrderEmailData): string {
  const rows = order.items
    .map((item) => {
      const qty = item.quantity > 1 ? ` × ${item.quantity}` : "";
      return `<tr><td style="${cell}"><strong>${escapeHtml(orderItemTitle(item))}${qty}</strong><br><span style="color:#57534e;font-size:14px">${escapeHtml(orderItemDetails(item))}</span></td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(formatGbp(lineTotal(item)))}</td></tr>`;
    })
    .join("\n");
  const shipping = order.shippingAmount === 0 ? "Free" : formatGbp(order.shippingAmount);
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">
${rows}
<tr><td style="padding:8px 0">Subtotal</td><td style="padding:8px 0;text-align:right">${escapeHtml(formatGbp(order.subtotalAmount))}</td></tr>
<tr><td style="padding:8px 0">Shipping, ${escapeHtml(shippingLabel(order))}</td><td style="padding:8px 0;text-align:right">${escapeHtml(shipping)}</td></tr>
<tr><td style="padding:8px 0;font-weight:700">Total</td><td style="padding:8px 0;text-align:right;font-weight:700">${escapeHtml(formatGbp(order.totalAmount))}</td></tr>
</table>`;
}

function layout(opts: {
  title: string;
  intro: string[];
  body: string;
  action?: { label: string; url: string };
  footnote: string;
  testMode: boolean;
}) {
  const banner = opts.testMode
    ? `<p style="background:#fef3c7;color:#78350f;padding:8px 12px;border-radius:6px;font-weight:700">${escapeHtml(MESSAGES.account.testOrder)}: no payment was taken.</p>`
    : "";
  const button = opts.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#1f2937;color:#ffffff;padding:12px 22px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(opts.action.label)}</a></p>`
    : "";
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="font-size:20px;font-weight:700;margin:0 0 24px">${escapeHtml(BRAND_NAME)}</p>
${banner}
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(opts.title)}</h1>
${opts.intro.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${opts.body}
${button}
<p style="font-size:13px;color:#6b7280;margin-top:32px">${escapeHtml(opts.footnote)}</p>
</div>
</body>
</html>`;
}

function greeting(order: OrderEmailData): string {
  return `Hello ${order.shippingFirstName.trim() || "there"},`;
}

const FOOTNOTE = `Questions about your order? Reply to this email or write to ${SUPPORT_EMAIL}, quoting your order number.`;

/** Sent once the order is paid. */
export function orderConfirmationEmail(order: OrderEmailData, publicUrl: string): MailMessage {
  const number = displayOrderNumber(order.id);
  const title = `Thank you for your order #${number}`;
  const subject = `${order.testMode ? "[TEST] " : ""}Your ${BRAND_NAME} order #${number} is confirmed`;
  const intro = [
    greeting(order),
    `Thank you for your order. We've received your payment and your order number is #${number}. We'll email you again when it's on its way.`,
  ];
  const trackUrl = `${publicUrl}/track?order=${number}`;
  const address = addressLines(order);
  const text = [
    ...(order.testMode ? [`${MESSAGES.account.testOrder}: no payment was taken.`] : []),
    ...intro,
    `Order #${number}\n\n${textItems(order)}`,
    `Delivering to:\n${address.join("\n")}`,
    `Track your order: ${trackUrl}`,
    FOOTNOTE,
  ].join("\n\n");
  const html = layout({
    title,
    intro,
    body: `${htmlItems(order)}<p style="line-height:1.5"><strong>Delivering to</strong><br>${address.map(escapeHtml).join("<br>")}</p>`,
    action: { label: "Track your order", url: trackUrl },
    footnote: FOOTNOTE,
    testMode: order.testMode,
  });
  return { to: order.shippingEmail, subject, text: `${text}\n`, html };
}

/** Sent when the order leaves the workshop: the tracking number and a /track link. */
export function orderDispatchedEmail(order: OrderEmailData, publicUrl: string): MailMessage {
  const number = displayOrderNumber(order.id);
  const title = `Your order #${number} is on its way`;
  const subject = `${order.testMode ? "[TEST] " : ""}Your ${BRAND_NAME} order #${number} has been dispatched`;
  const trackUrl = `${publicUrl}/track?order=${number}`;
  const tracking = order.trackingNumber ? `Your tracking number is ${order.trackingNumber}.` : "";
  const eta = order.estimatedDelivery ? `Estimated delivery: ${formatDate(order.estimatedDelivery)}.` : "";
  const intro = [
    greeting(order),
    `Good news: your order #${number} has left our workshop in Northern Ireland.`,
    ...[tracking, eta].filter(Boolean),
    "You can follow it with your order number and email address on our tracking page.",
  ];
  const text = [
    ...(order.testMode ? [`${MESSAGES.account.testOrder}: no payment was taken.`] : []),
    ...intro,
    `Track your order: ${trackUrl}`,
    `Order #${number}\n\n${textItems(order)}`,
    FOOTNOTE,
  ].join("\n\n");
  const html = layout({
    title,
    intro,
    body: htmlItems(order),
    action: { label: "Track your order", url: trackUrl },
    footnote: FOOTNOTE,
    testMode: order.testMode,
  });
  return { to: order.shippingEmail, subject, text: `${text}\n`, html };
}
