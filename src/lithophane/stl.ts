import { type ByteSink, ChunkedOutput } from "./chunks";
import {
  forEachWallAndBackTriangle,
  newCellWalk,
  type PanelGeometry,
  rowScratchSize,
  rowTopTriangles,
  vertexPosition,
} from "./geometry";

export const STL_HEADER_BYTES = 84;
export const STL_FACET_BYTES = 50;

export interface WriteResult {
  triangles: number;
  bytes: number;
}

export interface WriterOptions {
  /** Size of each reused output buffer. */
  chunkBytes?: number;
  onProgress?: (fraction: number) => void;
}

/** Binary STL size for a triangle count. */
export function stlByteLength(triangles: number): number {
  return STL_HEADER_BYTES + STL_FACET_BYTES * triangles;
}

/** The 84-byte header: 80 bytes of text, then the triangle count. */
export function stlHeader(triangles: number): Uint8Array {
  const header = new Uint8Array(STL_HEADER_BYTES);
  const text = "Lithobox lithophane, binary STL, units mm";
  for (let k = 0; k < text.length; k++) header[k] = text.charCodeAt(k);
  new DataView(header.buffer).setUint32(80, triangles, true);
  return header;
}

/**
 * STL facet order (STL has no indices, so any order describes the same mesh): first the two triangles of
 * every full grid cell, row by row, then the facets that need the generic vertex lookup (cells the outline
 * cuts, walls, back). The first part is the bulk of the file and a pure function of the heights, so its
 * rows can be written by any thread at offsets known up front.
 */
export interface StlLayout {
  /** Full cells in each cell row. */
  fullCells: Uint32Array;
  /** Facets before each cell row's full cells (length rows + 1: the last entry is the full-cell total). */
  fullFacetsBefore: Float64Array;
  /** Vertex-id triples of the remaining facets, in file order. */
  rest: Int32Array;
}

export function stlLayout(geometry: PanelGeometry): StlLayout {
  const { nx, ny, cellCase } = geometry;
  const rows = ny - 1;
  const fullCells = new Uint32Array(rows);
  const fullFacetsBefore = new Float64Array(rows + 1);
  for (let j = 0; j < rows; j++) {
    let count = nx - 1;
    if (cellCase) {
      count = 0;
      const row = j * (nx - 1);
      for (let i = 0; i < nx - 1; i++) if (cellCase[row + i] === 15) count++;
    }
    fullCells[j] = count;
    fullFacetsBefore[j + 1] = fullFacetsBefore[j]! + 2 * count;
  }
  const rest: number[] = [];
  if (geometry.topTriangles) {
    // The adaptive top has no full cells: all of it goes through the generic lookup.
    fullCells.fill(0);
    fullFacetsBefore.fill(0);
    for (const id of geometry.topTriangles) rest.push(id);
  } else if (cellCase) {
    const scratch = new Int32Array(rowScratchSize(nx));
    const walk = newCellWalk();
    for (let j = 0; j < rows; j++) {
      const count = rowTopTriangles(geometry, j, scratch, walk, true);
      for (let t = 0; t < 3 * count; t++) rest.push(scratch[t]!);
    }
  }
  forEachWallAndBackTriangle(geometry, (a, b, c) => {
    rest.push(a, b, c);
  });
  return { fullCells, fullFacetsBefore, rest: Int32Array.from(rest) };
}

/**
 * Writes the facets of the full cells of cell rows [rowStart, rowEnd) into `bytes` from `offset`; returns
 * the new offset. Normals come from the cell's corner heights in closed form, and the two facets' stores
 * are written out: a shared per-facet helper (not inlined by V8 here) made this loop 2.4x slower, and
 * this is nearly all of the STL's CPU time. Self-contained (no references outside its body): the STL
 * worker runs its source text.
 */
