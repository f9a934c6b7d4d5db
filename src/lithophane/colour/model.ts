/**
 * The colour model: photo -> thickness of each filament per grid point, quantised to whole layers, and the
 * colour the stack glows with. Browser-safe; the same code builds the creator's preview and the print file.
 *
 * Stack, from the front face (z = 0, the face the customer looks at, on the bed when printed flat):
 * cyan, magenta, yellow, then the white relief. Light through the stack, per linear RGB channel c:
 *   T_c = exp(-(kW_c tW + kC_c tC + kM_c tM + kY_c tY))
 * relative to the brightest stack (white at its minimum, each colour at its base layer), which is what the
 * eye takes as white. See docs/decisions/100-colour-transmission-model.md.
 */
import { resolveCropRect } from "../crop";
import { LithophaneError } from "../errors";
import { computeHeightmap, type Heightmap } from "../heightmap";
import { snapToLayers } from "../layers";
import type { PanelOptions, PanelSpec } from "../params";
import { rgbaToGrey } from "../preview";
import { resampleToGrid } from "../resample";
import { autoLevels, linearToSrgb, srgbToLinear } from "../tones";
import {
  type ColourFilament,
  type ColourRole,
  DEFAULT_COLOUR_FILAMENTS,
  filamentFor,
  type Rgb3,
  validateColourFilaments,
} from "./filaments";
import { deltaE2000Rgb, linearRgbToOklab, luminance } from "./science";

/** Order of the parts from the front face (z = 0) back: the colour sits at the face the viewer sees. */
export const STACK_ORDER = ["cyan", "magenta", "yellow", "white"] as const satisfies readonly ColourRole[];

export const COLOUR_DEFAULTS = {
  /** Layer height the colour print is sliced at (first layer included); every interface sits on one. */
  layerHeightMm: 0.1,
  /** Every colour part is at least this many layers thick everywhere (a closed part cannot be 0 thick). */
  baseLayers: 1,
  /** At most this many layers of each colour (base included): 0.8 mm at 0.1 mm layers. */
  maxLayers: 8,
  /** A cell is flagged out of gamut when the mapped colour differs from the photo's by more than this (CIEDE2000). */
  flagDeltaE: 2,
} as const;

/** Panel options plus the colour stack's own. The front is always "flat" (colour at the viewer's face). */
export interface ColourPanelOptions extends PanelOptions {
  layerHeightMm?: number;
  baseLayers?: number;
  maxLayers?: number;
}

export interface ColourStack {
  spec: PanelSpec;
  layerHeightMm: number;
  baseLayers: number;
  maxLayers: number;
  /** The printer's filaments in extruder order (filaments[0] = T0 = extruder 1). */
  filaments: readonly ColourFilament[];
  nx: number;
  ny: number;
  stepXMm: number;
  stepYMm: number;
  /**
   * The panel's outer shape: grid, footprint (signedDistanceMm) and thicknessMm = the whole stack's
   * thickness; buildPanelGeometry(heightmap) is the panel as one closed mesh (the 3D preview uses it).
   */
  heightmap: Heightmap;
  /** Thickness of each filament per grid vertex (row-major j * nx + i), whole layers, mm. */
  thicknessMm: Readonly<Record<ColourRole, Float32Array>>;
  /** Interfaces z0 = 0 (front face) .. z4 (back, relief) per grid vertex, following STACK_ORDER. */
  surfacesMm: readonly Float32Array[];
  /** Colour the panel aims at per grid vertex (linear RGB, 3 per vertex, 1 = the panel's white). */
  targetLinear: Float32Array;
  /** The predicted glow per grid vertex from the quantised stack (linear RGB, 3 per vertex). */
  predictedLinear: Float32Array;
  /** 1 where the photo's colour is outside what the stack can make (mapped by more than flagDeltaE). */
  outOfGamut: Uint8Array;
  /** 1 for grid vertices inside the panel's outline. */
  inside: Uint8Array;
  /** Fraction of the inside vertices flagged out of gamut. */
  outOfGamutFraction: number;
}

