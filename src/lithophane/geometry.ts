import { LithophaneError } from "./errors";
import type { Heightmap } from "./heightmap";
import { buildTin } from "./tin";
import { triangulatePolygon, triangulateRectangleLoop } from "./triangulate";

/**
 * The closed panel mesh, described compactly so writers can stream it row by row:
 * - top: the relief, one grid vertex per heightmap sample, two triangles per full cell; for masked shapes
 *   the outline cuts boundary cells (marching squares) and adds "crossing" vertices on the cut grid edges.
 *   Or (the print files' default) an adaptive top: as few triangles over a subset of the grid points as
 *   keep every grid point within the spec's maxErrorMm of the surface (tin.ts), the same loop around it;
 * - walls: a vertical quad under each edge of the outline loop, down to z = 0;
 * - back: the flat face at z = 0, triangulated from copies of the loop vertices only.
 *
 * Vertex ids: grid vertex j * nx + i, then crossings (gridCount + ordinal), then back copies
 * (gridCount + crossingCount + loop position). The files number vertices in the same order, skipping
 * grid vertices outside a masked outline.
 */
export interface PanelGeometry {
  heightmap: Heightmap;
  nx: number;
  ny: number;
  stepXMm: number;
  stepYMm: number;
  /** Marching-squares case per cell (bit k = corner k inside, corners counter-clockwise from (i, j)); null = all full. */
  cellCase: Uint8Array | null;
  /** Grid-edge id -> crossing ordinal. */
  crossingByEdge: Map<number, number>;
  crossingX: Float64Array;
  crossingY: Float64Array;
  crossingZ: Float64Array;
  /** Top vertex ids around the outline, counter-clockwise seen from +z. */
  loop: Int32Array;
  /** Back-face triangles as loop positions, counter-clockwise seen from +z (written reversed). */
  backTriangles: Uint32Array;
  /** Triangles contributed by each row of cells (the grid's top; zeros for an adaptive top). */
  rowTriangleCounts: Uint32Array;
  /**
   * The adaptive top (tin.ts): vertex-id triples, counter-clockwise seen from +z, over the grid points it
   * keeps, the crossings and the loop; null: the grid's top (two triangles per cell, cut cells).
   */
  topTriangles: Int32Array | null;
  /** File index per grid vertex (-1 outside); null when every grid vertex is used, in order. */
  gridFileIndex: Int32Array | null;
  usedGridVertices: number;
  vertexCount: number;
  topTriangleCount: number;
  triangleCount: number;
}

/** Triangles per marching-squares case (saddles 5 and 10 are split into two corner triangles). */
const TRIANGLES_PER_CASE = Uint8Array.from([0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 2]);

/** Grid-edge ids: horizontal edges first, then vertical ones. */
function horizontalEdge(nx: number, i: number, j: number): number {
  return j * (nx - 1) + i;
}
function verticalEdge(nx: number, ny: number, i: number, j: number): number {
  return (nx - 1) * ny + j * nx + i;
}

/** Grid edge along side s (0 bottom, 1 right, 2 top, 3 left) of cell (i, j). */
function sideEdge(nx: number, ny: number, i: number, j: number, side: number): number {
  switch (side) {
    case 0:
      return horizontalEdge(nx, i, j);
    case 1:
      return verticalEdge(nx, ny, i + 1, j);
    case 2:
      return horizontalEdge(nx, i, j + 1);
    default:
      return verticalEdge(nx, ny, i, j);
  }
}

/** Side masks of the polygon vertices produced by walkCell (bit s = lies on side s). */
const cornerSides = (corner: number): number => (1 << corner) | (1 << ((corner + 3) % 4));

export interface CellWalk {
  /** Vertex ids of up to two polygons: first `firstLength`, then `secondLength`. */
  ids: Int32Array;
  sides: Uint8Array;
  firstLength: number;
  secondLength: number;
}

