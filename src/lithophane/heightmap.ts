import { localContrast } from "./contrast";
import { resolveCropRect } from "./crop";
import { LithophaneError } from "./errors";
import { snapToLayers } from "./layers";
import { mirroredInModelSpace } from "./orientation";
import { shapeOutline, signedDistanceField } from "./outline";
import { gridVertexCount, type PanelOptions, type PanelSpec, resolvePanelSpec } from "./params";
import { type GridResampler, resampleToGrid } from "./resample";
import { autoLevels, srgbToLinear } from "./tones";

/**
 * Panel thickness sampled on a regular grid. Model space: x to the right and y up (image top at y = height),
 * the flat face at z = 0 and the relief on top. Vertex (i, j) sits at (i * stepXMm, j * stepYMm).
 */
export interface Heightmap {
  spec: PanelSpec;
  nx: number;
  ny: number;
  stepXMm: number;
  stepYMm: number;
  /** Thickness in mm per vertex, row-major (index j * nx + i). */
  thicknessMm: Float32Array;
  /**
   * Masked shapes only: signed distance to the outline in mm (negative inside), exact near the outline;
   * null for rectangles, whose outline is the grid's own border.
   */
  signedDistanceMm: Float32Array | null;
}

/** Thickness (mm) for a brightness in [0, 1]: bright = thin (more light), dark = thick. */
export function thicknessForBrightness(brightness: number, spec: PanelSpec): number {
  const { minThicknessMm: min, maxThicknessMm: max } = spec;
  const b = Math.min(1, Math.max(0, brightness));
  if (spec.mapping === "linear") return max - b * (max - min);
  // Beer-Lambert: light through t mm is e^(-k t). The grey value is sRGB-encoded; decode it to linear light
  // and choose t so the transmitted light is that linear brightness between the light through max
  // (darkest) and through min (brightest).
  const k = spec.attenuationPerMm;
  const darkest = Math.exp(-k * max);
  const brightest = Math.exp(-k * min);
  return -Math.log(darkest + srgbToLinear(b) * (brightest - darkest)) / k;
}

/** The linear mapping ignores optics; its snapping still weighs errors by typical light. */
const DEFAULT_SNAP_ATTENUATION = 2;

/** 16 entries per grey level: mapping by table lookup is much cheaper than a log per vertex. */
const LUT_STEPS_PER_LEVEL = 16;

/** Thickness per grey level (16 steps a level); `levels` are the grey values that become black and white. */
function thicknessTable(spec: PanelSpec, levels: readonly [number, number]): Float32Array {
  const size = 255 * LUT_STEPS_PER_LEVEL + 1;
  const table = new Float32Array(size);
  const [low, high] = levels;
  for (let k = 0; k < size; k++) {
    const grey = (255 * k) / (size - 1);
    const t = thicknessForBrightness((grey - low) / (high - low), spec);
    table[k] = Math.min(spec.maxThicknessMm, Math.max(spec.minThicknessMm, t));
  }
  return table;
}

/** Separable box blur, two passes (close to a Gaussian), in place. */
function boxBlur(values: Float32Array, nx: number, ny: number, radiusX: number, radiusY: number): void {
  const line = new Float32Array(Math.max(nx, ny));
  const blurLine = (
    get: (k: number) => number,
    set: (k: number, v: number) => void,
    n: number,
    r: number,
  ) => {
    for (let k = 0; k < n; k++) line[k] = get(k);
    let sum = 0;
    let count = 0;
    for (let k = 0; k <= Math.min(r, n - 1); k++) {
      sum += line[k]!;
      count++;
    }
    for (let k = 0; k < n; k++) {
      set(k, sum / count);
      const add = k + r + 1;
      const remove = k - r;
      if (add < n) {
        sum += line[add]!;
        count++;
      }
      if (remove >= 0) {
        sum -= line[remove]!;
        count--;
      }
    }
  };
  for (let pass = 0; pass < 2; pass++) {
    if (radiusX > 0) {
      for (let j = 0; j < ny; j++) {
        const row = j * nx;
        blurLine(
          (k) => values[row + k]!,
          (k, v) => {
            values[row + k] = v;
          },
          nx,
          radiusX,
        );
      }
    }
    if (radiusY > 0) {
      for (let i = 0; i < nx; i++) {
        blurLine(
          (k) => values[k * nx + i]!,
          (k, v) => {
            values[k * nx + i] = v;
          },
          ny,
          radiusY,
        );
      }
    }
  }
}

/**
 * Grey -> thickness in place through the table (16 entries a grey level), rounding to the nearest entry.
 * Math.floor(x + 0.5) is Math.round(x) here (a float32 times 16 plus 0.5 is exact in a double) and V8
 * compiles it to a few instructions; Math.round made this loop 4-6x slower (0.1 mm grid: 80-140 ms
 * against 12-30 ms, measured).
 */
