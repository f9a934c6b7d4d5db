/**
 * The messages between stl-parallel.ts and the STL row worker (stl-worker.ts): a second thread that writes
 * blocks of full-cell rows straight into the output file at their final offsets (positional writes), so
 * two threads fill one file without passing bytes around.
 */

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

/** Sent once when the worker's module has loaded. */
export interface StlWorkerReady {
  ready: true;
}

export type StlRowsReply = { ok: true; blocks: number } | { ok: false; message: string };

export const BLOCK_CLAIMED = 1;
export const BLOCK_WRITTEN = 2;
