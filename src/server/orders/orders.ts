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
 * after commit through the outbox (messaging/order-email-outbox.ts): one per order and kind,
 * retried in the background when the mail service fails.
 *
 * Orders only move forward (src/shared/order-lifecycle.ts): a repeated or late payment event
 * changes nothing.
 */
import { randomUUID } from "node:crypto";
import type { CartItem } from "@shared/cart";
import { checkoutTotals } from "@shared/checkout";
import type { CurrencyCode } from "@shared/currency";
import type { DeliveryWindow } from "@shared/delivery-dates";
import type { DiscountRefusalReason, DiscountScope } from "@shared/discounts";
import { canChangeOrderStatus } from "@shared/order-lifecycle";
import { displayOrderNumber, ORDER_STATUS_LABELS, type OrderStatus } from "@shared/orders";
import type { BillingAddress, GiftInfo, ShippingInfo } from "@shared/schemas";
import type { ShippingMethod } from "@shared/shipping";
import { type ShippingZone, zoneForCountry } from "@shared/shipping-zones";
import { countryName } from "@shared/world-countries";
import { and, asc, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { dispatchedDeliveryWindow, zoneDays } from "../catalogue/delivery-dates.js";
import { evaluateCode, reserveDiscount, settleDiscount } from "../catalogue/discounts.js";
import { CATALOG_FINGERPRINT_SQL, type PricedDescription } from "../catalogue/pricing.js";
import { listShippingZones } from "../catalogue/shipping-zones.js";
import { consumeStock, type LowStock, releaseStock, reserveStock } from "../catalogue/stock.js";
import type { AppContext } from "../context.js";
import type { Database, DbOrTx, Tx } from "../db/client.js";
import { cartItems, type OrderBillingAddress, orderItems, orderStatusHistory, orders } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import { orderEmailKey, queueOrderEmail, queueOrderEmailStatement } from "../messaging/mail-outbox.js";
import { issueInvoice } from "../payments/invoices.js";
import type { PaymentProviderKind } from "../payments/types.js";
import { ENVIRONMENT_MODE_KEY } from "../platform/settings.js";
import type { OrderPaidListener } from "./order-paid.js";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

// ---------------------------------------------------------------------------- hooks

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
  /** The zone that delivers to shipping.country: it prices the shipping (issue 16). */
  zone: ShippingZone;
  /** The delivery window promised at checkout. */
  deliveryWindow: DeliveryWindow;
  displayCurrency: CurrencyCode;
  lines: readonly OrderLineInput[];
  /** True without a Stripe key (built-in test payments): the order is a test order whatever the mode. */
  forceTestMode: boolean;
  paymentProvider: PaymentProviderKind;
  /** Known before the insert for the test provider (saves an update); Stripe's comes later. */
  paymentSessionId?: (orderId: string) => string | null;
  /**
   * The PricingSnapshot's fingerprint when the lines were priced from it: the order is only
   * written if the catalogue still has it (createOrder answers null otherwise).
   */
  catalogFingerprint?: string | null;
  /**
   * With catalogFingerprint: the products kept in stock at that fingerprint (a product without
   * a product_stock row is made to order and reserves nothing). Without it every accessory is
   * looked up in the order's transaction.
   */
  stockedProductIds?: ReadonlySet<string>;
  /** The owner's free-shipping threshold the lines were priced with (the spec's £75 by default). */
  freeShippingThresholdPence?: number;
  /** A discount code as the customer typed it: checked again, and a use reserved, with the order. */
  discountCode?: string | null;
  /** A gift: the recipient's name on the parcel and the slip's message (issue 20). */
  gift?: GiftInfo | null;
  /** The billing address when it is not the delivery address. */
  billingAddress?: BillingAddress | null;
}

/** The billing address as orders.billing_address stores it (the country by name and code). */
function storedBillingAddress(address: BillingAddress | null | undefined): OrderBillingAddress | null {
  if (!address) return null;
  return {
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ? address.addressLine2 : null,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: countryName(address.country),
    countryCode: address.country,
  };
}

