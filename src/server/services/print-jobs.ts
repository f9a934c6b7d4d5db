/**
 * Print files: one 3MF per lithophane panel of a paid order (the main photo and each additional
 * photo of a bundle, with the customer's crop, shape and size), generated in the background.
 *
 * - When an order becomes paid, createPrintJobs inserts one print_jobs row per panel in the SAME
 *   transaction (ctx.onOrderPaid.inTransaction), then the runner is woken after commit.
 * - PrintJobRunner is a small in-process queue: one job at a time, claimed with
 *   UPDATE … WHERE id = (SELECT … WHERE status = 'pending' FOR UPDATE SKIP LOCKED), so two
 *   processes never take the same job. The mesh is built in a worker thread (print-worker.ts), so
 *   request handling is not held up. Progress is written in 10% steps (plus a heartbeat).
 * - The file goes to storage under print-files/<orderId>/<jobId>.3mf: never publicly served
 *   (the media route serves only lightbox-images/*.jpg|png|webp); admins download it through
 *   GET /api/admin/orders/:id/print-jobs/:jobId/file.
 * - Restart safety: on start, 'running' jobs left by a crash go back to 'pending' (with PGlite at
 *   once, since the server holds the data-dir lock; with PostgreSQL once their heartbeat is
 *   stale, as another server may be running them). A job interrupted MAX_ATTEMPTS times fails.
 * - A failure is stored as a readable message; an admin's retry puts the job back in the queue.
 */

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { cropPixelsSchema } from "@shared/cart";
import { FALLBACK_OPTIONS } from "@shared/options";
import { isPaidStatus } from "@shared/order-lifecycle";
import { displayOrderNumber } from "@shared/orders";
import { and, asc, eq, sql } from "drizzle-orm";
import type { CropInput } from "../../lithophane/crop.js";
import { DEFAULTS, isShapeId, type ShapeId } from "../../lithophane/params.js";
import type { Database, DbOrTx, Tx } from "../db/client.js";
import { orderItems, orders, printJobs, productOptions, uploads } from "../db/schema.js";
import { BackgroundLoop, type RoundReason } from "../lib/background-loop.js";
import type { Logger } from "../lib/logger.js";
import { startModuleWorker } from "../lib/module-worker.js";
import { HttpError } from "../lib/validation.js";
import type { PrintWorkerJob, PrintWorkerMessage } from "./print-worker.js";
import { type Storage, shopImageKey } from "./storage.js";

export const PRINT_FILE_PREFIX = "print-files";
export const PRINT_JOB_STATUSES = ["pending", "running", "done", "failed"] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** A job interrupted this many times (crashes mid-generation) is failed rather than resumed. */
export const MAX_ATTEMPTS = 3;

export type PrintJobRow = typeof printJobs.$inferSelect;

// ---------------------------------------------------------------------------- creating jobs

/** The original upload behind a preview URL (additional photos are stored as their preview). */
async function originalUrlFor(tx: DbOrTx, storage: Storage, url: string): Promise<string> {
  const key = shopImageKey(storage, url);
  if (!key) return url;
  const [row] = await tx
    .select({ originalKey: uploads.originalKey })
    .from(uploads)
    .where(eq(uploads.previewKey, key))
    .limit(1);
  return row ? storage.publicUrl(row.originalKey) : url;
}

/**
 * One print_jobs row per lithophane panel of the order (panel 0: the main photo, then each
 * additional photo), in `tx`. Idempotent: existing rows are kept. Returns how many were added.
 */
