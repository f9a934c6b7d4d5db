/**
 * The print-job runner. Print files are one 3MF per lithophane panel of a paid order (the main
 * photo and each additional photo of a bundle, with the customer's crop, shape and size),
 * generated in the background. The folder holds one idea per file: queue.ts (creating jobs),
 * panel.ts (what a job prints), worker.ts (the worker thread), runner.ts (this), admin.ts (the
 * admin's view and retry), downloads.ts (the finished file).
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
import { colourFilamentsOf, colourSlotSchema } from "@shared/colour-printer";
import { productTypeOf } from "@shared/product-types";
import { twinAgrees } from "@shared/proofs";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULTS } from "../../../lithophane/params.js";
import { DEFAULT_ATTENUATION_PER_MM } from "../../../lithophane/tones.js";
import { filamentScatterPerMm, printerForPanel } from "../../catalogue/index.js";
import type { Database } from "../../db/client.js";
import { orderItems, printJobs } from "../../db/schema.js";
import { BackgroundLoop, type RoundReason } from "../../lib/background-loop.js";
import type { Logger } from "../../lib/logger.js";
import type { Storage } from "../../platform/index.js";
import { PRINT_FILE_PREFIX } from "./downloads.js";
import { lampJobInput, photoBytes } from "./lamp-job.js";
import { PrintJobError, panelParameters } from "./panel.js";
import type { PanelWork, PrintWorkerJob, TwinOutcome } from "./print-worker.js";
import { GenerationError, generateInWorker } from "./worker.js";

/** A job interrupted this many times (crashes mid-generation) is failed rather than resumed. */
export const MAX_ATTEMPTS = 3;

export interface PrintJobRunnerOptions {
  database: Database;
  storage: Storage;
  log: Logger;
  /** Sampling of the relief (mm); the generator's default 0.2 mm. */
  resolutionMm?: number;
  /** The adaptive mesh's largest vertical error (mm; 0: the full grid); the generator's default 0.02. */
  maxErrorMm?: number;
  /** How often an idle runner looks for work queued by another process (ms). */
  pollMs?: number;
  /** A 'running' job not heard of for this long is taken back (PostgreSQL, several servers). */
  staleMs?: number;
  /** A job running longer is stopped and failed (ms). */
  timeoutMs?: number;
  /** Told after a job is recorded as failed (the owner's alert). Errors are logged only. */
  /** Told after a job's file is stored (the estimator slices it). */
  onDone?: () => void;
  onFailed?: (job: { id: string; orderId: string; error: string }) => Promise<void>;
  /**
   * The G-code twin (issue 32): the slicer to check each file with (looked up once), or null when
   * the twin is off (no PrusaSlicer, PRINT_TWIN=off, tests unless one turns it on).
   */
  twin?: { slicer: () => Promise<string | null>; timeoutMs: number };
  /** Told after a job's twin disagreed with its preview (the owner's alert). Errors are logged only. */
  onTwinFlagged?: (job: { id: string; orderId: string; ssim: number; meanDeltaL: number }) => Promise<void>;
}

interface Claimed {
  id: string;
  orderId: string;
  imageUrl: string;
  panelIndex: number;
  attempts: number;
  attenuationPerMm: number | null;
  filamentName: string | null;
  processing: string;
  colourFilaments: Record<string, unknown>[] | null;
}

const HEARTBEAT_MS = 10_000;
const PROGRESS_STEP = 0.1;

export class PrintJobRunner {
  private readonly db;
  private readonly resolutionMm: number;
  private readonly maxErrorMm: number;
  private readonly staleMs: number;
  private readonly timeoutMs: number;
  private readonly loop: BackgroundLoop;
  private worker: Worker | null = null;

  constructor(private readonly options: PrintJobRunnerOptions) {
    this.db = options.database.db;
    this.resolutionMm = options.resolutionMm ?? DEFAULTS.resolutionMm;
    this.maxErrorMm = options.maxErrorMm ?? DEFAULTS.maxErrorMm;
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
        attenuationPerMm: printJobs.attenuationPerMm,
        filamentName: printJobs.filamentName,
        processing: printJobs.processing,
        colourFilaments: printJobs.colourFilaments,
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
        .select({
          kind: orderItems.kind,
          config: orderItems.config,
          crop: orderItems.crop,
          imageUrl: orderItems.imageUrl,
          originalImageUrl: orderItems.originalImageUrl,
          additionalImages: orderItems.additionalImages,
        })
        .from(orderItems)
        .innerJoin(printJobs, eq(printJobs.orderItemId, orderItems.id))
        .where(eq(printJobs.id, job.id))
        .limit(1);
      if (!item) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.notFound);
      const made = await this.workOf(job, item);

