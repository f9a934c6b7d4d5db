import { api, ok } from "@web/lib/http/client";

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
