/**
 * What the success page and the account's order page show of one order (issue 20 item 7), and
 * the rule that rebuilds a cart from an order ("Order again").
 */
import { type CartItem, cartItemConfigSchema, cropDataSchema } from "./cart";
import type { ShownTotals } from "./money";
import { describeLine, linePanelThumbnails, type Thumbnail } from "./order-line";
import type { TimelineEntry } from "./order-timeline";
import { isOrderStatus, type OrderStatus } from "./orders";
import { productTypeOf, typeOfConfig } from "./product-types";

/** The order pages' texts (lazily loaded pages: kept here, not in messages.ts). */
export const ORDER_VIEW_TEXTS = {
  yourPanels: "Your panels",
  deliverTo: "Delivering to",
  subtotal: "Subtotal",
  free: "Free",
  total: "Total",
  deliveryWindow: "Expected delivery",
  tracking: "Tracking",
  trackingNumber: (n: string): string => `Tracking number: ${n}`,
  followParcel: "Follow your parcel",
  orderAgain: "Order again",
  orderAgainWorking: "Adding to your cart…",
  orderAgainDone: (count: number): string =>
    count === 1 ? "1 item is back in your cart." : `${count} items are back in your cart.`,
  orderAgainNothing: "None of this order's items can be ordered again.",
  refusals: {
    config: "This item is no longer sold as it was ordered.",
    "photo-missing": "Its photo is no longer stored (photos are deleted after a while or with an account).",
    "photo-not-yours": "Its photo belongs to another account.",
  } satisfies Record<ReorderRefusal, string>,
  panelAlt: (line: string, n: number, of: number): string => `${line}, panel ${n} of ${of}`,
  viewOrder: "View order",
  backToOrders: "Back to your orders",
  notFound: "We couldn't find this order.",
  orderTitle: (number: string): string => `Order #${number}`,
  yourOrder: "Your order",
  placedOn: "Placed",
  status: "Status",
  shipping: "Shipping",
  chargedInGbp: (code: string, gbp: string): string =>
    `Prices in ${code} as shown at checkout; charged in GBP: ${gbp}.`,
} as const;

export interface OrderViewLine {
  readonly title: string;
  /** In plain English, as the cart said it (describeLine's summary). */
  readonly summary: string;
  /** A colour lithophane: its photos are shown in colour (issue 30). */
  readonly colour: boolean;
  /** GBP pence per unit. */
  readonly price: number;
  readonly quantity: number;
  /** Every panel's photo (previews), the main one first; empty for an accessory. */
  /** One per panel, main photo first (in colour for a colour line). */
  readonly photos: readonly Thumbnail[];
}

export interface OrderView {
  readonly id: string;
  readonly displayNumber: string;
  readonly status: string;
  readonly statusLabel: string;
  readonly createdAt: string;
  readonly testMode: boolean;
  /** GBP pence. Lines at list price + discount row + shipping = total (decision 331). */
  readonly totalAmount: number;
  readonly subtotalAmount: number;
  readonly discountAmount: number;
  readonly discountCode: string | null;
  readonly shippingAmount: number;
  /** "Standard Delivery (3-5 business days)": the zone's window promised at checkout. */
  readonly shippingLabel: string;
  /** A gift: the recipient (also deliveryName) and the message for the slip. */
  readonly gift: { readonly recipientName: string; readonly message: string | null } | null;
  readonly displayCurrency: string;
  /** The figures in the customer's currency as at checkout (orderShownTotals); null for GBP. */
  readonly shown: ShownTotals | null;
  /** The name on the parcel: a gift's recipient, else the buyer. */
  readonly deliveryName: string;
  readonly addressLines: readonly string[];
  /** The window promised at checkout ("YYYY-MM-DD"), null for orders placed before it was kept. */
  readonly deliveryWindow: { readonly earliest: string; readonly latest: string } | null;
  /** Once dispatched: the carrier's tracking number, when the workshop entered one. */
  readonly trackingNumber: string | null;
  /** The shop's tracking page for this order, once dispatched. */
  readonly trackingHref: string | null;
  readonly lines: readonly OrderViewLine[];
  /** What has happened to the order, oldest first (issue 47 item 13). */
  readonly timeline: readonly TimelineEntry[];
  /**
   * While the customer may cancel or move the delivery themselves (issue 47 item 14): until when
   * (the proof window's end, ISO), the country the address must stay in, and the address as
   * stored (the form's starting values). Null once they may not.
   */
  readonly selfService: {
    readonly until: string;
    readonly country: string;
    readonly countryCode: string;
    readonly address: {
      readonly addressLine1: string;
      readonly addressLine2: string;
      readonly city: string;
      readonly state: string;
      readonly postalCode: string;
    };
  } | null;
}

