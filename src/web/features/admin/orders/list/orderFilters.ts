import type { OrderFilters } from "@web/features/admin/api";

const PAGE_SIZE = 25;

/** The orders list's filters from the page's address (blank or missing: any). */
export function filtersFrom(params: URLSearchParams): OrderFilters {
  return {
    q: params.get("q") ?? "",
    status: params.get("status") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    mode: (params.get("mode") as OrderFilters["mode"]) || "all",
    customer: (params.get("customer") as OrderFilters["customer"]) || "all",
    sort: params.get("sort") === "urgency" ? "urgency" : "newest",
    page: Number(params.get("page")) || 1,
    pageSize: PAGE_SIZE,
  };
}
