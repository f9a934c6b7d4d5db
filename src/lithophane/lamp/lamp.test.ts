import { describe, expect, it } from "vitest";
import { MemorySink } from "../chunks";
import { isLithophaneError } from "../errors";
import { checkMesh } from "../mesh-check";
import { DEFAULT_PRINT_PROFILE } from "../print-project";
import { read3mf } from "../twin/model3mf";
import { meshThickness } from "../twin/thickness";
import {
  buildLampMesh,
  DEFAULT_LAMP_PRINTER,
  isLampProject,
  LAMP_RIM,
  LAMP_SIZES,
  type LampPhoto,
  lampFitProblem,
  lampGeometry,
  lampPhotoAspect,
  lampPreview,
  lampPrintProject,
  lampThicknessAt,
  pointAngle,
  resolveLampSpec,
  writeLamp3mf,
} from "./index";
import { lampTwin, unrolledPositions } from "./twin";

/** A photo that is dark on its left third and light elsewhere (asymmetric), with a gradient down. */
function photo(width = 60, height = 80): LampPhoto {
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      grey[y * width + x] = x < width / 3 ? 20 : 200 + Math.round((40 * y) / height);
  }
  return { grey, width, height };
}

const SMALL = { diameterMm: 40, heightMm: 40, resolutionMm: 0.5 };

