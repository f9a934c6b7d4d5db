/**
 * The analytics screen's figures for a date range (UK days): revenue and paid orders per day,
 * week or month, the average order value, the bundle mix, the popular frame colours, shapes
 * and accessories, and the funnel from creator visits (first-party analytics_events) to paid
 * orders. The caller picks live orders, test orders, or all of them (the admin's switch). Revenue is net of refunds
 * (a partly refunded order counts what the shop kept; a fully refunded one is not a sale).
 */
import { ANALYTICS_EVENT_TYPES, FUNNEL_STEPS } from "@shared/admin-schemas";
import { type FunnelStepCount, nestFunnel } from "@shared/analytics-texts";
import { BUNDLES } from "@shared/bundles";
import { PAID_STATUSES } from "@shared/order-lifecycle";
import { ACCESSORY_KIND, LIGHTBOX_KIND, type ProductKind } from "@shared/product-types";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { analyticsEvents, orderItems, orders, productOptions, products } from "../db/schema.js";
import { refundedSql } from "../orders/index.js";
import { BUSINESS_TIME_ZONE, dayRangeConditions } from "../platform/index.js";
import { soldAtSql } from "./admin-dashboard.js";
import { cartRecoveryFigures } from "./cart-recovery.js";

export const GRANULARITIES = ["day", "week", "month"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export interface AnalyticsQuery {
  from: string;
  to: string;
  granularity: Granularity;
  /** Live orders, test orders, or both (the admin's "Include test orders" switch, issue 30). */
  mode: "live" | "test" | "all";
}

export interface SeriesPoint {
  /** The bucket's first day, "2025-03-01". */
  period: string;
  orders: number;
  /** Pence GBP. */
  revenue: number;
}

export interface Breakdown {
  id: string;
  label: string;
  /** Lines (units) sold. */
  count: number;
  /** Pence GBP. */
  revenue: number;
}

export interface AnalyticsReport {
  query: AnalyticsQuery;
  /** revenue is net of refunds (paid − refunded); refunded: what partial refunds gave back on these orders. */
  totals: { orders: number; revenue: number; refunded: number; averageOrderValue: number };
  series: SeriesPoint[];
  bundles: Breakdown[];
  frameColors: Breakdown[];
  shapes: Breakdown[];
  accessories: Breakdown[];
  funnel: FunnelStepCount[];
  events: Array<{ type: string; count: number }>;
  /** Cart reminders in the range (issue 33): sent, and carts recovered in this mode with their revenue. */
  cartRecovery: { remindersSent: number; carts: number; revenue: number };
}

/** The most buckets one report draws (two years of days). */
export const MAX_BUCKETS = 731;

// ---------------------------------------------------------------------------- buckets

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const parseDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The first day of the bucket holding `day` (weeks start on Monday, as Postgres counts them). */
export function bucketStart(day: string, granularity: Granularity): string {
  if (granularity === "day") return day;
  if (granularity === "month") return `${day.slice(0, 7)}-01`;
  const ms = parseDay(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday = 0
  return toDay(ms - weekday * DAY_MS);
}

/** Every bucket from `from` to `to`, in order. */
export function bucketsBetween(from: string, to: string, granularity: Granularity): string[] {
  const buckets: string[] = [];
  let current = bucketStart(from, granularity);
  const last = bucketStart(to, granularity);
  while (current <= last && buckets.length <= MAX_BUCKETS) {
    buckets.push(current);
    if (granularity === "day") current = toDay(parseDay(current) + DAY_MS);
    else if (granularity === "week") current = toDay(parseDay(current) + 7 * DAY_MS);
    else {
      const d = new Date(parseDay(current));
      current = toDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    }
  }
  return buckets;
}

// ---------------------------------------------------------------------------- report

export async function analyticsReport(db: DbOrTx, query: AnalyticsQuery): Promise<AnalyticsReport> {
  const { from, to, granularity, mode } = query;
  const paid: SQL[] = [
    inArray(orders.status, [...PAID_STATUSES]),
    ...(mode === "all" ? [] : [eq(orders.testMode, mode === "test")]),
    ...dayRangeConditions(soldAtSql, from, to),
  ];
  const paidWhere = and(...paid);
  const bucketSql = sql<string>`to_char(date_trunc(${granularity}, ${soldAtSql} at time zone ${BUSINESS_TIME_ZONE}), 'YYYY-MM-DD')`;
  const lineRevenue = sql<number>`coalesce(sum(${orderItems.price} * ${orderItems.quantity}), 0)::int`;
  const lineCount = sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`;
  const itemsOfPaid = (key: SQL, kind: ProductKind) =>
    db
      .select({ key: sql<string | null>`${key}`, count: lineCount, revenue: lineRevenue })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(...paid, eq(orderItems.kind, kind)))
      .groupBy(sql`1`)
      .orderBy(desc(lineCount));

  const [
    series,
    bundleRows,
    frameRows,
    shapeRows,
    accessoryRows,
    eventRows,
    paidCount,
    optionRows,
    productRows,
    recovery,
  ] = await Promise.all([
    db
      .select({
        period: bucketSql,
        orders: sql<number>`count(*)::int`,
        // Net of refunds (issue 17): a partly refunded order counts what the shop kept.
        revenue: sql<number>`coalesce(sum(${orders.totalAmount} - ${refundedSql()}), 0)::int`,
        refunded: sql<number>`coalesce(sum(${refundedSql()}), 0)::int`,
      })
      .from(orders)
      .where(paidWhere)
      .groupBy(sql`1`),
    // The lightbox's own fields (bundles, frame colours, shapes), the accessories' products.
    itemsOfPaid(sql`${orderItems.bundleId}`, LIGHTBOX_KIND),
    itemsOfPaid(sql`${orderItems.config}->>'frameColorId'`, LIGHTBOX_KIND),
    itemsOfPaid(sql`${orderItems.config}->>'shapeId'`, LIGHTBOX_KIND),
    itemsOfPaid(sql`${orderItems.productId}`, ACCESSORY_KIND),
    db
      .select({ type: analyticsEvents.eventType, count: count() })
      .from(analyticsEvents)
      .where(and(...dayRangeConditions(analyticsEvents.createdAt, from, to)))
      .groupBy(analyticsEvents.eventType),
    db.select({ n: count() }).from(orders).where(paidWhere),
    db
      .select({ type: productOptions.optionType, value: productOptions.value, name: productOptions.name })
      .from(productOptions),
    db.select({ id: products.id, name: products.name }).from(products),
    cartRecoveryFigures(db, {
      sent: (column) => dayRangeConditions(column, from, to),
      closed: (column) => dayRangeConditions(column, from, to),
    }),
  ]);

  const byPeriod = new Map(series.map((s) => [s.period, s]));
  const points = bucketsBetween(from, to, granularity).map((period) => ({
    period,
    orders: byPeriod.get(period)?.orders ?? 0,
    revenue: byPeriod.get(period)?.revenue ?? 0,
  }));
  const totalOrders = series.reduce((sum, s) => sum + s.orders, 0);
  const totalRevenue = series.reduce((sum, s) => sum + s.revenue, 0);
  const totalRefunded = series.reduce((sum, s) => sum + s.refunded, 0);

  const optionName = (type: string, value: string) =>
    optionRows.find((o) => o.type === type && o.value === value)?.name ?? value;
  const label = (rows: typeof bundleRows, name: (id: string) => string): Breakdown[] =>
    rows.map((r) => ({
      id: r.key ?? "unknown",
      label: r.key ? name(r.key) : "Unknown",
      count: r.count,
      revenue: r.revenue,
    }));

  const eventCount = (type: string) => eventRows.find((e) => e.type === type)?.count ?? 0;
  return {
    query,
    totals: {
      orders: totalOrders,
      revenue: totalRevenue,
      refunded: totalRefunded,
      averageOrderValue: totalOrders > 0 ? Math.round(totalRevenue / totalOrders) : 0,
    },
    series: points,
    bundles: label(bundleRows, (id) => BUNDLES.find((b) => b.id === id)?.name ?? id),
    frameColors: label(frameRows, (id) => optionName("frame_color", id)),
    shapes: label(shapeRows, (id) => optionName("shape", id)),
    accessories: label(accessoryRows, (id) => productRows.find((p) => p.id === id)?.name ?? id),
    funnel: nestFunnel(
      FUNNEL_STEPS.map((step) => ({
        id: step.id,
        label: step.label,
        count: step.id === "paid_order" ? (paidCount[0]?.n ?? 0) : eventCount(step.id),
      })),
    ),
    events: ANALYTICS_EVENT_TYPES.map((type) => ({ type, count: eventCount(type) })),
    // "all" (the "Include test orders" switch, issue 30): live and test recovered carts added up.
    cartRecovery: {
      remindersSent: recovery.remindersSent,
      ...(mode === "all"
        ? {
            carts: recovery.live.carts + recovery.test.carts,
            revenue: recovery.live.revenue + recovery.test.revenue,
          }
        : recovery[mode]),
    },
  };
}
