/**
 * One order as its customer sees it after payment (the success page, the account's order page),
 * and "Order again" (issue 20 item 7). Who may ask: the holder of the order's access token (the
 * browser that checked out) or a signed-in customer whose orders include it (customerOrdersCondition).
 */
import type { CartItem } from "@shared/cart";
import { newCartItemId } from "@shared/cart";
import { orderShippingLabel } from "@shared/checkout";
import { orderShownTotals } from "@shared/money";
import { selfServiceRefusal } from "@shared/order-self-service";
import { orderTimeline } from "@shared/order-timeline";
import {
  addressLines,
  cartItemFromOrderLine,
  isDispatched,
  ORDER_VIEW_TEXTS,
  type OrderView,
  orderViewLine,
  photoUsableBy,
  type StoredPhoto,
} from "@shared/order-view";
import { displayOrderNumber, trackingStage } from "@shared/orders";
import { productTypeOf } from "@shared/product-types";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { orderItems, orderProofs, orderRefunds, orderStatusHistory, orders, uploads } from "../db/schema.js";
import { isValidOrderAccessToken } from "../payments/index.js";
import { type Storage, shopImageKey } from "../platform/index.js";
import { customerOrdersCondition, type OrderOwner } from "./customer-orders.js";

export interface OrderAsker {
  /** The signed-in customer, if any. */
  user: OrderOwner | null;
  /** The order access token sent, if any. */
  token: string | undefined;
}

/** The order's id when the asker may see it (token or owner), else null (answered as 404). */
export async function orderVisibleTo(
  db: DbOrTx,
  authSecret: string,
  orderId: string,
  asker: OrderAsker,
): Promise<boolean> {
  if (isValidOrderAccessToken(authSecret, orderId, asker.token)) {
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
    return row !== undefined;
  }
  if (!asker.user) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), customerOrdersCondition(asker.user)))
    .limit(1);
  return row !== undefined;
}

