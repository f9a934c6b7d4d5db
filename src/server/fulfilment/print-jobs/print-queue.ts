/**
 * The print queue across orders (issue 47 item 10): every print job of the paid orders not yet
 * dispatched, each with its stage (@shared/print-queue), the order's dispatch-by day and the
 * slicer's estimate; what can go on the printer now first, then by dispatch-by.
 */

import { calendarDayIn } from "@shared/delivery-dates";
import { isDispatchOverdue } from "@shared/fulfilment";
import { displayOrderNumber } from "@shared/orders";
import {
  PRINT_QUEUE_ORDER_STATUSES,
  PRINT_QUEUE_STAGES,
  type PrintQueueStage,
  printQueueStage,
} from "@shared/print-queue";
import type { ProofState } from "@shared/proofs";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { orderItems, orderProofPanels, orderProofs, orders, printJobs } from "../../db/schema.js";
import { orderDispatchBy } from "../dispatch-by.js";
import { printFileName } from "./downloads.js";

export interface PrintQueuePanel {
  jobId: string;
  orderId: string;
  displayNumber: string;
  testMode: boolean;
  express: boolean;
  itemNumber: number;
  panelNumber: number;
  panelCount: number;
  processing: "grayscale" | "colour";
  stage: PrintQueueStage;
  dispatchBy: string | null;
  overdue: boolean;
  printSeconds: number | null;
  filamentGrams: number | null;
  fileName: string;
}

export interface PrintQueue {
  panels: PrintQueuePanel[];
  /** Panels per stage, every stage named (0 when none). */
  counts: Record<PrintQueueStage, number>;
}

/** The queue; test orders only when the admin's "Include test orders" switch is on. */
export async function listPrintQueue(db: DbOrTx, opts: { includeTest: boolean }): Promise<PrintQueue> {
  const rows = await db
    .select({
      jobId: printJobs.id,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      paidAt: orders.paidAt,
      testMode: orders.testMode,
      shippingMethod: orders.shippingMethod,
      createdAt: orders.createdAt,
      itemId: printJobs.orderItemId,
      panelIndex: printJobs.panelIndex,
      jobStatus: printJobs.status,
      twinStatus: printJobs.twinStatus,
      processing: printJobs.processing,
      printSeconds: printJobs.printSeconds,
      filamentGrams: printJobs.filamentGrams,
      panelProofState: orderProofPanels.state,
      proofState: orderProofs.state,
    })
    .from(printJobs)
    .innerJoin(orders, eq(orders.id, printJobs.orderId))
    .leftJoin(orderProofs, eq(orderProofs.orderId, printJobs.orderId))
    .leftJoin(
      orderProofPanels,
      and(
        eq(orderProofPanels.orderItemId, printJobs.orderItemId),
        eq(orderProofPanels.panelIndex, printJobs.panelIndex),
      ),
    )
    .where(
      and(
        inArray(orders.status, [...PRINT_QUEUE_ORDER_STATUSES]),
        isNotNull(orders.paidAt),
        opts.includeTest ? undefined : eq(orders.testMode, false),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(printJobs.panelIndex));
  // Each line's number in its order and its panel count, as the order page counts them.
  const items =
    rows.length === 0
      ? []
      : await db
          .select({
            id: orderItems.id,
            orderId: orderItems.orderId,
            position: orderItems.position,
            additionalImages: orderItems.additionalImages,
          })
          .from(orderItems)
          .where(inArray(orderItems.orderId, [...new Set(rows.map((r) => r.orderId))]))
          .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const itemNumber = new Map<string, number>();
  const panelCount = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const item of items) {
    const n = (seen.get(item.orderId) ?? 0) + 1;
    seen.set(item.orderId, n);
    itemNumber.set(item.id, n);
    panelCount.set(item.id, 1 + (Array.isArray(item.additionalImages) ? item.additionalImages.length : 0));
  }
  const colourOrders = new Set(rows.filter((r) => r.processing === "colour").map((r) => r.orderId));
  const today = calendarDayIn(new Date());
  const panels = rows.map((r): PrintQueuePanel => {
    const displayNumber = displayOrderNumber(r.orderNumber);
    const number = itemNumber.get(r.itemId) ?? 0;
    const dispatchBy = orderDispatchBy(r.paidAt, colourOrders.has(r.orderId));
    return {
      jobId: r.jobId,
      orderId: r.orderId,
      displayNumber,
      testMode: r.testMode,
      express: r.shippingMethod === "express",
      itemNumber: number,
      panelNumber: r.panelIndex + 1,
      panelCount: panelCount.get(r.itemId) ?? 1,
      processing: r.processing === "colour" ? "colour" : "grayscale",
      stage: printQueueStage({
        orderStatus: r.orderStatus,
        jobStatus: r.jobStatus,
        twinStatus: r.twinStatus,
        proofState: (r.panelProofState ?? r.proofState ?? null) as ProofState | null,
      }),
      dispatchBy,
      overdue: isDispatchOverdue(r.orderStatus, dispatchBy, today),
      printSeconds: r.printSeconds,
      filamentGrams: r.filamentGrams,
      fileName: printFileName(displayNumber, number, r.panelIndex + 1, r.processing),
    };
  });
  const rank = (stage: PrintQueueStage) => PRINT_QUEUE_STAGES.indexOf(stage);
  panels.sort(
    (a, b) =>
      rank(a.stage) - rank(b.stage) ||
      (a.dispatchBy ?? "9999").localeCompare(b.dispatchBy ?? "9999") ||
      Number(b.express) - Number(a.express) ||
      a.displayNumber.localeCompare(b.displayNumber) ||
      a.itemNumber - b.itemNumber ||
      a.panelNumber - b.panelNumber,
  );
  const counts = Object.fromEntries(PRINT_QUEUE_STAGES.map((s) => [s, 0])) as Record<PrintQueueStage, number>;
  for (const panel of panels) counts[panel.stage]++;
  return { panels, counts };
}
