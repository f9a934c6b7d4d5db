/**
 * The print queue across orders (issue 47 item 10): every panel of the paid orders not yet
 * dispatched, by what the bench can do with it now. One rule, the same gate the order's move to
 * Printing applies (a file made, not held by its twin, its proof approved), so the queue never
 * offers a panel that the order page would refuse to print.
 */
import { heldByTwin, type ProofState, proofAllowsPrinting } from "./proofs";
import type { OrderStatus, PrintJobStatus } from "./statuses";

export const PRINT_QUEUE_STAGES = ["ready", "printing", "proof", "held", "making", "failed"] as const;
export type PrintQueueStage = (typeof PRINT_QUEUE_STAGES)[number];

/** The orders whose panels are in the queue: paid and not yet dispatched. */
export const PRINT_QUEUE_ORDER_STATUSES: readonly OrderStatus[] = ["paid", "processing", "printing"];

export function printQueueStage(panel: {
  orderStatus: OrderStatus;
  jobStatus: PrintJobStatus;
  twinStatus: string | null;
  /** The panel's own proof state, else its order's; null when no proof was asked. */
  proofState: ProofState | null;
}): PrintQueueStage {
  if (panel.jobStatus === "failed") return "failed";
  if (panel.jobStatus === "pending" || panel.jobStatus === "running" || panel.twinStatus === "pending")
    return "making";
  if (heldByTwin(panel.twinStatus)) return "held";
  if (!proofAllowsPrinting(panel.proofState)) return "proof";
  return panel.orderStatus === "printing" ? "printing" : "ready";
}

export const PRINT_QUEUE_TEXTS = {
  title: "Print queue",
  navLabel: "Print queue",
  intro:
    "Every panel of the paid orders not yet dispatched, across orders: what can go on the printer now first, the earliest dispatch-by first.",
  empty: "Nothing to print: no paid order is waiting for dispatch.",
  stages: {
    ready: "Ready to print",
    printing: "On the printer",
    proof: "Waiting for the customer's proof",
    held: "Held: the twin disagrees with the preview",
    making: "Print file being made",
    failed: "Print file failed",
  } satisfies Record<PrintQueueStage, string>,
  stageHint: {
    ready: "Made, checked and approved: download the file and print it.",
    printing: "The order is marked Printing.",
    proof: "The customer has not approved this panel yet; it is approved by itself when the time ends.",
    held: "Compare the pictures on the order, then print it anyway or make it again.",
    making: "The file and its twin are being made.",
    failed: "Open the order to see why and try again.",
  } satisfies Record<PrintQueueStage, string>,
  panel: (itemNumber: number, panelNumber: number, panelCount: number) =>
    panelCount > 1
      ? `Lightbox ${itemNumber}, panel ${panelNumber} of ${panelCount}`
      : `Lightbox ${itemNumber}`,
  download: "Download 3MF",
  openOrder: "Open order",
  dispatchBy: "Dispatch by",
  summary: (ready: number, total: number) =>
    `${ready} of ${total} ${total === 1 ? "panel" : "panels"} ready to print`,
} as const;
