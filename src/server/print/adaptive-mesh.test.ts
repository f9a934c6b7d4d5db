/**
 * The print files' adaptive mesh (decision 352) on a photo-like picture with text: every grid point of
 * every shape within the error of the surface (checked here by our own rasterisation, not the
 * triangulator's), closed and consistently oriented, several times fewer triangles and bytes than the
 * grid, the same every time, and a colour panel's parts still meeting vertex for vertex.
 */
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { MemorySink } from "../../lithophane/chunks.js";
import { buildColourParts, computeColourStack, writeColour3mf } from "../../lithophane/colour/index.js";
import { forEachTopTriangle, vertexPosition } from "../../lithophane/geometry.js";
import {
  buildIndexedMesh,
  buildPanelGeometries,
  buildPanelGeometry,
  computeHeightmap,
  type Heightmap,
  type PanelGeometry,
  SHAPE_IDS,
  type ShapeId,
  write3mf,
  writeStl,
} from "../../lithophane/index.js";
import { checkMesh, parseBinaryStl } from "../../lithophane/mesh-check.js";
import { DEFAULT_PRINT_PROFILE, threeMfProject } from "../../lithophane/print-project.js";
import { read3mf } from "../../lithophane/twin/model3mf.js";
import { samplePhotoGrey, samplePhotoRgba } from "./sample-photo.js";

const MAX_ERROR_MM = 0.02;
let photo: { pixels: Uint8Array; width: number; height: number };
beforeAll(async () => {
  photo = await samplePhotoGrey(600, 600);
});

function panel(shape: ShapeId, sizeMm: number, resolutionMm = 0.2): Heightmap {
  const [widthMm, heightMm] =
    shape === "rectangle"
      ? [sizeMm, sizeMm * 0.75]
      : shape === "rectangle-portrait"
        ? [sizeMm * 0.75, sizeMm]
        : [sizeMm, sizeMm];
  return computeHeightmap(photo.pixels, photo.width, photo.height, {
    shape,
    widthMm,
    heightMm,
    resolutionMm,
  });
}

/**
 * Largest vertical distance between a surface's grid points and the geometry's top, by rasterising each
 * top triangle over the grid; also answers how many of the panel's grid points no triangle covered.
 */
function measureTop(
  geometry: PanelGeometry,
  surface: Float32Array,
): { worst: number; uncovered: number; flipped: number } {
  const { nx, ny, stepXMm, stepYMm } = geometry;
  const covered = new Uint8Array(nx * ny);
  const p = new Float64Array(9);
  let worst = 0;
  let flipped = 0;
  forEachTopTriangle(geometry, (a, b, c) => {
    vertexPosition(geometry, a, p, 0);
    vertexPosition(geometry, b, p, 3);
    vertexPosition(geometry, c, p, 6);
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = Array.from(p, (v, k) =>
      k % 3 === 0 ? v / stepXMm : k % 3 === 1 ? v / stepYMm : v,
    ) as [number, number, number, number, number, number, number, number, number];
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (!(area > 0)) flipped++;
    for (let j = Math.ceil(Math.min(ay, by, cy) - 1e-9); j <= Math.floor(Math.max(ay, by, cy) + 1e-9); j++) {
      for (
        let i = Math.ceil(Math.min(ax, bx, cx) - 1e-9);
        i <= Math.floor(Math.max(ax, bx, cx) + 1e-9);
        i++
      ) {
        const wa = ((cx - bx) * (j - by) - (cy - by) * (i - bx)) / area;
        const wb = ((ax - cx) * (j - cy) - (ay - cy) * (i - cx)) / area;
        const wc = 1 - wa - wb;
        if (wa < -1e-9 || wb < -1e-9 || wc < -1e-9) continue;
        const k = j * nx + i;
        covered[k] = 1;
        worst = Math.max(worst, Math.abs(surface[k]! - (wa * az + wb * bz + wc * cz)));
      }
    }
  });
  let uncovered = 0;
  const inside = geometry.heightmap.signedDistanceMm;
  for (let k = 0; k < nx * ny; k++) if (!covered[k] && (!inside || inside[k]! <= 0)) uncovered++;
  return { worst, uncovered, flipped };
}

function expectClosed(positions: Float32Array, indices: Uint32Array, label: string): void {
  const report = checkMesh(positions, indices);
  // badEdges counts every edge not shared by exactly two triangles running opposite ways.
  expect(report, label).toMatchObject({
    badEdges: 0,
    degenerateTriangles: 0,
    duplicateVertices: 0,
    unusedVertices: 0,
    eulerCharacteristic: 2,
  });
  expect(report.signedVolume, label).toBeGreaterThan(0);
}