const DISPATCHED: ReadonlySet<OrderStatus> = new Set(["dispatched", "in_transit", "delivered"]);

/** Whether the order has left the workshop (its tracking is worth showing). */
export function isDispatched(status: string): boolean {
  return isOrderStatus(status) && DISPATCHED.has(status);
}

/** The address as printed on a parcel: non-empty parts, one line each. */
export function addressLines(address: {
  readonly line1: string;
  readonly line2?: string | null;
  readonly city: string;
  readonly state?: string | null;
  readonly postalCode: string;
  readonly country: string;
}): string[] {
  const cityLine = [address.city, address.state]
    .map((p) => p?.trim() ?? "")
    .filter(Boolean)
    .join(", ");
  return [address.line1, address.line2 ?? "", cityLine, address.postalCode, address.country]
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** The stored fields of an order line that "Order again" rebuilds a cart line from. */
export interface StoredOrderLine {
  readonly kind: string;
  readonly size: string;
  /** The bundle name (lithophane) or "Rectangle" (accessory), as the cart had it. */
  readonly shape: string;
  /** The cart's frameStyle ("White · 3 × Square", or the accessory's name). */
  readonly frameColor: string;
  readonly price: number;
  readonly imageUrl: string | null;
  readonly originalImageUrl: string | null;
  readonly additionalImages: readonly string[];
  readonly crop: unknown;
  readonly config: unknown;
}

export type ReorderRefusal = "config" | "photo-missing" | "photo-not-yours";

/** What the server knows of one stored photo: null when it is no longer stored. */
export interface StoredPhoto {
  /** The account that uploaded it; null for a guest's upload. */
  readonly userId: string | null;
}

/**
 * Whether a stored photo may go into the asker's cart: it must still be stored, and an upload
 * made while signed in belongs to that account only (a guest's upload goes with the order it
 * was bought in, which the asker has shown to be theirs).
 */
export function photoUsableBy(photo: StoredPhoto | null, askerUserId: string | null): ReorderRefusal | null {
  if (!photo) return "photo-missing";
  if (photo.userId !== null && photo.userId !== askerUserId) return "photo-not-yours";
  return null;
}

/**
 * A cart line rebuilt from an order line, with a new id; the price is the one paid (the
 * cart and checkout reprice it from today's catalogue). A line whose stored config no longer
 * reads as a cart config is refused. Photo checks are the caller's (photoUsableBy).
 */
export function cartItemFromOrderLine(
  line: StoredOrderLine,
  makeId: () => string,
): { ok: true; item: CartItem } | { ok: false; problem: ReorderRefusal } {
  const raw = typeof line.config === "object" && line.config !== null ? { ...line.config } : null;
  if (raw) delete (raw as Record<string, unknown>).clientItemId;
  const config = cartItemConfigSchema.safeParse(raw);
  if (!config.success || config.data.kind !== line.kind) return { ok: false, problem: "config" };
  const crop = cropDataSchema.safeParse(line.crop);
  const type = typeOfConfig(config.data);
  const item: CartItem = {
    id: makeId(),
    imageUrl: line.imageUrl ?? "",
    originalImageUrl: line.originalImageUrl ?? line.imageUrl ?? "",
    additionalImages: type.madeFromPhotos ? [...line.additionalImages] : [],
    size: line.size,
    shape: line.shape,
    frameStyle: line.frameColor,
    price: line.price,
    ...(crop.success ? { cropData: crop.data } : {}),
    config: config.data,
  };
  if (!type.hasItsPhotos(config.data, item)) return { ok: false, problem: "config" };
  return { ok: true, item };
}

/** An order line as the order pages show it. */
export function orderViewLine(line: StoredOrderLine & { readonly quantity: number }): OrderViewLine {
  const fromPhotos = productTypeOf(line.kind).madeFromPhotos;
  // The one description of a line (issue 30): what the cart said, with Colour and the panels.
  const described = describeLine({ ...line, frameStyle: line.frameColor });
  return {
    title: described.title,
    summary: described.summary,
    colour: described.colour,
    price: line.price,
    quantity: line.quantity,
    photos: fromPhotos ? linePanelThumbnails(line) : [],
  };
}
