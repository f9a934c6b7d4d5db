import { describe, expect, it } from "vitest";
import { axisTaps, resamplePlan, resampleRows, resampleToGrid } from "./resample";

const full = (width: number, height: number) => ({ x: 0, y: 0, width, height });

/** A step edge: dark on the left half, light on the right. */
function edgeImage(width: number, height: number, dark: number, light: number): Uint8Array {
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels[y * width + x] = x < width / 2 ? dark : light;
  return pixels;
}

describe("area-average resampling", () => {
  it("gives every output weights summing to one, exact fractional coverage", () => {
    const taps = axisTaps(0.25, 10, 3, 10 / 3, 0, 11);
    for (let k = 0; k < 3; k++) {
      let sum = 0;
      for (let t = taps.offset[k]!; t < taps.offset[k + 1]!; t++) sum += taps.weights[t]!;
      expect(sum).toBeCloseTo(1, 6);
    }
    // First window [0.25, 3.58): pixel 0 covers 0.75 of it, pixels 1 and 2 one each, pixel 3 0.58.
    expect(taps.first[0]).toBe(0);
    expect(Array.from(taps.weights.slice(0, 4)).map((w) => w * (10 / 3))).toEqual([
      expect.closeTo(0.75, 5),
      expect.closeTo(1, 5),
      expect.closeTo(1, 5),
      expect.closeTo(0.5833, 3),
    ]);
  });

  it("never leaves the range of the pixels averaged: no halo round a dark edge, down or up", () => {
    for (const [width, nx] of [
      [300, 97],
      [90, 240],
      [64, 64],
    ] as const) {
      const image = edgeImage(width, 40, 40, 200);
      const grid = resampleToGrid(image, width, 40, full(width, 40), nx, 20, { x: width / nx, y: 2 }, false);
      let previous = 0;
      for (let i = 0; i < nx; i++) {
        const value = grid[5 * nx + i]!;
        expect(value).toBeGreaterThanOrEqual(40 - 1e-3);
        expect(value).toBeLessThanOrEqual(200 + 1e-3);
        // Monotonic across the edge: no ripple either side.
        expect(value).toBeGreaterThanOrEqual(previous - 1e-3);
        previous = value;
      }
    }
  });

  it("averages a checkerboard to its mean and keeps a flat image flat", () => {
    const size = 64;
    const checker = new Uint8Array(size * size).map((_, k) =>
      ((k % size) + Math.floor(k / size)) % 2 ? 255 : 0,
    );
    const grid = resampleToGrid(checker, size, size, full(size, size), 16, 16, { x: 4, y: 4 }, false);
    for (const value of grid) expect(value).toBeCloseTo(127.5, 3);
    const flat = new Uint8Array(50 * 30).fill(77);
    for (const value of resampleToGrid(
      flat,
      50,
      30,
      { x: 3.3, y: 2.1, width: 40, height: 24 },
      37,
      23,
      { x: 1.1, y: 1.1 },
      true,
    )) {
      expect(value).toBeCloseTo(77, 4);
    }
  });

  it("spreads detail finer than the window (the nozzle) across it", () => {
    // A one-pixel dark line on white, sampled 1:1 with a 4-pixel window: the line becomes a quarter-deep dip.
    const width = 41;
    const image = new Uint8Array(width).fill(255);
    image[20] = 0;
    const grid = resampleToGrid(image, width, 1, full(width, 1), width, 1, { x: 4, y: 1 }, false);
    expect(Math.min(...grid)).toBeCloseTo(255 * 0.75, 3);
    expect(grid[10]).toBeCloseTo(255, 4);
    // Without the floor (window = the cell) the line survives at full depth.
    const sharp = resampleToGrid(image, width, 1, full(width, 1), width, 1, { x: 1, y: 1 }, false);
    expect(Math.min(...sharp)).toBe(0);
  });

  it("reads only pixels inside the crop, flips rows to model space and mirrors when asked", () => {
    // Left half black outside the crop; the crop is the right half (all 200), so nothing dark may appear.
    const image = edgeImage(40, 10, 0, 200);
    const grid = resampleToGrid(
      image,
      40,
      10,
      { x: 20, y: 0, width: 20, height: 10 },
      10,
      5,
      { x: 2, y: 2 },
      false,
    );
    for (const value of grid) expect(value).toBeCloseTo(200, 4);
    // Top row bright, bottom row dark: model row 0 is the image's bottom.
    const rows = new Uint8Array(4 * 4);
    rows.fill(250, 0, 4);
    const flipped = resampleToGrid(rows, 4, 4, full(4, 4), 4, 4, { x: 1, y: 1 }, false);
    expect(flipped[3 * 4]).toBe(250);
    expect(flipped[0]).toBe(0);
    const mirrored = resampleToGrid(edgeImage(4, 1, 10, 90), 4, 1, full(4, 1), 4, 1, { x: 1, y: 1 }, true);
    expect(Array.from(mirrored)).toEqual([90, 90, 10, 10]);
  });

  it("gives the same grid bit for bit however the rows are split (the two-thread resampling relies on it)", () => {
    const width = 203;
    const height = 157;
    const image = new Uint8Array(width * height).map((_, k) => (k * 2654435761) >>> 24);
    const crop = { x: 3.4, y: 5.2, width: 190.3, height: 140.9 };
    for (const mirror of [false, true]) {
      const whole = resampleToGrid(image, width, height, crop, 91, 67, { x: 2.9, y: 3.3 }, mirror);
      const plan = resamplePlan(width, height, crop, 91, 67, { x: 2.9, y: 3.3 }, mirror);
      const split = new Float32Array(91 * 67);
      for (const [start, end] of [
        [0, 5],
        [5, 6],
        [6, 40],
        [40, 67],
      ] as const) {
        // Rows reused from elsewhere: resampleRows overwrites them (it never reads out's old values).
        const rows = new Float32Array((end - start) * 91).fill(Number.NaN);
        resampleRows(image, plan, start, end, rows);
        split.set(rows, start * 91);
      }
      expect(Buffer.compare(Buffer.from(whole.buffer), Buffer.from(split.buffer))).toBe(0);
    }
  });

  it("stores the same values as summing every tap onto zeros, down to the sign of zero", () => {
    // Black pixels and zero-weight taps give +0 products; a grid of them must stay +0 (bit pattern 0).
    const width = 40;
    const height = 30;
    const image = new Uint8Array(width * height).map((_, k) => (k % 7 === 0 ? 200 : 0));
    const out = resampleToGrid(image, width, height, full(width, height), 23, 17, { x: 1.7, y: 1.2 }, true);
    const plan = resamplePlan(width, height, full(width, height), 23, 17, { x: 1.7, y: 1.2 }, true);
    // The reference: the old accumulation, every tap added in float32 steps onto a zero.
    const expected = new Float32Array(23 * 17);
    for (let j = 0; j < 17; j++) {
      const k = 16 - j;
      for (let i = 0; i < 23; i++) {
        for (let t = 0; t < plan.ys.count[k]!; t++) {
          const row = plan.ys.first[k]! + t;
          let across = 0;
          for (let u = 0; u < plan.xs.count[i]!; u++) {
            across += image[row * width + plan.xs.first[i]! + u]! * plan.xs.weights[plan.xs.offset[i]! + u]!;
          }
          expected[j * 23 + i]! += Math.fround(across) * plan.ys.weights[plan.ys.offset[k]! + t]!;
        }
      }
    }
    expect(Buffer.compare(Buffer.from(expected.buffer), Buffer.from(out.buffer))).toBe(0);
    expect(Array.from(out).some((v) => v === 0)).toBe(true);
  });
});
