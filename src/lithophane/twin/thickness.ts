/**
 * Thickness maps, the twin's common currency: how much plastic the light crosses at each point of the
 * panel, from the mesh (what the file asks for) and from the G-code (what the printer will lay down).
 * Pure and browser-safe.
 */

/** Sample points of a thickness map in the panel's own (model) x, y: columns by step, rows listed. */
export interface SampleGrid {
  x0: number;
  dx: number;
  nx: number;
  /** Model y of each row's samples. */
  rows: Float64Array;
  /** Sub-samples per column, averaged (the column's mean thickness). */
  subsamples: number;
}

/**
 * Thickness of a closed mesh along model z at each sample: along the ray the plastic is the sum of the
 * z of the surfaces facing +z minus those facing -z (any closed shell, however many times the ray goes
 * in and out). Triangles `first`..`last` (inclusive) only, so each volume of a multi-part project can
 * be measured on its own. Samples are jittered off the grid so none lies on the mesh's grid edges.
 */
export function meshThickness(
  positions: Float32Array,
  indices: Uint32Array,
  grid: SampleGrid,
  first = 0,
  last = indices.length / 3 - 1,
): Float32Array {
  const { x0, dx, nx, rows, subsamples } = grid;
  const ny = rows.length;
  const out = new Float32Array(nx * ny);
  const sub = dx / subsamples;
  // Sample s of column i at x0 + i dx + (s + 0.5) sub + jitter; rows are sorted ascending.
  const jitter = 0.0137 * sub;
  const sampleX = (i: number, s: number) => x0 + i * dx + (s + 0.5) * sub + jitter;
  const rowJitter = 0.0071 * dx;
  const ys = Float64Array.from(rows, (y) => y + rowJitter);
  const lowerBound = (value: number): number => {
    let lo = 0;
    let hi = ny;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ys[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const weight = 1 / subsamples;
  for (let t = first; t <= last; t++) {
    const a = 3 * indices[3 * t]!;
    const b = 3 * indices[3 * t + 1]!;
    const c = 3 * indices[3 * t + 2]!;
    const ax = positions[a]!;
    const ay = positions[a + 1]!;
    const az = positions[a + 2]!;
    const bx = positions[b]!;
    const by = positions[b + 1]!;
    const bz = positions[b + 2]!;
    const cx = positions[c]!;
    const cy = positions[c + 1]!;
    const cz = positions[c + 2]!;
    // Twice the signed area in x, y: > 0 faces +z (counter-clockwise seen from above).
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area === 0) continue;
    const sign = area > 0 ? 1 : -1;
    const minY = Math.min(ay, by, cy);
    const maxY = Math.max(ay, by, cy);
    const minX = Math.min(ax, bx, cx);
    const maxX = Math.max(ax, bx, cx);
    const j0 = lowerBound(minY);
    const j1 = lowerBound(maxY);
    if (j0 >= j1) continue;
    const firstSample = Math.max(0, Math.ceil((minX - x0 - jitter) / sub - 0.5));
    const lastSample = Math.min(nx * subsamples - 1, Math.floor((maxX - x0 - jitter) / sub - 0.5));
    if (firstSample > lastSample) continue;
    const inverse = 1 / area;
    for (let j = j0; j < j1; j++) {
      const py = ys[j]!;
      for (let q = firstSample; q <= lastSample; q++) {
        const i = Math.floor(q / subsamples);
        const px = sampleX(i, q - i * subsamples);
        // Barycentric weights (edge functions); inside when all share the area's sign.
        const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) * inverse;
        const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) * inverse;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        out[j * nx + i]! += sign * weight * (w0 * az + w1 * bz + w2 * cz);
      }
    }
  }
  return out;
}

/**
 * Adds `volume` spread evenly over [from, to] into cells of width `step` starting at `origin` (the
 * fraction of the interval each cell covers).
 */
export function depositInterval(
  cells: Float32Array | Float64Array,
  origin: number,
  step: number,
  from: number,
  to: number,
  volume: number,
): void {
  const n = cells.length;
  if (to - from < 1e-9) {
    const i = Math.floor((from - origin) / step);
    if (i >= 0 && i < n) cells[i]! += volume;
    return;
  }
  const density = volume / (to - from);
  const first = Math.max(0, Math.floor((from - origin) / step));
  const last = Math.min(n - 1, Math.floor((to - origin) / step));
  for (let i = first; i <= last; i++) {
    const left = Math.max(from, origin + i * step);
    const right = Math.min(to, origin + (i + 1) * step);
    if (right > left) cells[i]! += density * (right - left);
  }
}

/** Adds `volume` spread evenly over an axis-aligned box into a row-major 2D grid of square cells. */
export function depositBox(
  cells: Float32Array | Float64Array,
  nx: number,
  ny: number,
  originX: number,
  originY: number,
  step: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  volume: number,
): void {
  const density = volume / ((x1 - x0) * (y1 - y0));
  const i0 = Math.max(0, Math.floor((x0 - originX) / step));
  const i1 = Math.min(nx - 1, Math.floor((x1 - originX) / step));
  const j0 = Math.max(0, Math.floor((y0 - originY) / step));
  const j1 = Math.min(ny - 1, Math.floor((y1 - originY) / step));
  for (let j = j0; j <= j1; j++) {
    const h = Math.min(y1, originY + (j + 1) * step) - Math.max(y0, originY + j * step);
    if (h <= 0) continue;
    for (let i = i0; i <= i1; i++) {
      const w = Math.min(x1, originX + (i + 1) * step) - Math.max(x0, originX + i * step);
      if (w > 0) cells[j * nx + i]! += density * w * h;
    }
  }
}

/**
 * Re-bins a fine 1D profile of amounts (cells of `fineStep` from `fineOrigin`) into coarse cells
 * [origin + i step, origin + (i + 1) step] (reversed: running towards smaller fine x), as amount per
 * unit length: each fine cell's amount is shared by overlap.
 */
export function averageInto(
  fine: Float32Array | Float64Array,
  fineOrigin: number,
  fineStep: number,
  origin: number,
  step: number,
  out: Float32Array,
  offset: number,
  count: number,
  reversed: boolean,
): void {
  for (let i = 0; i < count; i++) {
    // Reversed: coarse cell i covers [origin - (i + 1) step, origin - i step] on the fine axis.
    const from = reversed ? origin - (i + 1) * step : origin + i * step;
    const to = from + step;
    const first = Math.max(0, Math.floor((from - fineOrigin) / fineStep));
    const last = Math.min(fine.length - 1, Math.floor((to - fineOrigin) / fineStep));
    let sum = 0;
    for (let f = first; f <= last; f++) {
      const left = Math.max(from, fineOrigin + f * fineStep);
      const right = Math.min(to, fineOrigin + (f + 1) * fineStep);
      if (right > left) sum += (fine[f]! * (right - left)) / fineStep;
    }
    out[offset + i] = sum / step;
  }
}
