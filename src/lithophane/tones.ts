/**
 * Tone science, pure and browser-safe: sRGB decoding, the filament's attenuation k (Beer-Lambert: light
 * through t mm is e^(-k t)), automatic levels, and turning a calibration wedge reading into k.
 */

/** sRGB-encoded value in [0, 1] -> linear light (IEC 61966-2-1). */
export function srgbToLinear(value: number): number {
  const v = Math.min(1, Math.max(0, value));
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** Linear light in [0, 1] -> sRGB-encoded value. */
export function linearToSrgb(value: number): number {
  const v = Math.min(1, Math.max(0, value));
  return v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
}

/**
 * The default attenuation, 2 per mm (13.5% of the light through 1 mm): white PLA behind warm LEDs, and the
 * value at which the calibrated mapping reproduces the shop's earlier look (that mapping aimed the light at
 * the raw sRGB value with k = 0.69; both land within 0.05 mm of each other across the grey range).
 */
export const DEFAULT_ATTENUATION_PER_MM = 2;

/** Real filaments let 13% to 87% of the light through 1 mm: k between 0.14 and 2.1 per mm, with margin. */
export const ATTENUATION_LIMITS = { min: 0.05, max: 6 } as const;

export function attenuationFromTransmission(transmissionPerMm: number): number {
  return -Math.log(transmissionPerMm);
}

export function transmissionFromAttenuation(attenuationPerMm: number): number {
  return Math.exp(-attenuationPerMm);
}

/**
 * k from a measured ratio: the light through `thickerMm` divided by the light through `thinnerMm`
 * (a lux meter or a phone camera on manual exposure held to two steps of the wedge).
 */
export function attenuationFromRatio(thinnerMm: number, thickerMm: number, ratio: number): number {
  if (!(thickerMm > thinnerMm) || !(ratio > 0 && ratio < 1)) {
    throw new RangeError("The thicker step must let through a fraction strictly between 0 and 1.");
  }
  return -Math.log(ratio) / (thickerMm - thinnerMm);
}

/**
 * k from a visual match: the owner lights the wedge and picks the step that looks as bright as a reference
 * card whose brightness relative to the thinnest step is `cardRelativeLight` (the grey card printed with
 * the wedge's instructions: 18% grey against white gives 0.18).
 */
export function attenuationFromMatch(
  thinnestStepMm: number,
  matchedStepMm: number,
  cardRelativeLight: number,
): number {
  return attenuationFromRatio(thinnestStepMm, matchedStepMm, cardRelativeLight);
}

/** The wedge steps' thicknesses: `steps` evenly from `fromMm` to `toMm`. */
export function wedgeSteps(steps = 10, fromMm = 0.6, toMm = 3.0): number[] {
  return Array.from(
    { length: steps },
    (_, k) => Math.round((fromMm + ((toMm - fromMm) * k) / (steps - 1)) * 100) / 100,
  );
}

/**
 * Math.round's result (ties towards +infinity) by Math.floor, which V8 compiles to a few instructions where
 * Math.round cost 4-6x more in the heightmap's loops (measured). The correction covers the sums x + 0.5
 * that round up in a double (x = 0.49999999999999994, odd integers above 2^52).
 */
export function roundHalfUp(x: number): number {
  const r = Math.floor(x + 0.5);
  return r - 0.5 > x ? r - 1 : r;
}

/**
 * Automatic levels: the grey values (0..255) at the 1st and 99th percentile, which the mapping stretches to
 * black and white. Images whose range is already narrow (< 32 levels between them: a deliberate low-key or
 * flat image) are left alone: [0, 255].
 */
export function autoLevels(
  values: ArrayLike<number>,
  lowFraction = 0.01,
  highFraction = 0.99,
): [number, number] {
  const histogram = new Uint32Array(256);
  const n = values.length;
  // Every 4th value is plenty for percentiles and keeps this cheap on 0.1 mm grids.
  const stride = n > 1_000_000 ? 4 : 1;
  let count = 0;
  for (let k = 0; k < n; k += stride) {
    histogram[Math.min(255, Math.max(0, roundHalfUp(values[k]!)))]!++;
    count++;
  }
  const level = (fraction: number): number => {
    const target = fraction * count;
    let seen = 0;
    for (let g = 0; g < 256; g++) {
      seen += histogram[g]!;
      if (seen > target) return g;
    }
    return 255;
  };
  const low = level(lowFraction);
  const high = level(highFraction);
  if (high - low < 32) return [0, 255];
  return [low, high];
}