async function orderLines(db: DbOrTx, orderId: string) {
  return db
    .select({
      kind: orderItems.kind,
      size: orderItems.size,
      shape: orderItems.shape,
      frameColor: orderItems.frameColor,
      price: orderItems.price,
      quantity: orderItems.quantity,
      imageUrl: orderItems.imageUrl,
      originalImageUrl: orderItems.originalImageUrl,
      additionalImages: orderItems.additionalImages,
      crop: orderItems.crop,
      config: orderItems.config,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/** What the order recorded that its timeline reads: its history, its proof, its refunds. */
async function orderRecord(db: DbOrTx, orderId: string) {
  const [history, proofs, refunds] = await Promise.all([
    db
      .select({
        from: orderStatusHistory.fromStatus,
        to: orderStatusHistory.toStatus,
        at: orderStatusHistory.createdAt,
        by: orderStatusHistory.changedBy,
        note: orderStatusHistory.note,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select({
        state: orderProofs.state,
        dueAt: orderProofs.dueAt,
        mailedAt: orderProofs.mailedAt,
        decidedAt: orderProofs.decidedAt,
      })
      .from(orderProofs)
      .where(eq(orderProofs.orderId, orderId))
      .limit(1),
    db
      .select({ amount: orderRefunds.amount, at: orderRefunds.createdAt })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.createdAt)),
  ]);
  return { history, proof: proofs[0] ?? null, refunds };
}

/** The order's view; call orderVisibleTo first. Null when the order is gone. */
export async function loadOrderView(
  db: DbOrTx,
  orderId: string,
  now: Date = new Date(),
): Promise<OrderView | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const [lines, record] = await Promise.all([orderLines(db, orderId), orderRecord(db, orderId)]);
  const selfService =
    !order.anonymisedAt && record.proof && selfServiceRefusal(order.status, record.proof, now) === null
      ? {
          until: record.proof.dueAt.toISOString(),
          country: order.shippingCountry,
          countryCode: order.shippingCountryCode,
          address: {
            addressLine1: order.shippingAddressLine1,
            addressLine2: order.shippingAddressLine2 ?? "",
            city: order.shippingCity,
            state: order.shippingState,
            postalCode: order.shippingPostalCode,
          },
        }
      : null;
  const dispatched = isDispatched(order.status);
  const number = displayOrderNumber(order.orderNumber);
  return {
    id: order.id,
    displayNumber: number,
    status: order.status,
    statusLabel: trackingStage(order.status).label,
    createdAt: order.createdAt.toISOString(),
    testMode: order.testMode,
    totalAmount: order.totalAmount,
    subtotalAmount: order.subtotalAmount,
    discountAmount: order.discountAmount,
    discountCode: order.discountCode,
    shippingAmount: order.shippingAmount,
    shippingLabel: orderShippingLabel(order),
    gift: order.gift
      ? { recipientName: order.gift.recipientName, message: order.gift.message || null }
      : null,
    displayCurrency: order.displayCurrency,
    shown: orderShownTotals({
      displayCurrency: order.displayCurrency,
      displayRate: order.displayRate,
      linesPence: lines.map((l) => l.price),
      discountPence: order.discountAmount,
      shippingPence: order.shippingAmount,
    }),
    // A gift goes to its recipient (issue 30 item 8), as the e-mails and the slip say.
    deliveryName: order.gift
      ? order.gift.recipientName
      : `${order.shippingFirstName} ${order.shippingLastName}`.trim(),
    addressLines: order.anonymisedAt
      ? []
      : addressLines({
          line1: order.shippingAddressLine1,
          line2: order.shippingAddressLine2,
          city: order.shippingCity,
          state: order.shippingState,
          postalCode: order.shippingPostalCode,
          country: order.shippingCountry,
        }),
    deliveryWindow:
      order.deliveryEarliest && order.deliveryLatest
        ? { earliest: order.deliveryEarliest, latest: order.deliveryLatest }
        : null,
    trackingNumber: dispatched ? order.trackingNumber : null,
    trackingHref: dispatched ? `/track?order=${number}` : null,
    lines: lines.map((line) => orderViewLine({ ...line, additionalImages: line.additionalImages ?? [] })),
    timeline: orderTimeline({
      placedAt: order.createdAt,
      history: record.history,
      proof: record.proof,
      refunds: record.refunds,
      trackingNumber: order.trackingNumber,
      carrier: order.carrier,
    }),
    selfService,
  };
}

export interface ReorderResult {
  items: CartItem[];
  refused: Array<{ index: number; summary: string; message: string }>;
}

/**
 * "Order again": the order's lines as new cart lines, each lithophane only when every one of
 * its photos is still stored and is the asker's (photoUsableBy); the others come back as
 * refused with the reason. One query for all photos. Call orderVisibleTo first.
 */
export async function reorder(
  db: DbOrTx,
  storage: Pick<Storage, "keyFromUrl">,
  orderId: string,
  askerUserId: string | null,
  makeId: () => string = newCartItemId,
): Promise<ReorderResult> {
  const lines = await orderLines(db, orderId);
  const keyOf = (url: string) => (url ? shopImageKey(storage, url) : null);
  const urlsOf = (line: (typeof lines)[number]) =>
    [line.imageUrl ?? "", line.originalImageUrl ?? "", ...(line.additionalImages ?? [])].filter(Boolean);
  const keys = [
    ...new Set(lines.flatMap((l) => (productTypeOf(l.kind).madeFromPhotos ? urlsOf(l) : [])).map(keyOf)),
  ].filter((k): k is string => k !== null);
  const byKey = new Map<string, StoredPhoto>();
  if (keys.length > 0) {
    const rows = await db
      .select({ originalKey: uploads.originalKey, previewKey: uploads.previewKey, userId: uploads.userId })
      .from(uploads)
      .where(or(inArray(uploads.originalKey, keys), inArray(uploads.previewKey, keys)));
    for (const row of rows) {
      byKey.set(row.originalKey, { userId: row.userId });
      byKey.set(row.previewKey, { userId: row.userId });
    }
  }
  const result: ReorderResult = { items: [], refused: [] };
  lines.forEach((line, index) => {
    const stored = { ...line, additionalImages: line.additionalImages ?? [] };
    const summary = orderViewLine(stored).summary;
    const refuse = (problem: keyof typeof ORDER_VIEW_TEXTS.refusals): void => {
      result.refused.push({ index, summary, message: ORDER_VIEW_TEXTS.refusals[problem] });
    };
    const rebuilt = cartItemFromOrderLine(stored, makeId);
    if (!rebuilt.ok) {
      refuse(rebuilt.problem);
      return;
    }
    if (productTypeOf(line.kind).madeFromPhotos) {
      for (const url of urlsOf(line)) {
        const key = keyOf(url);
        const problem = photoUsableBy(key ? (byKey.get(key) ?? null) : null, askerUserId);
        if (problem) {
          refuse(problem);
          return;
        }
      }
    }
    for (let n = 0; n < Math.max(1, line.quantity); n++) {
      result.items.push(n === 0 ? rebuilt.item : { ...rebuilt.item, id: makeId() });
    }
  });
  return result;
}
