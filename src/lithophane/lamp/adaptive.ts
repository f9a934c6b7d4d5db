/**
 * The lamp's adaptive mesh: the flat panel's TIN (tin.ts: greedy insertion, Delaunay flips, every grid
 * point within maxErrorMm of the surface) run on the unrolled wall, in vertical strips.
 *
 * Why strips: the TIN measures the error in the unrolled (angle, height) plane, where a flat rim is a
 * plane; round the lamp it is a cylinder, and a triangle spanning a wide angle would cut through the
 * wall (the chord's sag). Strips no wider than the arc whose sag is half the error bound keep every
 * facet within the bound of the true cylinder too. The columns between strips are simplified once
 * (Douglas-Peucker within half the error, in height) and shared by the strips on both sides, so the
 * strips meet vertex for vertex; a strip whose TIN would split its sides (it never should: those points
 * are within the bound already) makes the caller fall back to the grid.
 *
 * The inner wall and the two annuli then only need the strip columns: a smooth cylinder of strips.
 */
import type { IndexedMesh } from "../geometry";
import { buildTin } from "../tin";
import type { LampGeometry } from "./params";

/** Grid rows kept on a column: Douglas-Peucker on thickness against row, within `tolerance`. */
function simplifyColumn(values: Float32Array, tolerance: number): number[] {
  const n = values.length;
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const stack: Array<[number, number]> = [[0, n - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    let worst = -1;
    let worstError = tolerance;
    const va = values[a]!;
    const slope = (values[b]! - va) / (b - a);
    for (let k = a + 1; k < b; k++) {
      const error = Math.abs(values[k]! - (va + slope * (k - a)));
      if (error > worstError) {
        worstError = error;
        worst = k;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  const rows: number[] = [];
  for (let k = 0; k < n; k++) if (keep[k]) rows.push(k);
  return rows;
}

/** The strip boundaries (columns, ascending, the last one = columns, i.e. column 0 again). */
export function stripColumns(geometry: LampGeometry, maxErrorMm: number): number[] {
  const { columns, spec } = geometry;
  const R = spec.outerRadiusMm;
  // Sag R (1 - cos(a / 2)) <= maxError / 2 for the strip's angle a.
  const angle = 2 * Math.acos(1 - maxErrorMm / 2 / R);
  const perStrip = Math.max(1, Math.floor((angle / (2 * Math.PI)) * columns));
  const strips = Math.max(3, Math.ceil(columns / perStrip));
  return Array.from({ length: strips + 1 }, (_, s) => Math.round((s * columns) / strips));
}

/**
 * The adaptive closed mesh, or null when a strip's TIN split a shared side (the caller keeps the grid).
 * Vertices: the outer grid points kept, then the inner rings (bottom, top) at the strip columns.
 */
export function buildAdaptiveLampMesh(geometry: LampGeometry, maxErrorMm: number): IndexedMesh | null {
  const { columns: C, rowsZ, thicknessMm, spec } = geometry;
  const M = rowsZ.length;
  const boundaries = stripColumns(geometry, maxErrorMm);
  const strips = boundaries.length - 1;
  const column = new Float32Array(M);
  // Kept rows per boundary column (the last boundary is column 0 again).
  const sides = boundaries.map((c) => {
    const cc = c % C;
    for (let j = 0; j < M; j++) column[j] = thicknessMm[j * C + cc]!;
    return simplifyColumn(column, maxErrorMm / 2);
  });
  const used = new Uint8Array(M * C);
  const outerTriangles: number[] = [];
  for (let s = 0; s < strips; s++) {
    const c0 = boundaries[s]!;
    const c1 = boundaries[s + 1]!;
    const nxs = c1 - c0 + 1;
    const heights = new Float32Array(nxs * M);
    for (let j = 0; j < M; j++) {
      for (let i = 0; i < nxs; i++) heights[j * nxs + i] = thicknessMm[j * C + ((c0 + i) % C)]!;
    }
    // The strip's outline, counter-clockwise in (column, row): the bottom-left corner, the right side
    // up (its kept rows), the top-right corner, the left side down. The bottom and top edges are the
    // rims' constant rows: only their corners.
    const loop: number[] = [0];
    const right = sides[s + 1]!;
    for (let k = 0; k < right.length - 1; k++) loop.push(right[k]! * nxs + nxs - 1);
    loop.push((M - 1) * nxs + nxs - 1);
    const left = sides[s]!;
    for (let k = left.length - 1; k > 0; k--) loop.push(left[k]! * nxs);
    const loopIds = Int32Array.from(loop);
    const tin = buildTin({
      nx: nxs,
      ny: M,
      heights,
      inside: null,
      loopIds,
      loopX: Float64Array.from(loop, (id) => id % nxs),
      loopY: Float64Array.from(loop, (id) => Math.floor(id / nxs)),
      loopZ: Float64Array.from(loop, (id) => heights[id]!),
      maxError: maxErrorMm,
    });
    // The bottom and top rows are the rims (constant) and the sides are within half the bound: a
    // split would leave the neighbour strip with a T-junction.
    if (tin.loop.length !== loop.length) return null;
    const global = (id: number) => {
      const i = id % nxs;
      const j = (id - i) / nxs;
      return j * C + ((c0 + i) % C);
    };
    for (let t = 0; t < tin.triangles.length; t++) {
      const g = global(tin.triangles[t]!);
      used[g] = 1;
      outerTriangles.push(g);
    }
  }
  // File indices: kept outer points in grid order, then the inner rings.
  const index = new Int32Array(M * C).fill(-1);
  let count = 0;
  for (let g = 0; g < M * C; g++) if (used[g]) index[g] = count++;
  const innerBottom = count;
  const innerTop = count + strips;
  const positions = new Float32Array(3 * (count + 2 * strips));
  const rin = spec.innerRadiusMm;
  let p = 0;
  for (let g = 0; g < M * C; g++) {
    if (!used[g]) continue;
    const c = g % C;
    const j = (g - c) / C;
    const theta = (2 * Math.PI * c) / C;
    const r = rin + thicknessMm[g]!;
    positions[p++] = -r * Math.sin(theta);
    positions[p++] = r * Math.cos(theta);
    positions[p++] = rowsZ[j]!;
  }
  for (const z of [0, spec.heightMm]) {
    for (let s = 0; s < strips; s++) {
      const theta = (2 * Math.PI * boundaries[s]!) / C;
      positions[p++] = -rin * Math.sin(theta);
      positions[p++] = rin * Math.cos(theta);
      positions[p++] = z;
    }
  }
  const indices = new Uint32Array(outerTriangles.length + 18 * strips);
  let t = 0;
  for (const g of outerTriangles) indices[t++] = index[g]!;
  const tri = (a: number, b: number, c: number) => {
    indices[t++] = a;
    indices[t++] = b;
    indices[t++] = c;
  };
  const top = (M - 1) * C;
  for (let s = 0; s < strips; s++) {
    const s1 = s + 1 === strips ? 0 : s + 1;
    const c = boundaries[s]!;
    const c1 = boundaries[s + 1]! % C;
    const ob = index[c]!;
    const ob1 = index[c1]!;
    const ot = index[top + c]!;
    const ot1 = index[top + c1]!;
    tri(innerBottom + s, innerTop + s1, innerBottom + s1);
    tri(innerBottom + s, innerTop + s, innerTop + s1);
    tri(ob, innerBottom + s, innerBottom + s1);
    tri(ob, innerBottom + s1, ob1);
    tri(ot, innerTop + s1, innerTop + s);
    tri(ot, ot1, innerTop + s1);
  }
  return { positions, indices: indices.subarray(0, t) };
}
