import { orderShippingLabel } from "@shared/checkout";
import { COLOUR_PROCESSING_ID, calendarDayIn, isColourConfig } from "@shared/delivery-dates";
import { AWAITING_DISPATCH, carrierLabel, isDispatchOverdue, trackingUrl } from "@shared/fulfilment";
import { adminNextStatuses } from "@shared/order-lifecycle";
import { describeLine, type LineDescription } from "@shared/order-line";
import { displayOrderNumber, type OrderStatus } from "@shared/orders";
import { COLOUR_KINDS, productTypeOf } from "@shared/product-types";
import type { OrderEstimate } from "@shared/production-estimates";
import type { ProofState } from "@shared/proofs";
import type { MoneyLedger } from "@shared/refunds";
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { likePattern } from "../db/like-pattern.js";
import {
  type OrderBillingAddress,
  type OrderGift,
  orderItems,
  orderNotes,
  orderProofs,
  orderStatusHistory,
  orders,
  photoRequests,
  users,
} from "../db/schema.js";
import { estimatesForOrders, listPhotoRequests, orderDispatchBy } from "../fulfilment/index.js";
import { HttpError } from "../lib/validation.js";
import { dayRangeConditions } from "../platform/index.js";
import { isUuid } from "./orders.js";
import { panelCropVersion } from "./proofs.js";
import { orderLedger } from "./refunds.js";

export interface AdminOrderFilters {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** test orders only, live orders only, or both. */
  mode?: "all" | "test" | "live" | undefined;
  /** guest orders (no account), customers' orders, or both. */
  customer?: "all" | "guest" | "customer" | undefined;
  /** newest first (default), or the bench's order: orders to dispatch first, the earliest dispatch-by first. */
  sort?: "newest" | "urgency" | undefined;
  page: number;
  pageSize: number;
}

export interface AdminOrderSummary {
  id: string;
  displayNumber: string;
  createdAt: string;
  status: OrderStatus;
  totalAmount: number;
  testMode: boolean;
  isGuest: boolean;
  email: string;
  name: string;
  itemCount: number;
  trackingNumber: string | null;
  /** PrusaSlicer's print hours and grams for the order's print files; null: no print files. */
  estimate: OrderEstimate | null;
  /** Fulfilment (issue 17): Express delivery, the day it must leave by, late, waiting for a photo. */
  express: boolean;
  dispatchBy: string | null;
  overdue: boolean;
  waitingForPhoto: boolean;
  /** The customer's proof (issue 47 item 10): null when none was asked. */
  proofState: ProofState | null;
}

