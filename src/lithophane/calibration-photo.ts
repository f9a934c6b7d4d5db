/**
 * Calibration by photo (issue 32, item 5): the owner lays the printed step wedge (wedge.ts) on the lit
 * lightbox, so bare light surrounds it, and takes a phone photo. This finds the wedge in the photo,
 * undoes the perspective, measures each step's light against the bare light around it and fits:
 *   - k per mm per colour channel (and for luminance): light through t mm = A e^(-k t), from the steps'
 *     plateaus (a white-balance error scales a channel's light and its bare light alike, so k is free of
 *     it; A takes the surface losses);
 *   - the scattering term: light leaving a point has spread sideways by a Gaussian of sigma = s x the
 *     plastic's thickness there (the twin's model, twin.ts `scatter`), from the edges between steps, with
 *     the camera's own blur (constant, mm) fitted beside it so that a soft photo does not pass for
 *     scattering.
 * Pure: 8-bit sRGB pixels in, numbers out; the server decodes the upload, the admin screen shows the fit.
 */
import { linearToSrgb, srgbToLinear, wedgeSteps } from "./tones";
import { WEDGE_DEFAULTS } from "./wedge";

export interface PhotoPixels {
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA), 8-bit sRGB, row by row. */
  channels: 3 | 4;
  data: Uint8Array;
}

export interface WedgeLayout {
  stepsMm: readonly number[];
  stepWidthMm: number;
  heightMm: number;
}

export const DEFAULT_WEDGE_LAYOUT: WedgeLayout = {
  stepsMm: wedgeSteps(WEDGE_DEFAULTS.steps, WEDGE_DEFAULTS.fromMm, WEDGE_DEFAULTS.toMm),
  stepWidthMm: WEDGE_DEFAULTS.stepWidthMm,
  heightMm: WEDGE_DEFAULTS.heightMm,
};

type Rgb = [number, number, number];
export interface Point {
  x: number;
  y: number;
}

export interface StepReading {
  thicknessMm: number;
  /** Light through the step / the bare light, linear, per channel and for luminance. */
  transmission: Rgb;
  transmissionLuminance: number;
  /** The fit's transmission at this thickness (luminance). */
  fittedLuminance: number;
  /** Used in the fit (not clipped, not lost in the noise). */
  used: boolean;
}

export interface WedgePhotoFit {
  ok: true;
  /** The wedge's corners in the photo, at its (0, 0), (W, 0), (W, H), (0, H) mm: u = 0 is the thin end. */
  corners: [Point, Point, Point, Point];
  steps: StepReading[];
  attenuationRgbPerMm: Rgb;
  attenuationPerMm: number;
  scatterPerMm: number;
  cameraBlurMm: number;
  /** RMS of the steps' fitted - measured light, in CIE L* (luminance). */
  toneResidualL: number;
  /** RMS of the edge profiles' fitted - measured light, relative to each edge's contrast. */
  edgeResidual: number;
  /** Pixels per mm of the photo along the wedge (detail available for the scattering fit). */
  pixelsPerMm: number;
}

export type WedgePhotoResult =
  | WedgePhotoFit
  | { ok: false; reason: "no_wedge" | "too_small" | "too_few_steps" | "no_bare_light" };

const LUMA: Rgb = [0.2126, 0.7152, 0.0722];
/** Rows across the wedge that hold no digits whichever way up it lies (digits: 4-9 mm from one long side). */
const BAND_FROM_MM = 11;
const BAND_TO_MM = 19;

