import { api, ok } from "@web/lib/http/client";

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
