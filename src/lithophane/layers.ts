/**
 * Layer-aware thickness for panels printed flat: the slicer can only make whole layers, so a smooth ramp
 * in thickness prints as terraces (contour bands, ~22 at 0.1 mm layers over 0.8-3.0 mm). Here every
 * thickness is snapped to a whole number of layers and the error is diffused to the neighbours in LIGHT
 * terms (Floyd-Steinberg, serpentine), so a gradient becomes a fine stipple of two neighbouring layer
 * counts whose average light is the target, the way a printer dithers ink.
 */

/**
 * Snaps `thicknessMm` (row-major nx x ny) in place to multiples of `layerMm` within [min, max], diffusing the
 * light error e^(-k t) - e^(-k t_snapped) to the unvisited neighbours.
 */
export function snapToLayers(
  thicknessMm: Float32Array,
  nx: number,
  ny: number,
  layerMm: number,
  attenuationPerMm: number,
  minMm: number,
  maxMm: number,
): void {
  const k = attenuationPerMm;
  const lowest = Math.ceil(minMm / layerMm - 1e-6);
  const highest = Math.floor(maxMm / layerMm + 1e-6);
  const light = (layers: number) => Math.exp(-k * layers * layerMm);
  // Light per layer count, and the error carried to this row and the next.
  const lightOf = new Float64Array(highest + 2);
  for (let n = 0; n <= highest + 1; n++) lightOf[n] = light(n);
  let current = new Float64Array(nx + 2);
  let next = new Float64Array(nx + 2);
  for (let j = 0; j < ny; j++) {
    const leftToRight = j % 2 === 0;
    const direction = leftToRight ? 1 : -1;
    for (let step = 0; step < nx; step++) {
      const i = leftToRight ? step : nx - 1 - step;
      const index = j * nx + i;
      const t = thicknessMm[index]!;
      const wanted = Math.exp(-k * t) + current[i + 1]!;
      // Layer count whose light is nearest the wanted light (light falls as layers grow).
      let n = Math.min(
        highest,
        Math.max(lowest, Math.round(-Math.log(Math.max(wanted, 1e-12)) / k / layerMm)),
      );
      if (n > lowest && Math.abs(lightOf[n - 1]! - wanted) < Math.abs(lightOf[n]! - wanted)) n--;
      else if (n < highest && Math.abs(lightOf[n + 1]! - wanted) < Math.abs(lightOf[n]! - wanted)) n++;
      thicknessMm[index] = n * layerMm;
      const error = wanted - lightOf[n]!;
      // Floyd-Steinberg weights, mirrored on right-to-left rows; +1 offsets keep the borders in range.
      current[i + 1 + direction] = current[i + 1 + direction]! + (error * 7) / 16;
      next[i + 1 - direction] = next[i + 1 - direction]! + (error * 3) / 16;
      next[i + 1] = next[i + 1]! + (error * 5) / 16;
      next[i + 1 + direction] = next[i + 1 + direction]! + error / 16;
    }
    [current, next] = [next, current];
    next.fill(0);
  }
}
