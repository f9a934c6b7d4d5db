/**
 * Order e-mails: the confirmation (sent once an order is paid) and the dispatch notice (with
 * the tracking number and a /track link). Each has an HTML and a plain-text part, lists the
 * items, the total and the order number (the first 8 characters of the id). Both parts come
 * from one `EmailContent` through `renderEmail`.
 */

import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { orderShippingLabel } from "@shared/checkout";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { storedWindowText } from "@shared/delivery-dates";
import { carrierNameForCustomer, trackingUrl } from "@shared/fulfilment";
import { GIFT_TEXTS } from "@shared/gift-texts";
import { INTERNATIONAL_MESSAGES } from "@shared/international-messages";
import { formatGbp, orderShownTotals, receiptMoney } from "@shared/money";
import { describeLine } from "@shared/order-line";
import { ORDER_VIEW_TEXTS } from "@shared/order-view";
import { displayOrderNumber } from "@shared/orders";
import type { OrderBillingAddress, OrderGift } from "../../db/schema.js";
import type { MailMessage } from "../mail.js";
import { type EmailBlock, renderEmail } from "./render.js";

export interface OrderEmailItem {
  kind: string;
  size: string;
  shape: string;
  /** The frame style; for an accessory, its product name. */
  frameColor: string;
  price: number;
  quantity: number;
  /** The line's stored config: the one description (describeLine) reads processing and bundle from it. */
  config?: unknown;
  additionalImages?: readonly string[];
}

export interface OrderEmailData {
  id: string;
  /** The number the customer reads (#1001; issue 47 item 13). */
  orderNumber: number;
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
  /** The zone's business days promised at checkout (issue 30); null for older orders. */
  deliveryDaysMin?: number | null;
  deliveryDaysMax?: number | null;
  subtotalAmount: number;
  shippingAmount: number;
  totalAmount: number;
  testMode: boolean;
  trackingNumber: string | null;
  /** Who carries the parcel (issue 17): with the number, the carrier's tracking link. */
  carrier?: string | null;
  estimatedDelivery: Date | null;
  /** The window promised at checkout, the carrier's once dispatched (calendar days, Europe/London). */
  deliveryEarliest: string | null;
  deliveryLatest: string | null;
  items: OrderEmailItem[];
  /** Taken off the items by a discount code (issue 18); 0 or absent without one. */
  discountAmount?: number;
  discountCode?: string | null;
  /** The invoice PDF's signed link (works without signing in); the confirmation links it. */
  invoiceUrl?: string | null;
  /** The signed /track link: opens the order without asking for the e-mail (issue 30). */
  trackUrl?: string | null;
  /** A gift (issue 20): the recipient on the parcel and the slip's message. */
  gift?: OrderGift | null;
  /** The billing address when it is not the delivery address. */
  billingAddress?: OrderBillingAddress | null;
  /** The currency the customer saw and its rate at checkout: the figures beside the GBP (issue 47). */
  displayCurrency?: string;
  displayRate?: number | null;
}

const describeItem = (item: OrderEmailItem) =>
  describeLine({ ...item, frameStyle: item.frameColor, config: item.config ?? { kind: item.kind } });

/** "Lithophane" or the accessory's name (the one description, issue 30). */
export function orderItemTitle(item: Pick<OrderEmailItem, "kind" | "frameColor" | "size" | "shape">): string {
  return describeItem({ price: 0, quantity: 1, ...item }).title;
}

/** "Keepsake Collection · Colour · 3 panels · Square 7″ x 7″ · White frame"; "Standard" for accessories. */
export function orderItemDetails(item: OrderEmailItem): string {
  return describeItem(item).summary;
}

function lineTotal(item: OrderEmailItem): number {
  return item.price * item.quantity;
}

function shippingLabel(order: OrderEmailData): string {
  return orderShippingLabel(order);
}

/** The name on the parcel: a gift's recipient, else the buyer. */
function deliveryName(order: OrderEmailData): string {
  return order.gift ? order.gift.recipientName : `${order.shippingFirstName} ${order.shippingLastName}`;
}