/**
 * The polygon(s) of a cell with the given case, counter-clockwise. Saddle cells give two corner triangles,
 * i.e. inside vertices connect 4-wise, so the outline never pinches.
 */
function walkCell(
  geometry: Pick<PanelGeometry, "nx" | "ny" | "crossingByEdge">,
  i: number,
  j: number,
  caseBits: number,
  out: CellWalk,
): void {
  const { nx, ny } = geometry;
  const base = j * nx + i;
  const corners = [base, base + 1, base + nx + 1, base + nx] as const;
  let length = 0;
  for (let side = 0; side < 4; side++) {
    const inside = (caseBits >> side) & 1;
    if (inside) {
      out.ids[length] = corners[side]!;
      out.sides[length++] = cornerSides(side);
    }
    if (inside !== ((caseBits >> ((side + 1) % 4)) & 1)) {
      const ordinal = geometry.crossingByEdge.get(sideEdge(nx, ny, i, j, side));
      if (ordinal === undefined) throw new LithophaneError("internal", "Missing crossing vertex.");
      out.ids[length] = nx * ny + ordinal;
      out.sides[length++] = 1 << side;
    }
  }
  out.firstLength = length;
  out.secondLength = 0;
  if (caseBits === 5 || caseBits === 10) {
    // Walk: 6 vertices. Case 5 starts at corner 0: [c0 X0 X1 c2 X2 X3] -> (c0 X0 X3) + (X1 c2 X2).
    // Case 10 starts at X0: [X0 c1 X1 X2 c3 X3] -> (X0 c1 X1) + (X2 c3 X3).
    const order = caseBits === 5 ? [0, 1, 5, 2, 3, 4] : [0, 1, 2, 3, 4, 5];
    const ids = order.map((k) => out.ids[k]!);
    const sides = order.map((k) => out.sides[k]!);
    out.ids.set(ids);
    out.sides.set(sides);
    out.firstLength = 3;
    out.secondLength = 3;
  }
}

export function newCellWalk(): CellWalk {
  return { ids: new Int32Array(8), sides: new Uint8Array(8), firstLength: 0, secondLength: 0 };
}

/** Fan-triangulates the walked polygon(s) into `out` (vertex-id triples); returns the triangle count. */
function cellTriangles(walk: CellWalk, out: Int32Array, offset: number): number {
  let t = offset;
  const fan = (start: number, length: number): void => {
    for (let k = 1; k < length - 1; k++) {
      out[t++] = walk.ids[start]!;
      out[t++] = walk.ids[start + k]!;
      out[t++] = walk.ids[start + k + 1]!;
    }
  };
  fan(0, walk.firstLength);
  if (walk.secondLength > 0) fan(walk.firstLength, walk.secondLength);
  return (t - offset) / 3;
}

/**
 * Vertex-id triples of the top triangles of cell row j into `out` (size >= 12 * (nx - 1));
 * returns the triangle count. Full cells split along the (i, j)-(i+1, j+1) diagonal; with `onlyCutCells`
 * only the cells the outline cuts are emitted.
 */
export function rowTopTriangles(
  geometry: PanelGeometry,
  j: number,
  out: Int32Array,
  walk = newCellWalk(),
  onlyCutCells = false,
): number {
  const { nx, cellCase } = geometry;
  let t = 0;
  const rowCells = j * (nx - 1);
  for (let i = 0; i < nx - 1; i++) {
    const caseBits = cellCase ? cellCase[rowCells + i]! : 15;
    if (caseBits === 15) {
      if (onlyCutCells) continue;
      const k = j * nx + i;
      out[t++] = k;
      out[t++] = k + 1;
      out[t++] = k + nx + 1;
      out[t++] = k;
      out[t++] = k + nx + 1;
      out[t++] = k + nx;
    } else if (caseBits !== 0) {
      walkCell(geometry, i, j, caseBits, walk);
      t += 3 * cellTriangles(walk, out, t);
    }
  }
  return t / 3;
}

