import type { AdminOrderDetail } from "@server/orders/admin-orders";
import type { BulkStatusResult } from "@server/orders/workflows/admin-actions";
import type { Carrier } from "@shared/fulfilment";
import type { OrderStatus } from "@shared/orders";
import { api, ok } from "@web/lib/http/client";
import { query } from "./query-string";

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

// ---------------------------------------------------------------------------- invoices

/** The order's invoice and credit notes. */
export async function fetchOrderDocuments(orderId: string) {
  return (await ok(api.admin.orders[":id"].documents.$get({ param: { id: orderId } }))).documents;
}

/** One document as a PDF (a plain GET the browser saves). */
export function documentPdfUrl(documentId: string): string {
  return `/api/admin/documents/${encodeURIComponent(documentId)}/pdf`;
}
