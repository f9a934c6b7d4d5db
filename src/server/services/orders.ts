/**
 * Orders: creation at checkout, the status lifecycle and the e-mails it sends.
 *
 * Writes come in two layers:
 * - transaction-level functions (createOrder, setOrderStatus, markOrderPaid,
 *   markOrderCancelled) take a transaction, lock the order row and record every status
 *   change with its time in order_status_history;
 * - context-level wrappers (completeOrderPayment, cancelPendingOrder, updateOrderStatus) run
 *   one transaction and then, after commit, the effects: the confirmation e-mail when an order
 *   becomes paid, the dispatch e-mail when it is dispatched, and the ctx.onOrderPaid listeners.
 *
 * The e-mails are recorded in order_emails by the status change's own transaction and sent
 * after commit through the outbox (services/order-email-outbox.ts): one per order and kind,
 * retried in the background when the mail service fails.
 *
 * Orders only move forward (src/shared/order-lifecycle.ts): a repeated or late payment event
 * changes nothing.
 */
import { randomUUID } from "node:crypto";
import type { CartItem } from "@shared/cart";
import { checkoutTotals } from "@shared/checkout";
import type { CurrencyCode } from "@shared/currency";
import { canChangeOrderStatus } from "@shared/order-lifecycle";
import { displayOrderNumber, ORDER_STATUS_LABELS, type OrderStatus } from "@shared/orders";
import type { ShippingInfo } from "@shared/schemas";
import type { ShippingMethod } from "@shared/shipping";
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx, Tx } from "../db/client.js";
import { cartItems, orderItems, orderStatusHistory, orders } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import { queueOrderEmail } from "./order-email-outbox.js";
import type { PaymentProviderKind } from "./payments/types.js";
import type { PricedDescription } from "./pricing.js";
import { environmentIsTestSql } from "./settings.js";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

// ---------------------------------------------------------------------------- hooks

/**
 * Listeners told when an order becomes paid (ctx.onOrderPaid), e.g. print-file generation:
 * - inTransaction runs inside the transaction that marks the order paid: insert rows there
 *   (print_jobs) so they exist exactly when the order is paid. Keep it to quick writes; a
 *   throw rolls the payment completion back (a webhook is then retried by Stripe).
 * - afterCommit runs once the payment is committed (wake a worker); errors are logged only.
 */
export interface OrderPaidListener {
  inTransaction?: (tx: Tx, orderId: string) => Promise<void>;
  afterCommit?: (orderId: string) => Promise<void> | void;
}

/** Who changed a status, as stored in order_status_history.changed_by. */
export const CHANGED_BY = {
  customer: (userId: string | null) => (userId ? `user:${userId}` : "guest"),
  stripe: "stripe",
  testPayment: "test-payment",
  system: "system",
  admin: (userId: string) => `admin:${userId}`,
} as const;

// ---------------------------------------------------------------------------- create

/** One cart line, priced by the server (priceCartItems). */
export interface OrderLineInput {
  item: CartItem;
  kind: "lithophane" | "accessory";
  unitPricePence: number;
  description: PricedDescription;
}

export interface CreateOrderInput {
  userId: string | null;
  shipping: ShippingInfo;
  shippingMethod: ShippingMethod;
  displayCurrency: CurrencyCode;
  lines: readonly OrderLineInput[];
  /** True without a Stripe key (built-in test payments): the order is a test order whatever the mode. */
  forceTestMode: boolean;
  paymentProvider: PaymentProviderKind;
  /** Known before the insert for the test provider (saves an update); Stripe's comes later. */
  paymentSessionId?: (orderId: string) => string | null;
}

export interface CreatedOrder {
  id: string;
  displayNumber: string;
  subtotalPence: number;
  shippingPence: number;
  totalPence: number;
  itemCount: number;
  testMode: boolean;
}

/**
 * Creates a pending order, its items and its first status row atomically: ONE SQL statement
 * (three data-modifying CTEs), which Postgres runs as one transaction, in one round trip; the
 * environment mode is read inside the same statement. Either all three rows exist or none.
 */
