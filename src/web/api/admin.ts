/**
 * The admin API (/api/admin/*; every call needs an admin with MFA, else 403). Money is
 * GBP pence. Each function throws ApiRequestError with the server's message on failure.
 */
import type {
  DiscountCodeCreate,
  InvoiceSettings,
  OptionCreateInput,
  OptionUpdateInput,
  ProductCreateInput,
  ProductUpdateInput,
  ShopPricesUpdate,
} from "@shared/admin-schemas";
import type { BookSettings } from "@shared/books";
import type { ClickAndDropSettings } from "@shared/click-and-drop";
import type { Carrier } from "@shared/fulfilment";
import type { OptionType } from "@shared/options";
import type { OrderStatus } from "@shared/orders";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AdminUserRow } from "../../server/accounts/admin-users";
import type { AdminOption, AdminProduct } from "../../server/catalogue/admin-catalog";
import type { OrderPrintJobs, PrintJobView } from "../../server/fulfilment/print-jobs/admin";
import type { AdminOrderDetail, AdminOrderList } from "../../server/orders/admin-orders";
import type { BulkStatusResult } from "../../server/orders/workflows/admin-actions";
import type { AnalyticsReport, Granularity } from "../../server/reporting/admin-analytics";
import type { DashboardSummary } from "../../server/reporting/admin-dashboard";
import type { OrphanUploadPreview, TestOrderPreview } from "../../server/reporting/admin-data";
import type { ExportFormat, ExportResource } from "../../server/reporting/export";
import type { ActivityEntry } from "../../server/routes/admin/activity";
import { api, ok } from "./client";

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
export type EnvironmentMode = "production" | "test";

/** Query values as strings, blanks left out (the server treats a missing filter as "any"). */
function query<T extends object>(filters: T): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== "") out[key] = String(value);
  }
  return out;
}

// ---------------------------------------------------------------------------- dashboard

/** `includeTest`: the "Include test orders" switch (issue 30). */
export function fetchDashboard(includeTest: boolean) {
  return ok(api.admin.dashboard.$get({ query: { tests: includeTest ? "on" : "off" } }));
}

/** Whether the shop takes real payments: the admin header and the test-orders switch's default. */
export function fetchShopMode() {
  return ok(api.admin["shop-mode"].$get());
}

/** The owner's printers (issue 48 item 3): the Settings page's Printers panel. */
export async function fetchPrinters() {
  return (await ok(api.admin.settings.printers.$get())).printers;
}
export type PrinterView = Awaited<ReturnType<typeof fetchPrinters>>[number];

/** Saves the printers; refused (409, with the reason) when a size on sale would have none. */
export async function savePrinters(printers: PrinterView[]) {
  return (await ok(api.admin.settings.printers.$put({ json: { printers } }))).printers;
}

/** The scheduled backups as storage records them: the Settings page's Backups panel (issue 47). */
export function fetchBackupStatus() {
  return ok(api.admin.settings.backups.$get());
}

// ---------------------------------------------------------------------------- orders

export interface OrderFilters {
  q?: string;
  status?: string;
  from?: string;
  to?: string;
  mode?: "all" | "test" | "live";
  customer?: "all" | "guest" | "customer";
  sort?: "newest" | "urgency";
  page?: number;
  pageSize?: number;
}

export function fetchOrders(filters: OrderFilters) {
  return ok(api.admin.orders.$get({ query: query(filters) }));
}

export async function fetchOrder(id: string) {
  const body = await ok(api.admin.orders[":id"].$get({ param: { id } }));
  return body.order;
}

export interface StatusChangeInput {
  status: OrderStatus;
  trackingNumber?: string;
  carrier?: Carrier;
  note?: string;
}

export function changeOrderStatus(
  id: string,
  input: StatusChangeInput,
): Promise<{ changed: boolean; emailed: boolean; order: AdminOrderDetail | null }> {
  return ok(api.admin.orders[":id"].status.$post({ param: { id }, json: input }));
}

export function addOrderNote(id: string, body: string): Promise<{ note: AdminOrderDetail["notes"][number] }> {
  return ok(api.admin.orders[":id"].notes.$post({ param: { id }, json: { body } }));
}

/** `trackingNumbers` (order id -> tracking number) is required for each order when dispatching. */
export function bulkChangeStatus(
  ids: string[],
  status: OrderStatus,
  trackingNumbers?: Record<string, string>,
  carrier?: Carrier,
): Promise<{ results: BulkStatusResult[]; changed: number; failed: number }> {
  return ok(
    api.admin.orders["bulk-status"].$post({
      json: { ids, status, ...(trackingNumbers ? { trackingNumbers } : {}), ...(carrier ? { carrier } : {}) },
    }),
  );
}

// ---------------------------------------------------------------------------- users

export interface UserFilters {
  q?: string;
  role?: "all" | "admin" | "user";
  mfa?: "all" | "on" | "off";
  page?: number;
  pageSize?: number;
}

export interface AdminUserList {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
  adminCount: number;
}

export function fetchUsers(filters: UserFilters) {
  return ok(api.admin.users.$get({ query: query(filters) }));
}

