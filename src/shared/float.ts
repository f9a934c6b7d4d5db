/**
 * Binary floating point cannot hold most decimal fractions exactly (5450 * 1.15 is
 * 6267.499999999999, 1.005 * 100 is 100.49999999999999). Money rules compare amounts
 * with exact boundaries (half a penny, a price ending .49), so amounts are first snapped
 * to the nearest millionth of a minor unit. That removes the noise of a few float
 * operations while keeping every digit a real exchange rate or price can carry.
 */
const NOISE_GRID = 1_000_000;

export function removeFloatNoise(value: number): number {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Expected a finite number, got ${value}`);
  }
  return Math.round(value * NOISE_GRID) / NOISE_GRID;
}