/** Per-cell solver for one printer's filaments: densities (k t) are linear in thickness. */
export class StackSolver {
  /** Inverse of the 3x3 matrix whose columns are cyan's, magenta's and yellow's k per channel. */
  private readonly inverse: number[];
  /** inverse * white's k. */
  private readonly whiteInCmy: number[];
  readonly white: Rgb3;
  readonly cmy: readonly Rgb3[];
  private readonly lowerScratch = new Float64Array(8);
  private readonly upperScratch = new Float64Array(8);

  constructor(
    filaments: readonly ColourFilament[],
    /** Extra white above its minimum the relief may use (max - min), mm. */
    readonly whiteRangeMm: number,
    /** Extra thickness above its base each colour may use, mm. */
    readonly colourRangeMm: number,
  ) {
    this.white = filamentFor(filaments, "white").attenuationRgbPerMm;
    this.cmy = (["cyan", "magenta", "yellow"] as const).map(
      (role) => filamentFor(filaments, role).attenuationRgbPerMm,
    );
    const m = [0, 1, 2].map((c) => this.cmy.map((k) => k[c]!));
    this.inverse = invert3(m);
    this.whiteInCmy = multiply3(this.inverse, this.white);
  }

  /** The darkest relative light the white relief alone reaches, per channel (its full range). */
  darkest(channel: number): number {
    return Math.exp(-this.white[channel]! * this.whiteRangeMm);
  }

  /**
   * Extra thickness (white, cyan, magenta, yellow) above the brightest stack that makes the relative linear
   * colour `target`, using as much white and as little colour as possible; null when no stack can.
   */
  solve(target: Rgb3, out: Float64Array): boolean {
    const d0 = -Math.log(Math.max(target[0], 1e-6));
    const d1 = -Math.log(Math.max(target[1], 1e-6));
    const d2 = -Math.log(Math.max(target[2], 1e-6));
    const inv = this.inverse;
    const b = this.whiteInCmy;
    const tol = 1e-9;
    let lo = 0;
    let hi = this.whiteRangeMm;
    const range = this.colourRangeMm;
    for (let i = 0; i < 3; i++) {
      const a = inv[3 * i]! * d0 + inv[3 * i + 1]! * d1 + inv[3 * i + 2]! * d2;
      const bi = b[i]!;
      // a - x bi must lie in [0, range].
      if (Math.abs(bi) < 1e-12) {
        if (a < -tol || a > range + tol) return false;
      } else if (bi > 0) {
        hi = Math.min(hi, a / bi);
        lo = Math.max(lo, (a - range) / bi);
      } else {
        lo = Math.max(lo, a / bi);
        hi = Math.min(hi, (a - range) / bi);
      }
    }
    if (lo > hi + 1e-7) return false;
    const x = Math.max(0, Math.min(this.whiteRangeMm, hi));
    out[0] = x;
    for (let i = 0; i < 3; i++) {
      const a = inv[3 * i]! * d0 + inv[3 * i + 1]! * d1 + inv[3 * i + 2]! * d2;
      out[i + 1] = Math.min(range, Math.max(0, a - x * b[i]!));
    }
    return true;
  }

  /** Relative linear light through a stack given as extra thickness above the brightest (white, c, m, y). */
  light(extra: ArrayLike<number>, channel: number): number {
    const density =
      this.white[channel]! * extra[0]! +
      this.cmy[0]![channel]! * extra[1]! +
      this.cmy[1]![channel]! * extra[2]! +
      this.cmy[2]![channel]! * extra[3]!;
    return Math.exp(-density);
  }

