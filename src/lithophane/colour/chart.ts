/**
 * The colour figure: a test chart (the 24 ColorChecker patches, sRGB values after BabelColor's
 * averages) through the colour model, each patch's mean predicted glow against the colour the panel aims
 * at, in CIEDE2000. Used by the unit tests and `npm run bench`.
 */
import { srgbToLinear } from "../tones";
import { type ColourFilament, DEFAULT_COLOUR_FILAMENTS } from "./filaments";
import { type ColourPanelOptions, computeColourStack } from "./model";
import { deltaE2000Rgb } from "./science";

export const COLOR_CHECKER_SRGB: ReadonlyArray<readonly [string, number, number, number]> = [
  ["dark skin", 115, 82, 68],
  ["light skin", 194, 150, 130],
  ["blue sky", 98, 122, 157],
  ["foliage", 87, 108, 67],
  ["blue flower", 133, 128, 177],
  ["bluish green", 103, 189, 170],
  ["orange", 214, 126, 44],
  ["purplish blue", 80, 91, 166],
  ["moderate red", 193, 90, 99],
  ["purple", 94, 60, 108],
  ["yellow green", 157, 188, 64],
  ["orange yellow", 224, 163, 46],
  ["blue", 56, 61, 150],
  ["green", 70, 148, 73],
  ["red", 175, 54, 60],
  ["yellow", 231, 199, 31],
  ["magenta", 187, 86, 149],
  ["cyan", 8, 133, 161],
  ["white", 243, 243, 242],
  ["neutral 8", 200, 200, 200],
  ["neutral 6.5", 160, 160, 160],
  ["neutral 5", 122, 122, 121],
  ["neutral 3.5", 85, 85, 85],
  ["black", 52, 52, 52],
];

export interface ChartPatchResult {
  name: string;
  srgb: readonly [number, number, number];
  /** The colour the panel aims at (linear, the photo's colour in the panel's range). */
  target: [number, number, number];
  /** Mean predicted glow over the patch's centre (linear). */
  predicted: [number, number, number];
  deltaE: number;
  /** Share of the patch's points flagged out of gamut. */
  outOfGamut: number;
  inGamut: boolean;
}

export interface ChartResult {
  patches: ChartPatchResult[];
  /** Mean CIEDE2000 over the in-gamut patches. */
  meanDeltaEInGamut: number;
  maxDeltaEInGamut: number;
  inGamutCount: number;
}

/** Patch size on the chart panel, mm, and the chart's grid. */
const PATCH_MM = 12;
const COLUMNS = 6;

/**
 * Renders the chart as an image (6 x 4 patches), runs the colour model on a square panel without lip or
 * automatic levels, and compares each patch's mean glow (centre half, so dithering averages out and edges
 * do not bleed) with its target.
 */
export function colourChartDeltaE(
  filaments: readonly ColourFilament[] = DEFAULT_COLOUR_FILAMENTS,
  options: Partial<ColourPanelOptions> = {},
): ChartResult {
  const pxPerPatch = 16;
  const width = COLUMNS * pxPerPatch;
  const height = width; // square panel: the 4 rows sit in the upper part, the rest is white
  const rgba = new Uint8Array(width * height * 4).fill(255);
  COLOR_CHECKER_SRGB.forEach(([, r, g, b], index) => {
    const column = index % COLUMNS;
    const row = Math.floor(index / COLUMNS);
    for (let y = row * pxPerPatch; y < (row + 1) * pxPerPatch; y++) {
      for (let x = column * pxPerPatch; x < (column + 1) * pxPerPatch; x++) {
        rgba.set([r, g, b, 255], 4 * (y * width + x));
      }
    }
  });
  const sizeMm = COLUMNS * PATCH_MM;
  const stack = computeColourStack(
    rgba,
    width,
    height,
    {
      shape: "square",
      widthMm: sizeMm,
      heightMm: sizeMm,
      resolutionMm: 0.4,
      borderMm: 0,
      autoLevels: false,
      nozzleMm: 0,
      ...options,
    },
    filaments,
  );
  const { nx, ny, stepXMm, stepYMm, targetLinear, predictedLinear, outOfGamut } = stack;
  const patches = COLOR_CHECKER_SRGB.map(([name, r, g, b], index) => {
    const column = index % COLUMNS;
    const row = Math.floor(index / COLUMNS);
    // Model space is mirrored (flat front) and row 0 is the bottom.
    const x0 = sizeMm - (column + 0.75) * PATCH_MM;
    const x1 = sizeMm - (column + 0.25) * PATCH_MM;
    const y0 = sizeMm - (row + 0.75) * PATCH_MM;
    const y1 = sizeMm - (row + 0.25) * PATCH_MM;
    const sum = [0, 0, 0];
    const target = [0, 0, 0];
    let count = 0;
    let flagged = 0;
    for (let j = Math.ceil(y0 / stepYMm); j <= Math.floor(y1 / stepYMm) && j < ny; j++) {
      for (let i = Math.ceil(x0 / stepXMm); i <= Math.floor(x1 / stepXMm) && i < nx; i++) {
        const k = j * nx + i;
        for (let c = 0; c < 3; c++) {
          sum[c]! += predictedLinear[3 * k + c]!;
          target[c]! += targetLinear[3 * k + c]!;
        }
        flagged += outOfGamut[k]!;
        count++;
      }
    }
    const predicted: [number, number, number] = [sum[0]! / count, sum[1]! / count, sum[2]! / count];
    const aimed: [number, number, number] = [target[0]! / count, target[1]! / count, target[2]! / count];
    const share = flagged / count;
    return {
      name,
      srgb: [r, g, b] as const,
      target: aimed,
      predicted,
      deltaE: deltaE2000Rgb(aimed, predicted),
      outOfGamut: share,
      inGamut: share < 0.5,
    };
  });
  const inGamut = patches.filter((p) => p.inGamut);
  return {
    patches,
    meanDeltaEInGamut: inGamut.reduce((s, p) => s + p.deltaE, 0) / Math.max(1, inGamut.length),
    maxDeltaEInGamut: Math.max(0, ...inGamut.map((p) => p.deltaE)),
    inGamutCount: inGamut.length,
  };
}

/** Linear RGB of an sRGB byte triple. */
export function srgbBytesToLinear(r: number, g: number, b: number): [number, number, number] {
  return [srgbToLinear(r / 255), srgbToLinear(g / 255), srgbToLinear(b / 255)];
}
