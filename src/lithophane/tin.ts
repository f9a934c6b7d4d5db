/**
 * Adaptive triangulation of a height field sampled on a grid (a TIN): greedy insertion with Delaunay
 * flips, after Garland and Heckbert, "Fast polygonal approximation of terrains and height fields" (1995),
 * the algorithm of mapbox/delatin and fogleman/hmm, written here for the panel's needs:
 * - the domain is a polygon (the outline loop, counter-clockwise), not the grid's rectangle: its edges
 *   are constraints that never flip, and a grid point lying on one splits it (the rectangle's border);
 * - every candidate grid point ends within `maxError` of the surface (measured vertically).
 *
 * Each triangle knows its worst grid point (found by scanning the points it covers); the worst triangle
 * of all (a max-heap) gets its point inserted, the triangles around it are made Delaunay again by flips
 * and rescanned, until no point is worse than `maxError`. Coordinates are in grid units (point k is at
 * (k mod nx, floor(k / nx))), so orientation tests between grid points are exact. Deterministic: no
 * randomness, ties keep the first point in scan order. Pure TypeScript, browser-safe.
 */
import { LithophaneError } from "./errors";
import { triangulatePolygon } from "./triangulate";

export interface TinInput {
  nx: number;
  ny: number;
  /** The height field, one value per grid point. */
  heights: Float32Array;
  /** Grid points that may become vertices (inside the outline); null: every grid point. */
  inside: Uint8Array | null;
  /** The outline, counter-clockwise: caller ids (a grid point's id is its index k). */
  loopIds: Int32Array;
  /** Outline positions in grid units. */
  loopX: Float64Array;
  loopY: Float64Array;
  /** Outline heights. */
  loopZ: Float64Array;
  /** Largest vertical error allowed at any candidate grid point (the heights' unit). */
  maxError: number;
}

export interface Tin {
  /** Caller-id triples, counter-clockwise seen from +z. */
  triangles: Int32Array;
  /** The boundary, counter-clockwise from loopIds[0]: the input loop plus the grid points that split it. */
  loop: Int32Array;
  /** 1 where a grid point is a vertex. */
  gridUsed: Uint8Array;
  /** Largest remaining vertical error over the candidate points (<= maxError). */
  maxError: number;
}

/** Growable typed arrays (doubling). */
function grow<T extends Int32Array | Float64Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const bigger = new (array.constructor as { new (n: number): T })(Math.max(needed, 2 * array.length));
  bigger.set(array);
  return bigger;
}

const next = (e: number): number => (e % 3 === 2 ? e - 2 : e + 1);
const prev = (e: number): number => (e % 3 === 0 ? e + 2 : e - 1);

class TinBuilder {
  private readonly nx: number;
  private readonly heights: Float32Array;
  private readonly inside: Uint8Array | null;
  private readonly maxError: number;
  readonly gridUsed: Uint8Array;

  // Vertices: position (grid units), height, caller id.
  private vertexCount = 0;
  private vx = new Float64Array(1024);
  private vy = new Float64Array(1024);
  private vz = new Float64Array(1024);
  private vid = new Int32Array(1024);

  // Triangles: corners (vertex indices) and opposite half-edges (-1 on the boundary), 3 per triangle.
  private triangleCount = 0;
  private corners = new Int32Array(3 * 2048);
  private opposite = new Int32Array(3 * 2048);
  /** Worst grid point of each triangle (-1: none) and its error. */
  private candidate = new Int32Array(2048);
  private error = new Float64Array(2048);

  // Max-heap of triangles by error, with each triangle's heap position (-1: not queued).
  private heap = new Int32Array(2048);
  private heapSize = 0;
  private heapIndex = new Int32Array(2048);

  /** Triangles changed since their last scan. */
  private pending: number[] = [];
  private isPending = new Int32Array(2048);
  private readonly flipStack: number[] = [];

  constructor(input: TinInput) {
    this.nx = input.nx;
    this.heights = input.heights;
    this.inside = input.inside;
    this.maxError = input.maxError;
    this.gridUsed = new Uint8Array(input.nx * input.ny);
  }

  private addVertex(x: number, y: number, z: number, id: number): number {
    const v = this.vertexCount++;
    if (v >= this.vx.length) {
      this.vx = grow(this.vx, v + 1);
      this.vy = grow(this.vy, v + 1);
      this.vid = grow(this.vid, v + 1);
      this.vz = grow(this.vz, v + 1);
    }
    this.vx[v] = x;
    this.vy[v] = y;
    this.vz[v] = z;
    this.vid[v] = id;
    if (id < this.gridUsed.length) this.gridUsed[id] = 1;
    return v;
  }