/** Scratch size for rowTopTriangles. */
export function rowScratchSize(nx: number): number {
  return 12 * (nx - 1);
}

/** Writes the position of vertex `id` into out[offset..offset+2]. */
export function vertexPosition(geometry: PanelGeometry, id: number, out: Float64Array, offset = 0): void {
  const { nx, ny } = geometry;
  const gridCount = nx * ny;
  const crossings = geometry.crossingX.length;
  if (id < gridCount) {
    const i = id % nx;
    const j = (id - i) / nx;
    out[offset] = i * geometry.stepXMm;
    out[offset + 1] = j * geometry.stepYMm;
    out[offset + 2] = geometry.heightmap.thicknessMm[id]!;
  } else if (id < gridCount + crossings) {
    const c = id - gridCount;
    out[offset] = geometry.crossingX[c]!;
    out[offset + 1] = geometry.crossingY[c]!;
    out[offset + 2] = geometry.crossingZ[c]!;
  } else {
    vertexPosition(geometry, geometry.loop[id - gridCount - crossings]!, out, offset);
    out[offset + 2] = 0;
  }
}

/** File (3MF / indexed mesh) index of vertex `id`. */
export function fileIndex(geometry: PanelGeometry, id: number): number {
  const gridCount = geometry.nx * geometry.ny;
  if (id < gridCount) return geometry.gridFileIndex ? geometry.gridFileIndex[id]! : id;
  return id - gridCount + geometry.usedGridVertices;
}

/** Calls `emit` for the wall and back triangles (vertex ids, outward counter-clockwise), in file order. */
export function forEachWallAndBackTriangle(
  geometry: PanelGeometry,
  emit: (a: number, b: number, c: number) => void,
): void {
  const { loop } = geometry;
  const length = loop.length;
  const backBase = geometry.nx * geometry.ny + geometry.crossingX.length;
  for (let p = 0; p < length; p++) {
    const q = p + 1 === length ? 0 : p + 1;
    const a = loop[p]!;
    const b = loop[q]!;
    emit(b, a, backBase + p);
    emit(b, backBase + p, backBase + q);
  }
  const back = geometry.backTriangles;
  for (let t = 0; t < back.length; t += 3) {
    emit(backBase + back[t]!, backBase + back[t + 2]!, backBase + back[t + 1]!);
  }
}

/** Calls `emit` for every triangle in file order: top rows, walls, back. */
export function forEachTriangle(
  geometry: PanelGeometry,
  emit: (a: number, b: number, c: number) => void,
): void {
  forEachTopTriangle(geometry, emit);
  forEachWallAndBackTriangle(geometry, emit);
}

/** Calls `emit` for every vertex id in file order. */
export function forEachVertex(geometry: PanelGeometry, emit: (id: number) => void): void {
  const gridCount = geometry.nx * geometry.ny;
  const map = geometry.gridFileIndex;
  for (let k = 0; k < gridCount; k++) if (!map || map[k]! >= 0) emit(k);
  const rest = geometry.crossingX.length + geometry.loop.length;
  for (let k = 0; k < rest; k++) emit(gridCount + k);
}

interface MaskedTopology {
  cellCase: Uint8Array;
  crossingByEdge: Map<number, number>;
  crossingX: Float64Array;
  crossingY: Float64Array;
  crossingZ: Float64Array;
  loops: Int32Array[];
}

