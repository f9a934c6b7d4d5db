/**
 * Photos -> the lamp's closed shade: each photo becomes a flat panel's heightmap (computeHeightmap: the
 * crop, resampling, tone mapping and lip are the flat panel's own), the heightmaps are laid side by side
 * around the circumference between the rims, on one uniform grid in (angle, height) from the foot to
 * the top:
 *
 * - outer surface: radius innerRadius + thickness (the relief, thick = dark), full thickness on the
 *   rims' rows; the print file's is adaptive (adaptive.ts), the full grid (two triangles per cell) the
 *   reference and the fallback;
 * - inner surface: a smooth cylinder from z = 0 to z = height;
 * - bottom and top: annuli joining the outer and inner rings.
 *
 * Model space: z up along the axis, the foot on z = 0, the axis through x = y = 0. Angle theta is
 * counter-clockwise seen from above from +y: (x, y) = (-r sin theta, r cos theta). Seen from outside,
 * theta grows to the right, so photos are laid down unmirrored ("relief" front: the viewer faces the
 * relief) and photo k starts at theta = 2 pi k / n, photo 0 right of the back (+y) seam.
 *
 * The mesh is a thick-walled tube: one closed, manifold, outward-oriented shell of genus 1 (V - E + F = 0).
 * The print file's outer wall is made adaptive in strips (adaptive.ts, decision 357); the grid is the
 * fallback and the reference.
 */
import { LithophaneError } from "../errors";
import type { IndexedMesh } from "../geometry";
import { computeHeightmap, type Heightmap } from "../heightmap";
import type { GridResampler } from "../resample";
import { buildAdaptiveLampMesh } from "./adaptive";
import {
  type LampGeometry,
  type LampOptions,
  type LampPhoto,
  type LampSpec,
  lampPhotoSpec,
  resolveLampSpec,
} from "./params";

export type { LampGeometry };

/**
 * Photos + options -> the lamp's wall (thickness over (angle, height)). The number of photos is
 * `photos.length`; `options.crops` (one per photo) override each photo's own crop.
 */
export function lampGeometry(
  photos: readonly LampPhoto[],
  options: Omit<LampOptions, "photos">,
  resample?: GridResampler,
): LampGeometry {
  const spec = resolveLampSpec({
    ...options,
    photos: photos.length,
    crops: options.crops ?? photos.map((photo) => photo.crop),
  });
  const heightmaps = photos.map((photo, k) =>
    computeHeightmap(photo.grey, photo.width, photo.height, lampPhotoSpec(spec, k), resample),
  );
  return lampGeometryFromHeightmaps(spec, heightmaps);
}

/** Lays the photos' heightmaps round the lamp and adds the rims. */
export function lampGeometryFromHeightmaps(spec: LampSpec, heightmaps: Heightmap[]): LampGeometry {
  const first = heightmaps[0];
  if (!first || heightmaps.length !== spec.photos) {
    throw new LithophaneError("internal", `Expected ${spec.photos} heightmaps, got ${heightmaps.length}.`);
  }
  const { nx, ny } = first;
  for (const map of heightmaps) {
    if (map.nx !== nx || map.ny !== ny) throw new LithophaneError("internal", "Photo grids differ in size.");
  }
  const columns = spec.photos * (nx - 1);
  const { rows, rimBottomRows } = spec;
  if (columns !== spec.columns || ny !== rows - rimBottomRows - spec.rimTopRows) {
    throw new LithophaneError("internal", "The photos' grids do not match the lamp's.");
  }
  const rowsZ = Float64Array.from({ length: rows }, (_, j) =>
    j === rows - 1 ? spec.heightMm : j * spec.rowStepMm,
  );
  const max = spec.maxThicknessMm;
  // The rims' rows stay at full thickness; the band's rows are the photos side by side.
  const thicknessMm = new Float32Array(rows * columns).fill(max);
  for (let j = 0; j < ny; j++) {
    const row = (rimBottomRows + j) * columns;
    for (let k = 0; k < heightmaps.length; k++) {
      const source = heightmaps[k]!.thicknessMm;
      const previous = heightmaps[(k + heightmaps.length - 1) % heightmaps.length]!.thicknessMm;
      for (let i = 0; i < nx - 1; i++) {
        let t = source[j * nx + i]!;
        // The column a photo shares with the one before it: the thicker of the two edges (both the lip).
        if (i === 0) t = Math.max(t, previous[j * nx + nx - 1]!);
        thicknessMm[row + k * (nx - 1) + i] = t;
      }
    }
  }
  // The band's first and last rows meet the rims: full thickness (the lip already is, unless lipMm = 0).
  const bandFirst = rimBottomRows * columns;
  const bandLast = (rimBottomRows + ny - 1) * columns;
  thicknessMm.fill(max, bandFirst, bandFirst + columns);
  thicknessMm.fill(max, bandLast, bandLast + columns);
  const vertexCount = (rows + 2) * columns;
  // Outer quads, inner quads, two annuli: two triangles each.
  const triangleCount = 2 * columns * (rows - 1) + 2 * columns + 4 * columns;
  return { spec, columns, rowsZ, thicknessMm, heightmaps, vertexCount, triangleCount };
}