function mapThroughTable(values: Float32Array, table: Float32Array): void {
  const scale = LUT_STEPS_PER_LEVEL;
  for (let k = 0; k < values.length; k++) values[k] = table[Math.floor(values[k]! * scale + 0.5)]!;
}

/**
 * A rectangle's lip: every vertex within `lipX` columns or `lipY` rows of the border at full thickness.
 * Only the border bands are visited (the old per-vertex test walked the whole grid).
 */
function raiseRectangleLip(
  thicknessMm: Float32Array,
  nx: number,
  ny: number,
  lipX: number,
  lipY: number,
  max: number,
): void {
  for (let j = 0; j < ny; j++) {
    const row = j * nx;
    if (j < lipY || j > ny - 1 - lipY) {
      thicknessMm.fill(max, row, row + nx);
    } else {
      thicknessMm.fill(max, row, row + Math.min(nx, lipX));
      thicknessMm.fill(max, row + Math.max(0, nx - lipX), row + nx);
    }
  }
}

/**
 * Greyscale image (one byte per pixel, row-major, top row first) + panel options -> heightmap.
 * Browser-safe: the web creator calls it with a downsampled image and a coarse resolution for its preview.
 * `resample` may replace resampleToGrid with an equivalent (the Node side's two-thread one, same values).
 */
export function computeHeightmap(
  greyPixels: Uint8Array,
  width: number,
  height: number,
  options: PanelOptions | PanelSpec,
  resample: GridResampler = resampleToGrid,
): Heightmap {
  const spec = resolvePanelSpec(options);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new LithophaneError(
      "invalid-image",
      `Image size must be positive integers, got ${width} x ${height}.`,
    );
  }
  if (greyPixels.length < width * height) {
    throw new LithophaneError(
      "invalid-image",
      `Expected ${width * height} grey pixels for ${width} x ${height}, got ${greyPixels.length}.`,
    );
  }
  const nx = gridVertexCount(spec.widthMm, spec.resolutionMm);
  const ny = gridVertexCount(spec.heightMm, spec.resolutionMm);
  const stepXMm = spec.widthMm / (nx - 1);
  const stepYMm = spec.heightMm / (ny - 1);
  const crop = resolveCropRect(spec.crop, width, height, spec.widthMm / spec.heightMm);
  const mirror = mirroredInModelSpace(spec.front);
  // Area average over the grid cell or the nozzle's width, whichever is wider (see resample.ts).
  const pxPerMmX = crop.width / spec.widthMm;
  const pxPerMmY = crop.height / spec.heightMm;
  const windowPx = {
    x: Math.max(crop.width / nx, spec.nozzleMm * pxPerMmX),
    y: Math.max(crop.height / ny, spec.nozzleMm * pxPerMmY),
  };
  const values = resample(greyPixels, width, height, crop, nx, ny, windowPx, mirror);
  if (spec.localContrast) localContrast(values, nx, ny);
  if (spec.smoothingMm > 0) {
    boxBlur(values, nx, ny, Math.round(spec.smoothingMm / stepXMm), Math.round(spec.smoothingMm / stepYMm));
  }
  const table = thicknessTable(spec, spec.autoLevels ? autoLevels(values) : [0, 255]);
  const thicknessMm = values; // mapped in place: the grey values are not needed afterwards
  mapThroughTable(thicknessMm, table);

  if (spec.layerSnapMm > 0) {
    // Before the lip, so no diffused error reaches it: the lip stays at full thickness.
    snapToLayers(
      thicknessMm,
      nx,
      ny,
      spec.layerSnapMm,
      spec.mapping === "linear" ? DEFAULT_SNAP_ATTENUATION : spec.attenuationPerMm,
      spec.minThicknessMm,
      spec.maxThicknessMm,
    );
  }

  const outline = shapeOutline(spec.shape, spec.widthMm, spec.heightMm);
  const max = spec.maxThicknessMm;
  const border = spec.borderMm;
  let signedDistanceMm: Float32Array | null = null;
  if (outline) {
    // The band covers the lip plus the cells the outline crosses (needed for the walls).
    const band = Math.max(border, 0) + 3 * Math.max(stepXMm, stepYMm);
    signedDistanceMm = signedDistanceField(outline, nx, ny, stepXMm, stepYMm, band);
    for (let k = 0; k < thicknessMm.length; k++) {
      if (Math.abs(signedDistanceMm[k]!) < border) thicknessMm[k] = max;
    }
  } else if (border > 0) {
    raiseRectangleLip(
      thicknessMm,
      nx,
      ny,
      Math.ceil(border / stepXMm - 1e-9),
      Math.ceil(border / stepYMm - 1e-9),
      max,
    );
  }
  return { spec, nx, ny, stepXMm, stepYMm, thicknessMm, signedDistanceMm };
}
