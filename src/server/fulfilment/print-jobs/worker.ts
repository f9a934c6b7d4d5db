/**
 * Worker start-up: each print file is made in its own worker thread, started from a real module
 * file (print-worker.ts, or the compiled print-worker.js beside the server's chunks), so request
 * handling is not held up. `generateInWorker` runs one job there and settles once.
 */
import type { Worker } from "node:worker_threads";
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { startModuleWorker } from "../../lib/module-worker.js";
import type { PrintWorkerJob, PrintWorkerMessage, TwinOutcome } from "./print-worker.js";

/** The generator failed or stopped: its message is stored as the job's error. */
export class GenerationError extends Error {
  override readonly name = "GenerationError";
}

/** The worker thread, from its own module file (print-worker.ts / the compiled print-worker.js). */
function startPrintWorker(job: PrintWorkerJob): Worker {
  const worker = startModuleWorker(import.meta.url, "print-worker");
  // Queued on the port until the worker's module has loaded and listens.
  worker.postMessage(job);
  return worker;
}

/**
 * Runs the generator for `job` in a new worker thread; rejects with GenerationError on failure or
 * after `timeoutMs`. `onWorker` is told the running thread (and null once it ended), so a stop can
 * terminate it.
 */
export function generateInWorker(
  job: PrintWorkerJob,
  options: {
    timeoutMs: number;
    onProgress: (fraction: number) => void;
    onWorker: (worker: Worker | null) => void;
  },
): Promise<{ triangles: number; bytes: number; twin: TwinOutcome | null }> {
  const { timeoutMs, onProgress, onWorker } = options;
  return new Promise((resolve, reject) => {
    const worker = startPrintWorker(job);
    onWorker(worker);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      onWorker(null);
      outcome();
      void worker.terminate().catch(() => 0);
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new GenerationError(ADMIN_MESSAGE_TEXTS.printFiles.timedOut(Math.round(timeoutMs / 60_000))),
          ),
        ),
      timeoutMs,
    );
    timer.unref();
    worker.on("message", (message: PrintWorkerMessage) => {
      if (message.type === "progress") onProgress(message.fraction);
      else if (message.type === "done")
        finish(() => resolve({ triangles: message.triangles, bytes: message.bytes, twin: message.twin }));
      else finish(() => reject(new GenerationError(message.message)));
    });
    worker.on("error", (error: Error) => finish(() => reject(error)));
    worker.on("exit", (code: number) =>
      finish(() => reject(new GenerationError(ADMIN_MESSAGE_TEXTS.printFiles.workerStopped(code)))),
    );
  });
}