export function setUserRole(
  id: string,
  role: "admin" | "user",
): Promise<{ changed: boolean; message: string }> {
  return ok(api.admin.users[":id"].role.$post({ param: { id }, json: { role } }));
}

export function resetUserMfa(id: string): Promise<{ email: string; factorsRemoved: number }> {
  return ok(api.admin.users[":id"]["mfa-reset"].$post({ param: { id } }));
}

// ---------------------------------------------------------------------------- products

export async function fetchAdminProducts() {
  return (await ok(api.admin.products.$get())).products;
}

export async function createProduct(input: ProductCreateInput) {
  return (await ok(api.admin.products.$post({ json: input }))).product;
}

export async function updateProduct(id: string, input: ProductUpdateInput) {
  return (await ok(api.admin.products[":id"].$patch({ param: { id }, json: input }))).product;
}

export async function reorderProducts(ids: string[]) {
  return (await ok(api.admin.products.reorder.$post({ json: { ids } }))).products;
}

/** Sets the product's photo from an image uploaded with uploadImage (src/web/api/uploads.ts). */
export async function setProductImage(id: string, uploadId: string) {
  return (await ok(api.admin.products[":id"].image.$post({ param: { id }, json: { uploadId } }))).product;
}

export async function removeProductImage(id: string) {
  return (await ok(api.admin.products[":id"].image.$delete({ param: { id } }))).product;
}

/** Units on the shelf; null: made to order (no stock kept). Answers every product. */
export async function setProductStock(id: string, onHand: number | null) {
  return (await ok(api.admin.products[":id"].stock.$put({ param: { id }, json: { onHand } }))).products;
}

// ---------------------------------------------------------------------------- prices (issue 18)

/** The bundles at the owner's prices and the free-shipping threshold. */
export function fetchShopPrices() {
  return ok(api.admin.prices.$get());
}

export function saveShopPrices(input: ShopPricesUpdate) {
  return ok(api.admin.prices.$put({ json: input }));
}

export function fetchInvoiceSettings() {
  return ok(api.admin["invoice-settings"].$get());
}

export function saveInvoiceSettings(input: InvoiceSettings) {
  return ok(api.admin["invoice-settings"].$put({ json: input }));
}

/** The quarter's sales and VAT as CSV (a plain GET the browser saves). */
export function vatReportUrl(quarter: string, includeTest: boolean): string {
  return `/api/admin/vat-report?${new URLSearchParams({ quarter, tests: includeTest ? "on" : "off" })}`;
}

// ---------------------------------------------------------------------------- discount codes

export async function fetchDiscountCodes() {
  return (await ok(api.admin.discounts.$get())).codes;
}

export type AdminDiscountCode = Awaited<ReturnType<typeof fetchDiscountCodes>>[number];

export function createDiscountCode(input: DiscountCodeCreate) {
  return ok(api.admin.discounts.$post({ json: input }));
}

export async function updateDiscountCode(
  id: string,
  input: { paused?: boolean; endsAt?: string | null; maxUses?: number | null },
) {
  return (await ok(api.admin.discounts[":id"].$patch({ param: { id }, json: input }))).codes;
}

// ---------------------------------------------------------------------------- invoices

/** The order's invoice and credit notes. */
export async function fetchOrderDocuments(orderId: string) {
  return (await ok(api.admin.orders[":id"].documents.$get({ param: { id: orderId } }))).documents;
}

/** One document as a PDF (a plain GET the browser saves). */
export function documentPdfUrl(documentId: string): string {
  return `/api/admin/documents/${encodeURIComponent(documentId)}/pdf`;
}

// ---------------------------------------------------------------------------- creator options

export async function fetchAdminOptions() {
  return (await ok(api.admin.options.$get())).options;
}

export async function createOption(input: OptionCreateInput) {
  return (await ok(api.admin.options.$post({ json: input }))).option;
}

export async function updateOption(id: string, input: OptionUpdateInput) {
  return (await ok(api.admin.options[":id"].$patch({ param: { id }, json: input }))).option;
}

export async function reorderOptions(optionType: OptionType, ids: string[]) {
  return (await ok(api.admin.options.reorder.$post({ json: { optionType, ids } }))).options;
}

// ---------------------------------------------------------------------------- analytics

export interface AnalyticsFilters {
  from?: string;
  to?: string;
  granularity?: Granularity;
  mode?: "live" | "test" | "all";
}

export function fetchAnalytics(filters: AnalyticsFilters) {
  return ok(api.admin.analytics.$get({ query: query(filters) }));
}

// ---------------------------------------------------------------------------- print files

/** The order's print files (one 3MF per lithophane panel) and their progress. */
export async function fetchPrintFiles(orderId: string) {
  const body = await ok(api.admin.orders[":id"]["print-jobs"].$get({ param: { id: orderId } }));
  return body.printFiles;
}

/** Queues a paid order's print files (a test order gets none until an admin asks). */
export async function generatePrintFiles(orderId: string) {
  const body = await ok(api.admin.orders[":id"]["print-jobs"].$post({ param: { id: orderId } }));
  return body.printFiles;
}

