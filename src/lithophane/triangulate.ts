import { LithophaneError } from "./errors";

/**
 * Triangulates the boundary loop of a full rectangular grid (nx x ny vertices, loop starting at the
 * bottom-left corner and running counter-clockwise) as a ladder between the two chains that join the
 * bottom-left and top-right corners. Uses only loop vertices; no triangle has three collinear vertices.
 * Returns loop positions, three per triangle, counter-clockwise seen from +z.
 */
export function triangulateRectangleLoop(nx: number, ny: number): Uint32Array {
  const loopLength = 2 * (nx - 1) + 2 * (ny - 1);
  const last = nx - 1 + (ny - 1); // both chains end at the top-right corner
  const chainA = (k: number): number => k; // along the bottom, then up the right side
  const chainB = (k: number): number => (loopLength - k) % loopLength; // up the left, then along the top
  const triangles = new Uint32Array(3 * (loopLength - 2));
  let t = 0;
  const push = (p: number, q: number, r: number): void => {
    triangles[t++] = p;
    triangles[t++] = q;
    triangles[t++] = r;
  };
  // The corner triangle advances both chains, since they share their first vertex.
  push(chainA(0), chainA(1), chainB(1));
  let a = 1;
  let b = 1;
  while (a < last - 1 || b < last - 1) {
    if (a <= b && a < last - 1) {
      push(chainA(a), chainA(a + 1), chainB(b));
      a++;
    } else {
      push(chainB(b + 1), chainB(b), chainA(a));
      b++;
    }
  }
  // The closing triangle uses the shared top-right corner.
  push(chainA(last - 1), chainA(last), chainB(last - 1));
  return triangles;
}

