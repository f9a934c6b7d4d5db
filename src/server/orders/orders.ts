/**
 * Orders: the pending order written at checkout (createOrder), and the queries that read
 * orders. Every change of an order's status, money or stock after that is a workflow in
 * ./workflows/ (complete-payment, cancel-order, expire-orders, refund-order,
 * change-fulfilment-status), each checked against the lifecycle table in
 * src/shared/order-lifecycle.ts.
 */
import { randomUUID } from "node:crypto";
import type { CartItem, CartItemConfig } from "@shared/cart";
import { checkoutTotals } from "@shared/checkout";
import type { CurrencyCode } from "@shared/currency";
import type { DeliveryWindow } from "@shared/delivery-dates";
import { type DiscountRefusalReason, type DiscountScope, shopperRefusal } from "@shared/discounts";
import { displayOrderNumber, parseOrderNumber } from "@shared/orders";
import { typeOfConfig } from "@shared/product-types";
import type { BillingAddress, GiftInfo, ShippingInfo } from "@shared/schemas";
import type { ShippingMethod } from "@shared/shipping";
import { type ShippingZone, zoneDays } from "@shared/shipping-zones";
import { countryName } from "@shared/world-countries";
import { and, asc, desc, eq, gte, lte, or, type SQL, sql } from "drizzle-orm";
import {
  CATALOG_FINGERPRINT_SQL,
  evaluateCode,
  type PricedDescription,
  reserveDiscount,
  reserveStock,
} from "../catalogue/index.js";
import type { DbOrTx } from "../db/client.js";
import { type OrderBillingAddress, orderItems, orderStatusHistory, orders } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import type { PaymentProviderKind } from "../payments/index.js";
import { ENVIRONMENT_MODE_KEY, runWorkflow } from "../platform/index.js";
import { CHANGED_BY } from "./changed-by.js";
import type { OrderServices } from "./services.js";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

// ---------------------------------------------------------------------------- create