  /**
   * The nearest colour the stack can make (gamut mapping). Densities are linear in the thicknesses, so
   * along a straight line in density space, from a grey towards the target (d(s) = g + s (d - g)), the
   * makeable part is found exactly: maximise s over the stacks that make d(s), a two-variable linear
   * programme (s and the white's thickness) solved at its vertices. Greys at the target's luminance and a
   * little darker (which light saturated colours need: colour filaments also dim the channels they pass)
   * are tried; the candidate closest to the target in OKLab wins. Writes the mapped colour to `mapped`
   * and its stack to `out`.
   */
  map(target: Rgb3, mapped: Float64Array, out: Float64Array): void {
    if (this.solve(target, out)) {
      mapped[0] = target[0];
      mapped[1] = target[1];
      mapped[2] = target[2];
      return;
    }
    const d = [0, 1, 2].map((c) => -Math.log(Math.max(target[c]!, 1e-6)));
    const lab = linearRgbToOklab(target);
    const grey0 = -Math.log(Math.max(luminance(target), 1e-6));
    let best = Number.POSITIVE_INFINITY;
    const candidate = new Float64Array(4);
    const rgb: [number, number, number] = [0, 0, 0];
    for (const darker of GREY_STEPS) {
      const g = grey0 + darker;
      const s = this.maxTowards(g, d);
      if (s < 0) continue;
      // A hair inside the boundary, so the exact solver accepts it.
      const inside = Math.max(0, s - 1e-6);
      for (let c = 0; c < 3; c++) rgb[c] = Math.exp(-(g + inside * (d[c]! - g)));
      if (!this.solve(rgb, candidate)) continue;
      const mappedLab = linearRgbToOklab(rgb);
      const distance = Math.hypot(mappedLab[0] - lab[0], mappedLab[1] - lab[1], mappedLab[2] - lab[2]);
      if (distance < best) {
        best = distance;
        mapped.set(rgb);
        out.set(candidate);
      }
    }
    if (best === Number.POSITIVE_INFINITY) {
      // Nothing near is makeable (filaments with odd tints): white only, at the target's mean density.
      const whiteMean = (this.white[0] + this.white[1] + this.white[2]) / 3;
      out[0] = Math.min(this.whiteRangeMm, Math.max(0, (d[0]! + d[1]! + d[2]!) / 3 / whiteMean));
      out[1] = out[2] = out[3] = 0;
      for (let c = 0; c < 3; c++) mapped[c] = this.light(out, c);
    }
  }

  /**
   * The largest s in [0, 1] for which densities g + s (d - g) can be made, or -1 if none can. For a given
   * s the white's thickness x must lie between lower bounds l(s) and upper bounds u(s), all linear in s
   * (0 <= p_i + s q_i - x b_i <= F for the three colours, 0 <= x <= W); every pair l <= u bounds s.
   */
  private maxTowards(g: number, d: readonly number[]): number {
    const inv = this.inverse;
    const b = this.whiteInCmy;
    const F = this.colourRangeMm;
    const lower = this.lowerScratch;
    const upper = this.upperScratch;
    lower[0] = 0;
    lower[1] = 0;
    upper[0] = this.whiteRangeMm;
    upper[1] = 0;
    let lowerCount = 1;
    let upperCount = 1;
    let sLow = 0;
    let sHigh = 1;
    for (let i = 0; i < 3; i++) {
      const r0 = inv[3 * i]!;
      const r1 = inv[3 * i + 1]!;
      const r2 = inv[3 * i + 2]!;
      const p = g * (r0 + r1 + r2);
      const q = r0 * (d[0]! - g) + r1 * (d[1]! - g) + r2 * (d[2]! - g);
      const bi = b[i]!;
      if (Math.abs(bi) < 1e-12) {
        // 0 <= p + s q <= F directly.
        for (const [offset, slope] of [
          [p, q],
          [F - p, -q],
        ] as const) {
          // offset + s slope >= 0
          if (slope > 0) sLow = Math.max(sLow, -offset / slope);
          else if (slope < 0) sHigh = Math.min(sHigh, -offset / slope);
          else if (offset < 0) return -1;
        }
        continue;
      }
      // x <= (p + s q) / bi and x >= (p + s q - F) / bi when bi > 0; swapped when bi < 0.
      const a0 = p / bi;
      const a1 = q / bi;
      const c0 = (p - F) / bi;
      if (bi > 0) {
        upper[2 * upperCount] = a0;
        upper[2 * upperCount++ + 1] = a1;
        lower[2 * lowerCount] = c0;
        lower[2 * lowerCount++ + 1] = a1;
      } else {
        lower[2 * lowerCount] = a0;
        lower[2 * lowerCount++ + 1] = a1;
        upper[2 * upperCount] = c0;
        upper[2 * upperCount++ + 1] = a1;
      }
    }
    for (let m = 0; m < lowerCount; m++) {
      const l0 = lower[2 * m]!;
      const l1 = lower[2 * m + 1]!;
      for (let n = 0; n < upperCount; n++) {
        // l0 + s l1 <= u0 + s u1
        const slope = l1 - upper[2 * n + 1]!;
        const room = upper[2 * n]! - l0;
        if (slope > 1e-12) sHigh = Math.min(sHigh, room / slope);
        else if (slope < -1e-12) sLow = Math.max(sLow, room / slope);
        else if (room < -1e-12) return -1;
      }
    }
    return sLow <= sHigh + 1e-12 ? sHigh : -1;
  }
}