/** The code was refused when the order was placed (used up meanwhile, expired, ...). */
export class DiscountRefusedError extends HttpError {
  constructor(
    readonly reason: DiscountRefusalReason,
    message: string,
  ) {
    super(422, "discount_refused", message);
    this.name = "DiscountRefusedError";
  }
}

export interface CreatedOrder {
  id: string;
  displayNumber: string;
  subtotalPence: number;
  discountPence: number;
  /** The code's scope (which lines its discount is spread over); null without a code. */
  discountScope: DiscountScope | null;
  discountCode: string | null;
  shippingPence: number;
  totalPence: number;
  itemCount: number;
  testMode: boolean;
}

/**
 * The INSERT behind createOrder: ONE statement (three data-modifying CTEs), which PostgreSQL
 * runs as one transaction, in one round trip, so either all three rows exist or none. Its text
 * never changes (the lines travel as one jsonb array), so it is prepared once per connection.
 * The environment mode is read inside the statement ($18 true: test mode whatever the mode).
 * With a catalogue fingerprint ($21) nothing is inserted unless the catalogue still has that
 * fingerprint, evaluated in the statement's own snapshot; null skips the check.
 */
const INSERT_ORDER_SQL = `with guard as (
  select case when $21::text is null then true else ${CATALOG_FINGERPRINT_SQL} = $21::text end as ok
), new_order as (
  insert into orders (id, user_id, status, total_amount, subtotal_amount, shipping_amount, shipping_method,
    display_currency, shipping_email, shipping_first_name, shipping_last_name, shipping_phone,
    shipping_address_line_1, shipping_address_line_2, shipping_city, shipping_state, shipping_postal_code,
    shipping_country, test_mode, payment_provider, payment_session_id,
    shipping_country_code, shipping_zone, delivery_earliest, delivery_latest, discount_code, discount_amount,
    gift, billing_address)
  select $1::uuid, $2::text, 'pending', $3::integer, $4::integer, $5::integer, $6::text, $7::text, $8::text,
    $9::text, $10::text, $11::text, $12::text, $13::text, $14::text, $15::text, $16::text, $17::text,
    $18::boolean or coalesce((select setting_value = 'test' from system_settings
      where setting_key = '${ENVIRONMENT_MODE_KEY}'), false),
    $19::text, $20::text, $24::text, $25::text, $26::date, $27::date, $28::text, $29::integer,
    $30::jsonb, $31::jsonb
  where (select ok from guard)
  returning test_mode
), new_items as (
  insert into order_items (order_id, position, kind, product_id, bundle_id, size, frame_color, shape, price,
    quantity, image_url, original_image_url, additional_images, crop, config)
  select $1::uuid, l.position, l.kind, l.product_id, l.bundle_id, l.size, l.frame_color, l.shape, l.price, 1,
    l.image_url, l.original_image_url, l.additional_images, l.crop, l.config
  from jsonb_to_recordset($22::jsonb) as l(position integer, kind text, product_id text, bundle_id text,
    size text, frame_color text, shape text, price integer, image_url text, original_image_url text,
    additional_images jsonb, crop jsonb, config jsonb)
  where exists (select 1 from new_order)
), first_status as (
  insert into order_status_history (order_id, from_status, to_status, changed_by, note)
  select $1::uuid, null, 'pending', $23::text, 'Order placed'
  where exists (select 1 from new_order)
)
select test_mode from new_order`;

/**
 * Creates a pending order, its items and its first status row atomically, in one statement
 * (INSERT_ORDER_SQL). With `catalogFingerprint` (lines priced from a PricingSnapshot) it
 * answers null, having written nothing, when the catalogue changed since that snapshot.
 */