export async function createOrder(db: DbOrTx, input: CreateOrderInput): Promise<CreatedOrder> {
  if (input.lines.length === 0) throw new HttpError(400, "cart_empty", "The cart is empty.");
  const id = randomUUID();
  const totals = checkoutTotals(
    input.lines.map((l) => l.unitPricePence),
    input.shippingMethod,
  );
  const s = input.shipping;
  const testMode = input.forceTestMode ? sql<boolean>`true` : environmentIsTestSql();
  const insertOrder = db
    .insert(orders)
    .values({
      id,
      userId: input.userId,
      status: "pending",
      totalAmount: totals.totalPence,
      subtotalAmount: totals.subtotalPence,
      shippingAmount: totals.shippingPence,
      shippingMethod: input.shippingMethod,
      displayCurrency: input.displayCurrency,
      shippingEmail: s.email,
      shippingFirstName: s.firstName,
      shippingLastName: s.lastName,
      shippingPhone: s.phone ? s.phone : null,
      shippingAddressLine1: s.addressLine1,
      shippingAddressLine2: s.addressLine2 ? s.addressLine2 : null,
      shippingCity: s.city,
      shippingState: s.state,
      shippingPostalCode: s.postalCode,
      shippingCountry: s.country,
      testMode,
      paymentProvider: input.paymentProvider,
      paymentSessionId: input.paymentSessionId?.(id) ?? null,
    })
    .returning({ testMode: orders.testMode });
  const insertItems = db.insert(orderItems).values(
    input.lines.map((line, position) => ({
      orderId: id,
      position,
      kind: line.kind,
      productId: line.item.config.kind === "accessory" ? line.item.config.productId : null,
      bundleId: line.item.config.kind === "lithophane" ? line.item.config.bundleId : null,
      size: line.description.sizeLabel,
      frameColor: line.description.frameStyle,
      shape: line.description.shapeName,
      price: line.unitPricePence,
      quantity: 1,
      imageUrl: line.kind === "lithophane" ? line.item.imageUrl : null,
      originalImageUrl: line.kind === "lithophane" ? line.item.originalImageUrl : null,
      additionalImages: line.kind === "lithophane" ? line.item.additionalImages : [],
      crop: line.item.cropData ? { ...line.item.cropData } : null,
      config: { ...line.item.config, clientItemId: line.item.id },
    })),
  );
  const insertHistory = db.insert(orderStatusHistory).values({
    orderId: id,
    fromStatus: null,
    toStatus: "pending",
    changedBy: CHANGED_BY.customer(input.userId),
    note: "Order placed",
  });
  const result = await db.execute<{ test_mode: boolean }>(
    sql`with new_order as (${insertOrder.getSQL()}), new_items as (${insertItems.getSQL()}), first_status as (${insertHistory.getSQL()}) select test_mode from new_order`,
  );
  const row = (result as unknown as { rows: Array<{ test_mode: boolean }> }).rows[0];
  return {
    id,
    displayNumber: displayOrderNumber(id),
    ...totals,
    itemCount: input.lines.length,
    testMode: row?.test_mode ?? input.forceTestMode,
  };
}

