/**
 * The admin's view of an order's print files (each panel's job, its progress and error), and an
 * admin's retry of a failed job.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { displayOrderNumber } from "@shared/orders";
import { productTypeOf } from "@shared/product-types";
import { type EstimateStatus, type OrderEstimate, summariseEstimates } from "@shared/production-estimates";
import { PROOF_ADMIN_TEXTS, type ProofState, TWIN_STATUSES, type TwinStatus } from "@shared/proofs";
import type { PrintJobStatus } from "@shared/statuses";
import { and, asc, eq } from "drizzle-orm";
import { DEFAULT_ATTENUATION_PER_MM } from "../../../lithophane/tones.js";
import { colourPrinter } from "../../catalogue/index.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { orderItems, orderProofPanels, orderProofs, orders, printJobs } from "../../db/schema.js";
import { HttpError } from "../../lib/validation.js";
import { printFileName } from "./downloads.js";

export type PrintJobRow = typeof printJobs.$inferSelect;

export interface PrintJobView {
  id: string;
  orderItemId: string;
  /** 1-based, as the admin's item list counts. */
  itemNumber: number;
  /** 1-based panel within its item (1 = the main photo). */
  panelNumber: number;
  panelCount: number;
  status: PrintJobStatus;
  /** 0 to 1. */
  progress: number;
  error: string | null;
  bytes: number | null;
  triangles: number | null;
  attempts: number;
  fileName: string;
  updatedAt: string;
  /** The filament's k per mm the file is (or will be) printed with, and its name. */
  attenuationPerMm: number;
  filamentName: string | null;
  /** grayscale, or colour: a multi-material 3MF (issue 22) with these spools (role order). */
  processing: "grayscale" | "colour";
  colourFilaments: Array<{ role: string; name: string; colour: string; extruder: number }> | null;
  /** PrusaSlicer's estimate (issue 19): null until the file is made. */
  estimateStatus: EstimateStatus | null;
  printSeconds: number | null;
  filamentGrams: number | null;
  estimateError: string | null;
  /** The G-code twin (issue 32): its state, agreement, and whether its pictures are stored. */
  twinStatus: TwinStatus | null;
  twinSsim: number | null;
  twinDeltaL: number | null;
  twinPictures: boolean;
  twinError: string | null;
  /** Grams per filament from the same slicing (extruder order), when it ran. */
  filamentGramsByExtruder: number[] | null;
}

export interface OrderPrintJobs {
  orderId: string;
  displayNumber: string;
  orderStatus: string;
  /** True once the order was paid (jobs are created then). */
  paid: boolean;
  /** A test order: its files are generated only when an admin asks (generatePrintJobs). */
  testMode: boolean;
  /** Lithophane panels in the order (what the jobs should cover). */
  panelCount: number;
  jobs: PrintJobView[];
  /** The order's production estimate, summed over its panels. */
  estimate: OrderEstimate;
  /** The customer's proof (issue 32): null when none was asked. */
  proof: {
    state: ProofState;
    dueAt: string;
    decidedAt: string | null;
    changes: number;
    /** When its e-mail went (once every panel's picture existed); null: not yet. */
    mailedAt: string | null;
    /** Each panel's own state (decision 351), in the order's order. */
    panels: Array<{
      itemNumber: number;
      panelNumber: number;
      panelCount: number;
      state: ProofState;
      changes: number;
    }>;
  } | null;
}

const ESTIMATE_STATUSES: readonly EstimateStatus[] = ["pending", "running", "done", "unavailable", "failed"];

function asEstimateStatus(status: string | null): EstimateStatus | null {
  return status !== null && (ESTIMATE_STATUSES as readonly string[]).includes(status)
    ? (status as EstimateStatus)
    : null;
}

/** The spools a colour job was queued with, as the admin's list names them. */
function colourSpools(stored: unknown): PrintJobView["colourFilaments"] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((slot: unknown) => {
    if (typeof slot !== "object" || slot === null) return [];
    const { role, name, colour, extruder } = slot as Record<string, unknown>;
    return typeof role === "string" &&
      typeof name === "string" &&
      typeof colour === "string" &&
      typeof extruder === "number"
      ? [{ role, name, colour, extruder }]
      : [];
  });
}

