/**
 * The STL row worker: a second thread that writes blocks of full-cell rows straight into the output file
 * at their final offsets (positional writes), so two threads fill one file without passing bytes around.
 *
 * The worker runs plain JavaScript built from the source text of two self-contained functions (this
 * file's workerMain and stl.ts's writeFullCellRows), so it starts in ~30 ms without a TypeScript loader
 * (registering tsx in a worker costs ~0.5 s of CPU, more than the worker saves).
 */
import type { MessagePort } from "node:worker_threads";
import { writeFullCellRows } from "./stl";

export interface StlRowsJob {
  heights: Float32Array;
  cellCase: Uint8Array | null;
  nx: number;
  stepXMm: number;
  stepYMm: number;
  path: string;
  rows: number;
  /** Cell rows per block; blocks are claimed one at a time through control[0]. */
  blockRows: number;
  blockCount: number;
  /** Bytes of the largest block. */
  blockBytes: number;
  /** File offset of each block's first facet. */
  blockPositions: Float64Array;
  /** On a SharedArrayBuffer: [next block to claim, then per block 1 = claimed, 2 = written]. */
  control: Int32Array;
}

export type StlRowsReply = { ok: true; blocks: number } | { ok: false; message: string };

export const BLOCK_CLAIMED = 1;
export const BLOCK_WRITTEN = 2;

/** The worker's body. Self-contained: it runs from its source text (see stlWorkerSource). */
function workerMain(
  port: MessagePort,
  fs: typeof import("node:fs"),
  writeRows: typeof writeFullCellRows,
): void {
  port.on("message", (job: StlRowsJob) => {
    let fd = -1;
    let blocks = 0;
    try {
      const buffer = new Uint8Array(job.blockBytes);
      for (;;) {
        const block = Atomics.add(job.control, 0, 1);
        if (block >= job.blockCount) break;
        Atomics.store(job.control, 1 + block, 1);
        const rowStart = block * job.blockRows;
        const rowEnd = Math.min(job.rows, rowStart + job.blockRows);
        const { heights, cellCase, nx, stepXMm, stepYMm } = job;
        const length = writeRows(heights, cellCase, nx, stepXMm, stepYMm, rowStart, rowEnd, buffer, 0);
        if (fd < 0) fd = fs.openSync(job.path, "r+");
        const position = job.blockPositions[block]!;
        let written = 0;
        while (written < length) {
          written += fs.writeSync(fd, buffer, written, length - written, position + written);
        }
        Atomics.store(job.control, 1 + block, 2);
        blocks++;
      }
      if (fd >= 0) fs.closeSync(fd);
      port.postMessage({ ok: true, blocks });
    } catch (error) {
      if (fd >= 0) {
        try {
          fs.closeSync(fd);
        } catch {}
      }
      port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  });
}

/** JavaScript source of the worker, for `new Worker(source, { eval: true })`. */
export function stlWorkerSource(): string {
  // Transpilers with keepNames (tsx) may wrap named functions in __name(); give it a no-op definition.
  return [
    '"use strict";',
    "var __name = (target) => target;",
    `(${workerMain.toString()})(require("node:worker_threads").parentPort, require("node:fs"), ${writeFullCellRows.toString()});`,
  ].join("\n");
}