      workDir = await mkdtemp(path.join(tmpdir(), "lithobox-print-"));
      const slicer = (await this.options.twin?.slicer()) ?? null;
      const outPath = path.join(workDir, `${job.id}.3mf`);
      const result = await this.generate(
        {
          work: made.work,
          resolutionMm: this.resolutionMm,
          maxErrorMm: this.maxErrorMm,
          localContrast: made.localContrast,
          // Jobs queued before calibration existed carry no k: today's default.
          attenuationPerMm: job.attenuationPerMm ?? DEFAULT_ATTENUATION_PER_MM,
          // The twin lights the file with the filament's scattering as saved now (decision 338).
          scatterPerMm: await filamentScatterPerMm(this.db, job.filamentName),
          filamentName: job.filamentName,
          printer: await printerForPanel(this.db, made.footprint),
          outPath,
          twin: slicer && this.options.twin ? { slicer, timeoutMs: this.options.twin.timeoutMs } : null,
        },
        (fraction) => {
          if (fraction >= lastWritten + PROGRESS_STEP) writeProgress(Math.floor(fraction * 10) / 10);
        },
      );
      const body = await readFile(outPath);
      const fileKey = `${PRINT_FILE_PREFIX}/${job.orderId}/${job.id}.3mf`;
      await storage.put(fileKey, body, "model/3mf");
      const twin = await this.storeTwin(job, result.twin);
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
          ...twin.values,
          updatedAt: new Date(),
        })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.status, "running")))
        .returning({ id: printJobs.id });
      if (!done) {
        for (const key of [fileKey, ...twin.keys]) await storage.delete(key).catch(() => {});
      } else {
        this.options.onDone?.();
        if (twin.values.twinStatus === "flagged") await this.tellFlagged(job, twin.values);
      }
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

  /**
   * What the job makes, from its line: the product type's print form (a cylinder for a lamp line,
   * else one flat panel), with the size the printer must take (width and height standing up).
   */
  private async workOf(
    job: Claimed,
    item: { kind: string } & Parameters<typeof lampJobInput>[2] & Parameters<typeof panelParameters>[1],
  ): Promise<{
    work: PrintWorkerJob["work"];
    localContrast: boolean;
    footprint: { widthMm: number; heightMm: number };
  }> {
    if (productTypeOf(item.kind).printForm === "cylinder") {
      const lamp = await lampJobInput(this.db, this.options.storage, item);
      return {
        work: { form: "cylinder", photos: lamp.photos, diameterMm: lamp.diameterMm, heightMm: lamp.heightMm },
        localContrast: lamp.localContrast,
        footprint: { widthMm: lamp.diameterMm, heightMm: lamp.heightMm },
      };
    }
    const { storage } = this.options;
    const panel = await panelParameters(this.db, item, job.panelIndex);
    if (!job.imageUrl) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.noImage);
    const image = await photoBytes(storage, job.imageUrl);
    // A colour job prints with the four spools fixed on it when it was queued (issue 22).
    let colour: PanelWork["colour"] = null;
    if (job.processing === "colour") {
      const slots = z.array(colourSlotSchema).length(4).safeParse(job.colourFilaments);
      if (!slots.success) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.colourPrinterNotReady);
      colour = { filaments: colourFilamentsOf(slots.data) };
    }
    return {
      work: {
        form: "panel",
        image,
        shape: panel.shape,
        widthMm: panel.widthMm,
        heightMm: panel.heightMm,
        crop: panel.crop,
        colour,
      },
      localContrast: panel.localContrast,
      footprint: { widthMm: panel.widthMm, heightMm: panel.heightMm },
    };
  }

  /**
   * Stores the twin's pictures beside the print file and answers the job's twin columns (and the
   * estimate from the same slicing, so the estimator leaves the job alone).
   */
  private async storeTwin(
    job: Claimed,
    outcome: TwinOutcome | null,
  ): Promise<{ values: Partial<typeof printJobs.$inferInsert>; keys: string[] }> {
    if (!outcome) return { values: { twinStatus: "off" }, keys: [] };
    if (!outcome.ok) {
      this.options.log.warn({ jobId: job.id, error: outcome.error }, "print twin could not run");
      return { values: { twinStatus: "failed", twinError: outcome.error.slice(0, 1000) }, keys: [] };
    }
    const base = `${PRINT_FILE_PREFIX}/${job.orderId}/${job.id}`;
    const twinKey = `${base}.twin.png`;
    const twinPreviewKey = `${base}.preview.png`;
    await this.options.storage.put(twinKey, await readFile(outcome.twinPath), "image/png");
    await this.options.storage.put(twinPreviewKey, await readFile(outcome.previewPath), "image/png");
    const agrees = twinAgrees(outcome.mode, outcome);
    return {
      values: {
        twinStatus: agrees ? "passed" : "flagged",
        twinSsim: outcome.ssim,
        twinDeltaL: outcome.meanDeltaL,
        twinKey,
        twinPreviewKey,
        twinError: null,
        ...(outcome.estimate
          ? {
              estimateStatus: "done",
              printSeconds: outcome.estimate.printSeconds,
              filamentGrams: Math.round(outcome.estimate.filamentGrams * 100) / 100,
              filamentGramsByExtruder: outcome.estimate.gramsPerExtruder,
              estimateError: null,
            }
          : {}),
      },
      keys: [twinKey, twinPreviewKey],
    };
  }

  private async tellFlagged(job: Claimed, values: Partial<typeof printJobs.$inferInsert>): Promise<void> {
    try {
      await this.options.onTwinFlagged?.({
        id: job.id,
        orderId: job.orderId,
        ssim: values.twinSsim ?? 0,
        meanDeltaL: values.twinDeltaL ?? 0,
      });
    } catch (error) {
      this.options.log.error({ err: error, jobId: job.id }, "print twin listener failed");
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
  ): Promise<{ triangles: number; bytes: number; twin: TwinOutcome | null }> {
    if (this.stopped) return Promise.reject(new GenerationError("Stopped."));
    return generateInWorker(job, {
      // The twin slices and rebuilds the file after making it: its own time on top.
      timeoutMs: this.timeoutMs + (job.twin ? job.twin.timeoutMs * 2 : 0),
      onProgress,
      onWorker: (worker) => {
        this.worker = worker;
      },
    });
  }
}
