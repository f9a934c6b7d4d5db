/**
 * Data exports for the admin: orders (with their items), customers and products, as CSV or
 * JSON, for a date range (UK days, on the row's creation time). Rows are read in batches with
 * keyset pagination on (created_at, id) and written out batch by batch, so an export of any
 * size holds one batch in memory at a time.
 *
 * CSV follows RFC 4180 (fields with a quote, comma or line break are quoted, quotes doubled;
 * CRLF line ends; a UTF-8 BOM so spreadsheet programs read £ correctly), and guards against
 * formula injection: a text cell starting with = + - @ (or a tab or carriage return) is
 * prefixed with ' so a spreadsheet shows it as text instead of running it.
 */

import { orderShippingLabel } from "@shared/checkout";
import { allocateDiscount, type DiscountScope } from "@shared/discounts";
import { PAID_STATUSES } from "@shared/order-lifecycle";
import { describeOrderLines, exportLineText } from "@shared/order-line";
import { displayOrderNumber } from "@shared/orders";
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { discountCodes, orderItems, orders, products, profiles, users } from "../db/schema.js";
import { refundedSql } from "../orders/index.js";
import { dayRangeConditions } from "../platform/index.js";

export const EXPORT_RESOURCES = ["orders", "customers", "products"] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];
export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_BATCH_SIZE = 500;

export interface ExportRange {
  from?: string | undefined;
  to?: string | undefined;
}