/** Records the provider's session id once it is known (Stripe). */
export async function setPaymentSession(db: DbOrTx, orderId: string, sessionId: string): Promise<void> {
  await db
    .update(orders)
    .set({ paymentSessionId: sessionId, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

// ---------------------------------------------------------------------------- queries

export async function getOrder(db: DbOrTx, orderId: string): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

export async function getOrderWithItems(db: DbOrTx, orderId: string): Promise<OrderWithItems | null> {
  const order = await getOrder(db, orderId);
  if (!order) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return { ...order, items };
}

export async function findOrderByPaymentSession(db: DbOrTx, sessionId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).limit(1);
  return row ?? null;
}

export async function getStatusHistory(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The order with this 8-character number AND this shipping e-mail, or null. One query with
 * both conditions (an index range on the id prefix), so a wrong e-mail and an unknown number
 * take the same path. Anonymised orders are never found.
 */
export async function findOrderForTracking(
  db: DbOrTx,
  orderNumber: string,
  email: string,
): Promise<OrderWithItems | null> {
  const prefix = orderNumber.toLowerCase();
  if (!/^[0-9a-f]{8}$/.test(prefix)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        gte(orders.id, `${prefix}-0000-0000-0000-000000000000`),
        lte(orders.id, `${prefix}-ffff-ffff-ffff-ffffffffffff`),
        eq(sql`lower(${orders.shippingEmail})`, email.trim().toLowerCase()),
        sql`${orders.anonymisedAt} is null`,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!row) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.position));
  return { ...row, items };
}

// ---------------------------------------------------------------------------- status changes

export interface StatusChangeOptions {
  /** Who made the change (CHANGED_BY). */
  by: string;
  note?: string | null;
  /** Set with 'dispatched' (or later); kept as is when omitted. */
  trackingNumber?: string | null;
  estimatedDelivery?: Date | null;
  /** Skip the lifecycle rule: an administrator correcting a mistake. Still recorded. */
  force?: boolean;
}

export interface StatusChange {
  orderId: string;
  from: string;
  to: string;
  /** False when nothing changed (same status, or not allowed and ignored). */
  changed: boolean;
  order: OrderRow;
}

export class OrderStatusError extends HttpError {
  constructor(from: string, to: string) {
    const label = (s: string) => ORDER_STATUS_LABELS[s as OrderStatus] ?? s;
    super(409, "invalid_status_change", `An order that is ${label(from)} cannot become ${label(to)}.`);
    this.name = "OrderStatusError";
  }
}

async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const [row] = isUuid(orderId)
    ? await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for("update")
    : [];
  if (!row) throw new HttpError(404, "order_not_found", "Order not found.");
  return row;
}

/**
 * Moves an order to `to` inside `tx`, recording the change (from, to, who, note, time) in
 * order_status_history. Throws OrderStatusError for a move the lifecycle forbids (unless
 * `force`); the same status again only updates the tracking fields and records nothing.
 * After the transaction commits, call runStatusEffects(ctx, change) (or use updateOrderStatus)
 * so the dispatch e-mail goes out.
 */
export async function setOrderStatus(
  tx: Tx,
  orderId: string,
  to: OrderStatus,
  opts: StatusChangeOptions,
  patch: Partial<Pick<OrderRow, "paidAt" | "paymentReference">> = {},
): Promise<StatusChange> {
  return applyStatusChange(tx, await lockOrder(tx, orderId), to, opts, patch);
}

/** setOrderStatus on a row this transaction has already locked. */
async function applyStatusChange(
  tx: Tx,
  current: OrderRow,
  to: OrderStatus,
  opts: StatusChangeOptions,
  patch: Partial<Pick<OrderRow, "paidAt" | "paymentReference">> = {},
): Promise<StatusChange> {
  const orderId = current.id;
  const from = current.status;
  const fields = {
    ...(opts.trackingNumber !== undefined ? { trackingNumber: opts.trackingNumber } : {}),
    ...(opts.estimatedDelivery !== undefined ? { estimatedDelivery: opts.estimatedDelivery } : {}),
  };
  if (from === to) {
    if (Object.keys(fields).length === 0) return { orderId, from, to, changed: false, order: current };
    const [order] = await tx
      .update(orders)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning();
    return { orderId, from, to, changed: false, order: order ?? current };
  }
  if (!opts.force && !canChangeOrderStatus(from, to)) throw new OrderStatusError(from, to);
  const now = new Date();
  const [order] = await tx
    .update(orders)
    .set({ ...fields, ...patch, status: to, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: from,
    toStatus: to,
    changedBy: opts.by,
    note: opts.note ?? null,
    createdAt: now,
  });
  // The e-mail this change owes, recorded with it: sent after commit, retried until it goes.
  if (to === "paid") await queueOrderEmail(tx, orderId, "confirmation");
  if (to === "dispatched") await queueOrderEmail(tx, orderId, "dispatch");
  return { orderId, from, to, changed: true, order: order ?? current };
}