  /** A new triangle (a, b, c) counter-clockwise; its edges' opposites are linked both ways (-1: none). */
  private addTriangle(a: number, b: number, c: number, ab: number, bc: number, ca: number): number {
    const t = this.triangleCount++;
    if (t >= this.candidate.length) {
      this.corners = grow(this.corners, 3 * (t + 1));
      this.opposite = grow(this.opposite, 3 * (t + 1));
      this.candidate = grow(this.candidate, t + 1);
      this.error = grow(this.error, t + 1);
      this.heap = grow(this.heap, t + 1);
      const heapIndex = grow(this.heapIndex, t + 1);
      heapIndex.fill(-1, this.heapIndex.length);
      this.heapIndex = heapIndex;
      this.isPending = grow(this.isPending, t + 1);
    }
    this.heapIndex[t] = -1;
    this.isPending[t] = 0;
    this.setTriangle(t, a, b, c, ab, bc, ca);
    return t;
  }

  private setTriangle(t: number, a: number, b: number, c: number, ab: number, bc: number, ca: number): void {
    const e = 3 * t;
    this.corners[e] = a;
    this.corners[e + 1] = b;
    this.corners[e + 2] = c;
    this.link(e, ab);
    this.link(e + 1, bc);
    this.link(e + 2, ca);
    this.touch(t);
  }

  private link(e: number, o: number): void {
    this.opposite[e] = o;
    if (o >= 0) this.opposite[o] = e;
  }

  /** Marks a changed triangle for a rescan (and takes it out of the heap meanwhile). */
  private touch(t: number): void {
    if (this.heapIndex[t]! >= 0) this.heapRemove(t);
    if (!this.isPending[t]) {
      this.isPending[t] = 1;
      this.pending.push(t);
    }
  }

  private orient(a: number, b: number, px: number, py: number): number {
    const { vx, vy } = this;
    return (vx[b]! - vx[a]!) * (py - vy[a]!) - (vy[b]! - vy[a]!) * (px - vx[a]!);
  }

  /** d strictly inside the circumcircle of counter-clockwise a, b, c (with a relative margin). */
  private inCircle(a: number, b: number, c: number, d: number): boolean {
    const { vx, vy } = this;
    const adx = vx[a]! - vx[d]!;
    const ady = vy[a]! - vy[d]!;
    const bdx = vx[b]! - vx[d]!;
    const bdy = vy[b]! - vy[d]!;
    const cdx = vx[c]! - vx[d]!;
    const cdy = vy[c]! - vy[d]!;
    const al = adx * adx + ady * ady;
    const bl = bdx * bdx + bdy * bdy;
    const cl = cdx * cdx + cdy * cdy;
    const det = al * (bdx * cdy - cdx * bdy) - bl * (adx * cdy - cdx * ady) + cl * (adx * bdy - bdx * ady);
    return det > 1e-12 * (al + bl + cl) ** 2;
  }

  /** Builds the outline's triangulation (constrained Delaunay) and scans it. */
  start(input: TinInput): void {
    const n = input.loopIds.length;
    const ids = input.loopIds;
    for (let p = 0; p < n; p++) {
      this.addVertex(input.loopX[p]!, input.loopY[p]!, input.loopZ[p]!, ids[p]!);
    }
    const triangles = triangulatePolygon(input.loopX, input.loopY, 1e-3);
    const edgeSlot = new Map<number, number>();
    for (let s = 0; s < triangles.length; s += 3) {
      const a = triangles[s]!;
      const b = triangles[s + 1]!;
      const c = triangles[s + 2]!;
      const t = this.addTriangle(a, b, c, -1, -1, -1);
      const pairs = [a, b, b, c, c, a];
      for (let k = 0; k < 3; k++) {
        const from = pairs[2 * k]!;
        const to = pairs[2 * k + 1]!;
        const twin = edgeSlot.get(to * n + from);
        if (twin !== undefined) this.link(3 * t + k, twin);
        edgeSlot.set(from * n + to, 3 * t + k);
      }
    }
    this.flush();
  }

  /** Inserts the worst points until none is worse than maxError. */
  refine(): void {
    while (this.heapSize > 0) {
      const t = this.heap[0]!;
      if (this.error[t]! <= this.maxError) break;
      this.heapRemove(t);
      this.insert(t, this.candidate[t]!);
      this.flush();
    }
  }

