import { api, ok } from "@web/lib/http/client";

export type EnvironmentMode = "production" | "test";

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
