/**
 * The admin API (/api/admin/*; every call needs an admin with MFA, else 403). Money is
 * GBP pence. Each function throws ApiRequestError with the server's message on failure.
 */

import type { AdminUserRow } from "@server/accounts/admin-users";
import type { AdminOption, AdminProduct } from "@server/catalogue/admin-catalog";
import type { OrderPrintJobs, PrintJobView } from "@server/fulfilment/print-jobs/admin";
import type { AdminOrderDetail, AdminOrderList } from "@server/orders/admin-orders";
import type { BulkStatusResult } from "@server/orders/workflows/admin-actions";
import type { AnalyticsReport, Granularity } from "@server/reporting/admin-analytics";
import type { DashboardSummary } from "@server/reporting/admin-dashboard";
import type { OrphanUploadPreview, TestOrderPreview } from "@server/reporting/admin-data";
import type { ExportFormat, ExportResource } from "@server/reporting/export";
import type { ActivityEntry } from "@server/routes/admin/activity";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { fetchAdminOptions, fetchAdminProducts } from "./catalog";
import { fetchBackupStatus, fetchDashboard, fetchPrinters, fetchShopMode } from "./dashboard";
import { fetchEnvironmentMode } from "./data";
import { fetchOrder, fetchOrderDocuments, fetchOrders, type OrderFilters } from "./orders";
import { fetchDiscountCodes, fetchInvoiceSettings, fetchShopPrices } from "./prices";
import { fetchPrintFiles, fetchPrintQueue } from "./print-files";
import { type ActivityFilters, type AnalyticsFilters, fetchActivity, fetchAnalytics } from "./reports";
import { fetchUsers, type UserFilters } from "./users";

export type {
  ActivityEntry,
  AdminOption,
  AdminOrderDetail,
  AdminOrderList,
  AdminProduct,
  AdminUserRow,
  AnalyticsReport,
  BulkStatusResult,
  DashboardSummary,
  ExportFormat,
  ExportResource,
  Granularity,
  OrderPrintJobs,
  OrphanUploadPreview,
  PrintJobView,
  TestOrderPreview,
};

export type AdminOrderSummary = AdminOrderList["orders"][number];

// ---------------------------------------------------------------------------- queries

/**
 * The admin area's queries, keys in one place. Every key starts with `adminQueries.all`, so
 * invalidating that refreshes the whole area (after a bulk change or a mode switch).
 */
export const adminQueries = {
  all: ["admin"] as const,
  dashboard: (includeTest: boolean) =>
    queryOptions({
      queryKey: [...adminQueries.all, "dashboard", includeTest],
      queryFn: () => fetchDashboard(includeTest),
      refetchInterval: 60_000,
    }),
  orderLists: () => [...adminQueries.all, "orders"] as const,
  orders: (filters: OrderFilters) =>
    queryOptions({
      queryKey: [...adminQueries.orderLists(), filters],
      queryFn: () => fetchOrders(filters),
      placeholderData: keepPreviousData,
    }),
  order: (id: string) =>
    queryOptions({ queryKey: [...adminQueries.all, "order", id], queryFn: () => fetchOrder(id) }),
  /** Under the order's key: a status change (e.g. marked paid) refreshes it too. */
  printQueue: (includeTest: boolean) =>
    queryOptions({
      queryKey: [...adminQueries.all, "print-queue", includeTest],
      queryFn: () => fetchPrintQueue(includeTest),
      // The bench keeps it open: files finish and proofs are approved while it is.
      refetchInterval: 30_000,
    }),
  printFiles: (orderId: string) =>
    queryOptions({
      queryKey: [...adminQueries.order(orderId).queryKey, "print-files"],
      queryFn: () => fetchPrintFiles(orderId),
    }),
  userLists: () => [...adminQueries.all, "users"] as const,
  users: (filters: UserFilters) =>
    queryOptions({
      queryKey: [...adminQueries.userLists(), filters],
      queryFn: () => fetchUsers(filters),
      placeholderData: keepPreviousData,
    }),
  products: () => queryOptions({ queryKey: [...adminQueries.all, "products"], queryFn: fetchAdminProducts }),
  options: () => queryOptions({ queryKey: [...adminQueries.all, "options"], queryFn: fetchAdminOptions }),
  prices: () => queryOptions({ queryKey: [...adminQueries.all, "prices"], queryFn: fetchShopPrices }),
  invoiceSettings: () =>
    queryOptions({ queryKey: [...adminQueries.all, "invoice-settings"], queryFn: fetchInvoiceSettings }),
  discounts: () =>
    queryOptions({ queryKey: [...adminQueries.all, "discounts"], queryFn: fetchDiscountCodes }),
  /** Under the order's key: a payment or refund (a new document) refreshes it too. */
  documents: (orderId: string) =>
    queryOptions({
      queryKey: [...adminQueries.order(orderId).queryKey, "documents"],
      queryFn: () => fetchOrderDocuments(orderId),
    }),
  shopMode: () =>
    queryOptions({
      queryKey: [...adminQueries.all, "shop-mode"],
      queryFn: fetchShopMode,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  analytics: (filters: AnalyticsFilters) =>
    queryOptions({
      queryKey: [...adminQueries.all, "analytics", filters],
      queryFn: () => fetchAnalytics(filters),
      placeholderData: keepPreviousData,
    }),
  activity: (filters: ActivityFilters) =>
    queryOptions({
      queryKey: [...adminQueries.all, "activity", filters],
      queryFn: () => fetchActivity(filters),
      placeholderData: keepPreviousData,
    }),
  backups: () => queryOptions({ queryKey: [...adminQueries.all, "backups"], queryFn: fetchBackupStatus }),
  printers: () => queryOptions({ queryKey: [...adminQueries.all, "printers"], queryFn: fetchPrinters }),
  environment: () =>
    queryOptions({ queryKey: [...adminQueries.all, "environment"], queryFn: fetchEnvironmentMode }),
};
