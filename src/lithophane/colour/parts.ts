/**
 * One closed mesh per filament: part p fills the slab between interfaces z_p and z_(p+1) of the stack
 * over the panel's footprint (the shape's outline). Adjacent parts share their interface exactly (same
 * vertices, opposite facing), so they touch without overlapping; every part is at least one layer thick
 * everywhere, so each is one closed shell.
 */
import {
  buildPanelGeometries,
  fileIndex,
  forEachTopTriangle,
  type IndexedMesh,
  type PanelGeometry,
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
  // Both surfaces share the triangulation (buildPanelGeometries), so one list of triangles serves both.
  forEachTopTriangle(top, (ia, ib, ic) => {
    const a = fileIndex(top, ia);
    const b = fileIndex(top, ib);
    const c = fileIndex(top, ic);
    indices[t++] = a;
    indices[t++] = b;
    indices[t++] = c;
    // The bottom faces down: same triangle, reversed, on the lower surface.
    indices[t++] = count + a;
    indices[t++] = count + c;
    indices[t++] = count + b;
  });
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
  // The interface surfaces 0 (front face) .. 4 (relief) over the shared footprint, one triangulation.
  const surfaces = buildPanelGeometries(stack.heightmap, stack.surfacesMm);
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