export function writeFullCellRows(
  heights: Float32Array,
  cellCase: Uint8Array | null,
  nx: number,
  sx: number,
  sy: number,
  rowStart: number,
  rowEnd: number,
  bytes: Uint8Array,
  offset: number,
): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Optimised DataView stores cost the same as Float32Array ones here (measured), and need no alignment.
  const area = sx * sy;
  const areaSquared = area * area;
  let o = offset;
  for (let j = rowStart; j < rowEnd; j++) {
    const y0 = j * sy;
    const y1 = (j + 1) * sy;
    const rowCells = j * (nx - 1);
    let k = j * nx;
    let z00 = heights[k]!;
    let z01 = heights[k + nx]!;
    for (let i = 0; i < nx - 1; i++, k++) {
      const z10 = heights[k + 1]!;
      const z11 = heights[k + nx + 1]!;
      if (cellCase === null || cellCase[rowCells + i] === 15) {
        const x0 = i * sx;
        const x1 = (i + 1) * sx;
        // (x0,y0,z00) (x1,y0,z10) (x1,y1,z11): normal ((z00 - z10) sy, (z10 - z11) sx, sx sy).
        let nx0 = (z00 - z10) * sy;
        let ny0 = (z10 - z11) * sx;
        let scale = 1 / Math.sqrt(nx0 * nx0 + ny0 * ny0 + areaSquared);
        view.setFloat32(o, nx0 * scale, true);
        view.setFloat32(o + 4, ny0 * scale, true);
        view.setFloat32(o + 8, area * scale, true);
        view.setFloat32(o + 12, x0, true);
        view.setFloat32(o + 16, y0, true);
        view.setFloat32(o + 20, z00, true);
        view.setFloat32(o + 24, x1, true);
        view.setFloat32(o + 28, y0, true);
        view.setFloat32(o + 32, z10, true);
        view.setFloat32(o + 36, x1, true);
        view.setFloat32(o + 40, y1, true);
        view.setFloat32(o + 44, z11, true);
        view.setUint16(o + 48, 0, true);
        // (x0,y0,z00) (x1,y1,z11) (x0,y1,z01): normal ((z01 - z11) sy, (z00 - z01) sx, sx sy).
        nx0 = (z01 - z11) * sy;
        ny0 = (z00 - z01) * sx;
        scale = 1 / Math.sqrt(nx0 * nx0 + ny0 * ny0 + areaSquared);
        view.setFloat32(o + 50, nx0 * scale, true);
        view.setFloat32(o + 54, ny0 * scale, true);
        view.setFloat32(o + 58, area * scale, true);
        view.setFloat32(o + 62, x0, true);
        view.setFloat32(o + 66, y0, true);
        view.setFloat32(o + 70, z00, true);
        view.setFloat32(o + 74, x1, true);
        view.setFloat32(o + 78, y1, true);
        view.setFloat32(o + 82, z11, true);
        view.setFloat32(o + 86, x0, true);
        view.setFloat32(o + 90, y1, true);
        view.setFloat32(o + 94, z01, true);
        view.setUint16(o + 98, 0, true);
        o += 100;
      }
      z00 = z10;
      z01 = z11;
    }
  }
  return o;
}

/**
 * Writes facets `first` to `end` (exclusive) of the vertex-id triples `ids` into `bytes` from `offset`:
 * positions by the generic vertex lookup, unit normal from the cross product. Returns the new offset.
 */
export function writeFacetsById(
  geometry: PanelGeometry,
  ids: Int32Array,
  first: number,
  end: number,
  bytes: Uint8Array,
  offset: number,
): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const p = new Float64Array(9);
  let o = offset;
  for (let t = first; t < end; t++) {
    vertexPosition(geometry, ids[3 * t]!, p, 0);
    vertexPosition(geometry, ids[3 * t + 1]!, p, 3);
    vertexPosition(geometry, ids[3 * t + 2]!, p, 6);
    const ux = p[3]! - p[0]!;
    const uy = p[4]! - p[1]!;
    const uz = p[5]! - p[2]!;
    const vx = p[6]! - p[0]!;
    const vy = p[7]! - p[1]!;
    const vz = p[8]! - p[2]!;
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (length > 0) {
      nx /= length;
      ny /= length;
      nz /= length;
    }
    view.setFloat32(o, nx, true);
    view.setFloat32(o + 4, ny, true);
    view.setFloat32(o + 8, nz, true);
    for (let k = 0; k < 9; k++) view.setFloat32(o + 12 + 4 * k, p[k]!, true);
    view.setUint16(o + 48, 0, true);
    o += STL_FACET_BYTES;
  }
  return o;
}

/** Writes the facets after the full cells (cut cells, walls, back) through `out`'s reused chunks. */
export async function writeStlRest(
  geometry: PanelGeometry,
  layout: StlLayout,
  out: ChunkedOutput,
): Promise<void> {
  const facets = layout.rest.length / 3;
  const perBatch = Math.max(1, Math.floor(out.chunkBytes / STL_FACET_BYTES));
  for (let start = 0; start < facets; start += perBatch) {
    const end = Math.min(facets, start + perBatch);
    await out.ensure((end - start) * STL_FACET_BYTES);
    out.offset = writeFacetsById(geometry, layout.rest, start, end, out.buffer, out.offset);
  }
}

/** Streams the whole binary STL into `sink` through reused chunks, on this thread. */
export async function writeStl(
  geometry: PanelGeometry,
  sink: ByteSink,
  options: WriterOptions = {},
): Promise<WriteResult> {
  const { nx, stepXMm, stepYMm, cellCase } = geometry;
  const heights = geometry.heightmap.thicknessMm;
  const layout = stlLayout(geometry);
  const rowBytes = 2 * (nx - 1) * STL_FACET_BYTES;
  const chunkBytes = Math.max(options.chunkBytes ?? 4 << 20, rowBytes, STL_HEADER_BYTES);
  const out = new ChunkedOutput(sink, chunkBytes);
  out.buffer.set(stlHeader(geometry.triangleCount), 0);
  out.offset = STL_HEADER_BYTES;
  const rows = geometry.ny - 1;
  const progressEvery = Math.max(1, Math.floor(rows / 50));
  for (let j = 0; j < rows; j++) {
    if (geometry.topTriangles) break;
    await out.ensure(2 * layout.fullCells[j]! * STL_FACET_BYTES);
    out.offset = writeFullCellRows(heights, cellCase, nx, stepXMm, stepYMm, j, j + 1, out.buffer, out.offset);
    if (options.onProgress && j % progressEvery === 0) options.onProgress((0.95 * (j + 1)) / rows);
  }
  await writeStlRest(geometry, layout, out);
  const bytes = await out.finish();
  options.onProgress?.(1);
  return { triangles: geometry.triangleCount, bytes };
}