function addressLines(order: OrderEmailData): string[] {
  return [
    deliveryName(order),
    order.shippingAddressLine1,
    order.shippingAddressLine2 ?? "",
    `${order.shippingCity}, ${order.shippingState}`,
    order.shippingPostalCode,
    order.shippingCountry,
  ].filter((line) => line.trim() !== "");
}

function billingLines(order: OrderEmailData): string[] {
  const b = order.billingAddress;
  if (!b) return [];
  return [
    `${order.shippingFirstName} ${order.shippingLastName}`,
    b.addressLine1,
    b.addressLine2 ?? "",
    [b.city, b.state].filter((part) => part.trim() !== "").join(", "),
    b.postalCode,
    b.country,
  ].filter((line) => line.trim() !== "");
}

/** The gift's note and message, and the billing address when it differs (issue 20). */
function giftAndBillingBlocks(order: OrderEmailData): EmailBlock[] {
  const blocks: EmailBlock[] = [];
  if (order.gift) {
    blocks.push(GIFT_TEXTS.emailGiftNote(order.gift.recipientName));
    if (order.gift.message)
      blocks.push({ heading: GIFT_TEXTS.messageHeading, lines: order.gift.message.split("\n") });
  }
  if (order.billingAddress) blocks.push({ heading: GIFT_TEXTS.billingTitle, lines: billingLines(order) });
  return blocks;
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

/** "Estimated delivery: Arrives Tue 9 – Fri 12 Dec." when the order has a window. */
function deliveryLine(order: OrderEmailData): string[] {
  const window = storedWindowText(order.deliveryEarliest, order.deliveryLatest);
  if (window)
    return [`${INTERNATIONAL_MESSAGES.estimatedDelivery}: ${INTERNATIONAL_MESSAGES.arrives(window)}.`];
  return order.estimatedDelivery ? [`Estimated delivery: ${formatDate(order.estimatedDelivery)}.`] : [];
}

/** The figures as the customer saw them at checkout (their currency beside the GBP), or null. */
function shownOf(order: OrderEmailData) {
  return orderShownTotals({
    displayCurrency: order.displayCurrency ?? "GBP",
    displayRate: order.displayRate ?? null,
    linesPence: order.items.map(lineTotal),
    discountPence: order.discountAmount ?? 0,
    shippingPence: order.shippingAmount,
  });
}

/** The items and totals, headed with the order number. */
function itemsTable(order: OrderEmailData, number: string): EmailBlock[] {
  const shown = shownOf(order);
  const money = receiptMoney(shown);
  const table: EmailBlock = {
    table: {
      heading: `Order #${number}`,
      rows: order.items.map((item, index) => ({
        title: `${orderItemTitle(item)}${item.quantity > 1 ? ` × ${item.quantity}` : ""}`,
        details: orderItemDetails(item),
        amount: money(lineTotal(item), (s) => s.linesMinor[index] ?? 0),
      })),
      totals: [
        { label: "Subtotal", amount: money(order.subtotalAmount, (s) => s.subtotalMinor) },
        ...(order.discountAmount
          ? [
              {
                label: COMMERCE_MESSAGES.discounts.rowLabel(order.discountCode),
                amount: `−${money(order.discountAmount, (s) => s.discountMinor)}`,
              },
            ]
          : []),
        {
          label: `Shipping, ${shippingLabel(order)}`,
          amount: order.shippingAmount === 0 ? "Free" : money(order.shippingAmount, (s) => s.shippingMinor),
        },
        { label: "Total", amount: money(order.totalAmount, (s) => s.totalMinor), strong: true },
      ],
    },
  };
  return shown
    ? [table, ORDER_VIEW_TEXTS.chargedInGbp(shown.currency, formatGbp(order.totalAmount))]
    : [table];
}

function greeting(order: OrderEmailData): string {
  return `Hello ${order.shippingFirstName.trim() || "there"},`;
}

function testNotice(order: OrderEmailData): string | undefined {
  return order.testMode ? `${ACCOUNT_MESSAGES.account.testOrder}: no payment was taken.` : undefined;
}

const FOOTNOTE = `Questions about your order? Reply to this email or write to ${SUPPORT_EMAIL}, quoting your order number.`;

/** The signed /track link when the sender has one, else the form prefilled with the number. */
function trackLink(order: OrderEmailData, publicUrl: string, number: string): string {
  return order.trackUrl ?? `${publicUrl}/track?order=${number}`;
}

/** Sent once the order is paid. */
export function orderConfirmationEmail(order: OrderEmailData, publicUrl: string): MailMessage {
  const number = displayOrderNumber(order.orderNumber);
  return {
    to: order.shippingEmail,
    subject: `${order.testMode ? "[TEST] " : ""}Your ${BRAND_NAME} order #${number} is confirmed`,
    ...renderEmail({
      title: `Thank you for your order #${number}`,
      notice: testNotice(order),
      blocks: [
        greeting(order),
        `Thank you for your order. We've received your payment and your order number is #${number}. We'll email you again when it's on its way.`,
        ...deliveryLine(order),
        ...itemsTable(order, number),
        { heading: "Delivering to", lines: addressLines(order) },
        ...giftAndBillingBlocks(order),
        { action: { label: "Track your order", url: trackLink(order, publicUrl, number) } },
        ...(order.invoiceUrl
          ? [{ action: { label: "Download your invoice (PDF)", url: order.invoiceUrl } }]
          : []),
      ],
      footnote: FOOTNOTE,
    }),
  };
}

/** The carrier's own tracking page, when the carrier and number make one. */
function carrierAction(order: OrderEmailData): EmailBlock[] {
  const url = trackingUrl(order.carrier, order.trackingNumber);
  const name = carrierNameForCustomer(order.carrier);
  return url && name ? [{ action: { label: `Track with ${name}`, url } }] : [];
}

/** Sent when the order leaves the workshop: the tracking number, the carrier's link and a /track link. */
export function orderDispatchedEmail(order: OrderEmailData, publicUrl: string): MailMessage {
  const number = displayOrderNumber(order.orderNumber);
  return {
    to: order.shippingEmail,
    subject: `${order.testMode ? "[TEST] " : ""}Your ${BRAND_NAME} order #${number} has been dispatched`,
    ...renderEmail({
      title: `Your order #${number} is on its way`,
      notice: testNotice(order),
      blocks: [
        greeting(order),
        `Good news: your order #${number} has left our workshop in Northern Ireland.`,
        ...(order.trackingNumber
          ? [
              `Your tracking number is ${order.trackingNumber}${carrierNameForCustomer(order.carrier) ? ` (${carrierNameForCustomer(order.carrier)})` : ""}.`,
            ]
          : []),
        ...carrierAction(order),
        ...deliveryLine(order),
        order.trackUrl
          ? "You can follow it on our tracking page: the button below opens your order directly."
          : "You can follow it with your order number and email address on our tracking page.",
        { action: { label: "Track your order", url: trackLink(order, publicUrl, number) } },
        ...itemsTable(order, number),
      ],
      footnote: FOOTNOTE,
    }),
  };
}

/** The owner's own message to a customer about an order (the admin's "E-mail the customer"). */
export function orderMessageEmail(
  order: { orderNumber: number; testMode: boolean; shippingFirstName: string; totalAmount: number },
  message: { subject: string; body: string },
): { subject: string } & ReturnType<typeof renderEmail> {
  const number = displayOrderNumber(order.orderNumber);
  const first = order.shippingFirstName.trim() || "there";
  const paragraphs = [`Hello ${first},`, ...message.body.split(/\n{2,}/), `The ${BRAND_NAME} team`];
  const footnote = `Order #${number}, ${formatGbp(order.totalAmount)}. Write to ${SUPPORT_EMAIL} to answer, quoting your order number.`;
  return {
    subject: `${order.testMode ? "[TEST] " : ""}${message.subject} (order #${number})`,
    ...renderEmail({ title: message.subject, blocks: paragraphs, footnote }),
  };
}