/** Ear clipping of a simple polygon without (nearly) collinear runs; see triangulatePolygon. */
function earClip(xs: Float64Array, ys: Float64Array, minHeight: number): Uint32Array {
  const n = xs.length;
  if (n < 3) throw new LithophaneError("internal", `Cannot triangulate a polygon with ${n} vertices.`);
  const prev = new Int32Array(n);
  const next = new Int32Array(n);
  const removed = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    prev[k] = (k + n - 1) % n;
    next[k] = (k + 1) % n;
  }
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < n; k++) {
    minX = Math.min(minX, xs[k]!);
    maxX = Math.max(maxX, xs[k]!);
    minY = Math.min(minY, ys[k]!);
    maxY = Math.max(maxY, ys[k]!);
  }
  const extent = Math.max(maxX - minX, maxY - minY, 1e-12);
  // Twice-areas below this count as collinear: far below any real triangle, far above rounding noise.
  const flat = 1e-12 * extent * extent;
  const cross = (a: number, b: number, c: number): number =>
    (xs[b]! - xs[a]!) * (ys[c]! - ys[a]!) - (ys[b]! - ys[a]!) * (xs[c]! - xs[a]!);

  const length = (p: number, q: number): number => Math.hypot(xs[q]! - xs[p]!, ys[q]! - ys[p]!);
  // Only reflex or (nearly) collinear vertices can lie in, on or near an ear; bucket them.
  const buckets = Math.max(1, Math.ceil(Math.sqrt(n / 4)));
  const bucketOf = (value: number, min: number, span: number): number =>
    Math.min(buckets - 1, Math.max(0, Math.floor(((value - min) / span) * buckets)));
  const spanX = Math.max(maxX - minX, 1e-12);
  const spanY = Math.max(maxY - minY, 1e-12);
  const blockers: number[] = [];
  for (let k = 0; k < n; k++) {
    const nearlyFlat = minHeight * (length(prev[k]!, k) + length(k, next[k]!));
    if (cross(prev[k]!, k, next[k]!) <= Math.max(flat, nearlyFlat)) blockers.push(k);
  }
  const bucketStart = new Int32Array(buckets * buckets + 1);
  const bucketIndex = (k: number): number =>
    bucketOf(ys[k]!, minY, spanY) * buckets + bucketOf(xs[k]!, minX, spanX);
  for (const k of blockers) bucketStart[bucketIndex(k) + 1]!++;
  for (let b = 0; b < buckets * buckets; b++) bucketStart[b + 1]! += bucketStart[b]!;
  const fill = bucketStart.slice(0, buckets * buckets);
  const bucketItems = new Int32Array(blockers.length);
  for (const k of blockers) bucketItems[fill[bucketIndex(k)]!++] = k;

  /**
   * Ear test. With height > 0 the ear must be at least that thick and no other vertex may come within
   * that distance of it (so no sliver pocket is left behind); with height 0 only exact containment counts.
   */
  const isEar = (v: number, height: number): boolean => {
    const a = prev[v]!;
    const c = next[v]!;
    const twiceArea = cross(a, v, c);
    if (twiceArea <= flat) return false;
    const av = length(a, v);
    const vc = length(v, c);
    const ca = length(c, a);
    if (height > 0 && twiceArea < height * Math.max(av, vc, ca)) return false;
    const pad = height;
    const bx0 = bucketOf(Math.min(xs[a]!, xs[v]!, xs[c]!) - pad, minX, spanX);
    const bx1 = bucketOf(Math.max(xs[a]!, xs[v]!, xs[c]!) + pad, minX, spanX);
    const by0 = bucketOf(Math.min(ys[a]!, ys[v]!, ys[c]!) - pad, minY, spanY);
    const by1 = bucketOf(Math.max(ys[a]!, ys[v]!, ys[c]!) + pad, minY, spanY);
    const diagonalX = xs[a]! - xs[c]!;
    const diagonalY = ys[a]! - ys[c]!;
    for (let by = by0; by <= by1; by++) {
      for (let bx = bx0; bx <= bx1; bx++) {
        const bucket = by * buckets + bx;
        for (let s = bucketStart[bucket]!; s < bucketStart[bucket + 1]!; s++) {
          const p = bucketItems[s]!;
          if (removed[p] || p === a || p === v || p === c) continue;
          const side = cross(c, a, p);
          // Inclusive test: a vertex on the ear's edge blocks it too.
          if (cross(a, v, p) >= -flat && cross(v, c, p) >= -flat && side >= -flat) return false;
          if (height > 0 && Math.abs(side) <= height * ca) {
            // A vertex hugging the new diagonal (away from its ends) would leave a sliver behind.
            const along = ((xs[p]! - xs[c]!) * diagonalX + (ys[p]! - ys[c]!) * diagonalY) / ca;
            if (along > height && along < ca - height) return false;
          }
        }
      }
    }
    return true;
  };

  const triangles = new Uint32Array(3 * (n - 2));
  let t = 0;
  let remaining = n;
  let v = 0;
  let misses = 0;
  const clip = (ear: number): void => {
    const a = prev[ear]!;
    const c = next[ear]!;
    triangles[t++] = a;
    triangles[t++] = ear;
    triangles[t++] = c;
    removed[ear] = 1;
    next[a] = c;
    prev[c] = a;
    remaining--;
  };
  while (remaining > 3) {
    if (isEar(v, minHeight)) {
      const c = next[v]!;
      clip(v);
      misses = 0;
      v = c;
    } else {
      v = next[v]!;
      if (++misses > remaining) {
        // A full lap without a comfortable ear: take the fattest valid one (thin ears are all that is left).
        let best = -1;
        let bestHeight = 0;
        let u = v;
        for (let k = 0; k < remaining; k++) {
          if (isEar(u, 0)) {
            const a = prev[u]!;
            const c = next[u]!;
            const height = cross(a, u, c) / Math.max(length(a, u), length(u, c), length(c, a));
            if (height > bestHeight) {
              bestHeight = height;
              best = u;
            }
          }
          u = next[u]!;
        }
        if (best < 0)
          throw new LithophaneError("internal", "Could not triangulate the back face (no ear found).");
        v = next[best]!;
        clip(best);
        misses = 0;
      }
    }
  }
  triangles[t++] = prev[v]!;
  triangles[t++] = v;
  triangles[t++] = next[v]!;
  return triangles;
}

/** Vertices this close to a straight line count as on it: float rounding of a truly straight side. */
const COLLINEAR_MM = 1e-6;