export function fitWedgePhoto(
  photo: PhotoPixels,
  layout: WedgeLayout = DEFAULT_WEDGE_LAYOUT,
): WedgePhotoResult {
  const { width, height } = photo;
  const linear = [0, 1, 2].map(() => new Float32Array(width * height)) as [
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const table = Float32Array.from({ length: 256 }, (_, v) => srgbToLinear(v / 255));
  const luminance = new Float32Array(width * height);
  for (let p = 0; p < width * height; p++) {
    let y = 0;
    for (let c = 0; c < 3; c++) {
      const v = table[photo.data[p * photo.channels + c]!]!;
      linear[c]![p] = v;
      y += LUMA[c]! * v;
    }
    luminance[p] = y;
  }

  const bright = percentile(luminance, 0.95);
  if (bright <= 0) return { ok: false, reason: "no_bare_light" };
  const component = largestInnerDarkComponent(luminance, width, height, 0.6 * bright);
  if (!component || component.length < (width * height) / 200) return { ok: false, reason: "no_wedge" };

  const quad = cornersOf(component, width, luminance);
  const widthMm = layout.stepWidthMm * layout.stepsMm.length;
  const toPhoto = homography(
    [
      { x: 0, y: 0 },
      { x: widthMm, y: 0 },
      { x: widthMm, y: layout.heightMm },
      { x: 0, y: layout.heightMm },
    ],
    quad,
  );
  const pixelsPerMm = Math.hypot(quad[1].x - quad[0].x, quad[1].y - quad[0].y) / widthMm;
  if (pixelsPerMm < 3) return { ok: false, reason: "too_small" };

  const sample = (values: Float32Array, u: number, v: number): number | undefined => {
    const { x, y } = toPhoto(u, v);
    return bilinear(values, width, height, x, y);
  };

  // The bare light: a ring 3-6 mm outside the wedge, where the photo has it.
  const bare: Rgb = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const values: number[] = [];
    for (let d = 3; d <= 6; d += 0.5) {
      for (let u = -d; u <= widthMm + d; u += 0.5) {
        for (const v of [-d, layout.heightMm + d]) pushDefined(values, sample(linear[c]!, u, v));
      }
      for (let v = 0; v <= layout.heightMm; v += 0.5) {
        for (const u of [-d, widthMm + d]) pushDefined(values, sample(linear[c]!, u, v));
      }
    }
    if (values.length < 20) return { ok: false, reason: "no_bare_light" };
    bare[c] = median(values);
  }
  const bareLuminance = LUMA[0] * bare[0] + LUMA[1] * bare[1] + LUMA[2] * bare[2];

  // Each step's plateau: its middle 6 mm, in the digit-free band.
  const plateaus = layout.stepsMm.map((_, i) => {
    const light: number[][] = [[], [], [], []];
    for (let u = i * layout.stepWidthMm + 4; u <= (i + 1) * layout.stepWidthMm - 4; u += 0.2) {
      for (let v = BAND_FROM_MM; v <= BAND_TO_MM; v += 0.2) {
        for (let c = 0; c < 3; c++) pushDefined(light[c]!, sample(linear[c]!, u, v));
        pushDefined(light[3]!, sample(luminance, u, v));
      }
    }
    return light.map((values) => (values.length ? median(values) : Number.NaN));
  });

  const usable = (lightValue: number) => {
    const encoded = linearToSrgb(lightValue) * 255;
    return encoded >= 4 && encoded <= 250;
  };
  const fitChannel = (light: number[], bareLight: number) => {
    const points = layout.stepsMm
      .map((t, i) => ({ t, light: light[i]!, T: light[i]! / bareLight }))
      .filter((p) => Number.isFinite(p.light) && usable(p.light));
    if (points.length < 3) return undefined;
    // Weighted least squares on ln T: each step weighted by its 8-bit sRGB quantisation in ln units.
    const weighted = points.map((p) => {
      const s = linearToSrgb(p.light);
      const dLight = srgbToLinear(s + 0.5 / 255) - srgbToLinear(s - 0.5 / 255);
      return { x: p.t, y: Math.log(p.T), w: (p.light / Math.max(dLight, 1e-6)) ** 2 };
    });
    const { slope, intercept } = weightedLine(weighted);
    return { k: -slope, a: Math.exp(intercept), used: new Set(points.map((p) => p.t)) };
  };
  const channels = [0, 1, 2].map((c) =>
    fitChannel(
      plateaus.map((p) => p[c]!),
      bare[c]!,
    ),
  );
  const lum = fitChannel(
    plateaus.map((p) => p[3]!),
    bareLuminance,
  );
  if (!lum || channels.some((c) => c === undefined)) return { ok: false, reason: "too_few_steps" };
  const attenuationRgbPerMm = channels.map((c) => c!.k) as Rgb;

  const steps: StepReading[] = layout.stepsMm.map((t, i) => {
    const p = plateaus[i]!;
    return {
      thicknessMm: t,
      transmission: [p[0]! / bare[0], p[1]! / bare[1], p[2]! / bare[2]],
      transmissionLuminance: p[3]! / bareLuminance,
      fittedLuminance: lum.a * Math.exp(-lum.k * t),
      used: lum.used.has(t),
    };
  });
  const toneErrors = steps
    .filter((s) => s.used)
    .map((s) => lightnessL(s.fittedLuminance) - lightnessL(s.transmissionLuminance));
  const toneResidualL = Math.sqrt(toneErrors.reduce((sum, e) => sum + e * e, 0) / toneErrors.length);

  // The edges between steps whose light is measurable on both sides.
  const edges: EdgeProfile[] = [];
  for (let e = 0; e < layout.stepsMm.length - 1; e++) {
    const left = plateaus[e]![3]!;
    const right = plateaus[e + 1]![3]!;
    if (!usable(left) || !usable(right)) continue;
    const at = (e + 1) * layout.stepWidthMm;
    const offsets: number[] = [];
    const light: number[] = [];
    for (let x = -EDGE_HALF_MM; x <= EDGE_HALF_MM + 1e-9; x += EDGE_STEP_MM) {
      const values: number[] = [];
      for (let v = BAND_FROM_MM; v <= BAND_TO_MM; v += 0.25)
        pushDefined(values, sample(luminance, at + x, v));
      if (values.length === 0) continue;
      offsets.push(x);
      light.push(values.reduce((a, b) => a + b, 0) / values.length);
    }
    edges.push({
      thinMm: layout.stepsMm[e]!,
      thickMm: layout.stepsMm[e + 1]!,
      left,
      right,
      offsets,
      light,
      shift: midpointShift(offsets, light, left, right),
    });
  }
  const scattering = fitScattering(edges);

  return {
    ok: true,
    corners: quad,
    steps,
    attenuationRgbPerMm,
    attenuationPerMm: lum.k,
    scatterPerMm: scattering.scatterPerMm,
    cameraBlurMm: scattering.cameraBlurMm,
    toneResidualL,
    edgeResidual: scattering.residual,
    pixelsPerMm,
  };
}

