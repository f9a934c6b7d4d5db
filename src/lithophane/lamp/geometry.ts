/**
 * Photos -> the lamp's closed shade: each photo becomes a flat panel's heightmap (computeHeightmap: the
 * crop, resampling, tone mapping and lip are the flat panel's own), the heightmaps are laid side by side
 * around the circumference, and the wall is meshed as a regular grid in (angle, height):
 *
 * - outer surface: one vertex per grid point, radius innerRadius + thickness (the relief, thick = dark);
 *   rows at z = 0 (the bottom rim's foot), the photo band's rows, z = height (the top rim's edge);
 * - inner surface: a smooth cylinder, one vertex per column at z = 0 and z = height;
 * - bottom and top: annuli joining the outer and inner rings.
 *
 * Model space: z up along the axis, the foot on z = 0, the axis through x = y = 0. Angle theta is
 * counter-clockwise seen from above from +y: (x, y) = (-r sin theta, r cos theta). Seen from outside,
 * theta grows to the right, so photos are laid down unmirrored ("relief" front: the viewer faces the
 * relief) and photo k starts at theta = 2 pi k / n, photo 0 right of the back (+y) seam.
 *
 * The mesh is a thick-walled tube: one closed, manifold, outward-oriented shell of genus 1 (V - E + F = 0).
 * Why a grid and not the flat panel's adaptive mesh: decision 356.
 */
import { LithophaneError } from "../errors";
import type { IndexedMesh } from "../geometry";
import { computeHeightmap, type Heightmap } from "../heightmap";
import type { GridResampler } from "../resample";
import { type LampOptions, type LampPhoto, type LampSpec, lampPhotoSpec, resolveLampSpec } from "./params";

export interface LampGeometry {
  spec: LampSpec;
  /** Columns around (column c at theta = 2 pi c / columns). */
  columns: number;
  /** Height of each outer row, mm (ascending, 0 to spec.heightMm). */
  rowsZ: Float64Array;
  /** Wall thickness per outer grid point, row-major (row * columns + column), mm. */
  thicknessMm: Float32Array;
  /** The photos' heightmaps (the flat panel's), in order round the lamp. */
  heightmaps: Heightmap[];
  vertexCount: number;
  triangleCount: number;
}

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
  const { nx, ny, stepYMm } = first;
  for (const map of heightmaps) {
    if (map.nx !== nx || map.ny !== ny) throw new LithophaneError("internal", "Photo grids differ in size.");
  }
  const columns = spec.photos * (nx - 1);
  if (columns !== spec.columns) throw new LithophaneError("internal", "Lamp column count mismatch.");
  const rows = ny + 2;
  const rowsZ = new Float64Array(rows);
  rowsZ[0] = 0;
  for (let j = 0; j < ny; j++) rowsZ[j + 1] = spec.rimBottomMm + j * stepYMm;
  rowsZ[rows - 1] = spec.heightMm;
  const max = spec.maxThicknessMm;
  const thicknessMm = new Float32Array(rows * columns).fill(max);
  for (let j = 0; j < ny; j++) {
    const row = (j + 1) * columns;
    for (let k = 0; k < heightmaps.length; k++) {
      const source = heightmaps[k]!.thicknessMm;
      for (let i = 0; i < nx - 1; i++) {
        let t = source[j * nx + i]!;
        // The column a photo shares with the one before it: the thicker of the two edges (both the lip).
        if (i === 0) {
          const previous = heightmaps[(k + heightmaps.length - 1) % heightmaps.length]!.thicknessMm;
          t = Math.max(t, previous[j * nx + nx - 1]!);
        }
        thicknessMm[row + k * (nx - 1) + i] = t;
      }
    }
  }
  // The band's first and last rows meet the rims: full thickness (the lip already is, unless lipMm = 0).
  thicknessMm.fill(max, columns, 2 * columns);
  thicknessMm.fill(max, (rows - 2) * columns, (rows - 1) * columns);
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
 * The closed mesh: vertices outer (row * columns + c), then the inner bottom ring, then the inner top
 * ring; triangles counter-clockwise seen from outside the solid.
 */
export function buildLampMesh(geometry: LampGeometry): IndexedMesh {
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