describe("lamp geometry", () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 0],
    [4, 0],
    [1, 0.02],
    [2, 0.02],
    [3, 0.02],
    [4, 0.02],
  ])("%i photo(s), max error %f: one closed, outward, manifold tube of the right size", (n, maxErrorMm) => {
    const geometry = lampGeometry(
      Array.from({ length: n }, () => photo()),
      SMALL,
    );
    const mesh = buildLampMesh(geometry, { maxErrorMm });
    expect(mesh.adaptive).toBe(maxErrorMm > 0);
    const report = checkMesh(mesh.positions, mesh.indices);
    expect(report.badEdges).toBe(0);
    expect(report.degenerateTriangles).toBe(0);
    expect(report.duplicateVertices).toBe(0);
    expect(report.unusedVertices).toBe(0);
    // A thick-walled tube is a solid torus: its surface has V - E + F = 0.
    expect(report.eulerCharacteristic).toBe(0);
    if (maxErrorMm === 0) expect(report.triangles).toBe(geometry.triangleCount);
    else expect(report.triangles).toBeLessThan(geometry.triangleCount / 2);
    expect(report.min[2]).toBe(0);
    expect(report.max[2]).toBeCloseTo(40, 5);
    expect(report.max[0]).toBeCloseTo(20, 1);
    expect(report.min[0]).toBeCloseTo(-20, 1);
    expect(report.max[1]).toBeCloseTo(20, 3);
    // Volume: between the wall's thinnest and thickest everywhere, positive (outward normals).
    const rin = 20 - 3;
    const thin = Math.PI * ((rin + 0.8) ** 2 - rin ** 2) * 40;
    const thick = Math.PI * (20 ** 2 - rin ** 2) * 40;
    expect(report.signedVolume).toBeGreaterThan(thin);
    expect(report.signedVolume).toBeLessThan(thick + 1e-3);
  });

  it("keeps the adaptive wall within the error of the grid's at every grid point, and far smaller", () => {
    const geometry = lampGeometry([photo(120, 160), photo(160, 120)], {
      diameterMm: 40,
      heightMm: 40,
      resolutionMm: 0.25,
    });
    const grid = buildLampMesh(geometry, { maxErrorMm: 0 });
    const adaptive = buildLampMesh(geometry, { maxErrorMm: 0.02 });
    expect(adaptive.adaptive).toBe(true);
    const R = geometry.spec.outerRadiusMm;
    const dx = (2 * Math.PI * R) / geometry.columns;
    // Sample both at the grid points (the sampler jitters by 1.4% of a cell), band rows only.
    const rows = geometry.rowsZ.slice(geometry.spec.rimBottomRows + 1, -geometry.spec.rimTopRows - 1);
    const sample = (mesh: { positions: Float32Array; indices: Uint32Array }) => {
      const unrolled = unrolledPositions(mesh.positions, mesh.indices, R);
      return meshThickness(unrolled.positions, unrolled.indices, {
        x0: -dx / 2,
        dx,
        nx: geometry.columns,
        rows: Float64Array.from(rows),
        subsamples: 1,
      });
    };
    const a = sample(grid);
    const b = sample(adaptive);
    // The sampler's jitter (1.4% of a cell) moves off a grid point: where the wall steps (a lip's edge,
    // 2 mm in a cell) a thin facet's slope turns that into tenths of a millimetre, so points next to a
    // step of more than 0.2 mm are left out; everywhere else the bound holds within a hundredth.
    const { columns, thicknessMm } = geometry;
    const first = geometry.spec.rimBottomRows + 1;
    const steep = (k: number) => {
      const c = k % columns;
      const j = first + (k - c) / columns;
      const here = thicknessMm[j * columns + c]!;
      for (const [di, dj] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
        [-1, -1],
        [1, 1],
        [-1, 1],
        [1, -1],
      ] as const) {
        const other = thicknessMm[(j + dj) * columns + ((c + di + columns) % columns)]!;
        if (Math.abs(other - here) > 0.2) return true;
      }
      return false;
    };
    const errors: number[] = [];
    for (let k = 0; k < a.length; k++) if (!steep(k)) errors.push(Math.abs(a[k]! - b[k]!));
    errors.sort((p, q) => p - q);
    const at = (q: number) => errors[Math.floor(q * (errors.length - 1))]!;
    console.log(
      "adaptive vs grid, mm: median",
      at(0.5),
      "99%",
      at(0.99),
      "max",
      at(1),
      "points",
      errors.length,
    );
    console.log("triangles grid", grid.indices.length / 3, "adaptive", adaptive.indices.length / 3);
    expect(errors.length).toBeGreaterThan(0.8 * a.length);
    expect(at(1)).toBeLessThanOrEqual(0.03);
    expect(adaptive.indices.length).toBeLessThan(grid.indices.length / 3);
  });

  it("lays photos left to right seen from outside, unmirrored, with rims and lips at full thickness", () => {
    const geometry = lampGeometry([photo(), photo()], SMALL);
    const { spec } = geometry;
    const mid = spec.rimBottomMm + spec.bandHeightMm / 2;
    // Rims.
    expect(lampThicknessAt(geometry, 1, 2)).toBeCloseTo(3, 5);
    expect(lampThicknessAt(geometry, 1, 39)).toBeCloseTo(3, 5);
    // Each photo's dark third is its left third seen from outside: angles just after its start.
    for (const start of [0, Math.PI]) {
      const dark = lampThicknessAt(geometry, start + (Math.PI / 3) * 0.5, mid);
      const light = lampThicknessAt(geometry, start + (Math.PI / 3) * 2.2, mid);
      expect(dark).toBeGreaterThan(2.5);
      expect(light).toBeLessThan(1.5);
    }
    // The lip between the photos.
    expect(lampThicknessAt(geometry, Math.PI, mid)).toBeCloseTo(3, 5);
    // Angle 0 faces the back (+y); angles grow counter-clockwise seen from above.
    expect(pointAngle(0, 10)).toBeCloseTo(0, 9);
    expect(pointAngle(-10, 0)).toBeCloseTo(Math.PI / 2, 9);
  });

  it("declares its sizes and the photo aspect the creator's crop takes", () => {
    for (const size of Object.values(LAMP_SIZES)) {
      expect(lampFitProblem(size)).toBeNull();
      expect(resolveLampSpec({ ...size, photos: 2 }).bandHeightMm).toBe(
        size.heightMm - LAMP_RIM.bottomMm - LAMP_RIM.topMm,
      );
    }
    expect(lampPhotoAspect(100, 150, 4)).toBeCloseTo((Math.PI * 100) / 4 / 138, 9);
  });

  it("refuses bad options and lamps that do not fit the printer, saying why", () => {
    const error = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(isLithophaneError(e)).toBe(true);
        return (e as Error).message;
      }
      throw new Error("did not throw");
    };
    expect(error(() => resolveLampSpec({ diameterMm: 100, heightMm: 150, photos: 5 }))).toMatch(/1 to 4/);
    expect(error(() => resolveLampSpec({ diameterMm: 100, heightMm: 15, photos: 1 }))).toMatch(/Height/);
    const tall = resolveLampSpec({ diameterMm: 100, heightMm: 250, photos: 1, resolutionMm: 1 });
    expect(error(() => lampPrintProject(tall))).toBe(
      `A 250 mm tall lamp is taller than the 210 mm the printer (${DEFAULT_LAMP_PRINTER.name}) can print.`,
    );
    const wide = resolveLampSpec({ diameterMm: 200, heightMm: 100, photos: 1, resolutionMm: 1 });
    expect(error(() => lampPrintProject(wide))).toMatch(/needs 226 mm of bed/);
    expect(
      lampFitProblem(tall, { ...DEFAULT_LAMP_PRINTER, maxHeightMm: 300 }, DEFAULT_PRINT_PROFILE),
    ).toBeNull();
  });

  it("writes a 3MF that reads back as the same mesh, upright on the bed's centre, its settings inside", async () => {
    const geometry = lampGeometry([photo()], SMALL);
    const mesh = buildLampMesh(geometry);
    const sink = new MemorySink();
    await writeLamp3mf(mesh, sink, { project: lampPrintProject(geometry.spec) });
    const project = await read3mf([sink.toBytes()]);
    expect(project.indices).toEqual(mesh.indices);
    expect(project.positions.length).toBe(mesh.positions.length);
    for (let v = 0; v < mesh.positions.length; v++) {
      expect(Math.abs(project.positions[v]! - mesh.positions[v]!)).toBeLessThan(6e-4);
    }
    expect(project.transform).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1, 125, 105, 0]);
    expect(project.config.get("layer_height")).toBe("0.1");
    expect(project.config.get("max_print_height")).toBe("210");
    expect(isLampProject(project)).toBe(true);
  });

  it("draws the lit lamp unrolled and from the front", () => {
    const geometry = lampGeometry([photo()], SMALL);
    const unrolled = lampPreview(geometry, { pixelMm: 0.5 });
    expect(unrolled.width).toBe(Math.round((Math.PI * 40) / 0.5));
    expect(unrolled.height).toBe(80);
    const front = lampPreview(geometry, { view: "front", pixelMm: 0.5 });
    expect(front.width).toBe(Math.round(34 / 0.5));
    // Unrolled: the photo's dark third (left) is darker than its right.
    const at = (p: number) => unrolled.rgb[3 * (40 * unrolled.width + p)]!;
    expect(at(Math.round(unrolled.width * 0.15))).toBeLessThan(at(Math.round(unrolled.width * 0.7)) - 50);
  });
});