export async function listPrintJobs(db: DbOrTx, orderId: string): Promise<OrderPrintJobs | null> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paidAt: orders.paidAt,
      testMode: orders.testMode,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  const [proofRow] = await db.select().from(orderProofs).where(eq(orderProofs.orderId, orderId)).limit(1);
  const proofPanels = proofRow
    ? await db.select().from(orderProofPanels).where(eq(orderProofPanels.orderId, orderId))
    : [];
  const [items, jobs] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        position: orderItems.position,
        kind: orderItems.kind,
        additionalImages: orderItems.additionalImages,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position)),
    db.select().from(printJobs).where(eq(printJobs.orderId, orderId)),
  ]);
  const displayNumber = displayOrderNumber(order.orderNumber);
  const itemNumber = new Map(items.map((item, index) => [item.id, index + 1]));
  const panelsOf = new Map(items.map((item) => [item.id, productTypeOf(item.kind).printFiles(item)]));
  const panelCount = items.reduce((sum, item) => sum + (panelsOf.get(item.id) ?? 0), 0);
  const views = jobs
    .map((job): PrintJobView => {
      const number = itemNumber.get(job.orderItemId) ?? 0;
      return {
        id: job.id,
        orderItemId: job.orderItemId,
        itemNumber: number,
        panelNumber: job.panelIndex + 1,
        panelCount: panelsOf.get(job.orderItemId) ?? 1,
        status: job.status,
        progress: job.status === "done" ? 1 : Math.max(0, Math.min(1, job.progress)),
        error: job.error,
        bytes: job.bytes,
        triangles: job.triangles,
        attempts: job.attempts,
        fileName: printFileName(displayNumber, number, job.panelIndex + 1, job.processing),
        updatedAt: job.updatedAt.toISOString(),
        attenuationPerMm: job.attenuationPerMm ?? DEFAULT_ATTENUATION_PER_MM,
        filamentName: job.filamentName,
        processing: job.processing === "colour" ? "colour" : "grayscale",
        colourFilaments: job.processing === "colour" ? colourSpools(job.colourFilaments) : null,
        estimateStatus: asEstimateStatus(job.estimateStatus),
        printSeconds: job.printSeconds,
        filamentGrams: job.filamentGrams,
        estimateError: job.estimateError,
        twinStatus: (TWIN_STATUSES as readonly string[]).includes(job.twinStatus ?? "")
          ? (job.twinStatus as TwinStatus)
          : null,
        twinSsim: job.twinSsim,
        twinDeltaL: job.twinDeltaL,
        twinPictures: Boolean(job.twinKey && job.twinPreviewKey),
        twinError: job.twinError,
        filamentGramsByExtruder: job.filamentGramsByExtruder ?? null,
      };
    })
    .sort((a, b) => a.itemNumber - b.itemNumber || a.panelNumber - b.panelNumber);
  return {
    orderId: order.id,
    displayNumber,
    orderStatus: order.status,
    paid: order.paidAt !== null,
    testMode: order.testMode,
    panelCount,
    jobs: views,
    estimate: summariseEstimates(
      jobs.map((job) => ({
        jobStatus: job.status,
        estimateStatus: job.estimateStatus,
        printSeconds: job.printSeconds,
        filamentGrams: job.filamentGrams,
      })),
    ),
    proof: proofRow
      ? {
          state: proofRow.state,
          dueAt: proofRow.dueAt.toISOString(),
          decidedAt: proofRow.decidedAt?.toISOString() ?? null,
          changes: proofRow.changes,
          mailedAt: proofRow.mailedAt?.toISOString() ?? null,
          panels: proofPanels
            .map((panel) => ({
              itemNumber: itemNumber.get(panel.orderItemId) ?? 0,
              panelNumber: panel.panelIndex + 1,
              panelCount: panelsOf.get(panel.orderItemId) ?? 1,
              state: panel.state,
              changes: panel.changes,
            }))
            .sort((a, b) => a.itemNumber - b.itemNumber || a.panelNumber - b.panelNumber),
        }
      : null,
  };
}

/** The storage key of a job's twin or preview picture, or null. */
export async function twinPictureKey(
  db: DbOrTx,
  orderId: string,
  jobId: string,
  which: "twin" | "preview",
): Promise<string | null> {
  const [row] = await db
    .select({ twin: printJobs.twinKey, preview: printJobs.twinPreviewKey })
    .from(printJobs)
    .where(and(eq(printJobs.id, jobId), eq(printJobs.orderId, orderId)))
    .limit(1);
  return row?.[which] ?? null;
}

/** The owner prints a held file anyway: flagged -> accepted. 409 when it is not held. */
export async function acceptHeldPrintJob(
  tx: Tx,
  orderId: string,
  jobId: string,
): Promise<{ before: PrintJobRow; after: PrintJobRow }> {
  const before = await lockJob(tx, orderId, jobId);
  if (before.twinStatus !== "flagged")
    throw new HttpError(409, "print_job_not_held", PROOF_ADMIN_TEXTS.notHeld);
  const [after] = await tx
    .update(printJobs)
    .set({ twinStatus: "accepted", updatedAt: new Date() })
    .where(eq(printJobs.id, jobId))
    .returning();
  if (!after) throw new HttpError(404, "print_job_not_found", ADMIN_MESSAGE_TEXTS.printFiles.notFound);
  return { before, after };
}

/** The job of this order (locked in `tx`), or a 404. */
async function lockJob(tx: Tx, orderId: string, jobId: string): Promise<PrintJobRow> {
  const [job] = await tx
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.id, jobId), eq(printJobs.orderId, orderId)))
    .limit(1)
    .for("update");
  if (!job) throw new HttpError(404, "print_job_not_found", ADMIN_MESSAGE_TEXTS.printFiles.notFound);
  return job;
}

/** failed -> pending, attempts reset (the admin fixed the cause). 409 for any other status. */
export async function retryPrintJob(
  tx: Tx,
  orderId: string,
  jobId: string,
): Promise<{ before: PrintJobRow; after: PrintJobRow }> {
  const before = await lockJob(tx, orderId, jobId);
  if (before.status !== "failed") {
    throw new HttpError(409, "print_job_not_failed", ADMIN_MESSAGE_TEXTS.printFiles.notRetryable);
  }
  // A colour job queued while the colour printer lacked a spool takes today's four spools.
  let colourFilaments = before.colourFilaments;
  if (before.processing === "colour" && !colourFilaments) {
    const printer = await colourPrinter(tx);
    if (printer.ready) colourFilaments = printer.slots.map((slot) => ({ ...slot }));
  }
  const [after] = await tx
    .update(printJobs)
    .set({
      status: "pending",
      progress: 0,
      error: null,
      attempts: 0,
      colourFilaments,
      estimateStatus: null,
      printSeconds: null,
      filamentGrams: null,
      estimateError: null,
      updatedAt: new Date(),
    })
    .where(eq(printJobs.id, jobId))
    .returning();
  if (!after) throw new HttpError(404, "print_job_not_found", ADMIN_MESSAGE_TEXTS.printFiles.notFound);
  return { before, after };
}