/** How much darker than the target's own luminance (in density, -ln) the anchor greys are tried. */
const GREY_STEPS = [0, 0.02, 0.05, 0.09, 0.14, 0.2, 0.28, 0.38, 0.5, 0.65] as const;

function invert3(m: number[][]): number[] {
  const [a, b, c] = m[0]!;
  const [d, e, f] = m[1]!;
  const [g, h, i] = m[2]!;
  const A = e! * i! - f! * h!;
  const B = -(d! * i! - f! * g!);
  const C = d! * h! - e! * g!;
  const det = a! * A + b! * B + c! * C;
  if (Math.abs(det) < 1e-9) {
    throw new LithophaneError(
      "invalid-parameter",
      "The colour filaments' attenuations cannot be told apart.",
    );
  }
  const inv = [
    A,
    -(b! * i! - c! * h!),
    b! * f! - c! * e!,
    B,
    a! * i! - c! * g!,
    -(a! * f! - c! * d!),
    C,
    -(a! * h! - b! * g!),
    a! * e! - b! * d!,
  ];
  return inv.map((v) => v / det);
}

function multiply3(m: number[], v: Rgb3): number[] {
  return [0, 1, 2].map((r) => m[3 * r]! * v[0] + m[3 * r + 1]! * v[1] + m[3 * r + 2]! * v[2]);
}

function invalid(message: string): never {
  throw new LithophaneError("invalid-parameter", message);
}

/** Validated colour options. */
export function resolveColourOptions(options: ColourPanelOptions): {
  layerHeightMm: number;
  baseLayers: number;
  maxLayers: number;
} {
  const layerHeightMm = options.layerHeightMm ?? COLOUR_DEFAULTS.layerHeightMm;
  if (!(Number.isFinite(layerHeightMm) && layerHeightMm >= 0.04 && layerHeightMm <= 0.3)) {
    invalid(`Layer height must be between 0.04 and 0.3 mm, got ${layerHeightMm}.`);
  }
  const baseLayers = options.baseLayers ?? COLOUR_DEFAULTS.baseLayers;
  const maxLayers = options.maxLayers ?? COLOUR_DEFAULTS.maxLayers;
  if (!(Number.isInteger(baseLayers) && baseLayers >= 1 && baseLayers <= 4)) {
    invalid(`Base layers must be a whole number from 1 to 4, got ${baseLayers}.`);
  }
  if (!(Number.isInteger(maxLayers) && maxLayers > baseLayers && maxLayers <= 20)) {
    invalid(`Colour layers must be a whole number above the base layers and at most 20, got ${maxLayers}.`);
  }
  if (options.front !== undefined && options.front !== "flat") {
    invalid("A colour panel is always seen from its flat face (the colour layers are there).");
  }
  return { layerHeightMm, baseLayers, maxLayers };
}

/** RGBA (canvas ImageData or decoded photo) -> one channel, transparent areas read as white. */
function channelBytes(rgba: Uint8Array | Uint8ClampedArray, count: number, channel: number): Uint8Array {
  const out = new Uint8Array(count);
  for (let k = 0, p = channel; k < count; k++, p += 4) {
    const alpha = rgba[p - channel + 3]! / 255;
    out[k] = Math.round(rgba[p]! * alpha + 255 * (1 - alpha));
  }
  return out;
}