/**
 * Triangulates a simple polygon (counter-clockwise) keeping every vertex, including collinear ones, so
 * the result shares each boundary edge with the walls. Runs of vertices on a straight line (within
 * COLLINEAR_MM: the hexagon's sides, the heart's tangents) are first taken out, the rest is ear-clipped
 * preferring ears at least `tolerance` thick, each removed run is put back by fanning the one triangle on
 * its edge from that triangle's opposite corner, and Lawson flips then replace needles with triangles
 * reaching across. (Runs taken out at `tolerance` itself, as before, included gently curved stretches of
 * the heart whose fans were 1e-9 mm needles, some folded over.) Returns vertex positions, three per
 * triangle, counter-clockwise.
 */
export function triangulatePolygon(xs: Float64Array, ys: Float64Array, tolerance = 0): Uint32Array {
  const n = xs.length;
  if (n < 3) throw new LithophaneError("internal", `Cannot triangulate a polygon with ${n} vertices.`);
  const cross = (a: number, b: number, c: number): number =>
    (xs[b]! - xs[a]!) * (ys[c]! - ys[a]!) - (ys[b]! - ys[a]!) * (xs[c]! - xs[a]!);
  // Start from the sharpest corner: it is certainly kept.
  let start = 0;
  let sharpest = -1;
  for (let k = 0; k < n; k++) {
    const turn = Math.abs(cross((k + n - 1) % n, k, (k + 1) % n));
    if (turn > sharpest) {
      sharpest = turn;
      start = k;
    }
  }
  /** True when every vertex strictly between i and j (cyclic) lies within COLLINEAR_MM of chord i-j, inside it. */
  const straight = (i: number, j: number): boolean => {
    const dx = xs[j]! - xs[i]!;
    const dy = ys[j]! - ys[i]!;
    const length = Math.hypot(dx, dy);
    if (length === 0) return false;
    for (let m = (i + 1) % n; m !== j; m = (m + 1) % n) {
      if (Math.abs(cross(i, j, m)) > COLLINEAR_MM * length) return false;
      const along = ((xs[m]! - xs[i]!) * dx + (ys[m]! - ys[i]!) * dy) / length;
      if (along <= 0 || along >= length) return false;
    }
    return true;
  };
  const kept: number[] = [];
  /** Removed vertices in order, keyed by the kept edge (from * n + to) they lie on. */
  const removedOn = new Map<number, number[]>();
  let i = start;
  do {
    kept.push(i);
    let end = (i + 1) % n;
    while (end !== start && (end + 1) % n !== i && straight(i, (end + 1) % n)) end = (end + 1) % n;
    if ((end + n - i) % n > 1) {
      const run: number[] = [];
      for (let m = (i + 1) % n; m !== end; m = (m + 1) % n) run.push(m);
      removedOn.set(i * n + end, run);
    }
    i = end;
  } while (i !== start);
  if (kept.length < 3) return earClip(xs, ys, 0);

  const keptX = Float64Array.from(kept, (k) => xs[k]!);
  const keptY = Float64Array.from(kept, (k) => ys[k]!);
  const keptTriangles = earClip(keptX, keptY, tolerance);
  const triangles = new Uint32Array(3 * (n - 2));
  let t = 0;
  const emit = (a: number, b: number, c: number): void => {
    const edges: [number, number, number][] = [
      [a, b, c],
      [b, c, a],
      [c, a, b],
    ];
    for (const [from, to, apex] of edges) {
      const run = removedOn.get(from * n + to);
      if (!run) continue;
      // Fan the run from the opposite corner; sub-triangles may carry runs on their other edges.
      const chain = [from, ...run, to];
      for (let k = 0; k + 1 < chain.length; k++) emit(chain[k]!, chain[k + 1]!, apex);
      return;
    }
    triangles[t++] = a;
    triangles[t++] = b;
    triangles[t++] = c;
  };
  for (let k = 0; k < keptTriangles.length; k += 3) {
    emit(kept[keptTriangles[k]!]!, kept[keptTriangles[k + 1]!]!, kept[keptTriangles[k + 2]!]!);
  }
  if (t !== triangles.length) throw new LithophaneError("internal", "Back-face triangulation lost vertices.");
  delaunayFlips(xs, ys, triangles);
  return triangles;
}

