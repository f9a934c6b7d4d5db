import type { Granularity } from "@server/reporting/admin-analytics";
import type { ExportFormat, ExportResource } from "@server/reporting/export";
import type { ActivityEntry } from "@server/routes/admin/activity";
import { api, ok } from "@web/lib/http/client";
import { query } from "./query-string";

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

// ---------------------------------------------------------------------------- export

/** The download link of an export (a plain GET the browser saves; streamed by the server). */
export function exportUrl(
  resource: ExportResource,
  options: { format: ExportFormat; from?: string; to?: string },
): string {
  const params = new URLSearchParams(query(options));
  return `/api/admin/export/${encodeURIComponent(resource)}?${params.toString()}`;
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