function pushDefined(values: number[], value: number | undefined): void {
  if (value !== undefined) values.push(value);
}

/** CIE L* of a relative luminance. */
function lightnessL(y: number): number {
  const f = y > (6 / 29) ** 3 ? Math.cbrt(y) : y / (3 * (6 / 29) ** 2) + 4 / 29;
  return 116 * f - 16;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function percentile(values: Float32Array, q: number): number {
  // A histogram over [0, 1] is enough for a threshold and cheap on 12 MP.
  const bins = new Uint32Array(1024);
  for (const v of values) bins[Math.min(1023, Math.max(0, Math.floor(v * 1024)))]!++;
  let seen = 0;
  const target = q * values.length;
  for (let b = 0; b < bins.length; b++) {
    seen += bins[b]!;
    if (seen >= target) return (b + 0.5) / 1024;
  }
  return 1;
}

/** The largest 4-connected region darker than `threshold` that does not touch the photo's edge. */
function largestInnerDarkComponent(
  luminance: Float32Array,
  width: number,
  height: number,
  threshold: number,
): Int32Array | undefined {
  const label = new Int32Array(width * height).fill(-1);
  const queue = new Int32Array(width * height);
  let best: Int32Array | undefined;
  for (let start = 0; start < width * height; start++) {
    if (label[start] !== -1 || luminance[start]! >= threshold) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = start;
    let touchesEdge = false;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % width;
      const y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touchesEdge = true;
      const visit = (q: number) => {
        if (label[q] !== -1 || luminance[q]! >= threshold) return;
        label[q] = start;
        queue[tail++] = q;
      };
      if (x > 0) visit(p - 1);
      if (x < width - 1) visit(p + 1);
      if (y > 0) visit(p - width);
      if (y < height - 1) visit(p + width);
    }
    if (!touchesEdge && (!best || tail > best.length)) best = queue.slice(0, tail);
  }
  return best;
}

/**
 * The quadrilateral's corners: the extreme pixels along the four diagonals of the region's principal
 * axes, ordered thin end (the brighter end) first, then along the long side.
 */