  private insert(t: number, k: number): void {
    const px = k % this.nx;
    const py = (k - px) / this.nx;
    const p = this.addVertex(px, py, this.heights[k]!, k);
    const e0 = 3 * t;
    // On an edge (exactly, for grid points; within rounding otherwise)?
    for (let s = 0; s < 3; s++) {
      const e = e0 + s;
      const a = this.corners[e]!;
      const b = this.corners[next(e)]!;
      const lengthSquared = (this.vx[b]! - this.vx[a]!) ** 2 + (this.vy[b]! - this.vy[a]!) ** 2;
      if (this.orient(a, b, px, py) <= 1e-9 * lengthSquared) {
        this.splitEdge(e, p);
        return;
      }
    }
    const a = this.corners[e0]!;
    const b = this.corners[e0 + 1]!;
    const c = this.corners[e0 + 2]!;
    const ab = this.opposite[e0]!;
    const bc = this.opposite[e0 + 1]!;
    const ca = this.opposite[e0 + 2]!;
    this.setTriangle(t, a, b, p, ab, -1, -1);
    const t1 = this.addTriangle(b, c, p, bc, -1, 3 * t + 1);
    const t2 = this.addTriangle(c, a, p, ca, 3 * t + 2, 3 * t1 + 1);
    this.legalize([3 * t, 3 * t1, 3 * t2]);
  }

  /** Splits edge e (a -> b) of its triangle (a, b, c) at p, and the triangle across it (b, a, d) if any. */
  private splitEdge(e: number, p: number): void {
    const t = (e - (e % 3)) / 3;
    const a = this.corners[e]!;
    const b = this.corners[next(e)]!;
    const c = this.corners[prev(e)]!;
    const bc = this.opposite[next(e)]!;
    const ca = this.opposite[prev(e)]!;
    const h = this.opposite[e]!;
    // (c, a, p) reuses t; (b, c, p) is new.
    this.setTriangle(t, c, a, p, ca, -1, -1);
    const t1 = this.addTriangle(b, c, p, bc, 3 * t + 2, -1);
    if (h < 0) {
      // A boundary edge: a -> p -> b stay on the boundary.
      this.opposite[3 * t + 1] = -1;
      this.opposite[3 * t1 + 2] = -1;
      this.legalize([3 * t, 3 * t1]);
      return;
    }
    const u = (h - (h % 3)) / 3;
    const d = this.corners[prev(h)]!;
    const ad = this.opposite[next(h)]!;
    const db = this.opposite[prev(h)]!;
    // (a, d, p) reuses u; (d, b, p) is new.
    this.setTriangle(u, a, d, p, ad, -1, 3 * t + 1);
    this.addTriangle(d, b, p, db, 3 * t1 + 2, 3 * u + 1);
    this.legalize([3 * t, 3 * t1, 3 * u, 3 * (this.triangleCount - 1)]);
  }

  /** Lawson flips from the given edges until every interior edge is locally Delaunay (boundary edges stay). */
  private legalize(edges: number[]): void {
    const stack = this.flipStack;
    for (const e of edges) stack.push(e);
    // Exact arithmetic would end by itself; the cap guards against rounding ping-pong.
    let budget = 1000 + 64 * edges.length;
    while (stack.length > 0 && budget-- > 0) {
      const a = stack.pop()!;
      const b = this.opposite[a]!;
      if (b < 0) continue;
      const al = next(a);
      const ar = prev(a);
      const bl = prev(b);
      const br = next(b);
      const pr = this.corners[a]!;
      const pl = this.corners[al]!;
      const p0 = this.corners[ar]!;
      const p1 = this.corners[bl]!;
      if (!this.inCircle(pr, pl, p0, p1)) continue;
      // The new diagonal p0 - p1 must keep both triangles counter-clockwise (a convex quad).
      if (this.orient(p1, pl, this.vx[p0]!, this.vy[p0]!) <= 0) continue;
      if (this.orient(p0, pr, this.vx[p1]!, this.vy[p1]!) <= 0) continue;
      const hbl = this.opposite[bl]!;
      const har = this.opposite[ar]!;
      this.corners[a] = p1;
      this.corners[b] = p0;
      this.link(a, hbl);
      this.link(b, har);
      this.link(ar, bl);
      this.touch((a - (a % 3)) / 3);
      this.touch((b - (b % 3)) / 3);
      stack.push(a, al, b, br);
    }
    stack.length = 0;
  }

  /** Rescans every changed triangle and queues those with a point worse than maxError. */
  private flush(): void {
    for (const t of this.pending) {
      this.isPending[t] = 0;
      this.scan(t);
      if (this.candidate[t]! >= 0 && this.error[t]! > this.maxError) this.heapPush(t);
    }
    this.pending.length = 0;
  }

