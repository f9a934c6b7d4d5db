/**
 * One closed mesh per filament: part p fills the slab between interfaces z_p and z_(p+1) of the stack
 * over the panel's footprint (the shape's outline). Adjacent parts share their interface exactly (same
 * vertices, opposite facing), so they touch without overlapping; every part is at least one layer thick
 * everywhere, so each is one closed shell.
 */
import {
  buildPanelGeometry,
  fileIndex,
  type IndexedMesh,
  newCellWalk,
  type PanelGeometry,
  rowScratchSize,
  rowTopTriangles,
  vertexPosition,
} from "../geometry";
import type { ColourFilament, ColourRole } from "./filaments";
import { type ColourStack, STACK_ORDER } from "./model";

export interface ColourPart {
  role: ColourRole;
  filament: ColourFilament;
  /** 1-based extruder (T0 = 1): the filament's position in the printer's list. */
  extruder: number;
  mesh: IndexedMesh;
}

/** The interface surface k (0 = front face .. 4 = relief) as a panel geometry over the shared footprint. */
function surfaceGeometry(stack: ColourStack, k: number): PanelGeometry {
  return buildPanelGeometry({ ...stack.heightmap, thicknessMm: stack.surfacesMm[k]! });
}

/** Vertices of a surface: used grid points then crossings (file order, without the back copies). */
function surfaceVertexCount(geometry: PanelGeometry): number {
  return geometry.usedGridVertices + geometry.crossingX.length;
}

function slabMesh(bottom: PanelGeometry, top: PanelGeometry): IndexedMesh {
  const count = surfaceVertexCount(top);
  const positions = new Float32Array(6 * count);
  const scratch = new Float64Array(3);
  const gridCount = top.nx * top.ny;
  const ids = gridCount + top.crossingX.length;
  for (const [geometry, base] of [
    [top, 0],
    [bottom, count],
  ] as const) {
    for (let id = 0; id < ids; id++) {
      if (id < gridCount && geometry.gridFileIndex && geometry.gridFileIndex[id]! < 0) continue;
      const v = base + fileIndex(geometry, id);
      vertexPosition(geometry, id, scratch);
      positions[3 * v] = scratch[0]!;
      positions[3 * v + 1] = scratch[1]!;
      positions[3 * v + 2] = scratch[2]!;
    }
  }
  const loop = top.loop;
  const triangleCount = 2 * top.topTriangleCount + 2 * loop.length;
  const indices = new Uint32Array(3 * triangleCount);
  let t = 0;
  const row = new Int32Array(rowScratchSize(top.nx));
  const walk = newCellWalk();
  for (let j = 0; j < top.ny - 1; j++) {
    const n = rowTopTriangles(top, j, row, walk);
    for (let r = 0; r < 3 * n; r += 3) {
      const a = fileIndex(top, row[r]!);
      const b = fileIndex(top, row[r + 1]!);
      const c = fileIndex(top, row[r + 2]!);
      indices[t++] = a;
      indices[t++] = b;
      indices[t++] = c;
      // The bottom faces down: same triangle, reversed, on the lower surface.
      indices[t++] = count + a;
      indices[t++] = count + c;
      indices[t++] = count + b;
    }
  }
  for (let p = 0; p < loop.length; p++) {
    const a = fileIndex(top, loop[p]!);
    const b = fileIndex(top, loop[p + 1 === loop.length ? 0 : p + 1]!);
    indices[t++] = b;
    indices[t++] = a;
    indices[t++] = count + a;
    indices[t++] = b;
    indices[t++] = count + a;
    indices[t++] = count + b;
  }
  return { positions, indices: t === indices.length ? indices : indices.slice(0, t) };
}

/** The four parts, front to back (STACK_ORDER), each with its filament and extruder. */
export function buildColourParts(stack: ColourStack): ColourPart[] {
  const surfaces = [0, 1, 2, 3, 4].map((k) => surfaceGeometry(stack, k));
  return STACK_ORDER.map((role, p) => {
    const index = stack.filaments.findIndex((f) => f.role === role);
    return {
      role,
      filament: stack.filaments[index]!,
      extruder: index + 1,
      mesh: slabMesh(surfaces[p]!, surfaces[p + 1]!),
    };
  });
}