/** Marching squares over the signed distance: cell cases, crossing vertices and boundary loops. */
function maskedTopology(heightmap: Heightmap, signed: Float32Array): MaskedTopology {
  const { nx, ny, stepXMm, stepYMm, thicknessMm } = heightmap;
  const cellCase = new Uint8Array((nx - 1) * (ny - 1));
  for (let j = 0; j < ny - 1; j++) {
    for (let i = 0; i < nx - 1; i++) {
      const k = j * nx + i;
      cellCase[j * (nx - 1) + i] =
        (signed[k]! <= 0 ? 1 : 0) |
        (signed[k + 1]! <= 0 ? 2 : 0) |
        (signed[k + nx + 1]! <= 0 ? 4 : 0) |
        (signed[k + nx]! <= 0 ? 8 : 0);
    }
  }
  // Clamp distances away from zero so a crossing never lands within 5% of an edge's length of a grid
  // vertex: no slivers, no coincident vertices, even when the outline passes through grid points.
  const clamp = 0.05 * Math.min(stepXMm, stepYMm);
  const crossingByEdge = new Map<number, number>();
  const xs: number[] = [];
  const ys: number[] = [];
  const zs: number[] = [];
  const addCrossing = (edge: number, a: number, b: number): void => {
    if (crossingByEdge.has(edge)) return;
    const inside = signed[a]! <= 0 ? a : b;
    const outside = inside === a ? b : a;
    const gIn = Math.min(signed[inside]!, -clamp);
    const gOut = Math.max(signed[outside]!, clamp);
    const t = gIn / (gIn - gOut);
    const iIn = inside % nx;
    const jIn = (inside - iIn) / nx;
    const iOut = outside % nx;
    const jOut = (outside - iOut) / nx;
    crossingByEdge.set(edge, xs.length);
    xs.push((iIn + t * (iOut - iIn)) * stepXMm);
    ys.push((jIn + t * (jOut - jIn)) * stepYMm);
    zs.push(thicknessMm[inside]! + t * (thicknessMm[outside]! - thicknessMm[inside]!));
  };
  for (let j = 0; j < ny - 1; j++) {
    for (let i = 0; i < nx - 1; i++) {
      const caseBits = cellCase[j * (nx - 1) + i]!;
      if (caseBits === 0 || caseBits === 15) continue;
      const k = j * nx + i;
      const corners = [k, k + 1, k + nx + 1, k + nx];
      for (let side = 0; side < 4; side++) {
        if (((caseBits >> side) & 1) !== ((caseBits >> ((side + 1) % 4)) & 1)) {
          addCrossing(sideEdge(nx, ny, i, j, side), corners[side]!, corners[(side + 1) % 4]!);
        }
      }
    }
  }
  const topology = {
    cellCase,
    crossingByEdge,
    crossingX: Float64Array.from(xs),
    crossingY: Float64Array.from(ys),
    crossingZ: Float64Array.from(zs),
  };

  // Boundary edges: cut edges between crossings, plus cell sides lying on the grid border.
  const nextOnLoop = new Map<number, number>();
  const walk = newCellWalk();
  const onBorder = (i: number, j: number, side: number): boolean =>
    (side === 0 && j === 0) ||
    (side === 1 && i === nx - 2) ||
    (side === 2 && j === ny - 2) ||
    (side === 3 && i === 0);
  for (let j = 0; j < ny - 1; j++) {
    for (let i = 0; i < nx - 1; i++) {
      const caseBits = cellCase[j * (nx - 1) + i]!;
      if (caseBits === 0) continue;
      const touchesBorder = i === 0 || j === 0 || i === nx - 2 || j === ny - 2;
      if (caseBits === 15 && !touchesBorder) continue;
      walkCell({ nx, ny, crossingByEdge }, i, j, caseBits, walk);
      const polygons: [number, number][] = [[0, walk.firstLength]];
      if (walk.secondLength) polygons.push([walk.firstLength, walk.secondLength]);
      for (const [start, length] of polygons) {
        for (let k = 0; k < length; k++) {
          const p = start + k;
          const q = start + ((k + 1) % length);
          const common = walk.sides[p]! & walk.sides[q]!;
          const boundary = common === 0 || onBorder(i, j, Math.log2(common));
          if (boundary) {
            const from = walk.ids[p]!;
            if (nextOnLoop.has(from)) throw new LithophaneError("internal", "Outline loop pinches.");
            nextOnLoop.set(from, walk.ids[q]!);
          }
        }
      }
    }
  }
  const loops: Int32Array[] = [];
  for (const start of nextOnLoop.keys()) {
    if (!nextOnLoop.has(start)) continue;
    const ids: number[] = [];
    let id = start;
    do {
      ids.push(id);
      const next = nextOnLoop.get(id);
      nextOnLoop.delete(id);
      if (next === undefined) throw new LithophaneError("internal", "Outline loop is open.");
      id = next;
    } while (id !== start);
    loops.push(Int32Array.from(ids));
  }
  return { ...topology, loops };
}

