/**
 * The shop's light model, pure and browser-safe (issue 32 item 4, decision 338): how a backlit panel
 * glows, used by the creator's preview (backlight.ts), the G-code twin (twin/twin.ts) and the renders
 * (cli/render.ts, the site's pictures), so all of them draw the same light from the same thickness.
 *
 * Two terms, both fitted from a photo of the lit wedge (calibration-photo.ts):
 * - absorption: the light through t mm is e^(-k t) per channel (Beer-Lambert, k per mm; the effective
 *   k already holds the light that scattering sends on forward);
 * - scattering: light leaving a point has spread sideways by a Gaussian of sigma = s x the plastic's
 *   thickness there (s in mm per mm): thin plastic keeps fine detail, thick plastic blurs it, and a fine
 *   dark line in bright plastic is filled in with its neighbours' light (decision 338).
 */

/** The model's parameters: a filament's calibration. */
export interface LightModel {
  /** k per mm for red, green and blue light (a white filament: the same in all three). */
  attenuationRgbPerMm: readonly [number, number, number];
  /** Sideways spread of the light, sigma per mm of plastic crossed (0: none). */
  scatterPerMm: number;
}

/**
 * The scattering a filament without a photo calibration is drawn with, sigma per mm of plastic: fitted by
 * the shop's calibration by photo (fitWedgePhoto) on a wedge photo rendered with white PLA's k = 2 /mm and
 * the scattering the twin assumed before (0.25 mm/mm, after Hamp, Logan & Shaw, Appl. Opt. 60:6573, 2021);
 * light-model.test.ts refits it and fails when this number drifts from the fit. Decision 338.
 */
export const DEFAULT_SCATTER_PER_MM = 0.248;

/** The model of a grey filament: one k in every channel. */
export function greyLightModel(attenuationPerMm: number, scatterPerMm = DEFAULT_SCATTER_PER_MM): LightModel {
  return { attenuationRgbPerMm: [attenuationPerMm, attenuationPerMm, attenuationPerMm], scatterPerMm };
}

/** Absorption alone: the light through `thicknessMm` relative to the light through `thinnestMm`, capped at 1. */
export function absorbedLight(thicknessMm: number, attenuationPerMm: number, thinnestMm: number): number {
  return Math.min(1, Math.exp(-attenuationPerMm * (thicknessMm - thinnestMm)));
}

/** A panel's thickness over a regular grid of square cells. */
export interface ThicknessMap {
  width: number;
  height: number;
  /** The cells' side, mm. */
  cellMm: number;
  /** The plastic the light crosses in each cell, mm (row-major, j * width + i). */
  thicknessMm: Float32Array;
  /** 1 where the cell is panel; the light is spread only over the panel. */
  inside: Uint8Array;
}

/**
 * The model: linear light per cell relative to the light through `thinnestMm` (1 there, capped at 1),
 * per channel (one channel for a grey model, three otherwise), then spread by the scattering. `absorbed`
 * replaces the e^(-k (t - thinnest)) step when the caller has the unscattered light already (the twin
 * averages it from a finer grid than its pictures; a colour stack sums several filaments' densities).
 */
export function lightThrough(
  map: ThicknessMap,
  model: LightModel,
  options: { thinnestMm: number; absorbed?: readonly Float32Array[] | undefined },
): Float32Array[] {
  const [kr, kg, kb] = model.attenuationRgbPerMm;
  const ks = kr === kg && kg === kb ? [kr] : [kr, kg, kb];
  const absorbed =
    options.absorbed ??
    ks.map((k) => Float32Array.from(map.thicknessMm, (t) => absorbedLight(t, k, options.thinnestMm)));
  return absorbed.map((light) =>
    scatter(light, map.thicknessMm, map.inside, map.width, map.height, model.scatterPerMm / map.cellMm),
  );
}

/** Blur levels (sigma in cells) the thickness-dependent blur interpolates between. */
const SCATTER_LEVELS = [0, 0.5, 1, 2, 4, 8];

/**
 * Thickness-dependent blur: each cell takes the light of a Gaussian of sigma = `sigmaPerMm` x its
 * thickness (in cells), interpolated between fixed blur levels; the blur is normalised over the panel so
 * the dark outside does not bleed in. Light is conserved on average: it lightens thin detail in thick
 * surroundings as much as it darkens the reverse.
 */
export function scatter(
  light: Float32Array,
  thickness: Float32Array,
  inside: Uint8Array,
  width: number,
  height: number,
  sigmaPerMm: number,
): Float32Array {
  if (sigmaPerMm <= 0) return light;
  let maxSigma = 0;
  for (let p = 0; p < light.length; p++)
    if (inside[p]) maxSigma = Math.max(maxSigma, thickness[p]! * sigmaPerMm);
  const masked = Float64Array.from(light, (v, p) => (inside[p] ? v : 0));
  const mask = Float64Array.from(inside);
  // Only the levels the thickest cell needs (and the one above it) are computed.
  const needed = SCATTER_LEVELS.findIndex((sigma) => sigma >= maxSigma);
  const used = needed < 0 ? SCATTER_LEVELS.length : Math.max(2, needed + 1);
  const levels = SCATTER_LEVELS.slice(0, used).map((sigma) => {
    if (sigma === 0) return masked;
    const blur = gaussianBlur(width, height, sigma);
    const value = blur(masked);
    const weight = blur(mask);
    return value.map((v, p) => (weight[p]! > 1e-6 ? v / weight[p]! : 0));
  });
  const out = new Float32Array(light.length);
  const top = levels.length - 1;
  for (let p = 0; p < out.length; p++) {
    if (!inside[p]) continue;
    const sigma = Math.min(SCATTER_LEVELS[top]!, Math.max(0, thickness[p]!) * sigmaPerMm);
    let level = 0;
    while (level < top - 1 && SCATTER_LEVELS[level + 1]! < sigma) level++;
    const low = SCATTER_LEVELS[level]!;
    const high = SCATTER_LEVELS[level + 1]!;
    const t = Math.min(1, Math.max(0, (sigma - low) / (high - low)));
    out[p] = (1 - t) * levels[level]![p]! + t * levels[level + 1]![p]!;
  }
  return out;
}

/** Separable Gaussian blur (radius 3 sigma, edges clamped). */
export function gaussianBlur(
  width: number,
  height: number,
  sigma: number,
): (values: Float64Array) => Float64Array {
  const radius = Math.ceil(3 * sigma);
  const kernel = Float64Array.from({ length: 2 * radius + 1 }, (_, k) =>
    Math.exp(-((k - radius) ** 2) / (2 * sigma * sigma)),
  );
  const total = kernel.reduce((s, v) => s + v, 0);
  for (let k = 0; k < kernel.length; k++) kernel[k]! /= total;
  return (values) => {
    const across = new Float64Array(values.length);
    for (let j = 0; j < height; j++) {
      for (let i = 0; i < width; i++) {
        let sum = 0;
        for (let k = -radius; k <= radius; k++) {
          const ii = Math.min(width - 1, Math.max(0, i + k));
          sum += kernel[k + radius]! * values[j * width + ii]!;
        }
        across[j * width + i] = sum;
      }
    }
    const out = new Float64Array(values.length);
    for (let j = 0; j < height; j++) {
      for (let i = 0; i < width; i++) {
        let sum = 0;
        for (let k = -radius; k <= radius; k++) {
          const jj = Math.min(height - 1, Math.max(0, j + k));
          sum += kernel[k + radius]! * across[jj * width + i]!;
        }
        out[j * width + i] = sum;
      }
    }
    return out;
  };
}
