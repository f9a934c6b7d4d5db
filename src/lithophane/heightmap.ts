import { type CropRect, resolveCropRect } from "./crop";
import { LithophaneError } from "./errors";
import { snapToLayers } from "./layers";
import { shapeOutline, signedDistanceField } from "./outline";
import { gridVertexCount, type PanelOptions, type PanelSpec, resolvePanelSpec } from "./params";
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

/** Samples the crop onto an nx x ny grid of grey values (0..255), already oriented into model space. */
function sampleGrid(
  grey: Uint8Array,
  width: number,
  height: number,
  crop: CropRect,
  nx: number,
  ny: number,
  mirror: boolean,
): Float32Array {
  const out = new Float32Array(nx * ny);
  // Sample position of model column i / row j in source pixel units (pixel centres at +0.5).
  const sourceX = (i: number): number => crop.x + (((mirror ? nx - 1 - i : i) + 0.5) / nx) * crop.width;
  const sourceY = (j: number): number => crop.y + ((ny - 1 - j + 0.5) / ny) * crop.height;
  // Filters read only pixels inside the crop, so nothing outside it bleeds into the panel's edge.
  const cropLeft = Math.floor(crop.x + 1e-9);
  const cropTop = Math.floor(crop.y + 1e-9);
  const cropRight = Math.max(cropLeft + 1, Math.min(width, Math.ceil(crop.x + crop.width - 1e-9)));
  const cropBottom = Math.max(cropTop + 1, Math.min(height, Math.ceil(crop.y + crop.height - 1e-9)));
  const clampX = (u: number): number => Math.min(cropRight - 0.5, Math.max(cropLeft + 0.5, u));
  const clampY = (v: number): number => Math.min(cropBottom - 0.5, Math.max(cropTop + 0.5, v));
  const exact =
    width === nx && height === ny && crop.x === 0 && crop.y === 0 && crop.width === nx && crop.height === ny;
  if (exact) {
    for (let j = 0; j < ny; j++) {
      const src = (ny - 1 - j) * width;
      const dst = j * nx;
      if (mirror) for (let i = 0; i < nx; i++) out[dst + i] = grey[src + nx - 1 - i]!;
      else for (let i = 0; i < nx; i++) out[dst + i] = grey[src + i]!;
    }
    return out;
  }
  const footprintX = crop.width / nx;
  const footprintY = crop.height / ny;
  if (footprintX > 1.5 || footprintY > 1.5) {
    // Downsampling: average the source pixels under each grid cell (summed-area table), no aliasing.
    const stride = width + 1;
    const sums = new Float64Array(stride * (height + 1));
    for (let y = 0; y < height; y++) {
      let rowSum = 0;
      for (let x = 0; x < width; x++) {
        rowSum += grey[y * width + x]!;
        sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + rowSum;
      }
    }
    const x0s = new Int32Array(nx);
    const x1s = new Int32Array(nx);
    for (let i = 0; i < nx; i++) {
      const centre = sourceX(i);
      x0s[i] = Math.max(cropLeft, Math.min(cropRight - 1, Math.floor(centre - footprintX / 2)));
      x1s[i] = Math.max(x0s[i]! + 1, Math.min(cropRight, Math.ceil(centre + footprintX / 2)));
    }
    for (let j = 0; j < ny; j++) {
      const centre = sourceY(j);
      const y0 = Math.max(cropTop, Math.min(cropBottom - 1, Math.floor(centre - footprintY / 2)));
      const y1 = Math.max(y0 + 1, Math.min(cropBottom, Math.ceil(centre + footprintY / 2)));
      const dst = j * nx;
      for (let i = 0; i < nx; i++) {
        const x0 = x0s[i]!;
        const x1 = x1s[i]!;
        const total =
          sums[y1 * stride + x1]! -
          sums[y0 * stride + x1]! -
          sums[y1 * stride + x0]! +
          sums[y0 * stride + x0]!;
        out[dst + i] = total / ((x1 - x0) * (y1 - y0));
      }
    }
    return out;
  }
  // Upsampling or near 1:1: bilinear between pixel centres.
  const columnLow = new Int32Array(nx);
  const columnWeight = new Float32Array(nx);
  for (let i = 0; i < nx; i++) {
    const u = clampX(sourceX(i)) - 0.5;
    const low = Math.min(width - 2, Math.floor(u));
    columnLow[i] = Math.max(0, low);
    columnWeight[i] = width > 1 ? u - Math.max(0, low) : 0;
  }
  for (let j = 0; j < ny; j++) {
    const v = clampY(sourceY(j)) - 0.5;
    const low = Math.max(0, Math.min(height - 2, Math.floor(v)));
    const wy = height > 1 ? v - low : 0;
    const rowA = low * width;
    const rowB = Math.min(height - 1, low + 1) * width;
    const dst = j * nx;
    for (let i = 0; i < nx; i++) {
      const x = columnLow[i]!;
      const wx = columnWeight[i]!;
      const x1 = Math.min(width - 1, x + 1);
      const top = grey[rowA + x]! + (grey[rowA + x1]! - grey[rowA + x]!) * wx;
      const bottom = grey[rowB + x]! + (grey[rowB + x1]! - grey[rowB + x]!) * wx;
      out[dst + i] = top + (bottom - top) * wy;
    }
  }
  return out;
}