/**
 * Makes the inside region one 4-connected piece without holes, so its outline is a single loop:
 * keeps the largest inside component and fills enclosed outside pockets (both only happen for outlines
 * with features thinner than the grid spacing).
 */
function keepSingleRegion(nx: number, ny: number, signed: Float32Array): void {
  const count = nx * ny;
  const label = new Int32Array(count).fill(-1);
  const queue = new Int32Array(count);
  let best = -1;
  let bestSize = 0;
  let components = 0;
  for (let seed = 0; seed < count; seed++) {
    if (signed[seed]! > 0 || label[seed]! >= 0) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    label[seed] = components;
    while (head < tail) {
      const k = queue[head++]!;
      const i = k % nx;
      const neighbours = [i > 0 ? k - 1 : -1, i < nx - 1 ? k + 1 : -1, k - nx, k + nx];
      for (const m of neighbours) {
        if (m < 0 || m >= count || signed[m]! > 0 || label[m]! >= 0) continue;
        label[m] = components;
        queue[tail++] = m;
      }
    }
    if (tail > bestSize) {
      bestSize = tail;
      best = components;
    }
    components++;
  }
  const tiny = 1e-6;
  for (let k = 0; k < count; k++) {
    if (signed[k]! <= 0 && label[k] !== best) signed[k] = Math.max(Math.abs(signed[k]!), tiny);
  }
  // Outside vertices 8-connected to the grid border are truly outside; the rest are holes: fill them.
  const reached = new Uint8Array(count);
  let head = 0;
  let tail = 0;
  for (let k = 0; k < count; k++) {
    const i = k % nx;
    const j = (k - i) / nx;
    const border = i === 0 || j === 0 || i === nx - 1 || j === ny - 1;
    if (border && signed[k]! > 0) {
      reached[k] = 1;
      queue[tail++] = k;
    }
  }
  while (head < tail) {
    const k = queue[head++]!;
    const i = k % nx;
    const j = (k - i) / nx;
    for (let dj = -1; dj <= 1; dj++) {
      for (let di = -1; di <= 1; di++) {
        const ii = i + di;
        const jj = j + dj;
        if (ii < 0 || jj < 0 || ii >= nx || jj >= ny) continue;
        const m = jj * nx + ii;
        if (reached[m] || signed[m]! <= 0) continue;
        reached[m] = 1;
        queue[tail++] = m;
      }
    }
  }
  for (let k = 0; k < count; k++) {
    if (signed[k]! > 0 && !reached[k]) signed[k] = -Math.max(Math.abs(signed[k]!), tiny);
  }
}

/** The loop's x, y positions (mm). */
function loopPositions(geometry: PanelGeometry, loop: Int32Array): { xs: Float64Array; ys: Float64Array } {
  const position = new Float64Array(3);
  const xs = new Float64Array(loop.length);
  const ys = new Float64Array(loop.length);
  for (let p = 0; p < loop.length; p++) {
    vertexPosition(geometry, loop[p]!, position);
    xs[p] = position[0]!;
    ys[p] = position[1]!;
  }
  return { xs, ys };
}

