/**
 * The tone pipeline measured: a step wedge through the heightmap reproduces the target linear brightness,
 * and the layer-aware flat option turns a smooth ramp's contour bands into stipple.
 */
import { describe, expect, it } from "vitest";
import { computeHeightmap, type Heightmap } from "./heightmap";
import type { PanelOptions } from "./params";
import {
  attenuationFromMatch,
  attenuationFromRatio,
  autoLevels,
  linearToSrgb,
  roundHalfUp,
  srgbToLinear,
  wedgeSteps,
} from "./tones";

const K = 2;
const RAMP: PanelOptions = {
  shape: "rectangle",
  widthMm: 100,
  heightMm: 20,
  resolutionMm: 0.2,
  borderMm: 0,
  front: "relief",
  autoLevels: false,
  attenuationPerMm: K,
};

/** Light through the panel relative to the thinnest setting: 0 at max thickness, 1 at min (linear). */
function relativeLight(t: number, spec: Heightmap["spec"]): number {
  const dark = Math.exp(-K * spec.maxThicknessMm);
  const bright = Math.exp(-K * spec.minThicknessMm);
  return (Math.exp(-K * t) - dark) / (bright - dark);
}

/** A horizontal ramp image of grey levels `from`..`to` (sRGB), one column per grid vertex. */
function rampImage(nx: number, ny: number, from: number, to: number): Uint8Array {
  const pixels = new Uint8Array(nx * ny);
  for (let y = 0; y < ny; y++) {
    for (let x = 0; x < nx; x++) pixels[y * nx + x] = Math.round(from + ((to - from) * x) / (nx - 1));
  }
  return pixels;
}

/**
 * Banding along the ramp's middle rows, as the eye sees it through the panel: light averaged over a 1 mm
 * square (the panel's own light scattering and the eye at reading distance blur finer detail), sampled every
 * 1 mm. A contour step is a jump between neighbouring samples of more than half of one layer's light step
 * there; a run is a stretch (mm) over which the averaged light stays within a tenth of a layer step.
 */
function banding(heightmap: Heightmap, layerMm: number): { steps: number; longestRunMm: number } {
  const { nx, ny, thicknessMm, spec, stepXMm } = heightmap;
  const window = Math.round(1 / stepXMm);
  const j0 = Math.floor(ny / 2) - Math.floor(window / 2);
  const samples: number[] = [];
  const thickness: number[] = [];
  for (let i = 0; i + window <= nx; i += window) {
    let light = 0;
    let t = 0;
    for (let j = j0; j < j0 + window; j++) {
      for (let di = 0; di < window; di++) {
        light += relativeLight(thicknessMm[j * nx + i + di]!, spec);
        t += thicknessMm[j * nx + i + di]!;
      }
    }
    samples.push(light / window ** 2);
    thickness.push(t / window ** 2);
  }
  let steps = 0;
  let longestRun = 0;
  let runStart = 0;
  for (let s = 1; s < samples.length; s++) {
    const layerStep = relativeLight(thickness[s]!, spec) - relativeLight(thickness[s]! + layerMm, spec);
    const jump = Math.abs(samples[s]! - samples[s - 1]!);
    if (jump > layerStep / 2) steps++;
    if (Math.abs(samples[s]! - samples[runStart]!) > layerStep / 10) runStart = s;
    longestRun = Math.max(longestRun, s - runStart);
  }
  return { steps, longestRunMm: longestRun * window * stepXMm };
}

