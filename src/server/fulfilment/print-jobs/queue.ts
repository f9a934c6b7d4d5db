/**
 * Creating print jobs: one print_jobs row per lithophane panel of a paid order (the main photo
 * and each additional photo of a bundle), written in the payment's transaction
 * (ctx.onOrderPaid.inTransaction), or when an admin asks for a test order's files. The runner
 * (runner.ts) picks them up after commit.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { isColourConfig } from "@shared/delivery-dates";
import { isPaidStatus } from "@shared/order-lifecycle";
import { PRINTED_KINDS, productTypeOf } from "@shared/product-types";
import { and, asc, eq, inArray } from "drizzle-orm";
import { activeFilament, colourPrinter } from "../../catalogue/index.js";
import type { Tx } from "../../db/client.js";
import { orderItems, orders, printJobs } from "../../db/schema.js";
import { HttpError } from "../../lib/validation.js";
import { originalsOfPreviews, type Storage } from "../../platform/index.js";

/**
 * One print_jobs row per lithophane panel of the order (panel 0: the main photo, then each
 * additional photo), in `tx`. Idempotent: existing rows are kept. Returns how many were added.
 */
export async function createPrintJobs(tx: Tx, storage: Storage, orderId: string): Promise<number> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.kind, [...PRINTED_KINDS])))
    .orderBy(asc(orderItems.position));
  const rows: Array<typeof printJobs.$inferInsert> = [];
  if (items.length === 0) return 0;
  // The active filament's k is fixed on the job now, so a retry or re-run prints the same tones;
  // a colour item's jobs fix the colour printer's four spools the same way (issue 22).
  const filament = await activeFilament(tx);
  const grey = { attenuationPerMm: filament.attenuationPerMm, filamentName: filament.name };
  const colourSet = items.some((item) => isColourConfig(item.config)) ? await colourPrinter(tx) : null;
  for (const item of items) {
    const tones =
      isColourConfig(item.config) && colourSet
        ? {
            ...grey,
            processing: "colour" as const,
            // Not ready (a role without a spool): the job fails with a readable reason when run.
            colourFilaments: colourSet.ready ? colourSet.slots.map((slot) => ({ ...slot })) : null,
          }
        : grey;
    // The crop was recorded on the full-size original, so the main panel is cut from it.
    const main = item.originalImageUrl || item.imageUrl || "";
    rows.push({ orderId, orderItemId: item.id, panelIndex: 0, imageUrl: main, ...tones });
    // The type says how many print files a line makes: a lightbox one per panel (each additional
    // photo, stored on the line as its preview), a lamp one (panel 0, all its photos around).
    const files = productTypeOf(item.kind).printFiles(item);
    const extra = (Array.isArray(item.additionalImages) ? item.additionalImages : []).slice(0, files - 1);
    const originals = await originalsOfPreviews(tx, storage, extra);
    for (const [index, url] of extra.entries()) {
      rows.push({
        orderId,
        orderItemId: item.id,
        panelIndex: index + 1,
        imageUrl: originals.get(url) ?? url,
        ...tones,
      });
    }
  }
  if (rows.length === 0) return 0;
  const added = await tx.insert(printJobs).values(rows).onConflictDoNothing().returning({ id: printJobs.id });
  return added.length;
}

/**
 * The ctx.onOrderPaid step: queues the order's print files in the payment's transaction,
 * except for a test order (test payment page, test shop, admin test mode), which never costs
 * generation by itself: an admin asks for its files (generatePrintJobs). Returns the jobs added.
 */
export async function queuePrintJobsOnPayment(
  tx: Tx,
  storage: Storage,
  orderId: string,
  /** The order as the payment's transaction holds it (not read again). */
  known?: { testMode: boolean },
): Promise<number> {
  const [order] = known
    ? [known]
    : await tx.select({ testMode: orders.testMode }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || order.testMode) return 0;
  return createPrintJobs(tx, storage, orderId);
}

/**
 * An admin's request for a paid order's print files (a test order's, or a live one's whose jobs
 * were removed): the jobs the order lacks are queued. 404 for an unknown order, 409 while the
 * order is not paid. Returns how many were added.
 */
export async function generatePrintJobs(tx: Tx, storage: Storage, orderId: string): Promise<number> {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
    .for("update");
  if (!order) throw new HttpError(404, "order_not_found", "Order not found.");
  if (!isPaidStatus(order.status)) {
    throw new HttpError(409, "order_not_paid", ADMIN_MESSAGE_TEXTS.printFiles.notPaid);
  }
  return createPrintJobs(tx, storage, orderId);
}