/** One cart line, priced by the server (priceCartItems). */
export interface OrderLineInput {
  item: CartItem;
  kind: CartItemConfig["kind"];
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
  /** Units of displayCurrency per 1 GBP the shopper was shown (null for GBP): kept for the receipts. */
  displayRate?: number | null;
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
  /** When the order stops holding its stock and code use unless paid (ORDER_PAYMENT_MINUTES). */
  paymentExpiresAt: Date;
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
  /** The order's sequential number (#1001; issue 47 item 13), assigned as it is created. */
  orderNumber: number;
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
    gift, billing_address, payment_expires_at, delivery_days_min, delivery_days_max, display_rate)
  select $1::uuid, $2::text, 'pending', $3::integer, $4::integer, $5::integer, $6::text, $7::text, $8::text,
    $9::text, $10::text, $11::text, $12::text, $13::text, $14::text, $15::text, $16::text, $17::text,
    $18::boolean or coalesce((select setting_value = 'test' from system_settings
      where setting_key = '${ENVIRONMENT_MODE_KEY}'), false),
    $19::text, $20::text, $24::text, $25::text, $26::date, $27::date, $28::text, $29::integer,
    $30::jsonb, $31::jsonb, $32::timestamptz, $33::integer, $34::integer, $35::double precision
  where (select ok from guard)
  returning test_mode, order_number
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
select test_mode, order_number from new_order`;

/**
 * Creates a pending order, its items and its first status row atomically, in one statement
 * (INSERT_ORDER_SQL), or with a discount code or stocked accessories in one transaction through
 * the workflow runner (the code's use and the stock reserved with the order). With `catalogFingerprint` (lines priced from a PricingSnapshot) it
 * answers null, having written nothing, when the catalogue changed since that snapshot.
 */
export async function createOrder(ctx: OrderServices, input: CreateOrderInput): Promise<CreatedOrder | null> {
  const { database } = ctx;
  if (input.lines.length === 0) throw new HttpError(400, "cart_empty", "The cart is empty.");
  const id = randomUUID();
  const s = input.shipping;
  const lines = input.lines.map((line, position) => ({
    position,
    kind: line.kind,
    product_id: typeOfConfig(line.item.config).productIdOf(line.item.config),
    bundle_id: typeOfConfig(line.item.config).bundleIdOf(line.item.config),
    size: line.description.sizeLabel,
    frame_color: line.description.frameStyle,
    shape: line.description.shapeName,
    price: line.unitPricePence,
    // A line made from photos keeps them (print files, the proof, photo review); a product does not.
    image_url: typeOfConfig(line.item.config).madeFromPhotos ? line.item.imageUrl : null,
    original_image_url: typeOfConfig(line.item.config).madeFromPhotos ? line.item.originalImageUrl : null,
    additional_images: typeOfConfig(line.item.config).madeFromPhotos ? line.item.additionalImages : [],
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
    input.paymentExpiresAt.toISOString(),
    // The zone's business days for the method: every receipt's window (issue 30 item 2).
    zoneDays(input.zone, input.shippingMethod).min,
    zoneDays(input.zone, input.shippingMethod).max,
    input.displayCurrency === "GBP" ? null : (input.displayRate ?? null),
  ];
  const created = (
    totals: ReturnType<typeof checkoutTotals>,
    testMode: boolean,
    code: string | null,
    scope: DiscountScope | null,
    orderNumber: number,
  ): CreatedOrder => ({
    id,
    orderNumber,
    displayNumber: displayOrderNumber(orderNumber),
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
    const productId = typeOfConfig(line.item.config).productIdOf(line.item.config);
    if (productId !== null) {
      if (stocked && !stocked.has(productId)) continue;
      stockUnits.set(productId, (stockUnits.get(productId) ?? 0) + 1);
    }
  }
  if (!input.discountCode && stockUnits.size === 0) {
    const totals = checkoutTotals(prices, input.shippingMethod, {
      zone: input.zone,
      freeShippingThresholdPence: threshold,
    });
    const rows = await database.query<{ test_mode: boolean; order_number: number }>(
      INSERT_ORDER_SQL,
      params(totals, null),
      "lithobox_create_order",
    );
    const row = rows[0];
    if (!row) {
      if (input.catalogFingerprint) return null;
      throw new Error("order insert returned no row");
    }
    return created(totals, row.test_mode, null, null, row.order_number);
  }

  // Otherwise one transaction: the code's row locked while its uses are counted and one is
  // reserved, the order written, and the stocked units reserved (or all of it rolled back).
  const outcome = await runWorkflow(ctx, async (tx) => {
    const customer = { userId: input.userId, email: s.email };
    let discount: { discountPence: number; freeShipping: boolean } | null = null;
    let code: { id: string; code: string; scope: DiscountScope } | null = null;
    if (input.discountCode) {
      const discountLines = input.lines.map((l) => ({ kind: l.kind, pricePence: l.unitPricePence }));
      const { result, row } = await evaluateCode(tx, input.discountCode, discountLines, customer, {
        lock: true,
      });
      if (!result.ok || !row) {
        const refusal = shopperRefusal(result.ok ? { reason: "unknown", message: "" } : result);
        throw new DiscountRefusedError(refusal.reason, refusal.message);
      }
      discount = result;
      code = { id: row.id, code: row.code, scope: row.scope as DiscountScope };
    }
    const totals = checkoutTotals(prices, input.shippingMethod, {
      zone: input.zone,
      freeShippingThresholdPence: threshold,
      discount,
    });
    const result = await tx.execute<{ test_mode: boolean; order_number: number }>(
      bindSql(INSERT_ORDER_SQL, params(totals, code?.code ?? null)),
    );
    const row = (result as unknown as { rows: Array<{ test_mode: boolean; order_number: number }> }).rows[0];
    if (!row) {
      if (input.catalogFingerprint) return { order: null };
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
    return {
      order: created(totals, row.test_mode, code?.code ?? null, code?.scope ?? null, row.order_number),
    };
  });
  return outcome.order;
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
 * The order with this number AND this shipping e-mail, or null: the number is the order's
 * sequential one ("#1001"), or the 8-character id prefix that e-mails gave before issue 47
 * (an index range on the id). One query with both conditions, so a wrong e-mail and an unknown
 * number take the same path. Anonymised orders are never found.
 */
export async function findOrderForTracking(
  db: DbOrTx,
  orderNumber: string,
  email: string,
): Promise<OrderWithItems | null> {
  const typed = parseOrderNumber(orderNumber);
  if (!typed) return null;
  const prefix = typed.legacyPrefix;
  const byNumber = typed.number !== null ? eq(orders.orderNumber, typed.number) : undefined;
  const byPrefix = prefix
    ? and(
        gte(orders.id, `${prefix}-0000-0000-0000-000000000000`),
        lte(orders.id, `${prefix}-ffff-ffff-ffff-ffffffffffff`),
      )
    : undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        byNumber && byPrefix ? or(byNumber, byPrefix) : (byNumber ?? byPrefix),
        eq(sql`lower(${orders.shippingEmail})`, email.trim().toLowerCase()),
        sql`${orders.anonymisedAt} is null`,
      ),
    )
    // The sequential number first, when an 8-digit number could be either.
    .orderBy(
      ...(byNumber ? [desc(sql`${orders.orderNumber} = ${typed.number}`)] : []),
      desc(orders.createdAt),
    )
    .limit(1);
  if (!row) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.position));
  return { ...row, items };
}
