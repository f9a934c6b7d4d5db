/**
 * The admin dashboard's figures: today's and this month's paid orders and revenue (live and
 * test orders counted apart, so test orders never inflate the real figures), orders waiting in
 * each open status, and the newest orders. "Today" and "this month" are UK time.
 */

import { PAID_STATUSES } from "@shared/order-lifecycle";
import { displayOrderNumber } from "@shared/orders";
import { desc, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { orders } from "../db/schema.js";
import { type PrintingQueue, printingQueue } from "../fulfilment/index.js";
import { refundedSql } from "../orders/index.js";
import { BUSINESS_TIME_ZONE, type EnvironmentMode, getEnvironmentMode } from "../platform/index.js";
import { cartRecoveryFigures, type RecoveryFigures } from "./cart-recovery.js";

/** Statuses in which an order still needs the maker's attention. */
export const OPEN_STATUSES = [
  "pending",
  "paid",
  "processing",
  "printing",
  "dispatched",
  "in_transit",
] as const;

export interface PeriodFigures {
  orders: number;
  /** Pence GBP. */
  revenue: number;
}

export interface SalesFigures {
  today: PeriodFigures;
  month: PeriodFigures;
}

export interface DashboardSummary {
  environmentMode: EnvironmentMode;
  /** The admin's "Include test orders" switch (issue 30): the printing queue counts them too. */
  includeTestOrders: boolean;
  /** Orders that are not test orders. */
  live: SalesFigures;
  /** Test orders only. */
  test: SalesFigures;
  waiting: Array<{ status: string; live: number; test: number }>;
  newest: Array<{
    id: string;
    displayNumber: string;
    createdAt: string;
    status: string;
    totalAmount: number;
    testMode: boolean;
    name: string;
    email: string;
  }>;
  /** Orders paid but not yet dispatched (test ones with the switch on), in print hours and grams (issue 19). */
  printingQueue: PrintingQueue;
  /** Cart reminders this month (issue 33). */
  cartRecovery: RecoveryFigures;
  generatedAt: string;
}

/** When an order counts as sold: when it was paid (older rows without paid_at: when placed). */
export const soldAtSql = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;

const startOf = (unit: "day" | "month") =>
  sql`(date_trunc(${unit}, now() at time zone ${BUSINESS_TIME_ZONE}) at time zone ${BUSINESS_TIME_ZONE})`;

export async function dashboardSummary(db: DbOrTx, includeTestOrders = false): Promise<DashboardSummary> {
  const today = startOf("day");
  const month = startOf("month");
  const sinceMonth = (column: SQL) => [sql`${column} >= ${month}`];
  const [environmentMode, sales, waiting, newest, queue, cartRecovery] = await Promise.all([
    getEnvironmentMode(db),
    db
      .select({
        testMode: orders.testMode,
        todayOrders: sql<number>`count(*) filter (where ${soldAtSql} >= ${today})::int`,
        // Net of refunds (issue 17): what the shop kept of each sale.
        todayRevenue: sql<number>`coalesce(sum(${orders.totalAmount} - ${refundedSql()}) filter (where ${soldAtSql} >= ${today}), 0)::int`,
        monthOrders: sql<number>`count(*)::int`,
        monthRevenue: sql<number>`coalesce(sum(${orders.totalAmount} - ${refundedSql()}), 0)::int`,
      })
      .from(orders)
      .where(sql`${inArray(orders.status, [...PAID_STATUSES])} and ${soldAtSql} >= ${month}`)
      .groupBy(orders.testMode),
    db
      .select({
        status: orders.status,
        live: sql<number>`count(*) filter (where not ${orders.testMode})::int`,
        test: sql<number>`count(*) filter (where ${orders.testMode})::int`,
      })
      .from(orders)
      .where(inArray(orders.status, [...OPEN_STATUSES]))
      .groupBy(orders.status),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        totalAmount: orders.totalAmount,
        testMode: orders.testMode,
        firstName: orders.shippingFirstName,
        lastName: orders.shippingLastName,
        email: orders.shippingEmail,
      })
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(8),
    printingQueue(db, includeTestOrders),
    cartRecoveryFigures(db, { sent: sinceMonth, closed: sinceMonth }),
  ]);
  const figures = (test: boolean): SalesFigures => {
    const row = sales.find((s) => s.testMode === test);
    return {
      today: { orders: row?.todayOrders ?? 0, revenue: row?.todayRevenue ?? 0 },
      month: { orders: row?.monthOrders ?? 0, revenue: row?.monthRevenue ?? 0 },
    };
  };
  return {
    environmentMode,
    includeTestOrders,
    live: figures(false),
    test: figures(true),
    waiting: OPEN_STATUSES.map((status) => {
      const row = waiting.find((w) => w.status === status);
      return { status, live: row?.live ?? 0, test: row?.test ?? 0 };
    }),
    newest: newest.map((o) => ({
      id: o.id,
      displayNumber: displayOrderNumber(o.orderNumber),
      createdAt: o.createdAt.toISOString(),
      status: o.status,
      totalAmount: o.totalAmount,
      testMode: o.testMode,
      name: `${o.firstName} ${o.lastName}`.trim(),
      email: o.email,
    })),
    printingQueue: queue,
    cartRecovery,
    generatedAt: new Date().toISOString(),
  };
}
