/**
 * Downloading a finished print file: its storage key and the name it is saved under, numbered
 * as the admin's item list counts ("order-1001-item-1-panel-2.3mf").
 */
import { displayOrderNumber } from "@shared/orders";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { orderItems, orders, printJobs } from "../../db/schema.js";

/** Where the runner stores each file: print-files/<orderId>/<jobId>.3mf (never publicly served). */
export const PRINT_FILE_PREFIX = "print-files";

/** "order-1001-item-1-panel-2.3mf", a colour panel's "order-1001-item-1-panel-2-colour.3mf" */
export function printFileName(
  displayNumber: string,
  itemNumber: number,
  panelNumber: number,
  processing: string = "grayscale",
): string {
  const colour = processing === "colour" ? "-colour" : "";
  return `order-${displayNumber}-item-${itemNumber}-panel-${panelNumber}${colour}.3mf`;
}

/** A finished print file of this order: its storage key and download name, or null. */
export async function printFileForDownload(
  db: DbOrTx,
  orderId: string,
  jobId: string,
): Promise<{ fileKey: string; fileName: string } | null> {
  const [row] = await db
    .select({ job: printJobs, position: orderItems.position, orderNumber: orders.orderNumber })
    .from(printJobs)
    .innerJoin(orderItems, eq(orderItems.id, printJobs.orderItemId))
    .innerJoin(orders, eq(orders.id, printJobs.orderId))
    .where(and(eq(printJobs.id, jobId), eq(printJobs.orderId, orderId)))
    .limit(1);
  if (row?.job.status !== "done" || !row.job.fileKey) return null;
  // Numbered as the admin's item list: by position among ALL the order's items.
  const [{ before } = { before: 0 }] = await db
    .select({ before: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.position} < ${row.position}`));
  return {
    fileKey: row.job.fileKey,
    fileName: printFileName(
      displayOrderNumber(row.orderNumber),
      before + 1,
      row.job.panelIndex + 1,
      row.job.processing,
    ),
  };
}