/** The back face: the loop's 2D positions triangulated (loop positions, counter-clockwise from +z). */
function triangulateBack(geometry: PanelGeometry, loop: Int32Array): Uint32Array {
  const { xs, ys } = loopPositions(geometry, loop);
  if (loopArea(xs, ys) <= 0) throw new LithophaneError("internal", "Outline loop is not counter-clockwise.");
  // Ears must be thicker than float32 rounding can flip (~1e-5 mm at 180 mm), with a wide margin.
  return triangulatePolygon(xs, ys, Math.max(5e-5, 0.001 * Math.min(geometry.stepXMm, geometry.stepYMm)));
}

function loopArea(xs: Float64Array, ys: Float64Array): number {
  let area = 0;
  for (let k = 0; k < xs.length; k++) {
    const next = (k + 1) % xs.length;
    area += xs[k]! * ys[next]! - xs[next]! * ys[k]!;
  }
  return area / 2;
}

/** The grid's closed, manifold panel mesh: two triangles per full cell. */
function buildGridGeometry(heightmap: Heightmap): PanelGeometry {
  const { nx, ny, stepXMm, stepYMm } = heightmap;
  const rowTriangleCounts = new Uint32Array(ny - 1);
  const empty = new Float64Array(0);
  if (!heightmap.signedDistanceMm) {
    // Full rectangle: the loop is the grid border, counter-clockwise from the bottom-left corner.
    const loop = new Int32Array(2 * (nx - 1) + 2 * (ny - 1));
    let p = 0;
    for (let i = 0; i < nx - 1; i++) loop[p++] = i;
    for (let j = 0; j < ny - 1; j++) loop[p++] = j * nx + nx - 1;
    for (let i = nx - 1; i > 0; i--) loop[p++] = (ny - 1) * nx + i;
    for (let j = ny - 1; j > 0; j--) loop[p++] = j * nx;
    rowTriangleCounts.fill(2 * (nx - 1));
    const topTriangleCount = 2 * (nx - 1) * (ny - 1);
    return {
      heightmap,
      nx,
      ny,
      stepXMm,
      stepYMm,
      cellCase: null,
      crossingByEdge: new Map(),
      crossingX: empty,
      crossingY: empty,
      crossingZ: empty,
      loop,
      backTriangles: triangulateRectangleLoop(nx, ny),
      rowTriangleCounts,
      topTriangles: null,
      gridFileIndex: null,
      usedGridVertices: nx * ny,
      vertexCount: nx * ny + loop.length,
      topTriangleCount,
      triangleCount: topTriangleCount + 3 * loop.length - 2,
    };
  }

  const signed = heightmap.signedDistanceMm;
  let topology = maskedTopology(heightmap, signed);
  if (topology.loops.length !== 1) {
    keepSingleRegion(nx, ny, signed);
    topology = maskedTopology(heightmap, signed);
  }
  if (topology.loops.length !== 1) {
    throw new LithophaneError(
      "internal",
      `The outline produced ${topology.loops.length} loops; try another resolution or size.`,
    );
  }
  const loop = topology.loops[0]!;
  const geometryBase = {
    heightmap,
    nx,
    ny,
    stepXMm,
    stepYMm,
    cellCase: topology.cellCase,
    crossingByEdge: topology.crossingByEdge,
    crossingX: topology.crossingX,
    crossingY: topology.crossingY,
    crossingZ: topology.crossingZ,
    loop,
  };

  const gridFileIndex = new Int32Array(nx * ny).fill(-1);
  let used = 0;
  for (let k = 0; k < nx * ny; k++) if (signed[k]! <= 0) gridFileIndex[k] = used++;

  let topTriangleCount = 0;
  for (let j = 0; j < ny - 1; j++) {
    let count = 0;
    const row = j * (nx - 1);
    for (let i = 0; i < nx - 1; i++) count += TRIANGLES_PER_CASE[topology.cellCase[row + i]!]!;
    rowTriangleCounts[j] = count;
    topTriangleCount += count;
  }

  // Back face: triangulate the loop's 2D positions.
  const partial = {
    ...geometryBase,
    topTriangles: null,
    gridFileIndex,
    usedGridVertices: used,
  } as PanelGeometry;
  const backTriangles = triangulateBack(partial, loop);
  return {
    ...geometryBase,
    backTriangles,
    rowTriangleCounts,
    topTriangles: null,
    gridFileIndex,
    usedGridVertices: used,
    vertexCount: used + topology.crossingX.length + loop.length,
    topTriangleCount,
    triangleCount: topTriangleCount + 3 * loop.length - 2,
  };
}

