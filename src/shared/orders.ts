import { FIRST_ORDER_NUMBER, ORDER_NUMBER_LENGTH } from "./limits";
import { isOneOf, ORDER_STATUSES, type OrderStatus } from "./statuses";

export { ORDER_STATUSES, type OrderStatus } from "./statuses";

/** Paid and not yet delivered: the workshop still needs the customer's name and address. */
export const IN_FULFILMENT_STATUSES: readonly OrderStatus[] = [
  "paid",
  "processing",
  "printing",
  "dispatched",
  "in_transit",
];

export function isInFulfilment(status: string): boolean {
  return (IN_FULFILMENT_STATUSES as readonly string[]).includes(status);
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return isOneOf(ORDER_STATUSES, value);
}

/**
 * "in_transit" -> "In Transit", "on-hold" -> "On Hold". Statuses are free text in the spec,
 * so any value is capitalised word by word; blank gives "Unknown".
 */
export function capitaliseStatus(status: string | null | undefined): string {
  const words = (status ?? "")
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return "Unknown";
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(" ");
}

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = Object.fromEntries(
  ORDER_STATUSES.map((status) => [status, capitaliseStatus(status)]),
) as Record<OrderStatus, string>;

/**
 * The order number customers see (issue 47 item 13): the order's sequential number, 1001 for
 * the shop's first order, shown as "#1001" as Shopify and Etsy show theirs. The order's id
 * stays the key of links and tokens.
 */
export function displayOrderNumber(orderNumber: number): string {
  return String(orderNumber);
}

/**
 * The number e-mails gave before issue 47: the first 8 characters of the order id
 * ("3f9a1c2b"). The track form and the Click & Drop import still accept it for those orders.
 */
export function legacyOrderNumber(orderId: string): string {
  return orderId.slice(0, ORDER_NUMBER_LENGTH).toLowerCase();
}

/** What a typed order number names: a sequential number, an old id prefix, or either ("12345678"). */
export interface OrderNumberQuery {
  /** "#1001", "1001": the sequential number. */
  readonly number: number | null;
  /** "3f9a1c2b" (any case): the 8-character id prefix of an order placed before issue 47. */
  readonly legacyPrefix: string | null;
}

const SEQUENTIAL_NUMBER = /^[0-9]{1,9}$/;
const LEGACY_PREFIX = new RegExp(`^[0-9a-f]{${ORDER_NUMBER_LENGTH}}$`);

/**
 * Reads a typed order number ("#1001", " 1001 ", "3F9A1C2B"): null when it can be neither a
 * number from FIRST_ORDER_NUMBER up nor an old 8-character id prefix.
 */
export function parseOrderNumber(typed: string): OrderNumberQuery | null {
  const value = typed.trim().replace(/^#\s*/, "").toLowerCase();
  const asNumber = SEQUENTIAL_NUMBER.test(value) ? Number(value) : null;
  const number = asNumber !== null && asNumber >= FIRST_ORDER_NUMBER ? asNumber : null;
  const legacyPrefix = LEGACY_PREFIX.test(value) ? value : null;
  if (number === null && legacyPrefix === null) return null;
  return { number, legacyPrefix };
}

export const TRACKING_STAGES = [
  {
    id: "processing",
    label: "Processing",
    progressPercent: 25,
    description: "Your order is being printed and assembled.",
  },
  {
    id: "dispatched",
    label: "Dispatched",
    progressPercent: 50,
    description: "Your order has left our workshop.",
  },
  {
    id: "in_transit",
    label: "In Transit",
    progressPercent: 75,
    description: "Your order is on its way to you.",
  },
  { id: "delivered", label: "Delivered", progressPercent: 100, description: "Your order has arrived." },
] as const;
export type TrackingStageId = (typeof TRACKING_STAGES)[number]["id"];

export interface TrackingProgress {
  /** The guide stage reached, or null when the order is not on the guide (unpaid, cancelled, refunded). */
  readonly stage: TrackingStageId | null;
  readonly label: string;
  readonly progressPercent: number;
}

const STAGE_FOR_STATUS: Readonly<Partial<Record<OrderStatus, TrackingStageId>>> = {
  paid: "processing",
  processing: "processing",
  printing: "processing",
  dispatched: "dispatched",
  in_transit: "in_transit",
  delivered: "delivered",
};

/** Maps an order status onto the track page's guide (Processing, Dispatched, In Transit, Delivered). */
export function trackingStage(status: string): TrackingProgress {
  const stageId = isOrderStatus(status) ? STAGE_FOR_STATUS[status] : undefined;
  const stage = TRACKING_STAGES.find((s) => s.id === stageId);
  if (!stage) return { stage: null, label: capitaliseStatus(status), progressPercent: 0 };
  return { stage: stage.id, label: stage.label, progressPercent: stage.progressPercent };
}

/** The answer of POST /api/track: only what the customer needs to follow the order. */
export interface TrackedOrder {
  orderNumber: string;
  status: OrderStatus;
  /** "Processing", "Dispatched", "In Transit", "Delivered"; or "Awaiting payment", "Cancelled", ... */
  statusLabel: string;
  /** The guide stage reached, null off the guide (unpaid, cancelled, refunded). */
  stage: TrackingStageId | null;
  progressPercent: number;
  placedAt: string;
  estimatedDelivery: string | null;
  /** "Tue 9 – Fri 12 Dec": checkout's promise, the carrier's window once dispatched; null on older orders. */
  deliveryWindow: string | null;
  trackingNumber: string | null;
  /** The carrier's name and its tracking page for the number, when known (issue 17). */
  carrier: string | null;
  trackingUrl: string | null;
  shippingMethod: string;
  /** "Standard Delivery (7-14 business days)": the zone's window promised at checkout (issue 30). */
  shippingLabel: string;
  testMode: boolean;
  items: Array<{ title: string; details: string }>;
}