describe("adaptive print mesh", () => {
  it.each(SHAPE_IDS)(
    "%s: every grid point within 0.02 mm, closed, 5x fewer triangles than the grid",
    (shape) => {
      const heightmap = panel(shape, 80);
      expect(heightmap.spec.maxErrorMm).toBe(MAX_ERROR_MM);
      const grid = buildPanelGeometry(heightmap, { maxErrorMm: 0 });
      const adaptive = buildPanelGeometry(heightmap);
      expect(adaptive.topTriangles).not.toBeNull();
      const { worst, uncovered, flipped } = measureTop(adaptive, heightmap.thicknessMm);
      expect(uncovered).toBe(0);
      expect(flipped).toBe(0);
      expect(worst).toBeLessThanOrEqual(MAX_ERROR_MM + 1e-6);
      // The grid, measured the same way, is exact: the measurement can see an error.
      expect(measureTop(grid, heightmap.thicknessMm).worst).toBeLessThan(1e-6);
      const mesh = buildIndexedMesh(adaptive);
      expectClosed(mesh.positions, mesh.indices, shape);
      expect(adaptive.triangleCount * 5).toBeLessThan(grid.triangleCount);
      // Same footprint: the loop runs through the grid's outline vertices (all of them for masked shapes).
      if (heightmap.signedDistanceMm) expect(Array.from(adaptive.loop)).toEqual(Array.from(grid.loop));
    },
  );

  it("a coarser error takes fewer triangles, and the error is kept at each setting", () => {
    const heightmap = panel("heart", 60);
    const counts = [0.01, 0.05].map((maxErrorMm) => {
      const geometry = buildPanelGeometry(heightmap, { maxErrorMm });
      expect(measureTop(geometry, heightmap.thicknessMm).worst).toBeLessThanOrEqual(maxErrorMm + 1e-6);
      return geometry.triangleCount;
    });
    expect(counts[1]!).toBeLessThan(counts[0]!);
  });

  it("is deterministic: the same photo gives the same model, byte for byte", async () => {
    const write = async () => {
      const heightmap = panel("hexagon", 50);
      const sink = new MemorySink();
      await write3mf(buildPanelGeometry(heightmap), sink, {
        project: threeMfProject(heightmap.spec, DEFAULT_PRINT_PROFILE),
      });
      // The zip's entry times differ; the model inside must not.
      return unzipSync(sink.toBytes())["3D/3dmodel.model"]!;
    };
    const [first, second] = [await write(), await write()];
    expect(first.length).toBeGreaterThan(0);
    expect(Buffer.compare(first, second)).toBe(0);
  });

  it("writes a closed STL and an upright 3MF at least 4x smaller than the grid's", async () => {
    const heightmap = panel("square", 80);
    for (const shape of ["square", "heart"] as const) {
      const map = shape === "square" ? heightmap : panel(shape, 80);
      const geometry = buildPanelGeometry(map);
      const stl = new MemorySink();
      await writeStl(geometry, stl);
      const parsed = parseBinaryStl(stl.toBytes());
      expect(parsed.indices.length / 3).toBe(geometry.triangleCount);
      expectClosed(parsed.positions, parsed.indices, `${shape} STL`);
    }
    const project = threeMfProject(heightmap.spec, DEFAULT_PRINT_PROFILE);
    const files = await Promise.all(
      [0, MAX_ERROR_MM].map(async (maxErrorMm) => {
        const sink = new MemorySink();
        await write3mf(buildPanelGeometry(heightmap, { maxErrorMm }), sink, { project });
        return sink.toBytes();
      }),
    );
    const [gridFile, adaptiveFile] = files as [Uint8Array, Uint8Array];
    expect(adaptiveFile.length * 4).toBeLessThan(gridFile.length);
    const [gridModel, adaptiveModel] = await Promise.all(files.map((bytes) => read3mf([bytes])));
    // Stood upright the same way, the same size.
    expect(adaptiveModel!.transform).toEqual(gridModel!.transform);
    const bounds = (positions: Float32Array) => {
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (let k = 0; k < positions.length; k++) {
        min[k % 3] = Math.min(min[k % 3]!, positions[k]!);
        max[k % 3] = Math.max(max[k % 3]!, positions[k]!);
      }
      return [...min, ...max].map((v) => Math.round(v * 1000) / 1000);
    };
    expect(bounds(adaptiveModel!.positions)).toEqual(bounds(gridModel!.positions));
    expectClosed(adaptiveModel!.positions, adaptiveModel!.indices, "3MF");
  }, 30_000);

  it("a colour panel: each interface within the error around one outline, parts closed, fewer triangles", async () => {
    const rgba = await samplePhotoRgba(300, 300);
    for (const shape of ["rectangle", "hexagon"] as const) {
      const stack = computeColourStack(rgba.pixels, rgba.width, rgba.height, {
        shape,
        widthMm: 60,
        heightMm: shape === "rectangle" ? 45 : 60,
        resolutionMm: 0.4,
      });
      const surfaces = buildPanelGeometries(stack.heightmap, stack.surfacesMm);
      const grid = buildPanelGeometries(stack.heightmap, stack.surfacesMm, { maxErrorMm: 0 });
      for (const [k, geometry] of surfaces.entries()) {
        expect(Array.from(geometry.loop)).toEqual(Array.from(grid[k]!.loop));
        expect(measureTop(geometry, stack.surfacesMm[k]!).worst).toBeLessThanOrEqual(MAX_ERROR_MM + 1e-6);
      }
      // The flat front face takes a handful of triangles; the colour layers are whole layers,
      // error-diffused at the grid's pitch, so fewer of their points can go.
      const total = (geometries: typeof surfaces) =>
        geometries.reduce((sum, g) => sum + g.topTriangleCount, 0);
      expect(surfaces[0]!.topTriangleCount).toBeLessThan(0.2 * grid[0]!.topTriangleCount);
      expect(2 * total(surfaces)).toBeLessThan(total(grid));
      for (const part of buildColourParts(stack)) {
        expectClosed(part.mesh.positions, part.mesh.indices, `${shape} ${part.role}`);
      }
      const sink = new MemorySink();
      await writeColour3mf(stack, sink);
      const model = unzipSync(sink.toBytes())["3D/3dmodel.model"];
      expect(model?.length).toBeGreaterThan(0);
    }
  }, 60_000);
});
