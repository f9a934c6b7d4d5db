import type { DiscountCodeCreate, InvoiceSettings, ShopPricesUpdate } from "@shared/admin-schemas";
import { api, ok } from "@web/lib/http/client";

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