  /** Finds the triangle's worst grid point: the largest vertical distance from its plane. */
  private scan(t: number): void {
    const { vx, vy, vz, nx, inside, gridUsed, heights } = this;
    const a = this.corners[3 * t]!;
    const b = this.corners[3 * t + 1]!;
    const c = this.corners[3 * t + 2]!;
    const ax = vx[a]!;
    const ay = vy[a]!;
    const bx = vx[b]!;
    const by = vy[b]!;
    const cx = vx[c]!;
    const cy = vy[c]!;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    let best = -1;
    let bestError = 0;
    if (area > 0) {
      // The plane z = gx x + gy y + g0.
      const za = vz[a]!;
      const zb = vz[b]!;
      const zc = vz[c]!;
      const gx = ((zb - za) * (cy - ay) - (zc - za) * (by - ay)) / area;
      const gy = ((zc - za) * (bx - ax) - (zb - za) * (cx - ax)) / area;
      const g0 = za - gx * ax - gy * ay;
      const slack = -1e-9 * area;
      const x0 = Math.max(0, Math.ceil(Math.min(ax, bx, cx) - 1e-9));
      const x1 = Math.min(nx - 1, Math.floor(Math.max(ax, bx, cx) + 1e-9));
      const y0 = Math.max(0, Math.ceil(Math.min(ay, by, cy) - 1e-9));
      const y1 = Math.floor(Math.max(ay, by, cy) + 1e-9);
      for (let y = y0; y <= y1; y++) {
        // Edge functions at (x0, y), stepping along x.
        let wa = (cx - bx) * (y - by) - (cy - by) * (x0 - bx);
        let wb = (ax - cx) * (y - cy) - (ay - cy) * (x0 - cx);
        let wc = (bx - ax) * (y - ay) - (by - ay) * (x0 - ax);
        const da = -(cy - by);
        const db = -(ay - cy);
        const dc = -(by - ay);
        let k = y * nx + x0;
        for (let x = x0; x <= x1; x++, k++, wa += da, wb += db, wc += dc) {
          if (wa < slack || wb < slack || wc < slack) continue;
          if (gridUsed[k] || (inside !== null && !inside[k])) continue;
          const e = Math.abs(heights[k]! - (gx * x + gy * y + g0));
          if (e > bestError) {
            bestError = e;
            best = k;
          }
        }
      }
    }
    this.candidate[t] = best;
    this.error[t] = bestError;
  }

  // The heap: larger error first, the lower triangle index on ties (deterministic either way).
  private above(i: number, j: number): boolean {
    const ti = this.heap[i]!;
    const tj = this.heap[j]!;
    const ei = this.error[ti]!;
    const ej = this.error[tj]!;
    return ei > ej || (ei === ej && ti < tj);
  }

  private swap(i: number, j: number): void {
    const ti = this.heap[i]!;
    const tj = this.heap[j]!;
    this.heap[i] = tj;
    this.heap[j] = ti;
    this.heapIndex[tj] = i;
    this.heapIndex[ti] = j;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.above(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.heapSize) break;
      const right = left + 1;
      const child = right < this.heapSize && this.above(right, left) ? right : left;
      if (!this.above(child, i)) break;
      this.swap(i, child);
      i = child;
    }
  }

  private heapPush(t: number): void {
    const i = this.heapSize++;
    this.heap[i] = t;
    this.heapIndex[t] = i;
    this.up(i);
  }

  private heapRemove(t: number): void {
    const i = this.heapIndex[t]!;
    const last = --this.heapSize;
    if (i !== last) {
      this.swap(i, last);
      this.heapIndex[t] = -1;
      this.down(i);
      this.up(i);
    } else {
      this.heapIndex[t] = -1;
    }
  }

  result(firstLoopId: number): Tin {
    const count = this.triangleCount;
    const triangles = new Int32Array(3 * count);
    const nextOnBoundary = new Map<number, number>();
    let worst = 0;
    for (let e = 0; e < 3 * count; e++) {
      triangles[e] = this.vid[this.corners[e]!]!;
      if (this.opposite[e]! < 0) nextOnBoundary.set(triangles[e]!, this.vid[this.corners[next(e)]!]!);
    }
    for (let t = 0; t < count; t++) worst = Math.max(worst, this.error[t]!);
    const loop = new Int32Array(nextOnBoundary.size);
    let id = firstLoopId;
    for (let p = 0; p < loop.length; p++) {
      loop[p] = id;
      const following = nextOnBoundary.get(id);
      if (following === undefined)
        throw new LithophaneError("internal", "The adaptive mesh's outline is open.");
      id = following;
    }
    if (id !== firstLoopId)
      throw new LithophaneError("internal", "The adaptive mesh's outline is not one loop.");
    return { triangles, loop, gridUsed: this.gridUsed, maxError: worst };
  }
}

/** Triangulates the outline's inside with as few triangles as keep every candidate point within maxError. */
export function buildTin(input: TinInput): Tin {
  if (!(input.maxError > 0))
    throw new LithophaneError("internal", "The adaptive mesh needs a positive error.");
  const builder = new TinBuilder(input);
  builder.start(input);
  builder.refine();
  return builder.result(input.loopIds[0]!);
}