/** Angle of column c (radians). */
export function columnAngle(geometry: Pick<LampGeometry, "columns">, c: number): number {
  return (2 * Math.PI * c) / geometry.columns;
}

/** Model (x, y) of a point at radius r and angle theta. */
export function cylinderPoint(r: number, theta: number): [number, number] {
  return [-r * Math.sin(theta), r * Math.cos(theta)];
}

/** Angle in [0, 2 pi) of a model point (the inverse of cylinderPoint). */
export function pointAngle(x: number, y: number): number {
  const theta = Math.atan2(-x, y);
  return theta < 0 ? theta + 2 * Math.PI : theta;
}

/**
 * The closed mesh: the adaptive one (adaptive.ts) when the spec's maxErrorMm (or the option's) is above
 * 0, else (or if a strip could not be made adaptive) the full grid.
 */
export function buildLampMesh(
  geometry: LampGeometry,
  options: { maxErrorMm?: number } = {},
): IndexedMesh & { adaptive: boolean } {
  const maxErrorMm = options.maxErrorMm ?? geometry.spec.maxErrorMm;
  if (maxErrorMm > 0) {
    const mesh = buildAdaptiveLampMesh(geometry, maxErrorMm);
    if (mesh) return { ...mesh, adaptive: true };
  }
  return { ...buildGridLampMesh(geometry), adaptive: false };
}

/**
 * The full grid's closed mesh: vertices outer (row * columns + c), then the inner bottom ring, then the
 * inner top ring; triangles counter-clockwise seen from outside the solid.
 */
export function buildGridLampMesh(geometry: LampGeometry): IndexedMesh {
  const { columns: C, rowsZ, thicknessMm, spec } = geometry;
  const rows = rowsZ.length;
  const rin = spec.innerRadiusMm;
  const positions = new Float32Array(3 * geometry.vertexCount);
  const sin = new Float64Array(C);
  const cos = new Float64Array(C);
  for (let c = 0; c < C; c++) {
    const theta = columnAngle(geometry, c);
    sin[c] = Math.sin(theta);
    cos[c] = Math.cos(theta);
  }
  let p = 0;
  for (let j = 0; j < rows; j++) {
    const z = rowsZ[j]!;
    for (let c = 0; c < C; c++) {
      const r = rin + thicknessMm[j * C + c]!;
      positions[p++] = -r * sin[c]!;
      positions[p++] = r * cos[c]!;
      positions[p++] = z;
    }
  }
  for (const z of [0, spec.heightMm]) {
    for (let c = 0; c < C; c++) {
      positions[p++] = -rin * sin[c]!;
      positions[p++] = rin * cos[c]!;
      positions[p++] = z;
    }
  }
  const indices = new Uint32Array(3 * geometry.triangleCount);
  let t = 0;
  const tri = (a: number, b: number, c: number) => {
    indices[t++] = a;
    indices[t++] = b;
    indices[t++] = c;
  };
  const innerBottom = rows * C;
  const innerTop = (rows + 1) * C;
  const top = (rows - 1) * C;
  for (let j = 0; j < rows - 1; j++) {
    for (let c = 0; c < C; c++) {
      const c1 = c + 1 === C ? 0 : c + 1;
      const a = j * C + c;
      const b = j * C + c1;
      const d = (j + 1) * C + c1;
      const e = (j + 1) * C + c;
      tri(a, b, d);
      tri(a, d, e);
    }
  }
  for (let c = 0; c < C; c++) {
    const c1 = c + 1 === C ? 0 : c + 1;
    // Inner wall, facing the axis.
    tri(innerBottom + c, innerTop + c1, innerBottom + c1);
    tri(innerBottom + c, innerTop + c, innerTop + c1);
    // Bottom annulus (facing -z) and top annulus (facing +z).
    tri(c, innerBottom + c, innerBottom + c1);
    tri(c, innerBottom + c1, c1);
    tri(top + c, innerTop + c1, innerTop + c);
    tri(top + c, top + c1, innerTop + c1);
  }
  if (t !== indices.length) {
    throw new LithophaneError("internal", `Expected ${geometry.triangleCount} triangles, built ${t / 3}.`);
  }
  return { positions, indices };
}
