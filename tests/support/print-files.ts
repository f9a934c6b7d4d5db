/** An order's print files as the admin sees them, and a wait until every job has finished. */
import type { OrderPrintJobs } from "../../src/server/fulfilment/print-jobs/admin.js";
import { requestAs } from "./requests.js";
import type { TestShop } from "./test-shop.js";
import { sleep } from "./wait.js";

/** The order's print files (GET /api/admin/orders/:id/print-jobs) as the admin `cookie`. */
export async function printFiles(target: TestShop, orderId: string, cookie: string): Promise<OrderPrintJobs> {
  const res = await requestAs(target, "GET", `/api/admin/orders/${orderId}/print-jobs`, cookie);
  if (res.status !== 200) throw new Error(`print jobs: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { printFiles: OrderPrintJobs }).printFiles;
}

/** The order's print files once every job is done or failed. */
export async function settled(
  target: TestShop,
  orderId: string,
  cookie: string,
  timeoutMs = 240_000,
  intervalMs = 200,
): Promise<OrderPrintJobs> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await printFiles(target, orderId, cookie);
    if (files.jobs.length > 0 && files.jobs.every((j) => j.status === "done" || j.status === "failed")) {
      return files;
    }
    if (Date.now() > deadline) throw new Error(`print jobs did not finish: ${JSON.stringify(files.jobs)}`);
    await sleep(intervalMs);
  }
}