/**
 * A grid-sized image straight to thickness, flipped to model space (row 0 at the bottom) and mirrored for
 * a flat front: the same values as sampleGrid's exact path followed by the table lookup.
 */
function mapGreyGrid(
  grey: Uint8Array,
  nx: number,
  ny: number,
  mirror: boolean,
  table: Float32Array,
): Float32Array {
  const byGrey = new Float32Array(256);
  for (let g = 0; g < 256; g++) byGrey[g] = table[g * LUT_STEPS_PER_LEVEL]!;
  const out = new Float32Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    const src = (ny - 1 - j) * nx;
    const dst = j * nx;
    if (mirror) for (let i = 0; i < nx; i++) out[dst + i] = byGrey[grey[src + nx - 1 - i]!]!;
    else for (let i = 0; i < nx; i++) out[dst + i] = byGrey[grey[src + i]!]!;
  }
  return out;
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
 * Greyscale image (one byte per pixel, row-major, top row first) + panel options -> heightmap.
 * Browser-safe: the web creator calls it with a downsampled image and a coarse resolution for its preview.
 */
export function computeHeightmap(
  greyPixels: Uint8Array,
  width: number,
  height: number,
  options: PanelOptions | PanelSpec,
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
  const mirror = spec.front === "flat";
  let thicknessMm: Float32Array;
  const exact =
    width === nx && height === ny && crop.x === 0 && crop.y === 0 && crop.width === nx && crop.height === ny;
  if (exact && spec.smoothingMm === 0) {
    // The image is already the grid (the Node decoder resizes to it): one pass, grey byte -> thickness.
    const levels = spec.autoLevels ? autoLevels(greyPixels.subarray(0, nx * ny)) : ([0, 255] as const);
    thicknessMm = mapGreyGrid(greyPixels, nx, ny, mirror, thicknessTable(spec, levels));
  } else {
    const values = sampleGrid(greyPixels, width, height, crop, nx, ny, mirror);
    if (spec.smoothingMm > 0) {
      boxBlur(values, nx, ny, Math.round(spec.smoothingMm / stepXMm), Math.round(spec.smoothingMm / stepYMm));
    }
    const table = thicknessTable(spec, spec.autoLevels ? autoLevels(values) : [0, 255]);
    const scale = LUT_STEPS_PER_LEVEL;
    thicknessMm = values; // mapped in place: the grey values are not needed afterwards
    for (let k = 0; k < thicknessMm.length; k++) {
      thicknessMm[k] = table[Math.round(thicknessMm[k]! * scale)]!;
    }
  }

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
    const lipX = Math.ceil(border / stepXMm - 1e-9);
    const lipY = Math.ceil(border / stepYMm - 1e-9);
    for (let j = 0; j < ny; j++) {
      const inLipRow = j < lipY || j > ny - 1 - lipY;
      const row = j * nx;
      for (let i = 0; i < nx; i++) {
        if (inLipRow || i < lipX || i > nx - 1 - lipX) thicknessMm[row + i] = max;
      }
    }
  }
  return { spec, nx, ny, stepXMm, stepYMm, thicknessMm, signedDistanceMm };
}