describe("the lamp's twin", () => {
  /**
   * G-code for a plain tube standing on the bed at (125, 105): per layer, concentric circles of 0.5 mm
   * lines filling the wall between `rin` and `rin + wall(angle)`; `extra` adds a ring outside over an
   * arc (degrees, counter-clockwise from +y).
   */
  function tubeGcode(rin: number, wallMm: number, heightMm: number, extra?: { from: number; to: number }) {
    const lines = ["M83", "G92 E0"];
    const area = Math.PI * 0.875 ** 2;
    const w = 0.5;
    const tops: number[] = [0.2];
    while (tops.at(-1)! + 0.05 < heightMm) tops.push(Math.round((tops.at(-1)! + 0.1) * 1e6) / 1e6);
    for (const [j, z] of tops.entries()) {
      const h = j === 0 ? 0.2 : 0.1;
      lines.push(`;Z:${z}`, `;HEIGHT:${h}`, `G1 Z${z}`, ";TYPE:External perimeter");
      const rings: Array<[number, number, number]> = [];
      for (let r = rin + w / 2; r < rin + wallMm; r += w) rings.push([r, 0, 360]);
      if (extra) rings.push([rin + wallMm + w / 2, extra.from, extra.to]);
      for (const [r, from, to] of rings) {
        const point = (deg: number) => {
          const t = (deg * Math.PI) / 180;
          return [125 - r * Math.sin(t), 105 + r * Math.cos(t)] as const;
        };
        const [x0, y0] = point(from);
        lines.push(`G1 X${x0.toFixed(4)} Y${y0.toFixed(4)}`);
        const steps = Math.ceil(to - from);
        for (let k = 1; k <= steps; k++) {
          const [x, y] = point(from + ((to - from) * k) / steps);
          const length = (2 * Math.PI * r * (to - from)) / 360 / steps;
          lines.push(`G1 X${x.toFixed(4)} Y${y.toFixed(4)} E${((length * w * h) / area).toFixed(6)}`);
        }
      }
    }
    return lines.join("\n");
  }

  /** A 40 x 40 mm lamp whose wall is 2 mm everywhere, as its 3MF reads back. */
  async function plainTube() {
    const geometry = lampGeometry([photo()], SMALL);
    geometry.thicknessMm.fill(2);
    const mesh = buildLampMesh(geometry, { maxErrorMm: 0 });
    const sink = new MemorySink();
    await writeLamp3mf(mesh, sink, { project: lampPrintProject(geometry.spec) });
    return { project: await read3mf([sink.toBytes()]), rin: geometry.spec.innerRadiusMm };
  }

  it("rebuilds a plain 2 mm wall from the plastic laid round it, and agrees with the mesh", async () => {
    const { project, rin } = await plainTube();
    const { report, twin, preview } = await lampTwin(project, [tubeGcode(rin, 2, 40)], { gridMm: 0.5 });
    expect(report.mode).toBe("lamp");
    expect(report.layersPrinted).toBe(report.layersExpected);
    expect(report.missingLayers).toEqual([]);
    expect(report.thinnerAreaMm2 + report.thickerAreaMm2).toBeLessThan(0.01 * report.panelAreaMm2);
    expect(report.ssim).toBeGreaterThan(0.99);
    expect(report.circumferenceMm).toBeCloseTo(2 * Math.PI * (rin + 2), 1);
    expect(twin.width).toBe(preview.width);
  }, 60_000);

  it("finds a thicker arc where it was laid: angles grow to the right of the unrolled picture", async () => {
    const { project, rin } = await plainTube();
    // An extra ring over 30-75 degrees counter-clockwise from the back, seen from above.
    const { report } = await lampTwin(project, [tubeGcode(rin, 2, 40, { from: 30, to: 75 })], {
      gridMm: 0.5,
    });
    const R = report.circumferenceMm / (2 * Math.PI);
    const thicker = report.regions.filter((r) => r.kind === "thicker");
    expect(thicker).toHaveLength(1);
    const region = thicker[0]!;
    expect(region.x0 / R).toBeCloseTo((30 * Math.PI) / 180, 1);
    expect(region.x1 / R).toBeCloseTo((75 * Math.PI) / 180, 1);
    expect(region.meanDifferenceMm).toBeGreaterThan(0.4);
    expect(region.y1 - region.y0).toBeGreaterThan(35);
  }, 60_000);
});
