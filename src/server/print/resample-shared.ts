/**
 * The photo -> grid resampling shared by this thread and the STL worker (started at the beginning of a
 * large STL, idle until the file is written): both claim blocks of model rows from a shared counter and
 * write them into one shared grid. Blocks are independent (resampleRows gives the same values however the
 * rows are split), so the grid is the one resampleToGrid returns, bit for bit. The job is synchronous on
 * this thread: computeHeightmap stays synchronous.
 */
import type { CropRect } from "../../lithophane/crop.js";
import {
  type GridResampler,
  type ResamplePlan,
  type ResampleScratch,
  resamplePlan,
  resampleRows,
} from "../../lithophane/resample.js";

/** Block states in ResampleJob.control[1 + block]. */
export const BLOCK_FREE = 0;
export const BLOCK_CLAIMED = 1;
export const BLOCK_STORING = 2;
export const BLOCK_DONE = 3;
/** Taken back by the main thread from a worker that had not finished it. */
export const BLOCK_TAKEN = 4;

export interface ResampleJob {
  kind: "resample";
  /** On a SharedArrayBuffer. */
  grey: Uint8Array;
  plan: ResamplePlan;
  /** On a SharedArrayBuffer: the grid, nx * ny. */
  out: Float32Array;
  blockRows: number;
  blockCount: number;
  /** On a SharedArrayBuffer: [next block to claim, then each block's state]. */
  control: Int32Array;
}

/**
 * Resamples `block` into `into` (its first rows): the block's place in the grid on the thread that has
 * taken the block, or the worker's own buffer. The buffers and the scratch are reused from block to block:
 * fresh ones for each block cost a page fault per 4 KB.
 */
function computeBlock(job: ResampleJob, block: number, into: Float32Array, scratch: ResampleScratch): number {
  const { plan, blockRows } = job;
  const rowStart = block * blockRows;
  const rowEnd = Math.min(plan.ny, rowStart + blockRows);
  resampleRows(job.grey, plan, rowStart, rowEnd, into, scratch);
  return (rowEnd - rowStart) * plan.nx;
}

/** The block's values in the shared grid. */
function blockInGrid(job: ResampleJob, block: number): Float32Array {
  const { plan, blockRows } = job;
  const start = block * blockRows * plan.nx;
  return job.out.subarray(start, Math.min(plan.ny * plan.nx, start + blockRows * plan.nx));
}

/**
 * The worker's part: claims blocks until none is left; a block is stored only if the main thread has not
 * taken it back meanwhile (so nothing is written into the grid after the main thread moved on).
 */
export function resampleBlocksInWorker(job: ResampleJob): number {
  let blocks = 0;
  const rows = new Float32Array(job.blockRows * job.plan.nx);
  const scratch: ResampleScratch = { across: new Float32Array(0) };
  for (;;) {
    const block = Atomics.add(job.control, 0, 1);
    if (block >= job.blockCount) return blocks;
    const state = 1 + block;
    if (Atomics.compareExchange(job.control, state, BLOCK_FREE, BLOCK_CLAIMED) !== BLOCK_FREE) continue;
    const length = computeBlock(job, block, rows, scratch);
    if (Atomics.compareExchange(job.control, state, BLOCK_CLAIMED, BLOCK_STORING) !== BLOCK_CLAIMED) continue;
    job.out.set(rows.subarray(0, length), block * job.blockRows * job.plan.nx);
    Atomics.store(job.control, state, BLOCK_DONE);
    Atomics.notify(job.control, state);
    blocks++;
  }
}

/** How long this thread waits for a block the worker claimed before computing it itself. */
const WORKER_GRACE_MS = 50;

/**
 * A GridResampler that shares the work with `post`'s worker (which may not have started yet: then this
 * thread does every block). Returns a grid on a SharedArrayBuffer, so passing it on to the worker later
 * (the STL job) shares it rather than copying.
 */
export function sharedResampler(post: (job: ResampleJob) => void): GridResampler {
  return (grey, width, height, crop: CropRect, nx, ny, windowPx, mirror) => {
    const plan = resamplePlan(width, height, crop, nx, ny, windowPx, mirror);
    const sharedGrey = new Uint8Array(new SharedArrayBuffer(grey.length));
    sharedGrey.set(grey);
    const out = new Float32Array(new SharedArrayBuffer(4 * nx * ny));
    // ~16 blocks: fine enough to balance two threads, few enough that the rows read twice at block
    // edges (the vertical window, ~5 rows) cost little.
    const blockRows = Math.max(32, Math.ceil(ny / 16));
    const blockCount = Math.ceil(ny / blockRows);
    const control = new Int32Array(new SharedArrayBuffer(4 * (1 + blockCount)));
    const job: ResampleJob = {
      kind: "resample",
      grey: sharedGrey,
      plan,
      out,
      blockRows,
      blockCount,
      control,
    };
    post(job);
    // A block this thread has taken is never stored by the worker: it is computed straight into the grid.
    const scratch: ResampleScratch = { across: new Float32Array(0) };
    let ownBlocks = 0;
    for (;;) {
      const block = Atomics.add(control, 0, 1);
      if (block >= blockCount) break;
      Atomics.store(control, 1 + block, BLOCK_TAKEN);
      computeBlock(job, block, blockInGrid(job, block), scratch);
      ownBlocks++;
    }
    // Blocks the worker claimed: wait a little for each, then compute it here if it is not stored.
    for (let block = 0; block < blockCount; block++) {
      const state = 1 + block;
      for (;;) {
        const now = Atomics.load(control, state);
        if (now === BLOCK_DONE || now === BLOCK_TAKEN) break;
        if (now === BLOCK_STORING) {
          Atomics.wait(control, state, BLOCK_STORING, WORKER_GRACE_MS);
          continue;
        }
        if (now === BLOCK_CLAIMED) Atomics.wait(control, state, BLOCK_CLAIMED, WORKER_GRACE_MS);
        const seen = Atomics.compareExchange(
          control,
          state,
          now === BLOCK_CLAIMED ? BLOCK_CLAIMED : BLOCK_FREE,
          BLOCK_TAKEN,
        );
        if (seen === BLOCK_CLAIMED || seen === BLOCK_FREE) {
          computeBlock(job, block, blockInGrid(job, block), scratch);
          ownBlocks++;
          break;
        }
      }
    }
    if (process.env.LITHOPHANE_DEBUG) {
      console.error(`Resample: this thread computed ${ownBlocks} of ${blockCount} blocks`);
    }
    return out;
  };
}