// ---------------------------------------------------------------------------- CSV

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number ("-1.01"): a spreadsheet reads it as the number it is, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One CSV field: quoted when needed, text that a spreadsheet would run as a formula defused. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "string") {
    text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  } else if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    text = String(value);
  } else if (value instanceof Date) {
    text = value.toISOString();
  } else {
    const json = JSON.stringify(value);
    text = FORMULA_START.test(json) ? `'${json}` : json;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/**
 * A whole CSV download: the UTF-8 byte-order mark first (Excel otherwise reads the file as
 * Windows-1252 and shows "SiobhÃ¡n", issue 47 item 8), then the rows. Every CSV the shop hands
 * out is made here.
 */
export function csvFile(rows: readonly (readonly unknown[])[]): string {
  return CSV_BOM + rows.map(csvRow).join("");
}

/** 12963 -> "129.63"; plain decimal pounds, no grouping (a CSV number). */
export function penceToDecimal(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------- records

/**
 * One line as bought (issue 30 item 3): the one description's fields (describeLine), each in its
 * own column, and the line's list price, share of the discount and what it was charged.
 */
export interface OrderExportItem {
  position: number;
  kind: string;
  /** "Keepsake Collection · Colour · 3 panels · Square 7″ x 7″ · Black frame"; an accessory's name. */
  description: string;
  /** The bundle's name ("Keepsake Collection"); null for an accessory. */
  bundle: string | null;
  bundleId: string | null;
  productId: string | null;
  /** "Colour", "Greyscale"; null for an accessory. */
  processing: string | null;
  panels: number | null;
  /** Width x height ("8″ x 6″"); an accessory's size text ("Standard"). */
  size: string;
  /** The panel shape ("Rectangle (Landscape)"); null for an accessory. */
  shape: string | null;
  /** The frame colour; null for an accessory. */
  frame: string | null;
  quantity: number;
  pricePence: number;
  discountPence: number;
  totalPence: number;
  imageUrl: string | null;
  originalImageUrl: string | null;
  additionalImages: string[];
}

export interface OrderExportRecord {
  id: string;
  orderNumber: string;
  createdAt: string;
  paidAt: string | null;
  status: string;
  testMode: boolean;
  customerType: "guest" | "customer";
  userId: string | null;
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
  shippingMethod: string;
  /** "Standard Delivery (3-5 business days)": the zone's window promised at checkout. */
  delivery: string;
  subtotalPence: number;
  discountCode: string | null;
  discountPence: number;
  shippingPence: number;
  totalPence: number;
  /** The ledger: given back, and what the shop kept (paid − refunded; 0 paid for an unpaid order). */
  refundedPence: number;
  netPence: number;
  displayCurrency: string;
  paymentProvider: string | null;
  paymentReference: string | null;
  trackingNumber: string | null;
  items: OrderExportItem[];
}

export interface CustomerExportRecord {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  emailVerified: boolean;
  mfaEnabled: boolean;
  phone: string | null;
  phoneCountryCode: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  createdAt: string;
  orderCount: number;
  /** Paid orders only, live and test alike, pence GBP. */
  paidTotalPence: number;
}

export interface ProductExportRecord {
  id: string;
  name: string;
  description: string;
  category: string;
  pricePence: number;
  status: string;
  isActive: boolean;
  sortOrder: number;
  imageUrl: string | null;
  specifications: string[];
  features: string[];
  compatibility: string | null;
  createdAt: string;
  updatedAt: string;
}

type Cursor = { at: string; id: string } | null;

/** (created_at, id) strictly after the cursor; the cursor keeps the timestamp's full precision as text. */
function afterCursor(createdAt: AnyColumn, id: AnyColumn, cursor: Cursor, idType: "uuid" | "text"): SQL[] {
  if (!cursor) return [];
  return [sql`(${createdAt}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::${sql.raw(idType)})`];
}

/**
 * Keyset pagination over (created_at, id): fetches a page after the cursor, turns it into
 * records, and stops at a short page, so an export never holds more than one batch.
 */
async function* keysetPages<Row extends { cursorAt: string }, Out>(
  batchSize: number,
  fetchPage: (cursor: Cursor) => Promise<Row[]>,
  idOf: (row: Row) => string,
  toRecords: (rows: Row[]) => Promise<Out[]> | Out[],
): AsyncGenerator<Out[]> {
  let cursor: Cursor = null;
  for (;;) {
    const rows = await fetchPage(cursor);
    if (rows.length === 0) return;
    yield await toRecords(rows);
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    cursor = { at: last.cursorAt, id: idOf(last) };
  }
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];

export async function* orderBatches(
  db: DbOrTx,
  range: ExportRange,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<OrderExportRecord[]> {
  const fetchPage = (
    cursor: Cursor,
  ): Promise<Array<{ order: typeof orders.$inferSelect; cursorAt: string; refunded: number }>> =>
    db
      .select({ order: orders, cursorAt: sql<string>`${orders.createdAt}::text`, refunded: refundedSql() })
      .from(orders)
      .where(
        and(
          ...dayRangeConditions(orders.createdAt, range.from, range.to),
          ...afterCursor(orders.createdAt, orders.id, cursor, "uuid"),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batchSize);
  yield* keysetPages(
    batchSize,
    fetchPage,
    (r) => r.order.id,
    async (rows) => {
      const ids = rows.map((r) => r.order.id);
      const items = await db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.orderId), asc(orderItems.position));
      const codes = [...new Set(rows.flatMap((r) => (r.order.discountCode ? [r.order.discountCode] : [])))];
      const scopes = new Map(
        codes.length === 0
          ? []
          : (
              await db
                .select({ code: discountCodes.code, scope: discountCodes.scope })
                .from(discountCodes)
                .where(inArray(discountCodes.code, codes))
            ).map((c) => [c.code, c.scope as DiscountScope]),
      );
      const byOrder = new Map<string, (typeof items)[number][]>();
      for (const i of items) byOrder.set(i.orderId, [...(byOrder.get(i.orderId) ?? []), i]);
      const exportItems = (o: (typeof rows)[number]["order"]): OrderExportItem[] => {
        const lines = byOrder.get(o.id) ?? [];
        const shares = allocateDiscount(
          lines.map((i) => ({ kind: i.kind, pricePence: i.price })),
          (o.discountCode ? scopes.get(o.discountCode) : undefined) ?? "all",
          o.discountAmount,
        );
        return describeOrderLines(
          lines.map((i) => ({ ...i, frameStyle: i.frameColor })),
          shares,
        ).map((d, index) => {
          const i = lines[index]!;
          return {
            position: i.position,
            kind: d.kind,
            description: exportLineText(d),
            bundle: d.bundle,
            bundleId: i.bundleId,
            productId: i.productId,
            processing: d.processing,
            panels: d.panels,
            size: d.size ?? i.size,
            shape: d.shape,
            frame: d.frame,
            quantity: i.quantity,
            pricePence: i.price,
            discountPence: d.discountSharePence,
            totalPence: d.chargedPence,
            imageUrl: i.imageUrl,
            originalImageUrl: i.originalImageUrl,
            additionalImages: strings(i.additionalImages),
          };
        });
      };
      return rows.map(({ order: o, refunded }) => ({
        id: o.id,
        orderNumber: displayOrderNumber(o.orderNumber),
        createdAt: o.createdAt.toISOString(),
        paidAt: o.paidAt ? o.paidAt.toISOString() : null,
        status: o.status,
        testMode: o.testMode,
        customerType: o.userId ? "customer" : "guest",
        userId: o.userId,
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
        shippingMethod: o.shippingMethod,
        delivery: orderShippingLabel(o),
        subtotalPence: o.subtotalAmount,
        discountCode: o.discountCode,
        discountPence: o.discountAmount,
        shippingPence: o.shippingAmount,
        totalPence: o.totalAmount,
        refundedPence: refunded,
        netPence: (o.paidAt ? o.totalAmount : 0) - refunded,
        displayCurrency: o.displayCurrency,
        paymentProvider: o.paymentProvider,
        paymentReference: o.paymentReference,
        trackingNumber: o.trackingNumber,
        items: exportItems(o),
      }));
    },
  );
}

export async function* customerBatches(
  db: DbOrTx,
  range: ExportRange,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<CustomerExportRecord[]> {
  const paid = sql.join(
    PAID_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const fetchPage = (
    cursor: Cursor,
  ): Promise<
    Array<{
      user: typeof users.$inferSelect;
      profile: typeof profiles.$inferSelect | null;
      cursorAt: string;
      orderCount: number;
      paidTotal: number;
    }>
  > =>
    db
      .select({
        user: users,
        profile: profiles,
        cursorAt: sql<string>`${users.createdAt}::text`,
        orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${sql.raw('"users"."id"')})`,
        paidTotal: sql<number>`(select coalesce(sum(${orders.totalAmount}), 0)::int from ${orders} where ${orders.userId} = ${sql.raw('"users"."id"')} and ${orders.status} in (${paid}))`,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(
        and(
          ...dayRangeConditions(users.createdAt, range.from, range.to),
          ...afterCursor(users.createdAt, users.id, cursor, "text"),
        ),
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(batchSize);
  yield* keysetPages(
    batchSize,
    fetchPage,
    (r) => r.user.id,
    (rows) =>
      rows.map(({ user: u, profile: p, orderCount, paidTotal }) => ({
        id: u.id,
        email: u.email,
        name: u.name,
        firstName: p?.firstName ?? null,
        lastName: p?.lastName ?? null,
        role: u.role === "admin" ? "admin" : "user",
        emailVerified: u.emailVerified,
        mfaEnabled: Boolean(u.twoFactorEnabled),
        phone: p?.phone ?? null,
        phoneCountryCode: p?.phoneCountryCode ?? null,
        addressLine1: p?.addressLine1 ?? null,
        addressLine2: p?.addressLine2 ?? null,
        city: p?.city ?? null,
        state: p?.state ?? null,
        postalCode: p?.postalCode ?? null,
        country: p?.country ?? null,
        createdAt: u.createdAt.toISOString(),
        orderCount,
        paidTotalPence: paidTotal,
      })),
  );
}

export async function* productBatches(
  db: DbOrTx,
  range: ExportRange,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ProductExportRecord[]> {
  const fetchPage = (
    cursor: Cursor,
  ): Promise<Array<{ product: typeof products.$inferSelect; cursorAt: string }>> =>
    db
      .select({ product: products, cursorAt: sql<string>`${products.createdAt}::text` })
      .from(products)
      .where(
        and(
          ...dayRangeConditions(products.createdAt, range.from, range.to),
          ...afterCursor(products.createdAt, products.id, cursor, "text"),
        ),
      )
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(batchSize);
  yield* keysetPages(
    batchSize,
    fetchPage,
    (r) => r.product.id,
    (rows) =>
      rows.map(({ product: p }) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        category: p.category,
        pricePence: p.price,
        status: p.status,
        isActive: p.isActive,
        sortOrder: p.sortOrder,
        imageUrl: p.imageUrl,
        specifications: strings(p.specifications),
        features: strings(p.features),
        compatibility: p.compatibility,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
      })),
  );
}

// ---------------------------------------------------------------------------- CSV layouts

export const ORDER_CSV_HEADER = [
  "order_id",
  "order_number",
  "created_at",
  "paid_at",
  "status",
  "test_mode",
  "customer_type",
  "user_id",
  "email",
  "first_name",
  "last_name",
  "phone",
  "address_line_1",
  "address_line_2",
  "city",
  "state",
  "postal_code",
  "country",
  "shipping_method",
  "delivery",
  "subtotal_gbp",
  "discount_code",
  "discount_gbp",
  "shipping_gbp",
  "total_gbp",
  "refunded_gbp",
  "net_gbp",
  "display_currency",
  "payment_provider",
  "payment_reference",
  "tracking_number",
  "item_position",
  "item_kind",
  "item_description",
  "item_bundle",
  "item_product_id",
  "item_processing",
  "item_panels",
  "item_shape",
  "item_size",
  "item_frame",
  "item_quantity",
  "item_price_gbp",
  "item_discount_gbp",
  "item_total_gbp",
  "item_image_url",
  "item_original_image_url",
  "item_additional_images",
] as const;

/** One CSV line per order item (the order's columns repeated); an order without items gets one line. */
export function orderCsvLines(o: OrderExportRecord): unknown[][] {
  const head = [
    o.id,
    o.orderNumber,
    o.createdAt,
    o.paidAt,
    o.status,
    o.testMode,
    o.customerType,
    o.userId,
    o.email,
    o.firstName,
    o.lastName,
    o.phone,
    o.addressLine1,
    o.addressLine2,
    o.city,
    o.state,
    o.postalCode,
    o.country,
    o.shippingMethod,
    o.delivery,
    penceToDecimal(o.subtotalPence),
    o.discountCode,
    penceToDecimal(o.discountPence),
    penceToDecimal(o.shippingPence),
    penceToDecimal(o.totalPence),
    penceToDecimal(o.refundedPence),
    penceToDecimal(o.netPence),
    o.displayCurrency,
    o.paymentProvider,
    o.paymentReference,
    o.trackingNumber,
  ];
  if (o.items.length === 0) return [[...head, ...Array(17).fill(null)]];
  return o.items.map((i) => [
    ...head,
    i.position,
    i.kind,
    i.description,
    i.bundle,
    i.productId,
    i.processing,
    i.panels,
    i.shape,
    i.size,
    i.frame,
    i.quantity,
    penceToDecimal(i.pricePence),
    penceToDecimal(i.discountPence),
    penceToDecimal(i.totalPence),
    i.imageUrl,
    i.originalImageUrl,
    i.additionalImages.join(" "),
  ]);
}

export const CUSTOMER_CSV_HEADER = [
  "user_id",
  "email",
  "name",
  "first_name",
  "last_name",
  "role",
  "email_verified",
  "mfa_enabled",
  "phone_country_code",
  "phone",
  "address_line_1",
  "address_line_2",
  "city",
  "state",
  "postal_code",
  "country",
  "created_at",
  "order_count",
  "paid_total_gbp",
] as const;

export function customerCsvLines(c: CustomerExportRecord): unknown[][] {
  return [
    [
      c.id,
      c.email,
      c.name,
      c.firstName,
      c.lastName,
      c.role,
      c.emailVerified,
      c.mfaEnabled,
      c.phoneCountryCode,
      c.phone,
      c.addressLine1,
      c.addressLine2,
      c.city,
      c.state,
      c.postalCode,
      c.country,
      c.createdAt,
      c.orderCount,
      penceToDecimal(c.paidTotalPence),
    ],
  ];
}

export const PRODUCT_CSV_HEADER = [
  "product_id",
  "name",
  "description",
  "category",
  "price_gbp",
  "status",
  "is_active",
  "sort_order",
  "image_url",
  "specifications",
  "features",
  "compatibility",
  "created_at",
  "updated_at",
] as const;

export function productCsvLines(p: ProductExportRecord): unknown[][] {
  return [
    [
      p.id,
      p.name,
      p.description,
      p.category,
      penceToDecimal(p.pricePence),
      p.status,
      p.isActive,
      p.sortOrder,
      p.imageUrl,
      p.specifications.join(" | "),
      p.features.join(" | "),
      p.compatibility,
      p.createdAt,
      p.updatedAt,
    ],
  ];
}

// ---------------------------------------------------------------------------- the stream

interface Layout<R> {
  batches: (db: DbOrTx, range: ExportRange, batchSize?: number) => AsyncGenerator<R[]>;
  header: readonly string[];
  lines: (record: R) => unknown[][];
}

const LAYOUTS = {
  orders: {
    batches: orderBatches,
    header: ORDER_CSV_HEADER,
    lines: orderCsvLines,
  } satisfies Layout<OrderExportRecord>,
  customers: {
    batches: customerBatches,
    header: CUSTOMER_CSV_HEADER,
    lines: customerCsvLines,
  } satisfies Layout<CustomerExportRecord>,
  products: {
    batches: productBatches,
    header: PRODUCT_CSV_HEADER,
    lines: productCsvLines,
  } satisfies Layout<ProductExportRecord>,
};

export const CSV_BOM = "\uFEFF";

/**
 * Writes the whole export through `write`, one chunk per batch (CSV lines, or JSON array
 * elements). Resolves to the number of records written.
 */
export async function writeExport(
  db: DbOrTx,
  resource: ExportResource,
  format: ExportFormat,
  range: ExportRange,
  write: (chunk: string) => Promise<void>,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<number> {
  const layout = LAYOUTS[resource] as Layout<unknown>;
  let records = 0;
  if (format === "csv") {
    await write(CSV_BOM + csvRow(layout.header));
    for await (const batch of layout.batches(db, range, batchSize)) {
      await write(batch.flatMap((r) => layout.lines(r).map(csvRow)).join(""));
      records += batch.length;
    }
    return records;
  }
  await write("[");
  for await (const batch of layout.batches(db, range, batchSize)) {
    const body = batch.map((r) => JSON.stringify(r)).join(",\n");
    await write(`${records === 0 ? "\n" : ",\n"}${body}`);
    records += batch.length;
  }
  await write(records === 0 ? "]\n" : "\n]\n");
  return records;
}

export function exportFileName(
  resource: ExportResource,
  format: ExportFormat,
  range: ExportRange,
  today: string,
): string {
  const span = range.from || range.to ? `${range.from ?? "start"}_to_${range.to ?? today}` : `all_${today}`;
  return `lithobox-${resource}-${span}.${format}`;
}