/** Which grid vertices form the seating lip (full thickness), as computeHeightmap marks them. */
function lipMask(heightmap: Heightmap): Uint8Array {
  const { nx, ny, stepXMm, stepYMm, spec, signedDistanceMm } = heightmap;
  const lip = new Uint8Array(nx * ny);
  const border = spec.borderMm;
  if (signedDistanceMm) {
    for (let k = 0; k < lip.length; k++) if (Math.abs(signedDistanceMm[k]!) < border) lip[k] = 1;
  } else if (border > 0) {
    const lipX = Math.ceil(border / stepXMm - 1e-9);
    const lipY = Math.ceil(border / stepYMm - 1e-9);
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        if (j < lipY || j > ny - 1 - lipY || i < lipX || i > nx - 1 - lipX) lip[j * nx + i] = 1;
      }
    }
  }
  return lip;
}

/**
 * RGBA photo + panel options + the printer's four filaments -> the colour stack. The grid, crop, mirroring
 * (flat front), nozzle averaging, automatic levels and seating lip are the white engine's; the white
 * relief's range is the panel's min/max thickness and its k the white filament's (the calibrated one).
 */
export function computeColourStack(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  options: ColourPanelOptions,
  filaments: readonly ColourFilament[] = DEFAULT_COLOUR_FILAMENTS,
): ColourStack {
  validateColourFilaments(filaments);
  const { layerHeightMm, baseLayers, maxLayers } = resolveColourOptions(options);
  if (rgba.length < width * height * 4) {
    throw new LithophaneError(
      "invalid-image",
      `Expected ${width * height * 4} RGBA bytes, got ${rgba.length}.`,
    );
  }
  const white = filamentFor(filaments, "white").attenuationRgbPerMm;
  const whiteK = (white[0] + white[1] + white[2]) / 3;
  // The white engine gives the grid, footprint and lip (its thickness is replaced below).
  const heightmap = computeHeightmap(rgbaToGrey(rgba, width, height), width, height, {
    ...options,
    front: "flat",
    layerSnapMm: 0,
    localContrast: false,
    smoothingMm: 0,
    attenuationPerMm: Math.min(6, Math.max(0.05, whiteK)),
    transmissionPerMm: undefined,
  });
  const { spec, nx, ny, stepXMm, stepYMm } = heightmap;
  const count = nx * ny;
  const baseMm = baseLayers * layerHeightMm;
  const colourMaxMm = maxLayers * layerHeightMm;
  const minWhite = Math.ceil(spec.minThicknessMm / layerHeightMm - 1e-6) * layerHeightMm;
  const maxWhite = Math.floor(spec.maxThicknessMm / layerHeightMm + 1e-6) * layerHeightMm;
  const lipWhite = maxWhite - 3 * baseMm;
  if (lipWhite < minWhite) invalid("The panel is too thin for the colour layers' base.");
  const solver = new StackSolver(filaments, maxWhite - minWhite, colourMaxMm - baseMm);

  // The photo's channels on the grid, exactly as the white engine samples grey.
  const crop = resolveCropRect(spec.crop, width, height, spec.widthMm / spec.heightMm);
  const pxPerMmX = crop.width / spec.widthMm;
  const pxPerMmY = crop.height / spec.heightMm;
  const windowPx = {
    x: Math.max(crop.width / nx, spec.nozzleMm * pxPerMmX),
    y: Math.max(crop.height / ny, spec.nozzleMm * pxPerMmY),
  };
  const channels = [0, 1, 2].map((c) =>
    resampleToGrid(channelBytes(rgba, width * height, c), width, height, crop, nx, ny, windowPx, true),
  );
  const luma = new Float32Array(count);
  for (let k = 0; k < count; k++) {
    luma[k] = 0.299 * channels[0]![k]! + 0.587 * channels[1]![k]! + 0.114 * channels[2]![k]!;
  }
  const [low, high] = spec.autoLevels ? autoLevels(luma) : [0, 255];

  const targetLinear = new Float32Array(3 * count);
  const outOfGamut = new Uint8Array(count);
  const inside = new Uint8Array(count);
  const thickness = {
    white: new Float32Array(count),
    cyan: new Float32Array(count),
    magenta: new Float32Array(count),
    yellow: new Float32Array(count),
  };
  const darkest = [0, 1, 2].map((c) => solver.darkest(c));
  const target: [number, number, number] = [0, 0, 0];
  const mapped = new Float64Array(3);
  const extra = new Float64Array(4);
  let insideCount = 0;
  let flagged = 0;
  for (let k = 0; k < count; k++) {
    const isInside = (heightmap.signedDistanceMm?.[k] ?? -1) <= 0;
    inside[k] = isInside ? 1 : 0;
    for (let c = 0; c < 3; c++) {
      const level = Math.min(1, Math.max(0, (channels[c]![k]! - low) / (high - low)));
      // The white engine's range: black lands on the darkest the relief makes, white on the brightest.
      const value = darkest[c]! + srgbToLinear(level) * (1 - darkest[c]!);
      target[c] = value;
      targetLinear[3 * k + c] = value;
    }
    solver.map(target, mapped, extra);
    if (isInside) {
      insideCount++;
      if (mapped[0] !== target[0] || mapped[1] !== target[1] || mapped[2] !== target[2]) {
        const delta = deltaE2000Rgb(target, [mapped[0]!, mapped[1]!, mapped[2]!]);
        if (delta > COLOUR_DEFAULTS.flagDeltaE) {
          outOfGamut[k] = 1;
          flagged++;
        }
      }
    }
    thickness.white[k] = minWhite + extra[0]!;
    thickness.cyan[k] = baseMm + extra[1]!;
    thickness.magenta[k] = baseMm + extra[2]!;
    thickness.yellow[k] = baseMm + extra[3]!;
  }

  // Whole layers, each filament's light error diffused to its neighbours (layers.ts).
  snapToLayers(thickness.white, nx, ny, layerHeightMm, whiteK, minWhite, maxWhite);
  solver.cmy.forEach((k, index) => {
    const role = (["cyan", "magenta", "yellow"] as const)[index]!;
    snapToLayers(thickness[role], nx, ny, layerHeightMm, k[index]!, baseMm, colourMaxMm);
  });
  const lip = lipMask(heightmap);
  for (let k = 0; k < count; k++) {
    if (!lip[k]) continue;
    thickness.white[k] = lipWhite;
    thickness.cyan[k] = thickness.magenta[k] = thickness.yellow[k] = baseMm;
  }
  // Exact layer multiples (float32 rounding) so the interfaces land on layer boundaries.
  for (const role of STACK_ORDER) {
    const values = thickness[role];
    for (let k = 0; k < count; k++) values[k] = Math.round(values[k]! / layerHeightMm) * layerHeightMm;
  }

  const surfacesMm = [new Float32Array(count)];
  for (const role of STACK_ORDER) {
    const below = surfacesMm[surfacesMm.length - 1]!;
    const next = new Float32Array(count);
    const values = thickness[role];
    for (let k = 0; k < count; k++) next[k] = Math.round((below[k]! + values[k]!) * 1e4) / 1e4;
    surfacesMm.push(next);
  }

  const predictedLinear = new Float32Array(3 * count);
  for (let k = 0; k < count; k++) {
    extra[0] = thickness.white[k]! - minWhite;
    extra[1] = thickness.cyan[k]! - baseMm;
    extra[2] = thickness.magenta[k]! - baseMm;
    extra[3] = thickness.yellow[k]! - baseMm;
    for (let c = 0; c < 3; c++) predictedLinear[3 * k + c] = solver.light(extra, c);
  }

  return {
    spec: heightmap.spec,
    layerHeightMm,
    baseLayers,
    maxLayers,
    filaments,
    nx,
    ny,
    stepXMm,
    stepYMm,
    heightmap: { ...heightmap, thicknessMm: surfacesMm[4]! },
    thicknessMm: thickness,
    surfacesMm,
    targetLinear,
    predictedLinear,
    outOfGamut,
    inside,
    outOfGamutFraction: insideCount > 0 ? flagged / insideCount : 0,
  };
}

/** sRGB bytes (3 per vertex) of a linear RGB array. */
export function linearToSrgbBytes(linear: Float32Array): Uint8Array {
  const out = new Uint8Array(linear.length);
  for (let k = 0; k < linear.length; k++) out[k] = Math.round(255 * linearToSrgb(linear[k]!));
  return out;
}
