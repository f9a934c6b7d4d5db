import { describe, expect, it } from "vitest";
import { localContrast } from "./contrast";

function spread(values: Float32Array, nx: number, x0: number, x1: number, y0: number, y1: number): number {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let j = y0; j < y1; j++)
    for (let i = x0; i < x1; i++) {
      min = Math.min(min, values[j * nx + i]!);
      max = Math.max(max, values[j * nx + i]!);
    }
  return max - min;
}

describe("local contrast (CLAHE)", () => {
  it("lifts the detail of a shadowed half without touching the order of greys", () => {
    // Left half in shadow (greys 20..40 in a fine pattern), right half lit (150..250).
    const nx = 128;
    const ny = 64;
    const values = new Float32Array(nx * ny);
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const pattern = ((i * 7 + j * 3) % 11) / 10;
        values[j * nx + i] = i < nx / 2 ? 20 + 20 * pattern : 150 + 100 * pattern;
      }
    const before = spread(values, nx, 8, 56, 8, 56);
    const original = values.slice();
    localContrast(values, nx, ny);
    expect(spread(values, nx, 8, 56, 8, 56)).toBeGreaterThan(2 * before);
    for (const value of values) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(255);
    }
    // At any one place the curve is a blend of increasing curves: a darker input never comes out lighter.
    for (let k = 1; k < nx * ny; k++) {
      if (k % nx === 0 || original[k - 1] === original[k]) continue;
      const sameTilePosition = Math.floor((k % nx) / 16) === Math.floor(((k - 1) % nx) / 16);
      if (sameTilePosition && original[k - 1]! + 4 < original[k]!)
        expect(values[k - 1]).toBeLessThan(values[k]! + 1);
    }
  });

  it("leaves a flat area flat: the clip limit keeps it from becoming noise", () => {
    const nx = 64;
    const ny = 64;
    const values = new Float32Array(nx * ny).fill(120);
    localContrast(values, nx, ny);
    expect(spread(values, nx, 0, nx, 0, ny)).toBeLessThan(1e-3);
  });
});
