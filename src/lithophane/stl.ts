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

/** One facet: unit normal from the cross product, three vertices, zero attribute; returns the new offset. */
function writeFacet(
  view: DataView,
  o: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
): number {
  const ux = bx - ax;
  const uy = by - ay;
  const uz = bz - az;
  const vx = cx - ax;
  const vy = cy - ay;
  const vz = cz - az;
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
  view.setFloat32(o + 12, ax, true);
  view.setFloat32(o + 16, ay, true);
  view.setFloat32(o + 20, az, true);
  view.setFloat32(o + 24, bx, true);
  view.setFloat32(o + 28, by, true);
  view.setFloat32(o + 32, bz, true);
  view.setFloat32(o + 36, cx, true);
  view.setFloat32(o + 40, cy, true);
  view.setFloat32(o + 44, cz, true);
  view.setUint16(o + 48, 0, true);
  return o + STL_FACET_BYTES;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * writeFacet for a 4-byte-aligned offset on a little-endian machine: plain Float32Array stores, cheaper
 * than DataView calls. Facets are 50 bytes, so every other one is aligned.
 */
function writeFacetAligned(
  floats: Float32Array,
  halves: Uint16Array,
  o: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
): number {
  const ux = bx - ax;
  const uy = by - ay;
  const uz = bz - az;
  const vx = cx - ax;
  const vy = cy - ay;
  const vz = cz - az;
  let nx = uy * vz - uz * vy;
  let ny = uz * vx - ux * vz;
  let nz = ux * vy - uy * vx;
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (length > 0) {
    nx /= length;
    ny /= length;
    nz /= length;
  }
  const f = o >> 2;
  floats[f] = nx;
  floats[f + 1] = ny;
  floats[f + 2] = nz;
  floats[f + 3] = ax;
  floats[f + 4] = ay;
  floats[f + 5] = az;
  floats[f + 6] = bx;
  floats[f + 7] = by;
  floats[f + 8] = bz;
  floats[f + 9] = cx;
  floats[f + 10] = cy;
  floats[f + 11] = cz;
  halves[(o + 48) >> 1] = 0;
  return o + STL_FACET_BYTES;
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
 * Writes the facets of cell rows [rowStart, rowEnd) into `out`, row by row. Full cells take a direct path
 * (grid coordinates computed inline); cut cells go through the generic vertex lookup.
 */
export async function writeStlRows(
  geometry: PanelGeometry,
  out: ChunkedOutput,
  rowStart: number,
  rowEnd: number,
  onRow?: (row: number) => void,
): Promise<void> {
  const { nx, stepXMm: sx, stepYMm: sy, cellCase, rowTriangleCounts } = geometry;
  const heights = geometry.heightmap.thicknessMm;
  const scratch = new Int32Array(rowScratchSize(nx));
  const position = new Float64Array(9);
  const walk = newCellWalk();
  for (let j = rowStart; j < rowEnd; j++) {
    await out.ensure(rowTriangleCounts[j]! * STL_FACET_BYTES);
    const view = out.view;
    const bytes = out.buffer;
    const floats = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
    const halves = new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 1);
    let o = out.offset;
    const y0 = j * sy;
    const y1 = (j + 1) * sy;
    const rowCells = j * (nx - 1);
    let partialCells = false;
    for (let i = 0; i < nx - 1; i++) {
      if (cellCase && cellCase[rowCells + i] !== 15) {
        partialCells = true;
        continue;
      }
      const k = j * nx + i;
      const x0 = i * sx;
      const x1 = (i + 1) * sx;
      const z00 = heights[k]!;
      const z10 = heights[k + 1]!;
      const z11 = heights[k + nx + 1]!;
      const z01 = heights[k + nx]!;
      if (!LITTLE_ENDIAN) {
        o = writeFacet(view, o, x0, y0, z00, x1, y0, z10, x1, y1, z11);
        o = writeFacet(view, o, x0, y0, z00, x1, y1, z11, x0, y1, z01);
      } else if ((o & 3) === 0) {
        o = writeFacetAligned(floats, halves, o, x0, y0, z00, x1, y0, z10, x1, y1, z11);
        o = writeFacet(view, o, x0, y0, z00, x1, y1, z11, x0, y1, z01);
      } else {
        o = writeFacet(view, o, x0, y0, z00, x1, y0, z10, x1, y1, z11);
        o = writeFacetAligned(floats, halves, o, x0, y0, z00, x1, y1, z11, x0, y1, z01);
      }
    }
    if (partialCells) {
      const count = rowTopTriangles(geometry, j, scratch, walk, true);
      for (let t = 0; t < 3 * count; t += 3) {
        const a = scratch[t]!;
        const b = scratch[t + 1]!;
        const c = scratch[t + 2]!;
        vertexPosition(geometry, a, position, 0);
        vertexPosition(geometry, b, position, 3);
        vertexPosition(geometry, c, position, 6);
        o = writeFacet(
          view,
          o,
          position[0]!,
          position[1]!,
          position[2]!,
          position[3]!,
          position[4]!,
          position[5]!,
          position[6]!,
          position[7]!,
          position[8]!,
        );
      }
    }
    out.offset = o;
    onRow?.(j);
  }
}

/** Writes the wall and back facets. */
export async function writeStlWallsAndBack(geometry: PanelGeometry, out: ChunkedOutput): Promise<void> {
  const position = new Float64Array(9);
  const facets: number[] = [];
  // Walls and back are a few thousand facets: gather ids, then write in chunk-sized batches.
  forEachWallAndBackTriangle(geometry, (a, b, c) => {
    facets.push(a, b, c);
  });
  const perBatch = Math.floor(out.chunkBytes / STL_FACET_BYTES);
  for (let start = 0; start < facets.length; start += 3 * perBatch) {
    const end = Math.min(facets.length, start + 3 * perBatch);
    await out.ensure(((end - start) / 3) * STL_FACET_BYTES);
    const view = out.view;
    let o = out.offset;
    for (let t = start; t < end; t += 3) {
      vertexPosition(geometry, facets[t]!, position, 0);
      vertexPosition(geometry, facets[t + 1]!, position, 3);
      vertexPosition(geometry, facets[t + 2]!, position, 6);
      o = writeFacet(
        view,
        o,
        position[0]!,
        position[1]!,
        position[2]!,
        position[3]!,
        position[4]!,
        position[5]!,
        position[6]!,
        position[7]!,
        position[8]!,
      );
    }
    out.offset = o;
  }
}

/** Streams the whole binary STL into `sink` through reused chunks. */
export async function writeStl(
  geometry: PanelGeometry,
  sink: ByteSink,
  options: WriterOptions = {},
): Promise<WriteResult> {
  const rowBytes = (4 * (geometry.nx - 1) + 8) * STL_FACET_BYTES;
  const chunkBytes = Math.max(options.chunkBytes ?? 4 << 20, rowBytes, STL_HEADER_BYTES);
  const out = new ChunkedOutput(sink, chunkBytes);
  out.buffer.set(stlHeader(geometry.triangleCount), 0);
  out.offset = STL_HEADER_BYTES;
  const rows = geometry.ny - 1;
  const progressEvery = Math.max(1, Math.floor(rows / 50));
  await writeStlRows(geometry, out, 0, rows, (row) => {
    if (options.onProgress && row % progressEvery === 0) options.onProgress((0.95 * (row + 1)) / rows);
  });
  await writeStlWallsAndBack(geometry, out);
  const bytes = await out.finish();
  options.onProgress?.(1);
  return { triangles: geometry.triangleCount, bytes };
}