/**
 * Lawson flips towards the constrained Delaunay triangulation, in place: every interior edge whose two
 * triangles form a convex quad with the opposite corner inside the other's circumcircle is swapped for the
 * quad's other diagonal. Putting collinear runs back by fanning leaves needle triangles along gently curved
 * outlines (the heart's arcs: heights of 1e-9 mm, which float32 turns inside out); the flips replace them
 * with triangles reaching across the polygon. Boundary edges never flip, so the walls still match.
 */
export function delaunayFlips(xs: Float64Array, ys: Float64Array, triangles: Uint32Array): number {
  const count = triangles.length / 3;
  const n = xs.length;
  // Directed edge (a -> b) to the corner slot holding a, for triangles listed counter-clockwise.
  const slotOf = new Map<number, number>();
  const key = (a: number, b: number): number => a * n + b;
  for (let slot = 0; slot < triangles.length; slot++) {
    const base = slot - (slot % 3);
    slotOf.set(key(triangles[slot]!, triangles[base + ((slot + 1) % 3)]!), slot);
  }
  const orient = (a: number, b: number, c: number): number =>
    (xs[b]! - xs[a]!) * (ys[c]! - ys[a]!) - (ys[b]! - ys[a]!) * (xs[c]! - xs[a]!);
  /** d strictly inside the circumcircle of counter-clockwise a, b, c. */
  const inCircle = (a: number, b: number, c: number, d: number): boolean => {
    const adx = xs[a]! - xs[d]!;
    const ady = ys[a]! - ys[d]!;
    const bdx = xs[b]! - xs[d]!;
    const bdy = ys[b]! - ys[d]!;
    const cdx = xs[c]! - xs[d]!;
    const cdy = ys[c]! - ys[d]!;
    const det =
      (adx * adx + ady * ady) * (bdx * cdy - cdx * bdy) -
      (bdx * bdx + bdy * bdy) * (adx * cdy - cdx * ady) +
      (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady);
    const scale = (adx * adx + ady * ady + bdx * bdx + bdy * bdy + cdx * cdx + cdy * cdy) ** 2;
    return det > 1e-12 * scale;
  };
  const setTriangle = (t: number, a: number, b: number, c: number): void => {
    triangles[3 * t] = a;
    triangles[3 * t + 1] = b;
    triangles[3 * t + 2] = c;
    slotOf.set(key(a, b), 3 * t);
    slotOf.set(key(b, c), 3 * t + 1);
    slotOf.set(key(c, a), 3 * t + 2);
  };
  const stack: number[] = [];
  for (let slot = 0; slot < triangles.length; slot++) stack.push(slot);
  let flips = 0;
  // Exact arithmetic would guarantee termination; the cap guards against rounding ping-pong.
  const maxFlips = 20 * count + 100;
  while (stack.length > 0 && flips < maxFlips) {
    const slot = stack.pop()!;
    const t = Math.floor(slot / 3);
    const a = triangles[slot]!;
    const b = triangles[3 * t + ((slot + 1) % 3)]!;
    const c = triangles[3 * t + ((slot + 2) % 3)]!;
    // The slot may be stale after an earlier flip: only act when a -> b is still this triangle's edge.
    if (slotOf.get(key(a, b)) !== slot) continue;
    const twin = slotOf.get(key(b, a));
    if (twin === undefined) continue; // a boundary edge
    const u = Math.floor(twin / 3);
    const d = triangles[3 * u + ((twin + 2) % 3)]!;
    if (!inCircle(a, b, c, d)) continue;
    // The new diagonal c-d must lie inside the quad a d b c (convex at a and b).
    if (orient(c, a, d) <= 0 || orient(d, b, c) <= 0) continue;
    slotOf.delete(key(a, b));
    slotOf.delete(key(b, a));
    setTriangle(t, c, a, d);
    setTriangle(u, d, b, c);
    flips++;
    for (const edge of [3 * t, 3 * t + 1, 3 * t + 2, 3 * u, 3 * u + 1, 3 * u + 2]) stack.push(edge);
  }
  return flips;
}