describe("tones", () => {
  it("decodes and encodes sRGB", () => {
    expect(srgbToLinear(0)).toBe(0);
    expect(srgbToLinear(1)).toBe(1);
    expect(srgbToLinear(0.5)).toBeCloseTo(0.214, 3);
    for (const v of [0.01, 0.2, 0.7]) expect(linearToSrgb(srgbToLinear(v))).toBeCloseTo(v, 9);
  });

  it("turns a calibration reading into k", () => {
    expect(attenuationFromRatio(1, 2, Math.exp(-1.5))).toBeCloseTo(1.5, 9);
    // The 18% card matched at the 1.4 mm step of a wedge starting at 0.6 mm.
    expect(attenuationFromMatch(0.6, 1.4, 0.18)).toBeCloseTo(-Math.log(0.18) / 0.8, 9);
    expect(() => attenuationFromRatio(2, 1, 0.5)).toThrow(RangeError);
    expect(wedgeSteps()).toEqual([0.6, 0.87, 1.13, 1.4, 1.67, 1.93, 2.2, 2.47, 2.73, 3]);
  });

  it("stretches the 1st-99th percentile, and leaves narrow images alone", () => {
    const values = new Uint8Array(1000).map((_, k) => 60 + (k % 100));
    expect(autoLevels(values)).toEqual([61, 159]);
    expect(autoLevels(new Uint8Array(1000).fill(128))).toEqual([0, 255]);
  });

  it("reproduces a step wedge's linear brightness through the Beer-Lambert model within 0.5%", () => {
    const greys = [0, 28, 57, 85, 113, 142, 170, 198, 227, 255];
    const nx = greys.length * 20;
    const ny = 60;
    const image = new Uint8Array(nx * ny).map((_, k) => greys[Math.floor((k % nx) / 20)]!);
    for (const layerSnapMm of [0, 0.1]) {
      const heightmap = computeHeightmap(image, nx, ny, {
        ...RAMP,
        widthMm: nx / 5,
        heightMm: ny / 5,
        layerSnapMm,
        resolutionMm: 0.2,
      });
      // ... the grid has one more vertex per side than the image; read each patch away from its edges.
      const patch = heightmap.nx / greys.length;
      greys.forEach((grey, s) => {
        let light = 0;
        let count = 0;
        for (let j = 5; j < heightmap.ny - 5; j++) {
          for (let i = Math.ceil(s * patch + 4); i < (s + 1) * patch - 4; i++) {
            light += relativeLight(heightmap.thicknessMm[j * heightmap.nx + i]!, heightmap.spec);
            count++;
          }
        }
        // Snapped to 0.1 mm layers the stipple's average is the target within 1.5% of the range.
        const tolerance = layerSnapMm > 0 ? 0.015 : 0.005;
        expect(
          Math.abs(light / count - srgbToLinear(grey / 255)),
          `grey ${grey}, layers ${layerSnapMm}`,
        ).toBeLessThan(tolerance);
      });
    }
  });

  it("snaps flat panels to whole layers with the error diffused: no contour bands in a smooth ramp", () => {
    const nx = 501;
    const ny = 101;
    const image = rampImage(nx, ny, 10, 245);
    const smooth = computeHeightmap(image, nx, ny, RAMP);
    // What a slicer does with the smooth panel printed flat: each point rounded to a whole layer.
    const terraced: Heightmap = {
      ...smooth,
      thicknessMm: smooth.thicknessMm.map((t) => Math.round(t / 0.1) * 0.1),
    };
    const dithered = computeHeightmap(image, nx, ny, { ...RAMP, layerSnapMm: 0.1 });
    for (const t of dithered.thicknessMm) expect(Math.abs(t / 0.1 - Math.round(t / 0.1))).toBeLessThan(1e-4);
    const before = banding(terraced, 0.1);
    const after = banding(dithered, 0.1);
    // Measured: terraced 21 steps with 7 mm plateaus; dithered 0 steps, runs of 1 mm. The limits: at most
    // 2 visible steps (a tenth of the terraces) and plateaus no longer than 2 mm, twice the 1 mm blur.
    expect(before.steps).toBeGreaterThan(15);
    expect(after.steps).toBeLessThanOrEqual(2);
    expect(after.longestRunMm).toBeLessThanOrEqual(2);
  });
});

describe("roundHalfUp", () => {
  it("gives Math.round's result, edge cases included", () => {
    const cases = [
      0,
      -0,
      0.5,
      1.5,
      2.5,
      -0.5,
      -1.5,
      -2.5,
      0.49999999999999994,
      -0.49999999999999994,
      254.5,
      255.49,
      2 ** 52 + 1,
      -(2 ** 52 + 1),
      2 ** 53,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Math.fround(127.53125) * 16,
    ];
    for (let k = 0; k < 2000; k++) cases.push((k - 1000) / 7, Math.fround(k * 0.1276));
    for (const x of cases) expect(Object.is(roundHalfUp(x) + 0, Math.round(x) + 0)).toBe(true);
  });
});
