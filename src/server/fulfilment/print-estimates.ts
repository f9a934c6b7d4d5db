/**
 * Production estimates (issue 19 item 5): each finished print file is sliced by PrusaSlicer in the
 * background, with the settings its 3MF project carries (`prusa-slicer --export-gcode`), and the
 * print time and filament grams from the G-code's comments are stored on the job.
 *
 * - Never in the way: one slicer child process at a time per server (its own BackgroundLoop, apart
 *   from the print-file queue), at low CPU priority, stopped after `timeoutMs`; the G-code is
 *   deleted as soon as it is read (only its last 64 KB, where the figures are, is read).
 * - Claimed like print jobs (UPDATE … FOR UPDATE SKIP LOCKED), so two servers never slice the same
 *   file; a slice interrupted by a stop goes back to pending on the next start.
 * - Without PrusaSlicer (not on PATH, or PRUSA_SLICER=off) a done job's estimate becomes
 *   "unavailable" at once: the print files are never held up by estimates.
 */
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import {
  type OrderEstimate,
  type PanelEstimateRow,
  parseGcodeEstimate,
  summariseEstimates,
} from "@shared/production-estimates";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client.js";
import { orders, printJobs } from "../db/schema.js";
import { BackgroundLoop, type RoundReason } from "../lib/background-loop.js";
import type { Logger } from "../lib/logger.js";
import type { Storage } from "../platform/index.js";
import { exportGcode, findExecutable, SlicerError } from "../print/slicer.js";

const M = ADMIN_MESSAGE_TEXTS.estimates;

/** The G-code's figures are in its last few kilobytes (before the config block). */
const TAIL_BYTES = 64 * 1024;

export { findExecutable } from "../print/slicer.js";

async function readTail(file: string): Promise<string> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString("utf8");
  } finally {
    await handle.close();
  }
}

/** A slicing failure with a readable reason (the slicer's own, or a missing figure). */
const EstimateError = SlicerError;

export interface SliceOutcome {
  printSeconds: number;
  filamentGrams: number;
  ms: number;
}

/**
 * Slices `threeMf` with the slicer at `executable` into a temporary G-code file, reads its figures
 * and deletes it. Rejects with EstimateError (a readable reason) on failure or after `timeoutMs`.
 */