export async function createPrintJobs(tx: Tx, storage: Storage, orderId: string): Promise<number> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, "lithophane")))
    .orderBy(asc(orderItems.position));
  const rows: Array<typeof printJobs.$inferInsert> = [];
  for (const item of items) {
    // The crop was recorded on the full-size original, so the main panel is cut from it.
    const main = item.originalImageUrl || item.imageUrl || "";
    rows.push({ orderId, orderItemId: item.id, panelIndex: 0, imageUrl: main });
    const extra = Array.isArray(item.additionalImages) ? item.additionalImages : [];
    for (const [index, url] of extra.entries()) {
      rows.push({
        orderId,
        orderItemId: item.id,
        panelIndex: index + 1,
        imageUrl: await originalUrlFor(tx, storage, url),
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
export async function queuePrintJobsOnPayment(tx: Tx, storage: Storage, orderId: string): Promise<number> {
  const [order] = await tx
    .select({ testMode: orders.testMode })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
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

// ---------------------------------------------------------------------------- what a job prints

export interface PanelParameters {
  shape: ShapeId;
  widthMm: number;
  heightMm: number;
  crop: CropInput | undefined;
}

/** Width and height in millimetres of a size option: the catalogue's row, else the built-in one. */
async function sizeInMm(db: DbOrTx, sizeId: string): Promise<{ widthMm: number; heightMm: number } | null> {
  const [row] = await db
    .select({ widthMm: productOptions.widthMm, heightMm: productOptions.heightMm })
    .from(productOptions)
    .where(and(eq(productOptions.optionType, "size"), eq(productOptions.value, sizeId)))
    .limit(1);
  if (row?.widthMm && row.heightMm) return { widthMm: row.widthMm, heightMm: row.heightMm };
  const fallback = FALLBACK_OPTIONS.find((o) => o.optionType === "size" && o.id === sizeId);
  if (fallback?.widthMm && fallback.heightMm)
    return { widthMm: fallback.widthMm, heightMm: fallback.heightMm };
  return null;
}

class PrintJobError extends Error {
  override readonly name = "PrintJobError";
}

/** Shape, size and crop of a panel from its order item; throws PrintJobError with a readable reason. */
export async function panelParameters(
  db: DbOrTx,
  item: Pick<typeof orderItems.$inferSelect, "config" | "crop">,
  panelIndex: number,
): Promise<PanelParameters> {
  const config = item.config;
  const shapeId = typeof config.shapeId === "string" ? config.shapeId : "";
  if (!isShapeId(shapeId)) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.unknownShape(shapeId));
  const sizeId = typeof config.sizeId === "string" ? config.sizeId : "";
  const size = await sizeInMm(db, sizeId);
  if (!size) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.unknownSize(sizeId));
  let crop: CropInput | undefined;
  // Each panel's crop is in its original's pixels; an additional photo without one is centred.
  if (panelIndex > 0) {
    const crops = Array.isArray(config.additionalCropPixels) ? config.additionalCropPixels : [];
    const pixels = cropPixelsSchema.safeParse(crops[panelIndex - 1]);
    if (pixels.success) crop = pixels.data;
  } else {
    const pixels = cropPixelsSchema.safeParse(config.cropPixels);
    if (pixels.success) {
      crop = pixels.data;
    } else {
      // Older carts kept only react-easy-crop's zoom: cut the centred area at that zoom.
      const zoom = item.crop?.zoom;
      if (typeof zoom === "number" && Number.isFinite(zoom) && zoom > 1) crop = { x: 0, y: 0, zoom };
    }
  }
  return { shape: shapeId, ...size, crop };
}

// ---------------------------------------------------------------------------- admin views

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
}

/** "order-3f9a1c2b-item-1-panel-2.3mf" */
export function printFileName(displayNumber: string, itemNumber: number, panelNumber: number): string {
  return `order-${displayNumber}-item-${itemNumber}-panel-${panelNumber}.3mf`;
}

function asStatus(status: string): PrintJobStatus {
  return (PRINT_JOB_STATUSES as readonly string[]).includes(status) ? (status as PrintJobStatus) : "failed";
}

export async function listPrintJobs(db: DbOrTx, orderId: string): Promise<OrderPrintJobs | null> {
  const [order] = await db
    .select({ id: orders.id, status: orders.status, paidAt: orders.paidAt, testMode: orders.testMode })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
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
  const displayNumber = displayOrderNumber(order.id);
  const itemNumber = new Map(items.map((item, index) => [item.id, index + 1]));
  const panelsOf = new Map(
    items.map((item) => [
      item.id,
      1 + (Array.isArray(item.additionalImages) ? item.additionalImages.length : 0),
    ]),
  );
  const panelCount = items
    .filter((item) => item.kind === "lithophane")
    .reduce((sum, item) => sum + (panelsOf.get(item.id) ?? 1), 0);
  const views = jobs
    .map((job): PrintJobView => {
      const number = itemNumber.get(job.orderItemId) ?? 0;
      return {
        id: job.id,
        orderItemId: job.orderItemId,
        itemNumber: number,
        panelNumber: job.panelIndex + 1,
        panelCount: panelsOf.get(job.orderItemId) ?? 1,
        status: asStatus(job.status),
        progress: job.status === "done" ? 1 : Math.max(0, Math.min(1, job.progress)),
        error: job.error,
        bytes: job.bytes,
        triangles: job.triangles,
        attempts: job.attempts,
        fileName: printFileName(displayNumber, number, job.panelIndex + 1),
        updatedAt: job.updatedAt.toISOString(),
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
  };
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
  const [after] = await tx
    .update(printJobs)
    .set({ status: "pending", progress: 0, error: null, attempts: 0, updatedAt: new Date() })
    .where(eq(printJobs.id, jobId))
    .returning();
  if (!after) throw new HttpError(404, "print_job_not_found", ADMIN_MESSAGE_TEXTS.printFiles.notFound);
  return { before, after };
}

/** A finished print file of this order: its storage key and download name, or null. */
export async function printFileForDownload(
  db: DbOrTx,
  orderId: string,
  jobId: string,
): Promise<{ fileKey: string; fileName: string } | null> {
  const [row] = await db
    .select({ job: printJobs, position: orderItems.position })
    .from(printJobs)
    .innerJoin(orderItems, eq(orderItems.id, printJobs.orderItemId))
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
    fileName: printFileName(displayOrderNumber(orderId), before + 1, row.job.panelIndex + 1),
  };
}

// ---------------------------------------------------------------------------- the runner

export interface PrintJobRunnerOptions {
  database: Database;
  storage: Storage;
  log: Logger;
  /** Sampling of the relief (mm); the generator's default 0.2 mm. */
  resolutionMm?: number;
  /** How often an idle runner looks for work queued by another process (ms). */
  pollMs?: number;
  /** A 'running' job not heard of for this long is taken back (PostgreSQL, several servers). */
  staleMs?: number;
  /** A job running longer is stopped and failed (ms). */
  timeoutMs?: number;
  /** Told after a job is recorded as failed (the owner's alert). Errors are logged only. */
  onFailed?: (job: { id: string; orderId: string; error: string }) => Promise<void>;
}

interface Claimed {
  id: string;
  orderId: string;
  imageUrl: string;
  panelIndex: number;
  attempts: number;
}

const HEARTBEAT_MS = 10_000;
const PROGRESS_STEP = 0.1;

/** The worker thread, from its own module file (print-worker.ts / the compiled print-worker.js). */
function startPrintWorker(job: PrintWorkerJob): Worker {
  const worker = startModuleWorker(import.meta.url, "print-worker");
  // Queued on the port until the worker's module has loaded and listens.
  worker.postMessage(job);
  return worker;
}

export class PrintJobRunner {
  private readonly db;
  private readonly resolutionMm: number;
  private readonly staleMs: number;
  private readonly timeoutMs: number;
  private readonly loop: BackgroundLoop;
  private worker: Worker | null = null;

  constructor(private readonly options: PrintJobRunnerOptions) {
    this.db = options.database.db;
    this.resolutionMm = options.resolutionMm ?? DEFAULTS.resolutionMm;
    this.staleMs = options.staleMs ?? 120_000;
    this.timeoutMs = options.timeoutMs ?? 10 * 60_000;
    this.loop = new BackgroundLoop({
      name: "print-job runner",
      log: options.log,
      intervalMs: options.pollMs ?? 30_000,
      round: (reason) => this.round(reason),
    });
  }

  private get stopped(): boolean {
    return this.loop.stopped;
  }

  /** Resumes work left by a crash, then processes the queue until stop(). */
  start(): void {
    this.loop.start();
  }

  /** Looks for work now (called after an order is paid or a job retried). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops promptly: a job in progress is interrupted and left pending for the next start. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    // Sets `stopped` at once; the job in progress is interrupted by terminating its worker.
    const stopping = this.loop.stop(5_000);
    const worker = this.worker;
    if (worker) await worker.terminate().catch(() => 0);
    await stopping;
  }

  /** One job, if one is waiting: answers true when it ran one (so the next round starts at once). */
  private async round(reason: RoundReason): Promise<boolean> {
    if (reason === "start" || reason === "interval") {
      // At start every interrupted job (PGlite: this process alone uses the database);
      // when idle, the stale ones another server left.
      const all = reason === "start" && this.options.database.kind === "pglite";
      await this.recover(all).catch((error: unknown) => {
        this.options.log.error({ err: error }, "could not recover interrupted print jobs");
      });
    }
    // A failure to claim is logged by the loop, which tries again after a pause.
    const job = await this.claim();
    if (!job) return false;
    if (this.stopped) {
      await this.release(job.id);
      return false;
    }
    await this.process(job);
    return true;
  }

  /**
   * 'running' jobs nobody runs any more go back to 'pending' (or fail after MAX_ATTEMPTS).
   * `all`: every running job (this process alone uses the database); else only stale ones.
   */
  async recover(all: boolean): Promise<number> {
    const stale = all
      ? sql`true`
      : sql`${printJobs.updatedAt} < now() - make_interval(secs => ${this.staleMs / 1000})`;
    const failed = await this.db
      .update(printJobs)
      .set({
        status: "failed",
        error: ADMIN_MESSAGE_TEXTS.printFiles.interrupted(MAX_ATTEMPTS),
        updatedAt: new Date(),
      })
      .where(and(eq(printJobs.status, "running"), sql`${printJobs.attempts} >= ${MAX_ATTEMPTS}`, stale))
      .returning({ id: printJobs.id, orderId: printJobs.orderId, error: printJobs.error });
    for (const job of failed) await this.tellFailed({ ...job, error: job.error ?? "" });
    const resumed = await this.db
      .update(printJobs)
      .set({ status: "pending", progress: 0, updatedAt: new Date() })
      .where(and(eq(printJobs.status, "running"), stale))
      .returning({ id: printJobs.id });
    if (failed.length + resumed.length > 0) {
      this.options.log.warn(
        { resumed: resumed.length, failed: failed.length },
        "print jobs interrupted by a stop were taken back",
      );
    }
    return resumed.length;
  }

  /** Takes the oldest pending job, atomically: no other process can take it too. */
  private async claim(): Promise<Claimed | null> {
    const next = sql`(select j.id from ${printJobs} j join ${orderItems} i on i.id = j.order_item_id
      where j.status = 'pending' order by j.created_at, i.position, j.panel_index
      limit 1 for update of j skip locked)`;
    const [row] = await this.db
      .update(printJobs)
      .set({
        status: "running",
        progress: 0,
        error: null,
        attempts: sql`${printJobs.attempts} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(printJobs.status, "pending"), eq(printJobs.id, next)))
      .returning({
        id: printJobs.id,
        orderId: printJobs.orderId,
        imageUrl: printJobs.imageUrl,
        panelIndex: printJobs.panelIndex,
        attempts: printJobs.attempts,
        orderItemId: printJobs.orderItemId,
      });
    return row ?? null;
  }

  private async process(job: Claimed): Promise<void> {
    const { log, storage } = this.options;
    const started = performance.now();
    let workDir: string | null = null;
    let lastWritten = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const writeProgress = (fraction: number) => {
      lastWritten = fraction;
      writing = writing
        .then(() =>
          this.db
            .update(printJobs)
            .set({ progress: Math.min(0.99, fraction), updatedAt: new Date() })
            .where(and(eq(printJobs.id, job.id), eq(printJobs.status, "running"))),
        )
        .catch(() => {});
    };
    const heartbeat = setInterval(() => writeProgress(lastWritten), HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const [item] = await this.db
        .select({ config: orderItems.config, crop: orderItems.crop })
        .from(orderItems)
        .innerJoin(printJobs, eq(printJobs.orderItemId, orderItems.id))
        .where(eq(printJobs.id, job.id))
        .limit(1);
      if (!item) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.notFound);
      const panel = await panelParameters(this.db, item, job.panelIndex);
      if (!job.imageUrl) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.noImage);
      const key = shopImageKey(storage, job.imageUrl);
      if (!key) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.imageNotInShop);
      const image = await storage.get(key);
      if (!image) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.imageMissing(key));

      workDir = await mkdtemp(path.join(tmpdir(), "lithobox-print-"));
      const outPath = path.join(workDir, `${job.id}.3mf`);
      const result = await this.generate(
        {
          image: new Uint8Array(image.body.buffer, image.body.byteOffset, image.body.byteLength),
          shape: panel.shape,
          widthMm: panel.widthMm,
          heightMm: panel.heightMm,
          resolutionMm: this.resolutionMm,
          crop: panel.crop,
          outPath,
        },
        (fraction) => {
          if (fraction >= lastWritten + PROGRESS_STEP) writeProgress(Math.floor(fraction * 10) / 10);
        },
      );
      const body = await readFile(outPath);
      const fileKey = `${PRINT_FILE_PREFIX}/${job.orderId}/${job.id}.3mf`;
      await storage.put(fileKey, body, "model/3mf");
      clearInterval(heartbeat);
      await writing;
      const [done] = await this.db
        .update(printJobs)
        .set({
          status: "done",
          progress: 1,
          fileKey,
          triangles: result.triangles,
          bytes: body.byteLength,
          error: null,
          updatedAt: new Date(),
        })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.status, "running")))
        .returning({ id: printJobs.id });
      if (!done) await storage.delete(fileKey).catch(() => {});
      log.info(
        { jobId: job.id, orderId: job.orderId, triangles: result.triangles, bytes: body.byteLength },
        `print file ready in ${Math.round(performance.now() - started)} ms`,
      );
    } catch (error) {
      clearInterval(heartbeat);
      await writing;
      if (this.stopped) {
        await this.release(job.id);
        return;
      }
      const message =
        error instanceof PrintJobError || error instanceof GenerationError
          ? error.message
          : `Generation failed: ${error instanceof Error ? error.message : String(error)}`;
      log.warn({ jobId: job.id, orderId: job.orderId, err: error }, "print file failed");
      const failed = await this.db
        .update(printJobs)
        .set({ status: "failed", error: message.slice(0, 1000), updatedAt: new Date() })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.status, "running")))
        .returning({ id: printJobs.id })
        .catch((updateError: unknown) => {
          log.error({ err: updateError, jobId: job.id }, "could not record a failed print job");
          return [];
        });
      if (failed.length > 0) await this.tellFailed({ id: job.id, orderId: job.orderId, error: message });
    } finally {
      clearInterval(heartbeat);
      if (workDir) await rm(workDir, { recursive: true, force: true }).catch(() => {});
    }
  }

  private async tellFailed(job: { id: string; orderId: string; error: string }): Promise<void> {
    try {
      await this.options.onFailed?.(job);
    } catch (error) {
      this.options.log.error({ err: error, jobId: job.id }, "print job failure listener failed");
    }
  }

  /** A job interrupted by a shutdown: not its fault; it runs again on the next start. */
  private async release(jobId: string): Promise<void> {
    await this.db
      .update(printJobs)
      .set({ status: "pending", progress: 0, attempts: sql`greatest(${printJobs.attempts} - 1, 0)` })
      .where(and(eq(printJobs.id, jobId), eq(printJobs.status, "running")))
      .catch(() => {});
  }

  /** Runs the generator in its own worker thread; rejects with GenerationError on failure. */
  private generate(
    job: PrintWorkerJob,
    onProgress: (fraction: number) => void,
  ): Promise<{ triangles: number; bytes: number }> {
    return new Promise((resolve, reject) => {
      if (this.stopped) {
        reject(new GenerationError("Stopped."));
        return;
      }
      const worker = startPrintWorker(job);
      this.worker = worker;
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.worker = null;
        outcome();
        void worker.terminate().catch(() => 0);
      };
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new GenerationError(
                ADMIN_MESSAGE_TEXTS.printFiles.timedOut(Math.round(this.timeoutMs / 60_000)),
              ),
            ),
          ),
        this.timeoutMs,
      );
      timer.unref();
      worker.on("message", (message: PrintWorkerMessage) => {
        if (message.type === "progress") onProgress(message.fraction);
        else if (message.type === "done")
          finish(() => resolve({ triangles: message.triangles, bytes: message.bytes }));
        else finish(() => reject(new GenerationError(message.message)));
      });
      worker.on("error", (error: Error) => finish(() => reject(error)));
      worker.on("exit", (code: number) =>
        finish(() => reject(new GenerationError(ADMIN_MESSAGE_TEXTS.printFiles.workerStopped(code)))),
      );
    });
  }
}

class GenerationError extends Error {
  override readonly name = "GenerationError";
}