export interface MarkPaidOptions {
  by: string;
  /** The provider's payment id (Stripe PaymentIntent id). */
  paymentReference: string | null;
  note?: string;
  listeners?: readonly OrderPaidListener[];
}

/**
 * pending -> paid, once: sets paid_at and payment_reference, records the change, clears the
 * buyer's saved cart and runs the listeners' inTransaction hooks, all in `tx`. Any other
 * current status (already paid, cancelled, ...) changes nothing and answers changed: false.
 */
export async function markOrderPaid(tx: Tx, orderId: string, opts: MarkPaidOptions): Promise<StatusChange> {
  const current = await lockOrder(tx, orderId);
  if (current.status !== "pending") {
    return { orderId, from: current.status, to: "paid", changed: false, order: current };
  }
  const change = await applyStatusChange(
    tx,
    current,
    "paid",
    { by: opts.by, note: opts.note ?? "Payment received" },
    { paidAt: new Date(), paymentReference: opts.paymentReference },
  );
  if (current.userId) await tx.delete(cartItems).where(eq(cartItems.userId, current.userId));
  for (const listener of opts.listeners ?? []) await listener.inTransaction?.(tx, orderId);
  return change;
}

/** pending -> cancelled (payment abandoned, expired or failed); any other status is left alone. */
export async function markOrderCancelled(
  tx: Tx,
  orderId: string,
  opts: { by: string; note?: string },
): Promise<StatusChange> {
  const current = await lockOrder(tx, orderId);
  if (current.status !== "pending") {
    return { orderId, from: current.status, to: "cancelled", changed: false, order: current };
  }
  return applyStatusChange(tx, current, "cancelled", { by: opts.by, note: opts.note ?? "Payment cancelled" });
}

// ---------------------------------------------------------------------------- after commit

/** What follows a committed status change: the e-mails and the paid listeners. Never throws. */
export async function runStatusEffects(ctx: AppContext, change: StatusChange): Promise<void> {
  if (!change.changed) return;
  if (change.to === "paid") {
    await ctx.orderEmails.sendNow(change.orderId, "confirmation");
    for (const listener of ctx.onOrderPaid) {
      try {
        await listener.afterCommit?.(change.orderId);
      } catch (error) {
        ctx.log.error({ err: error, orderId: change.orderId }, "order-paid listener failed");
      }
    }
  }
  if (change.to === "dispatched") await ctx.orderEmails.sendNow(change.orderId, "dispatch");
}

/** Marks an order paid in one transaction, then sends the confirmation and tells the listeners. */
export async function completeOrderPayment(
  ctx: AppContext,
  orderId: string,
  opts: Omit<MarkPaidOptions, "listeners">,
): Promise<StatusChange> {
  const change = await ctx.database.db.transaction((tx) =>
    markOrderPaid(tx, orderId, { ...opts, listeners: ctx.onOrderPaid }),
  );
  if (change.changed) ctx.log.info({ orderId, by: opts.by }, "order paid");
  await runStatusEffects(ctx, change);
  return change;
}

export async function cancelPendingOrder(
  ctx: AppContext,
  orderId: string,
  opts: { by: string; note?: string },
): Promise<StatusChange> {
  const change = await ctx.database.db.transaction((tx) => markOrderCancelled(tx, orderId, opts));
  if (change.changed) ctx.log.info({ orderId, by: opts.by }, "order cancelled");
  return change;
}

/** For the admin screens: one status change in its own transaction, then its e-mails. */
export async function updateOrderStatus(
  ctx: AppContext,
  orderId: string,
  to: OrderStatus,
  opts: StatusChangeOptions,
): Promise<StatusChange> {
  const change = await ctx.database.db.transaction((tx) =>
    to === "paid"
      ? markOrderPaid(tx, orderId, {
          by: opts.by,
          paymentReference: null,
          note: opts.note ?? "Marked paid",
          listeners: ctx.onOrderPaid,
        })
      : setOrderStatus(tx, orderId, to, opts),
  );
  await runStatusEffects(ctx, change);
  return change;
}
