import { describe, expect, it } from "vitest";
import { resampleToGrid } from "../../lithophane/resample.js";
import {
  BLOCK_CLAIMED,
  BLOCK_STORING,
  BLOCK_TAKEN,
  type ResampleJob,
  resampleBlocksInWorker,
  sharedResampler,
} from "./resample-shared.js";
import { startStlWorker } from "./stl-parallel.js";

const width = 640;
const height = 480;
const image = new Uint8Array(width * height).map((_, k) => (k * 2654435761) >>> 24);
const crop = { x: 10.5, y: 4, width: 600, height: 450 };
const args = [image, width, height, crop, 401, 301, { x: 2.5, y: 2.5 }, true] as const;

function same(a: Float32Array, b: Float32Array): boolean {
  return Buffer.compare(Buffer.from(a.buffer), Buffer.from(b.buffer)) === 0;
}

describe("resampling shared with the STL worker", () => {
  it("gives resampleToGrid's grid bit for bit, whoever computes the blocks", () => {
    const expected = resampleToGrid(...args);
    // No worker at all (not started yet): this thread does every block.
    expect(same(expected, sharedResampler(() => {})(...args))).toBe(true);
    // A worker that takes every block before this thread starts.
    expect(same(expected, sharedResampler((job) => resampleBlocksInWorker(job))(...args))).toBe(true);
    // A worker that claims blocks and never finishes them: this thread takes them back after a grace time,
    // and the worker's late results are not stored.
    let stalled: ResampleJob | undefined;
    const grid = sharedResampler((job) => {
      stalled = job;
      Atomics.add(job.control, 0, 2);
      Atomics.store(job.control, 1, BLOCK_CLAIMED);
      Atomics.store(job.control, 2, BLOCK_CLAIMED);
    })(...args);
    expect(same(expected, grid)).toBe(true);
    // The stalled worker, finishing block 0 late, finds it taken back and does not store it.
    const control = stalled?.control ?? new Int32Array(2);
    expect(Atomics.compareExchange(control, 1, BLOCK_CLAIMED, BLOCK_STORING)).toBe(BLOCK_TAKEN);
  });

  it("shares the work with a real STL worker", async () => {
    const worker = startStlWorker();
    await new Promise((resolve) => worker.once("message", resolve));
    try {
      const grid = sharedResampler((job) => worker.postMessage(job))(...args);
      expect(same(resampleToGrid(...args), grid)).toBe(true);
    } finally {
      await worker.terminate();
    }
  });
});
