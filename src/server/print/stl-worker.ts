/**
 * The STL row worker thread (a module entry of its own in scripts/build-server.mjs): claims blocks of
 * full-cell rows from the shared counter, formats them and writes them at their final file offsets. Before
 * that, it helps resample the photo onto the grid (resample-shared.ts).
 */
import { closeSync, openSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { writeFullCellRows } from "../../lithophane/stl.js";
import { writeAtSync } from "./file-sink.js";
import { type ResampleJob, resampleBlocksInWorker } from "./resample-shared.js";
import {
  BLOCK_CLAIMED,
  BLOCK_WRITTEN,
  type StlRowsJob,
  type StlRowsReply,
  type StlWorkerReady,
} from "./stl-rows.js";

function writeBlocks(job: StlRowsJob): StlRowsReply {
  let fd = -1;
  let blocks = 0;
  try {
    const buffer = new Uint8Array(job.blockBytes);
    for (;;) {
      const block = Atomics.add(job.control, 0, 1);
      if (block >= job.blockCount) break;
      Atomics.store(job.control, 1 + block, BLOCK_CLAIMED);
      const rowStart = block * job.blockRows;
      const rowEnd = Math.min(job.rows, rowStart + job.blockRows);
      const { heights, cellCase, nx, stepXMm, stepYMm } = job;
      const length = writeFullCellRows(heights, cellCase, nx, stepXMm, stepYMm, rowStart, rowEnd, buffer, 0);
      if (fd < 0) fd = openSync(job.path, "r+");
      writeAtSync(fd, buffer, length, job.blockPositions[block]!);
      Atomics.store(job.control, 1 + block, BLOCK_WRITTEN);
      blocks++;
    }
    return { ok: true, blocks };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    if (fd >= 0) {
      try {
        closeSync(fd);
      } catch {}
    }
  }
}

parentPort?.on("message", (job: StlRowsJob | ResampleJob) => {
  if ("kind" in job) {
    // No reply: the main thread reads the shared block states, and takes back any block left unfinished.
    try {
      resampleBlocksInWorker(job);
    } catch (error) {
      if (process.env.LITHOPHANE_DEBUG) console.error("Resample in the STL worker:", error);
    }
    return;
  }
  parentPort?.postMessage(writeBlocks(job));
});
// Loaded and listening (tests wait for it; the writer does not).
parentPort?.postMessage({ ready: true } satisfies StlWorkerReady);