export interface GeometryOptions {
  /** Largest vertical error (mm) of the top at any grid point; 0: the full grid. Default: the spec's. */
  maxErrorMm?: number;
}

/**
 * Builds the closed, manifold panel mesh description from a heightmap: the adaptive top when the spec's
 * maxErrorMm (or the option) is above 0, else the full grid.
 */
export function buildPanelGeometry(heightmap: Heightmap, options: GeometryOptions = {}): PanelGeometry {
  const grid = buildGridGeometry(heightmap);
  const maxErrorMm = options.maxErrorMm ?? heightmap.spec.maxErrorMm;
  if (!(maxErrorMm > 0)) return grid;
  // Rectangles start from the four corners (border points come in where needed); masked shapes from
  // their whole outline, whose crossings are not grid points.
  const { nx, ny } = grid;
  const corners = Int32Array.from([0, nx - 1, nx * ny - 1, (ny - 1) * nx]);
  return adaptiveGeometry(grid, maxErrorMm, grid.cellCase ? grid.loop : corners);
}

/**
 * One geometry per surface (thickness per grid point) over the heightmap's footprint, e.g. a colour
 * panel's stacked interfaces: each surface its own adaptive top, all around the grid's whole outline
 * loop, so two surfaces meet the walls between them at the same points.
 */
export function buildPanelGeometries(
  heightmap: Heightmap,
  surfaces: readonly Float32Array[],
  options: GeometryOptions = {},
): PanelGeometry[] {
  const maxErrorMm = options.maxErrorMm ?? heightmap.spec.maxErrorMm;
  return surfaces.map((thicknessMm) => {
    const grid = buildGridGeometry({ ...heightmap, thicknessMm });
    return maxErrorMm > 0 ? adaptiveGeometry(grid, maxErrorMm, grid.loop) : grid;
  });
}

/** The grid geometry's top made adaptive (tin.ts) from the outline `start`, a part of the grid's loop. */
function adaptiveGeometry(grid: PanelGeometry, maxErrorMm: number, start: Int32Array): PanelGeometry {
  const { nx, ny, stepXMm, stepYMm } = grid;
  const gridCount = nx * ny;
  const { xs, ys } = loopPositions(grid, start);
  const position = new Float64Array(3);
  const tin = buildTin({
    nx,
    ny,
    heights: grid.heightmap.thicknessMm,
    inside: grid.gridFileIndex ? Uint8Array.from(grid.gridFileIndex, (index) => (index >= 0 ? 1 : 0)) : null,
    loopIds: start,
    loopX: xs.map((x) => x / stepXMm),
    loopY: ys.map((y) => y / stepYMm),
    loopZ: Float64Array.from(start, (id) => {
      vertexPosition(grid, id, position);
      return position[2]!;
    }),
    maxError: maxErrorMm,
  });
  // A surface that changes at nearly every grid point (a colour panel's dithered whole layers) can need
  // more triangles than the grid within the error: then the grid it is.
  if (tin.triangles.length / 3 >= grid.topTriangleCount) return grid;
  const gridFileIndex = new Int32Array(gridCount).fill(-1);
  let used = 0;
  for (let k = 0; k < gridCount; k++) if (tin.gridUsed[k]) gridFileIndex[k] = used++;
  const loop = tin.loop;
  const topTriangleCount = tin.triangles.length / 3;
  const adaptive: PanelGeometry = {
    ...grid,
    loop,
    topTriangles: inFileOrder(tin.triangles),
    rowTriangleCounts: new Uint32Array(ny - 1),
    gridFileIndex,
    usedGridVertices: used,
    vertexCount: used + grid.crossingX.length + loop.length,
    topTriangleCount,
    triangleCount: topTriangleCount + 3 * loop.length - 2,
  };
  // Started from the whole loop, the loop is unchanged, and so is its back face.
  if (start !== grid.loop) adaptive.backTriangles = triangulateBack(adaptive, loop);
  return adaptive;
}