/** Queues a failed print file again. */
export async function retryPrintFile(orderId: string, jobId: string) {
  const body = await ok(
    api.admin.orders[":id"]["print-jobs"][":jobId"].retry.$post({ param: { id: orderId, jobId } }),
  );
  return body.printFiles;
}

/** A file held by its twin, printed anyway (issue 32). */
export async function acceptHeldPrintFile(orderId: string, jobId: string) {
  const body = await ok(
    api.admin.orders[":id"]["print-jobs"][":jobId"].accept.$post({ param: { id: orderId, jobId } }),
  );
  return body.printFiles;
}

/**
 * A print job's twin or preview picture. `version` (the job's updatedAt) changes when the file is
 * made again after a new crop: the browser reuses an image it showed under the same address,
 * so without it the owner kept seeing the old crop until a reload (issue 47 item 9).
 */
export function twinPictureUrl(
  orderId: string,
  jobId: string,
  which: "twin" | "preview",
  version: string,
): string {
  return `/api/admin/orders/${encodeURIComponent(orderId)}/print-jobs/${encodeURIComponent(jobId)}/twin/${which}?${new URLSearchParams({ v: version })}`;
}

/** Every panel of the paid orders not yet dispatched, by stage (issue 47 item 10). */
export async function fetchPrintQueue(includeTest: boolean) {
  return ok(api.admin["print-queue"].$get({ query: { tests: includeTest ? "on" : "off" } }));
}
export type PrintQueueView = Awaited<ReturnType<typeof fetchPrintQueue>>;

/** The download link of a finished print file (a plain GET the browser saves). */
export function printFileUrl(orderId: string, jobId: string): string {
  return `/api/admin/orders/${encodeURIComponent(orderId)}/print-jobs/${encodeURIComponent(jobId)}/file`;
}

// ---------------------------------------------------------------------------- export

/** The download link of an export (a plain GET the browser saves; streamed by the server). */
export function exportUrl(
  resource: ExportResource,
  options: { format: ExportFormat; from?: string; to?: string },
): string {
  const params = new URLSearchParams(query(options));
  return `/api/admin/export/${encodeURIComponent(resource)}?${params.toString()}`;
}

// ---------------------------------------------------------------------------- data management

export async function fetchEnvironmentMode() {
  return (await ok(api.admin.data.environment.$get())).mode;
}

export function setEnvironmentMode(
  mode: EnvironmentMode,
): Promise<{ mode: EnvironmentMode; previous: EnvironmentMode }> {
  return ok(api.admin.data.environment.$put({ json: { mode } }));
}

export function previewTestOrders() {
  return ok(api.admin.data["test-orders"].$get());
}

export function purgeTestOrders(expectedCount: number): Promise<{ deleted: number }> {
  return ok(api.admin.data["test-orders"].purge.$post({ json: { expectedCount } }));
}

export function previewOrphanUploads(days: number) {
  return ok(api.admin.data["orphan-uploads"].$get({ query: { days: String(days) } }));
}

export function purgeOrphanUploads(
  days: number,
  expectedCount: number,
): Promise<{ deleted: number; filesDeleted: number }> {
  return ok(api.admin.data["orphan-uploads"].purge.$post({ json: { days, expectedCount } }));
}

// ---------------------------------------------------------------------------- activity

export interface ActivityFilters {
  action?: string;
  table?: string;
  user?: string;
  from?: string;
  to?: string;
  outcome?: "all" | "success" | "failure";
  page?: number;
  pageSize?: number;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  total: number;
  page: number;
  pageSize: number;
  actions: string[];
  tables: string[];
}

export function fetchActivity(filters: ActivityFilters) {
  return ok(api.admin.activity.$get({ query: query(filters) }));
}

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

// ---------------------------------------------------------------------------- sales channels (issue 33)

/** The Google Shopping feed: its address, what it lists and what it leaves out (and why). */
export function fetchGoogleFeed() {
  return ok(api.admin.feeds.google.$get());
}

export function fetchClickAndDropSettings() {
  return ok(api.admin["click-and-drop"].settings.$get());
}

export function saveClickAndDropSettings(input: ClickAndDropSettings) {
  return ok(api.admin["click-and-drop"].settings.$put({ json: input }));
}

/** The selected orders ready to dispatch in Click & Drop's import layout (a plain GET the browser saves). */
export function clickAndDropExportUrl(ids: readonly string[]): string {
  return `/api/admin/click-and-drop/orders.csv?${new URLSearchParams({ ids: ids.join(",") })}`;
}

/** Click & Drop's tracking export: each known order dispatched; a report per row. */
export function importClickAndDropTracking(csv: string) {
  return ok(api.admin["click-and-drop"].tracking.$post({ json: { csv } }));
}

export function fetchBookSettings() {
  return ok(api.admin.books.settings.$get());
}

export function saveBookSettings(input: BookSettings) {
  return ok(api.admin.books.settings.$put({ json: input }));
}

/** A period's sales as Xero's import or as a journal (a plain GET the browser saves). */
export function booksUrl(layout: "xero" | "journal", period: string): string {
  return `/api/admin/books/${layout}.csv?${new URLSearchParams({ period })}`;
}