function cornersOf(pixels: Int32Array, width: number, luminance: Float32Array): [Point, Point, Point, Point] {
  let mx = 0;
  let my = 0;
  for (const p of pixels) {
    mx += p % width;
    my += Math.floor(p / width);
  }
  mx /= pixels.length;
  my /= pixels.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of pixels) {
    const dx = (p % width) - mx;
    const dy = Math.floor(p / width) - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const long = { x: Math.cos(angle), y: Math.sin(angle) };
  const short = { x: -long.y, y: long.x };
  const extremes = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sa, sb]) => {
    let best = -Infinity;
    let point: Point = { x: mx, y: my };
    for (const p of pixels) {
      const x = (p % width) + 0.5;
      const y = Math.floor(p / width) + 0.5;
      const a = (x - mx) * long.x + (y - my) * long.y;
      const b = (x - mx) * short.x + (y - my) * short.y;
      const score = sa! * a + sb! * b;
      if (score > best) {
        best = score;
        point = { x, y };
      }
    }
    return point;
  }) as [Point, Point, Point, Point];
  // Pixel centres sit half a pixel inside the outline: push each corner out along its diagonal.
  for (const corner of extremes) {
    const dx = corner.x - mx;
    const dy = corner.y - my;
    const length = Math.hypot(dx, dy) || 1;
    corner.x += (0.5 * dx) / length;
    corner.y += (0.5 * dy) / length;
  }
  // Which end is thin: the brighter one.
  let negative = 0;
  let positive = 0;
  for (const p of pixels) {
    const a = ((p % width) - mx) * long.x + (Math.floor(p / width) - my) * long.y;
    if (a < 0) negative += luminance[p]!;
    else positive += luminance[p]!;
  }
  const [nn, pn, pp, np] = extremes;
  // Thin end at u = 0: its two corners first (keeping the quadrilateral's winding).
  return negative >= positive ? [nn, pn, pp, np] : [pp, np, nn, pn];
}

/** The projective map taking the four `from` points to the four `to` points. */
export function homography(from: readonly Point[], to: readonly Point[]): (u: number, v: number) => Point {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x: u, y: v } = from[i]!;
    const { x, y } = to[i]!;
    rows.push([u, v, 1, 0, 0, 0, -u * x, -v * x, x]);
    rows.push([0, 0, 0, u, v, 1, -u * y, -v * y, y]);
  }
  const h = solve(rows);
  return (u, v) => {
    const w = h[6]! * u + h[7]! * v + 1;
    return { x: (h[0]! * u + h[1]! * v + h[2]!) / w, y: (h[3]! * u + h[4]! * v + h[5]!) / w };
  };
}

/** Gauss-Jordan elimination with partial pivoting on an augmented n x (n+1) matrix. */
function solve(augmented: number[][]): number[] {
  const n = augmented.length;
  const m = augmented.map((row) => [...row]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const lead = m[col]![col]!;
    for (let c = col; c <= n; c++) m[col]![c]! /= lead;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = m[r]![col]!;
      if (factor === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= factor * m[col]![c]!;
    }
  }
  return m.map((row) => row[n]!);
}

function bilinear(
  values: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
): number | undefined {
  const fx = x - 0.5;
  const fy = y - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) return undefined;
  const tx = fx - x0;
  const ty = fy - y0;
  const p = y0 * width + x0;
  return (
    (1 - ty) * ((1 - tx) * values[p]! + tx * values[p + 1]!) +
    ty * ((1 - tx) * values[p + width]! + tx * values[p + width + 1]!)
  );
}

function weightedLine(points: Array<{ x: number; y: number; w: number }>): {
  slope: number;
  intercept: number;
} {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const { x, y, w } of points) {
    sw += w;
    sx += w * x;
    sy += w * y;
    sxx += w * x * x;
    sxy += w * x * y;
  }
  const slope = (sw * sxy - sx * sy) / (sw * sxx - sx * sx);
  return { slope, intercept: (sy - slope * sx) / sw };
}

// --- The scattering fit on the edges between steps -------------------------------------------------

const EDGE_HALF_MM = 3;
const EDGE_STEP_MM = 0.05;

interface EdgeProfile {
  thinMm: number;
  thickMm: number;
  /** Plateau light either side (luminance, linear). */
  left: number;
  right: number;
  /** Distances from the edge's nominal place, mm, and the measured light there. */
  offsets: number[];
  light: number[];
  /** Where the measured light crosses halfway, relative to the nominal edge (perspective's error). */
  shift: number;
}

function midpointShift(offsets: number[], light: number[], left: number, right: number): number {
  const half = (left + right) / 2;
  for (let i = 1; i < offsets.length; i++) {
    const a = light[i - 1]! - half;
    const b = light[i]! - half;
    if (a === 0) return offsets[i - 1]!;
    if (a * b < 0) return offsets[i - 1]! + ((offsets[i]! - offsets[i - 1]!) * a) / (a - b);
  }
  return 0;
}

/** erf, Abramowitz & Stegun 7.1.26 (error < 1.5e-7). */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * ax);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-ax * ax);
  return sign * y;
}

const phi = (z: number) => 0.5 * (1 + erf(z / Math.SQRT2));

/**
 * The light across one edge as the model has it: each point takes its Gaussian (sigma = s x its own
 * thickness) of the step's light, then the camera blurs the picture by `cameraMm`.
 */