/**
 * The triangles each turned to start at their lowest vertex id (same orientation), sorted by their ids:
 * neighbouring triangles then list nearby numbers, which the 3MF's deflate compresses almost as well as
 * the grid's regular rows (and the order no longer depends on the order of insertion).
 */
function inFileOrder(triangles: Int32Array): Int32Array {
  const count = triangles.length / 3;
  const turned = new Int32Array(triangles.length);
  for (let t = 0; t < 3 * count; t += 3) {
    const a = triangles[t]!;
    const b = triangles[t + 1]!;
    const c = triangles[t + 2]!;
    const first = a < b ? (a < c ? 0 : 2) : b < c ? 1 : 2;
    turned[t] = triangles[t + first]!;
    turned[t + 1] = triangles[t + ((first + 1) % 3)]!;
    turned[t + 2] = triangles[t + ((first + 2) % 3)]!;
  }
  const order = Array.from({ length: count }, (_, t) => t).sort(
    (p, q) => turned[3 * p]! - turned[3 * q]! || turned[3 * p + 1]! - turned[3 * q + 1]!,
  );
  const sorted = new Int32Array(triangles.length);
  for (const [k, t] of order.entries()) sorted.set(turned.subarray(3 * t, 3 * t + 3), 3 * k);
  return sorted;
}

/** Calls `emit` for every top triangle (vertex ids, counter-clockwise from +z), in file order. */
export function forEachTopTriangle(
  geometry: PanelGeometry,
  emit: (a: number, b: number, c: number) => void,
): void {
  const top = geometry.topTriangles;
  if (top) {
    for (let t = 0; t < top.length; t += 3) emit(top[t]!, top[t + 1]!, top[t + 2]!);
    return;
  }
  const scratch = new Int32Array(rowScratchSize(geometry.nx));
  const walk = newCellWalk();
  for (let j = 0; j < geometry.ny - 1; j++) {
    const count = rowTopTriangles(geometry, j, scratch, walk);
    for (let t = 0; t < 3 * count; t += 3) emit(scratch[t]!, scratch[t + 1]!, scratch[t + 2]!);
  }
}

/** Indexed triangle mesh (file vertex order), e.g. for a three.js BufferGeometry or for checks. */
export interface IndexedMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

export function buildIndexedMesh(geometry: PanelGeometry): IndexedMesh {
  const positions = new Float32Array(3 * geometry.vertexCount);
  const scratch = new Float64Array(3);
  let v = 0;
  forEachVertex(geometry, (id) => {
    vertexPosition(geometry, id, scratch);
    positions[v++] = scratch[0]!;
    positions[v++] = scratch[1]!;
    positions[v++] = scratch[2]!;
  });
  const indices = new Uint32Array(3 * geometry.triangleCount);
  let t = 0;
  forEachTriangle(geometry, (a, b, c) => {
    indices[t++] = fileIndex(geometry, a);
    indices[t++] = fileIndex(geometry, b);
    indices[t++] = fileIndex(geometry, c);
  });
  if (t !== indices.length) {
    throw new LithophaneError("internal", `Expected ${geometry.triangleCount} triangles, built ${t / 3}.`);
  }
  return { positions, indices };
}
