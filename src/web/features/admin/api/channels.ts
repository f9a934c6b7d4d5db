import type { BookSettings } from "@shared/books";
import type { ClickAndDropSettings } from "@shared/click-and-drop";
import { api, ok } from "@web/lib/http/client";

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
