/**
 * One closed mesh per filament: part p fills the slab between interfaces z_p and z_(p+1) of the stack
 * over the panel's footprint (the shape's outline). Adjacent parts share their interface exactly (same
 * vertices, opposite facing), so they touch without overlapping; every part is at least one layer thick
 * at every grid point, and each interface's adaptive top is within maxErrorMm (0.02 mm) of its grid
 * surface everywhere, so a part is never thinner than a layer less twice that: one closed shell each.
 */
import { LithophaneError } from "../errors";
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
  // Each surface has its own adaptive top; both run around the same outline loop (buildPanelGeometries).
  const topCount = surfaceVertexCount(top);
  const positions = new Float32Array(3 * (topCount + surfaceVertexCount(bottom)));
  const scratch = new Float64Array(3);
  const gridCount = top.nx * top.ny;
  const ids = gridCount + top.crossingX.length;
  for (const [geometry, base] of [
    [top, 0],
    [bottom, topCount],
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
  if (loop.length !== bottom.loop.length || loop.some((id, p) => bottom.loop[p] !== id)) {
    throw new LithophaneError("internal", "A colour part's surfaces do not share their outline.");
  }
  const indices = new Uint32Array(3 * (top.topTriangleCount + bottom.topTriangleCount + 2 * loop.length));
  let t = 0;
  forEachTopTriangle(top, (a, b, c) => {
    indices[t++] = fileIndex(top, a);
    indices[t++] = fileIndex(top, b);
    indices[t++] = fileIndex(top, c);
  });
  // The bottom faces down: its surface's triangles, reversed.
  forEachTopTriangle(bottom, (a, b, c) => {
    indices[t++] = topCount + fileIndex(bottom, a);
    indices[t++] = topCount + fileIndex(bottom, c);
    indices[t++] = topCount + fileIndex(bottom, b);
  });
  for (let p = 0; p < loop.length; p++) {
    const q = loop[p + 1 === loop.length ? 0 : p + 1]!;
    const a = fileIndex(top, loop[p]!);
    const b = fileIndex(top, q);
    const lowA = topCount + fileIndex(bottom, loop[p]!);
    const lowB = topCount + fileIndex(bottom, q);
    indices[t++] = b;
    indices[t++] = a;
    indices[t++] = lowA;
    indices[t++] = b;
    indices[t++] = lowA;
    indices[t++] = lowB;
  }
  return { positions, indices: t === indices.length ? indices : indices.slice(0, t) };
}

/** The four parts, front to back (STACK_ORDER), each with its filament and extruder. */
export function buildColourParts(stack: ColourStack): ColourPart[] {
  // The interface surfaces 0 (front face) .. 4 (relief) over the shared footprint; two neighbouring
  // parts share the surface between them, triangles and vertices.
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