export async function createOrder(
  database: Pick<Database, "query" | "db">,
  input: CreateOrderInput,
): Promise<CreatedOrder | null> {
  if (input.lines.length === 0) throw new HttpError(400, "cart_empty", "The cart is empty.");
  const id = randomUUID();
  const s = input.shipping;
  const lines = input.lines.map((line, position) => ({
    position,
    kind: line.kind,
    product_id: line.item.config.kind === "accessory" ? line.item.config.productId : null,
    bundle_id: line.item.config.kind === "lithophane" ? line.item.config.bundleId : null,
    size: line.description.sizeLabel,
    frame_color: line.description.frameStyle,
    shape: line.description.shapeName,
    price: line.unitPricePence,
    image_url: line.kind === "lithophane" ? line.item.imageUrl : null,
    original_image_url: line.kind === "lithophane" ? line.item.originalImageUrl : null,
    additional_images: line.kind === "lithophane" ? line.item.additionalImages : [],
    crop: line.item.cropData ? { ...line.item.cropData } : null,
    config: { ...line.item.config, clientItemId: line.item.id },
  }));
  const prices = input.lines.map((l) => l.unitPricePence);
  const threshold = input.freeShippingThresholdPence;
  const params = (totals: ReturnType<typeof checkoutTotals>, code: string | null) => [
    id,
    input.userId,
    totals.totalPence,
    totals.subtotalPence,
    totals.shippingPence,
    input.shippingMethod,
    input.displayCurrency,
    s.email,
    s.firstName,
    s.lastName,
    s.phone ? s.phone : null,
    s.addressLine1,
    s.addressLine2 ? s.addressLine2 : null,
    s.city,
    s.state,
    s.postalCode,
    countryName(s.country),
    input.forceTestMode,
    input.paymentProvider,
    input.paymentSessionId?.(id) ?? null,
    input.catalogFingerprint ?? null,
    JSON.stringify(lines),
    CHANGED_BY.customer(input.userId),
    s.country,
    input.zone.id,
    input.deliveryWindow.earliest,
    input.deliveryWindow.latest,
    code,
    totals.discountPence,
    input.gift
      ? JSON.stringify({ recipientName: input.gift.recipientName, message: input.gift.message })
      : null,
    input.billingAddress ? JSON.stringify(storedBillingAddress(input.billingAddress)) : null,
  ];
  const created = (
    totals: ReturnType<typeof checkoutTotals>,
    testMode: boolean,
    code: string | null,
    scope: DiscountScope | null,
  ): CreatedOrder => ({
    id,
    displayNumber: displayOrderNumber(id),
    ...totals,
    discountCode: code,
    discountScope: scope,
    itemCount: input.lines.length,
    testMode,
  });

  // A cart with no code and no accessory holds nothing back: one statement, one round trip.
  // The fingerprint check also holds which products are stocked: an order of products made to
  // order (the common case) takes the one-statement path.
  const stocked = input.catalogFingerprint ? input.stockedProductIds : undefined;
  const stockUnits = new Map<string, number>();
  for (const line of input.lines) {
    if (line.item.config.kind === "accessory") {
      const productId = line.item.config.productId;
      if (stocked && !stocked.has(productId)) continue;
      stockUnits.set(productId, (stockUnits.get(productId) ?? 0) + 1);
    }
  }
  if (!input.discountCode && stockUnits.size === 0) {
    const totals = checkoutTotals(prices, input.shippingMethod, {
      zone: input.zone,
      freeShippingThresholdPence: threshold,
    });
    const rows = await database.query<{ test_mode: boolean }>(
      INSERT_ORDER_SQL,
      params(totals, null),
      "lithobox_create_order",
    );
    const row = rows[0];
    if (!row) {
      if (input.catalogFingerprint) return null;
      throw new Error("order insert returned no row");
    }
    return created(totals, row.test_mode, null, null);
  }

  // Otherwise one transaction: the code's row locked while its uses are counted and one is
  // reserved, the order written, and the stocked units reserved (or all of it rolled back).
  return database.db.transaction(async (tx) => {
    const customer = { userId: input.userId, email: s.email };
    let discount: { discountPence: number; freeShipping: boolean } | null = null;
    let code: { id: string; code: string; scope: DiscountScope } | null = null;
    if (input.discountCode) {
      const discountLines = input.lines.map((l) => ({ kind: l.kind, pricePence: l.unitPricePence }));
      const { result, row } = await evaluateCode(tx, input.discountCode, discountLines, customer, {
        lock: true,
      });
      if (!result.ok || !row) {
        throw new DiscountRefusedError(
          result.ok ? "unknown" : result.reason,
          result.ok ? "" : result.message,
        );
      }
      discount = result;
      code = { id: row.id, code: row.code, scope: row.scope as DiscountScope };
    }
    const totals = checkoutTotals(prices, input.shippingMethod, {
      zone: input.zone,
      freeShippingThresholdPence: threshold,
      discount,
    });
    const result = await tx.execute<{ test_mode: boolean }>(
      bindSql(INSERT_ORDER_SQL, params(totals, code?.code ?? null)),
    );
    const row = (result as unknown as { rows: Array<{ test_mode: boolean }> }).rows[0];
    if (!row) {
      if (input.catalogFingerprint) return null;
      throw new Error("order insert returned no row");
    }
    if (code) {
      await reserveDiscount(tx, {
        orderId: id,
        codeId: code.id,
        customer,
        amountPence: totals.discountPence,
      });
    }
    await reserveStock(tx, id, stockUnits);
    return created(totals, row.test_mode, code?.code ?? null, code?.scope ?? null);
  });
}