export interface AdminOrderList {
  orders: AdminOrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export function orderFilterConditions(filters: Omit<AdminOrderFilters, "page" | "pageSize">): SQL[] {
  const conditions: SQL[] = [];
  const q = filters.q?.trim();
  if (q) {
    const hex = q.replace(/^#/, "").toLowerCase();
    const parts: SQL[] = [
      ilike(orders.shippingEmail, likePattern(q)),
      sql`(${orders.shippingFirstName} || ' ' || ${orders.shippingLastName}) ilike ${likePattern(q)}`,
    ];
    if (/^[0-9a-f-]{1,36}$/.test(hex)) parts.push(sql`${orders.id}::text like ${likePattern(hex, "prefix")}`);
    // "#1001" or "1001": the order's number (issue 47 item 13).
    if (/^[0-9]{1,9}$/.test(hex)) parts.push(eq(orders.orderNumber, Number(hex)));
    const either = or(...parts);
    if (either) conditions.push(either);
  }
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  conditions.push(...dayRangeConditions(orders.createdAt, filters.from, filters.to));
  if (filters.mode === "test") conditions.push(eq(orders.testMode, true));
  if (filters.mode === "live") conditions.push(eq(orders.testMode, false));
  if (filters.customer === "guest") conditions.push(isNull(orders.userId));
  if (filters.customer === "customer") conditions.push(isNotNull(orders.userId));
  return conditions;
}

/** Drizzle leaves columns of a one-table select unqualified; a correlated subquery needs the name. */
const itemCountSql = sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${sql.raw('"orders"."id"')})`;
const waitingForPhotoSql = sql<boolean>`exists (select 1 from ${photoRequests} where ${photoRequests.orderId} = ${sql.raw('"orders"."id"')} and ${photoRequests.status} = 'open')`;
const awaitingDispatchSql = sql`${orders.status} in (${sql.join(
  AWAITING_DISPATCH.map((s) => sql`${s}`),
  sql`, `,
)})`;

const proofStateSql = sql<ProofState | null>`(select ${orderProofs.state} from ${orderProofs} where ${orderProofs.orderId} = ${sql.raw('"orders"."id"')})`;

/** The order holds a colour lithophane (production +2 days, issue 22). */
const hasColourSql = sql<boolean>`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${sql.raw('"orders"."id"')} and ${orderItems.kind} in (${sql.join(
  COLOUR_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
)}) and ${orderItems.config}->>'processing' = ${COLOUR_PROCESSING_ID})`;

export async function listAdminOrders(db: DbOrTx, filters: AdminOrderFilters): Promise<AdminOrderList> {
  const where = and(...orderFilterConditions(filters));
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        totalAmount: orders.totalAmount,
        testMode: orders.testMode,
        userId: orders.userId,
        email: orders.shippingEmail,
        firstName: orders.shippingFirstName,
        lastName: orders.shippingLastName,
        trackingNumber: orders.trackingNumber,
        itemCount: itemCountSql,
        shippingMethod: orders.shippingMethod,
        paidAt: orders.paidAt,
        waitingForPhoto: waitingForPhotoSql,
        proofState: proofStateSql,
        colour: hasColourSql,
      })
      .from(orders)
      .where(where)
      .orderBy(
        ...(filters.sort === "urgency"
          ? // The earliest paid is the earliest dispatch-by, a colour order's two days later
            // (calendar days here, near enough for an order); on the same time, Express first.
            [
              desc(awaitingDispatchSql),
              sql`${orders.paidAt} + (case when ${hasColourSql} then interval '2 days' else interval '0 days' end) asc nulls last`,
              desc(sql`${orders.shippingMethod} = 'express'`),
            ]
          : []),
        desc(orders.createdAt),
        desc(orders.id),
      )
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const estimates = await estimatesForOrders(
    db,
    rows.map((r) => r.id),
  );
  const today = calendarDayIn(new Date());
  return {
    orders: rows.map((r) => ({
      id: r.id,
      displayNumber: displayOrderNumber(r.orderNumber),
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      totalAmount: r.totalAmount,
      testMode: r.testMode,
      isGuest: r.userId === null,
      email: r.email,
      name: `${r.firstName} ${r.lastName}`.trim(),
      itemCount: r.itemCount,
      trackingNumber: r.trackingNumber,
      estimate: estimates.get(r.id) ?? null,
      express: r.shippingMethod === "express",
      dispatchBy: AWAITING_DISPATCH.includes(r.status) ? orderDispatchBy(r.paidAt, r.colour) : null,
      overdue: isDispatchOverdue(r.status, orderDispatchBy(r.paidAt, r.colour), today),
      waitingForPhoto: r.waitingForPhoto,
      proofState: r.proofState,
    })),
    total: totals[0]?.n ?? 0,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

export interface AdminOrderItem {
  id: string;
  kind: string;
  productId: string | null;
  bundleId: string | null;
  size: string;
  shape: string;
  frameColor: string;
  price: number;
  quantity: number;
  /** The greyscale preview of the customer's photo (whole, not cut to the crop). */
  imageUrl: string | null;
  /**
   * Each panel's photo cut to its crop as it is now, one per panel of a lithophane line (none
   * for an accessory): the crop preview, which follows a re-crop from the proof.
   */
  cropPreviews: string[];
  /** The customer's original upload. */
  originalImageUrl: string | null;
  additionalImages: string[];
  crop: Record<string, unknown> | null;
  config: Record<string, unknown>;
  /** The one description of the line (issue 30): what the cart, receipts and export say. */
  description: LineDescription;
}

/** The owner's crop preview of one panel; its version moves with the crop (the browser keeps images by address). */
function adminCropPreviewUrl(
  orderId: string,
  item: { id: string; config: Record<string, unknown> },
  panelIndex: number,
): string {
  return `/api/admin/orders/${orderId}/items/${item.id}/panels/${panelIndex}/crop?${new URLSearchParams({ v: panelCropVersion(item, panelIndex) })}`;
}

export interface AdminOrderDetail {
  id: string;
  displayNumber: string;
  status: OrderStatus;
  /** The statuses this order may move to next. */
  nextStatuses: OrderStatus[];
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  testMode: boolean;
  isGuest: boolean;
  customer: { id: string; email: string; name: string } | null;
  anonymised: boolean;
  totals: {
    subtotal: number;
    discount: number;
    discountCode: string | null;
    shipping: number;
    total: number;
  };
  shippingMethod: string;
  /** "Standard Delivery (3-5 business days)": the zone's window promised at checkout (issue 30). */
  shippingLabel: string;
  displayCurrency: string;
  payment: { provider: string | null; sessionId: string | null; reference: string | null };
  trackingNumber: string | null;
  /** The carrier's name and its tracking page for the number (issue 17). */
  carrier: string | null;
  carrierLabel: string | null;
  trackingUrl: string | null;
  /** The day it must leave the bench by, while it is still there; late after it. */
  dispatchBy: string | null;
  overdue: boolean;
  estimatedDelivery: string | null;
  shipping: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    addressLine1: string;
    addressLine2: string | null;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  /** A gift (issue 20): the parcel's recipient and the slip's message; null otherwise. */
  gift: OrderGift | null;
  /** The buyer's billing address when it is not the delivery address. */
  billingAddress: OrderBillingAddress | null;
  items: AdminOrderItem[];
  history: Array<{
    id: number;
    from: string | null;
    to: string;
    by: string | null;
    note: string | null;
    at: string;
  }>;
  notes: Array<{ id: number; body: string; authorEmail: string | null; at: string }>;
  /** Photo review: the requests for a better photo, newest first; waiting while one is open. */
  photoRequests: Array<{
    id: string;
    itemId: string;
    panelIndex: number;
    reason: string;
    note: string | null;
    status: string;
    requestedBy: string | null;
    previousImageUrl: string | null;
    newImageUrl: string | null;
    createdAt: string;
    resolvedAt: string | null;
  }>;
  waitingForPhoto: boolean;
  /** The money ledger: paid, refunded, net, and each refund. */
  money: {
    ledger: MoneyLedger;
    refunds: Array<{
      id: string;
      amount: number;
      reason: string | null;
      provider: string;
      by: string | null;
      at: string;
      /** The lines this refund gave back whole (each line is refunded at most once). */
      lineIds: string[];
    }>;
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function getAdminOrder(db: DbOrTx, orderId: string): Promise<AdminOrderDetail | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({ order: orders, customer: { id: users.id, email: users.email, name: users.name } })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const o = row.order;
  const [items, history, notes, money, photos] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position)),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, orderId))
      .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id)),
    orderLedger(db, row.order),
    listPhotoRequests(db, orderId),
  ]);
  const colour = items.some((item) => isColourConfig(item.config));
  return {
    id: o.id,
    displayNumber: displayOrderNumber(o.orderNumber),
    status: o.status,
    nextStatuses: adminNextStatuses(o.status),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    paidAt: iso(o.paidAt),
    testMode: o.testMode,
    isGuest: o.userId === null,
    customer: row.customer?.id ? row.customer : null,
    anonymised: o.anonymisedAt !== null,
    totals: {
      subtotal: o.subtotalAmount,
      discount: o.discountAmount,
      discountCode: o.discountCode,
      shipping: o.shippingAmount,
      total: o.totalAmount,
    },
    shippingMethod: o.shippingMethod,
    shippingLabel: orderShippingLabel(o),
    displayCurrency: o.displayCurrency,
    payment: { provider: o.paymentProvider, sessionId: o.paymentSessionId, reference: o.paymentReference },
    trackingNumber: o.trackingNumber,
    carrier: o.carrier,
    carrierLabel: carrierLabel(o.carrier),
    trackingUrl: trackingUrl(o.carrier, o.trackingNumber),
    dispatchBy: AWAITING_DISPATCH.includes(o.status) ? orderDispatchBy(o.paidAt, colour) : null,
    overdue: isDispatchOverdue(o.status, orderDispatchBy(o.paidAt, colour), calendarDayIn(new Date())),
    estimatedDelivery: iso(o.estimatedDelivery),
    shipping: {
      email: o.shippingEmail,
      firstName: o.shippingFirstName,
      lastName: o.shippingLastName,
      phone: o.shippingPhone,
      addressLine1: o.shippingAddressLine1,
      addressLine2: o.shippingAddressLine2,
      city: o.shippingCity,
      state: o.shippingState,
      postalCode: o.shippingPostalCode,
      country: o.shippingCountry,
    },
    gift: o.gift ?? null,
    billingAddress: o.billingAddress ?? null,
    items: items.map((i) => ({
      id: i.id,
      kind: i.kind,
      productId: i.productId,
      bundleId: i.bundleId,
      size: i.size,
      shape: i.shape,
      frameColor: i.frameColor,
      price: i.price,
      quantity: i.quantity,
      imageUrl: i.imageUrl,
      cropPreviews: productTypeOf(i.kind).madeFromPhotos
        ? Array.from({ length: productTypeOf(i.kind).photoCount(i) }, (_, panel) =>
            adminCropPreviewUrl(o.id, i, panel),
          )
        : [],
      originalImageUrl: i.originalImageUrl,
      additionalImages: Array.isArray(i.additionalImages) ? i.additionalImages : [],
      crop: i.crop ?? null,
      config: i.config,
      description: describeLine({ ...i, frameStyle: i.frameColor }),
    })),
    photoRequests: photos,
    waitingForPhoto: photos.some((p) => p.status === "open"),
    money: {
      ledger: money.ledger,
      refunds: money.refunds.map((r) => ({
        id: r.id,
        amount: r.amount,
        reason: r.reason,
        provider: r.provider,
        by: r.createdBy,
        at: r.createdAt.toISOString(),
        lineIds: r.lineIds,
      })),
    },
    history: history.map((h) => ({
      id: h.id,
      from: h.fromStatus,
      to: h.toStatus,
      by: h.changedBy,
      note: h.note,
      at: h.createdAt.toISOString(),
    })),
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      authorEmail: n.authorEmail,
      at: n.createdAt.toISOString(),
    })),
  };
}

/** The audit trail's view of an order's status fields. */
export function statusSnapshot(order: {
  status: string;
  trackingNumber: string | null;
  carrier?: string | null;
}) {
  return { status: order.status, trackingNumber: order.trackingNumber, carrier: order.carrier ?? null };
}

/** Previous status and tracking number, read (and locked) before a change. */
export async function lockOrderForAudit(tx: Tx, orderId: string) {
  const [row] = isUuid(orderId)
    ? await tx
        .select({
          id: orders.id,
          status: orders.status,
          trackingNumber: orders.trackingNumber,
          carrier: orders.carrier,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update")
    : [];
  if (!row) throw new HttpError(404, "order_not_found", "Order not found.");
  return row;
}

export async function addOrderNote(
  tx: DbOrTx,
  orderId: string,
  author: { id: string; email: string },
  body: string,
): Promise<{ id: number; body: string; authorEmail: string | null; at: string }> {
  const [exists] = isUuid(orderId)
    ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))
    : [];
  if (!exists) throw new HttpError(404, "order_not_found", "Order not found.");
  const [note] = await tx
    .insert(orderNotes)
    .values({ orderId, authorId: author.id, authorEmail: author.email, body })
    .returning();
  if (!note) throw new Error("note was not written");
  return { id: note.id, body: note.body, authorEmail: note.authorEmail, at: note.createdAt.toISOString() };
}

/** Orders that exist among `ids` (bulk actions report the rest as not found). */
export async function existingOrderIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, valid));
  return new Set(rows.map((r) => r.id));
}