function modelEdge(edge: EdgeProfile, scatterPerMm: number, cameraMm: number, shift: number): number[] {
  const fine = 0.025;
  const reach = EDGE_HALF_MM + 4 * cameraMm + 0.1;
  const xs: number[] = [];
  const scattered: number[] = [];
  for (let x = -reach; x <= reach + 1e-9; x += fine) {
    const d = x - shift;
    const sigma = scatterPerMm * (d < 0 ? edge.thinMm : edge.thickMm);
    const toRight = sigma > 1e-6 ? phi(d / sigma) : d < 0 ? 0 : 1;
    xs.push(x);
    scattered.push(edge.left * (1 - toRight) + edge.right * toRight);
  }
  return edge.offsets.map((x) => {
    if (cameraMm < fine / 2) return scattered[Math.round((x + reach) / fine)]!;
    let sum = 0;
    let weights = 0;
    const from = Math.max(0, Math.floor((x - 4 * cameraMm + reach) / fine));
    const to = Math.min(xs.length - 1, Math.ceil((x + 4 * cameraMm + reach) / fine));
    for (let i = from; i <= to; i++) {
      const w = Math.exp(-((xs[i]! - x) ** 2) / (2 * cameraMm * cameraMm));
      sum += w * scattered[i]!;
      weights += w;
    }
    return sum / weights;
  });
}

function edgeError(edges: EdgeProfile[], scatterPerMm: number, cameraMm: number): number {
  let total = 0;
  let count = 0;
  for (const edge of edges) {
    const model = modelEdge(edge, scatterPerMm, cameraMm, edge.shift);
    const contrast = Math.abs(edge.left - edge.right) || 1;
    for (let i = 0; i < model.length; i++) {
      total += ((model[i]! - edge.light[i]!) / contrast) ** 2;
      count++;
    }
  }
  return count ? total / count : Number.POSITIVE_INFINITY;
}

function fitScattering(edges: EdgeProfile[]): {
  scatterPerMm: number;
  cameraBlurMm: number;
  residual: number;
} {
  if (edges.length === 0) return { scatterPerMm: 0, cameraBlurMm: 0, residual: Number.NaN };
  // A coarse grid, then coordinate refinement around its best.
  let best = { s: 0, c: 0, error: Number.POSITIVE_INFINITY };
  for (let s = 0; s <= 1.0001; s += 0.04) {
    for (let c = 0; c <= 0.40001; c += 0.04) {
      const error = edgeError(edges, s, c);
      if (error < best.error) best = { s, c, error };
    }
  }
  // Each edge's place (the perspective's small error), then s and c again, twice over.
  for (let pass = 0; pass < 2; pass++) {
    for (const edge of edges) edge.shift = bestShift(edge, best.s, best.c);
    best = refine(edges, best);
  }
  return { scatterPerMm: best.s, cameraBlurMm: best.c, residual: Math.sqrt(best.error) };
}

/** The edge's place that fits its profile best for the given s and c (golden-section, +-0.4 mm). */
function bestShift(edge: EdgeProfile, scatterPerMm: number, cameraMm: number): number {
  const error = (shift: number) => {
    const model = modelEdge(edge, scatterPerMm, cameraMm, shift);
    let total = 0;
    for (let i = 0; i < model.length; i++) total += (model[i]! - edge.light[i]!) ** 2;
    return total;
  };
  const ratio = (Math.sqrt(5) - 1) / 2;
  let a = edge.shift - 0.4;
  let b = edge.shift + 0.4;
  for (let i = 0; i < 30; i++) {
    const x1 = b - ratio * (b - a);
    const x2 = a + ratio * (b - a);
    if (error(x1) < error(x2)) b = x2;
    else a = x1;
  }
  return (a + b) / 2;
}

function refine(
  edges: EdgeProfile[],
  start: { s: number; c: number; error: number },
): { s: number; c: number; error: number } {
  let best = { ...start, error: edgeError(edges, start.s, start.c) };
  let stepS = 0.02;
  let stepC = 0.02;
  for (let round = 0; round < 40 && (stepS > 1e-4 || stepC > 1e-4); round++) {
    let improved = false;
    for (const [ds, dc] of [
      [stepS, 0],
      [-stepS, 0],
      [0, stepC],
      [0, -stepC],
    ] as const) {
      const s = Math.max(0, best.s + ds);
      const c = Math.max(0, best.c + dc);
      const error = edgeError(edges, s, c);
      if (error < best.error) {
        best = { s, c, error };
        improved = true;
      }
    }
    if (!improved) {
      stepS /= 2;
      stepC /= 2;
    }
  }
  return best;
}