/** A $1..$n statement as Drizzle SQL with the same values bound (to run it in a transaction). */
function bindSql(text: string, params: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const at = match.index ?? 0;
    chunks.push(sql.raw(text.slice(last, at)));
    chunks.push(sql`${params[Number(match[1]) - 1] ?? null}`);
    last = at + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
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
  /** Stocked products this payment took to the low-stock line (the owner is alerted after commit). */
  lowStock?: LowStock[];
}

export class OrderStatusError extends HttpError {
  constructor(from: OrderStatus, to: OrderStatus) {
    const label = (s: OrderStatus) => ORDER_STATUS_LABELS[s];
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

/** The carrier's window for a parcel dispatched at `at`: the order's zone's days for its method. */
async function carrierWindowFor(tx: Tx, order: OrderRow, at: Date): Promise<DeliveryWindow | null> {
  const zones = await listShippingZones(tx);
  const zone =
    zones.find((z) => z.id === order.shippingZone) ?? zoneForCountry(zones, order.shippingCountryCode);
  if (!zone) return null;
  const method: ShippingMethod = order.shippingMethod === "express" ? "express" : "standard";
  return dispatchedDeliveryWindow(zoneDays(zone, method), at);
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
  // Once dispatched, the window is the carrier's from today, replacing checkout's promise.
  const carrier = to === "dispatched" ? await carrierWindowFor(tx, current, now) : null;
  const [order] = await tx
    .update(orders)
    .set({
      ...fields,
      ...patch,
      ...(carrier ? { deliveryEarliest: carrier.earliest, deliveryLatest: carrier.latest } : {}),
      status: to,
      updatedAt: now,
    })
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
  // What a pending order held (stock, a discount code's use) is taken or given back with it.
  let lowStock: LowStock[] = [];
  if (from === "pending" && to === "paid") {
    lowStock = await consumeStock(tx, orderId);
    // Only an order with a code holds a use (createOrder reserves it with the code set).
    if (current.discountCode) await settleDiscount(tx, orderId, "used");
    // Its invoice, numbered in this transaction: a rolled-back payment leaves no gap.
    await issueInvoice(tx, orderId, order);
  } else if (from === "pending" && to === "cancelled") {
    await releaseStock(tx, orderId);
    if (current.discountCode) await settleDiscount(tx, orderId, "released");
  }
  // The e-mail this change owes, recorded with it: sent after commit, retried until it goes.
  if (to === "paid") await queueOrderEmail(tx, orderId, "confirmation");
  if (to === "dispatched") await queueOrderEmail(tx, orderId, "dispatch");
  return { orderId, from, to, changed: true, order: order ?? current, lowStock };
}

export interface MarkPaidOptions {
  by: string;
  /** The provider's payment id (Stripe PaymentIntent id). */
  paymentReference: string | null;
  note?: string;
  listeners?: readonly OrderPaidListener[];
  /** Only an order of this provider (the test payment page): any other is not found (404). */
  provider?: PaymentProviderKind;
}

/**
 * pending -> paid, once: sets paid_at and payment_reference, records the change, clears the
 * buyer's saved cart and runs the listeners' inTransaction hooks, all in `tx`. Any other
 * current status (already paid, cancelled, ...) changes nothing and answers changed: false.
 */
export async function markOrderPaid(tx: Tx, orderId: string, opts: MarkPaidOptions): Promise<StatusChange> {
  const now = new Date();
  // pending -> paid in one statement. The UPDATE locks the row: a concurrent completion (a
  // replayed webhook, Pay pressed twice) waits for this transaction, then finds the order no
  // longer pending and changes nothing (READ COMMITTED re-checks the WHERE on the new row).
  const [order] = isUuid(orderId)
    ? await tx
        .update(orders)
        .set({ status: "paid", paidAt: now, paymentReference: opts.paymentReference, updatedAt: now })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.status, "pending"),
            opts.provider ? eq(orders.paymentProvider, opts.provider) : undefined,
          ),
        )
        .returning()
    : [];
  if (!order) {
    const current = await lockOrder(tx, orderId);
    if (opts.provider && current.paymentProvider !== opts.provider) {
      throw new HttpError(404, "order_not_found", "Order not found.");
    }
    return { orderId, from: current.status, to: "paid", changed: false, order: current };
  }
  // The change's history row and the confirmation it owes (sent after commit, retried until it
  // goes), in one statement.
  await tx.execute(sql`with history as (
      insert into ${orderStatusHistory} (order_id, from_status, to_status, changed_by, note, created_at)
      values (${orderId}, 'pending', 'paid', ${opts.by}, ${opts.note ?? "Payment received"}, ${now.toISOString()}::timestamptz)
    ) ${queueOrderEmailStatement(orderId, "confirmation")}`);
  // What the pending order held is taken: its stock, and its code's use (only an order with a
  // code holds one: createOrder reserves it with the code set).
  const lowStock = await consumeStock(tx, orderId);
  if (order.discountCode) await settleDiscount(tx, orderId, "used");
  if (order.userId) await tx.delete(cartItems).where(eq(cartItems.userId, order.userId));
  for (const listener of opts.listeners ?? []) await listener.inTransaction?.(tx, orderId, order);
  // Last: its invoice, numbered in this transaction (a rolled-back payment leaves no gap); the
  // number locks the counter row every payment shares, so it is held only until the commit.
  await issueInvoice(tx, orderId, order);
  return { orderId, from: "pending", to: "paid", changed: true, order, lowStock };
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
    await ctx.mailOutbox.sendKeys([orderEmailKey(change.orderId, "confirmation")]);
    for (const listener of ctx.onOrderPaid) {
      try {
        await listener.afterCommit?.(change.orderId);
      } catch (error) {
        ctx.log.error({ err: error, orderId: change.orderId }, "order-paid listener failed");
      }
    }
  }
  if (change.to === "dispatched") await ctx.mailOutbox.sendKeys([orderEmailKey(change.orderId, "dispatch")]);
  // The review request queued with the change (routes/admin/orders.ts), if any.
  if (change.to === "delivered") await ctx.mailOutbox.sendKeys([`review:${change.orderId}`]);
}

/**
 * What a payment's committed change owes, run after the response (ctx.background): the first
 * send of the confirmation and the owner's alerts (their outbox rows are committed with the
 * payment, so the outbox runners send whatever this does not, after a restart too) and the
 * listeners' afterCommit steps. Rendering and sending e-mails is most of a completion's work
 * and none of it is what the payer waits for.
 */
export function runPaymentEffectsLater(ctx: AppContext, change: StatusChange): void {
  if (change.changed) ctx.background.run(runStatusEffects(ctx, change));
}

/** Marks an order paid in one transaction; the confirmation and the listeners follow after the response. */
export async function completeOrderPayment(
  ctx: AppContext,
  orderId: string,
  opts: Omit<MarkPaidOptions, "listeners">,
): Promise<StatusChange> {
  const change = await ctx.database.db.transaction((tx) =>
    markOrderPaid(tx, orderId, { ...opts, listeners: ctx.onOrderPaid }),
  );
  if (change.changed) ctx.log.info({ orderId, by: opts.by }, "order paid");
  runPaymentEffectsLater(ctx, change);
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