export async function sliceForEstimate(
  executable: string,
  threeMf: Uint8Array,
  timeoutMs: number,
  onChild?: (kill: () => void) => void,
): Promise<SliceOutcome> {
  const started = performance.now();
  const dir = await mkdtemp(path.join(tmpdir(), "lithobox-slice-"));
  try {
    const input = path.join(dir, "panel.3mf");
    const output = path.join(dir, "panel.gcode");
    await writeFile(input, threeMf);
    await exportGcode(executable, input, output, { timeoutMs, home: dir, ...(onChild ? { onChild } : {}) });
    const figures = parseGcodeEstimate(await readTail(output));
    if (!figures) throw new EstimateError(M.noFigures);
    return { ...figures, ms: performance.now() - started };
  } finally {
    // The G-code (often megabytes) is never kept.
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

export interface PrintEstimatorOptions {
  database: Database;
  storage: Storage;
  log: Logger;
  /** The slicer: a command looked up on `searchPath`, or a path; null: estimates are off. */
  command: string | null;
  searchPath: string | undefined;
  timeoutMs: number;
  /** How often an idle estimator looks for files another server made (ms). */
  pollMs?: number;
}

interface ClaimedEstimate {
  id: string;
  orderId: string;
  fileKey: string | null;
}

export class PrintEstimator {
  private readonly db;
  private readonly loop: BackgroundLoop;
  private executable: Promise<string | null> | null = null;
  private killChild: (() => void) | null = null;

  constructor(private readonly options: PrintEstimatorOptions) {
    this.db = options.database.db;
    this.loop = new BackgroundLoop({
      name: "print estimator",
      log: options.log,
      intervalMs: options.pollMs ?? 60_000,
      round: (reason) => this.round(reason),
    });
  }

  /** The slicer's path, looked up once (null: not installed, or turned off). */
  slicer(): Promise<string | null> {
    this.executable ??= this.options.command
      ? findExecutable(this.options.command, this.options.searchPath)
      : Promise.resolve(null);
    return this.executable;
  }

  start(): void {
    this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    const stopping = this.loop.stop(5_000);
    this.killChild?.();
    await stopping;
  }

  private async round(reason: RoundReason): Promise<boolean> {
    if (reason === "start") {
      // Slices interrupted by a stop (PGlite: this process alone; PostgreSQL: stale ones).
      const all = this.options.database.kind === "pglite";
      await this.db
        .update(printJobs)
        .set({ estimateStatus: "pending" })
        .where(
          and(
            eq(printJobs.estimateStatus, "running"),
            all
              ? sql`true`
              : sql`${printJobs.updatedAt} < now() - make_interval(secs => ${this.options.timeoutMs / 1000 + 60})`,
          ),
        );
    }
    const job = await this.claim();
    if (!job) return false;
    await this.process(job);
    return true;
  }

  /** A done job whose estimate is still to be made (pending, or never asked for: older files). */
  private async claim(): Promise<ClaimedEstimate | null> {
    const next = sql`(select id from ${printJobs} where status = 'done'
      and (estimate_status is null or estimate_status = 'pending')
      order by updated_at limit 1 for update skip locked)`;
    const [row] = await this.db
      .update(printJobs)
      .set({ estimateStatus: "running", estimateError: null })
      .where(
        and(
          eq(printJobs.id, next),
          eq(printJobs.status, "done"),
          or(isNull(printJobs.estimateStatus), eq(printJobs.estimateStatus, "pending")),
        ),
      )
      .returning({ id: printJobs.id, orderId: printJobs.orderId, fileKey: printJobs.fileKey });
    return row ?? null;
  }

  private async record(
    jobId: string,
    values: Partial<
      Pick<
        typeof printJobs.$inferInsert,
        "estimateStatus" | "printSeconds" | "filamentGrams" | "estimateError"
      >
    >,
  ): Promise<void> {
    await this.db
      .update(printJobs)
      .set(values)
      .where(and(eq(printJobs.id, jobId), eq(printJobs.estimateStatus, "running")));
  }

  private async process(job: ClaimedEstimate): Promise<void> {
    const { log, storage } = this.options;
    const executable = await this.slicer();
    if (!executable) {
      await this.record(job.id, { estimateStatus: "unavailable", estimateError: M.slicerMissing });
      return;
    }
    try {
      const file = job.fileKey ? await storage.get(job.fileKey) : null;
      if (!file) throw new EstimateError(ADMIN_MESSAGE_TEXTS.printFiles.fileMissing);
      const body = new Uint8Array(file.body.buffer, file.body.byteOffset, file.body.byteLength);
      const outcome = await sliceForEstimate(executable, body, this.options.timeoutMs, (kill) => {
        this.killChild = kill;
      });
      this.killChild = null;
      await this.record(job.id, {
        estimateStatus: "done",
        printSeconds: outcome.printSeconds,
        filamentGrams: Math.round(outcome.filamentGrams * 100) / 100,
        estimateError: null,
      });
      log.info(
        { jobId: job.id, orderId: job.orderId, ...outcome },
        `print estimate ready in ${Math.round(outcome.ms)} ms`,
      );
    } catch (error) {
      this.killChild = null;
      if (this.loop.stopped) {
        await this.record(job.id, { estimateStatus: "pending" }).catch(() => {});
        return;
      }
      const message =
        error instanceof EstimateError
          ? error.message
          : M.slicerFailed(error instanceof Error ? error.message : String(error));
      log.warn({ jobId: job.id, orderId: job.orderId, err: error }, "print estimate failed");
      await this.record(job.id, { estimateStatus: "failed", estimateError: message.slice(0, 1000) });
    }
  }
}

// ---------------------------------------------------------------------------- admin views

const panelColumns = {
  orderId: printJobs.orderId,
  jobStatus: printJobs.status,
  estimateStatus: printJobs.estimateStatus,
  printSeconds: printJobs.printSeconds,
  filamentGrams: printJobs.filamentGrams,
};

function byOrder(rows: Array<PanelEstimateRow & { orderId: string }>): Map<string, OrderEstimate> {
  const grouped = new Map<string, PanelEstimateRow[]>();
  for (const row of rows) grouped.set(row.orderId, [...(grouped.get(row.orderId) ?? []), row]);
  return new Map([...grouped].map(([orderId, panels]) => [orderId, summariseEstimates(panels)]));
}

/** Each order's production estimate (orders without print files are left out). */
export async function estimatesForOrders(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, OrderEstimate>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select(panelColumns)
    .from(printJobs)
    .where(inArray(printJobs.orderId, [...orderIds]));
  return byOrder(rows);
}

/** Orders waiting to be printed: paid, not yet dispatched. */
export const QUEUE_STATUSES = ["paid", "processing", "printing"] as const;

export interface PrintingQueue {
  /** Estimated printing of the queue's panels that have an estimate. */
  printSeconds: number;
  filamentGrams: number;
  orders: number;
  panels: number;
  /** Panels without an estimate (still being made or sliced, or no slicer). */
  unestimatedPanels: number;
}

/** The printing queue: every live order paid but not yet dispatched, in hours and grams. */
export async function printingQueue(db: DbOrTx, includeTestOrders = false): Promise<PrintingQueue> {
  const inQueue = and(
    inArray(orders.status, [...QUEUE_STATUSES]),
    includeTestOrders ? undefined : eq(orders.testMode, false),
  );
  const rows = await db
    .select(panelColumns)
    .from(printJobs)
    .innerJoin(orders, eq(orders.id, printJobs.orderId))
    .where(inQueue);
  const estimates = [...byOrder(rows).values()];
  const [{ queued } = { queued: 0 }] = await db
    .select({ queued: sql<number>`count(*)::int` })
    .from(orders)
    .where(inQueue);
  return {
    printSeconds: estimates.reduce((sum, e) => sum + e.printSeconds, 0),
    filamentGrams: Math.round(estimates.reduce((sum, e) => sum + e.filamentGrams, 0) * 10) / 10,
    orders: queued,
    panels: rows.length,
    unestimatedPanels: estimates.reduce((sum, e) => sum + (e.panels - e.estimatedPanels), 0),
  };
}
