/**
 * Checks generated files with real print tooling: admesh must find nothing to repair in each shape's STL
 * and PrusaSlicer must slice each shape's 3MF. When a tool is missing, scripts/install-print-tools.mjs
 * tries to install it (root + apt). Where it cannot (not root, no apt) the tests are skipped and the test
 * name says why; as root with apt a missing tool is a failure.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPanelGeometry,
  computeHeightmap,
  panelBounds,
  SHAPE_IDS,
  type ShapeId,
} from "../../lithophane/index.js";
import { DEFAULT_PRINT_PROFILE, threeMfProject } from "../../lithophane/print-project.js";
import { writePrintFile } from "./print-file.js";

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const hasCommand = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

if (!hasCommand("admesh") || !hasCommand("prusa-slicer")) {
  spawnSync(process.execPath, ["scripts/install-print-tools.mjs"], {
    cwd: repoRoot,
    stdio: "inherit",
    timeout: 600_000,
  });
}
const admeshReady = hasCommand("admesh");
const slicerReady = hasCommand("prusa-slicer");
/** As root with apt the tools can always be installed: there a missing tool fails, never skips. */
const canInstall = process.getuid?.() === 0 && hasCommand("apt-get");

it.runIf(canInstall)("has admesh and prusa-slicer installed (root with apt-get installs them)", () => {
  expect({ admesh: admeshReady, prusaSlicer: slicerReady }).toEqual({ admesh: true, prusaSlicer: true });
});

/** Panel sizes per shape: small (40 mm) so the checks stay quick. */
const SIZE: Record<ShapeId, [number, number]> = {
  square: [40, 40],
  rectangle: [40, 30],
  "rectangle-portrait": [30, 40],
  hexagon: [40, 40],
  heart: [40, 40],
};

/** Smooth photo-like test pattern: gradient plus rings. */
function pattern(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const rings = Math.sin(Math.hypot(x - size / 2, y - size / 2) / 3);
      pixels[y * size + x] = Math.round(127 + 60 * rings + (60 * x) / size);
    }
  }
  return pixels;
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "lithophane-print-tools-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** admesh gets 0.5 mm panels; PrusaSlicer's G-code export costs seconds per file, so it gets 1 mm ones. */
async function writePanel(shape: ShapeId, format: "stl" | "3mf", resolutionMm: number): Promise<string> {
  const [widthMm, heightMm] = SIZE[shape];
  const heightmap = computeHeightmap(pattern(64), 64, 64, { shape, widthMm, heightMm, resolutionMm });
  const outPath = join(folder, `${shape}.${format}`);
  const project = format === "3mf" ? threeMfProject(heightmap.spec, DEFAULT_PRINT_PROFILE) : undefined;
  await writePrintFile(buildPanelGeometry(heightmap), format, outPath, { project });
  return outPath;
}

/** admesh's report as "label -> numbers", e.g. "Backwards edges" -> [0]. */
function parseAdmesh(output: string): Map<string, number[]> {
  const values = new Map<string, number[]>();
  for (const line of output.split("\n")) {
    const match = line.match(/^([A-Za-z][A-Za-z0-9 ]*?)\s*:\s*([-\d.\s]+)$/);
    if (match) values.set(match[1]!.trim(), match[2]!.trim().split(/\s+/).map(Number));
  }
  return values;
}

/** admesh's report says the mesh needed no repair of any kind and is one closed part. */
function expectNothingToRepair(stdout: string): void {
  const report = parseAdmesh(stdout);
  const expectZero = [
    "Degenerate facets",
    "Edges fixed",
    "Facets removed",
    "Facets added",
    "Facets reversed",
    "Backwards edges",
    "Normals fixed",
    "Facets with 1 disconnected edge",
    "Facets with 2 disconnected edges",
    "Facets with 3 disconnected edges",
    "Total disconnected facets",
  ];
  for (const label of expectZero) {
    expect(report.get(label), `${label} in:\n${stdout}`).toBeDefined();
    expect(
      report.get(label)!.every((value) => value === 0),
      `${label} in:\n${stdout}`,
    ).toBe(true);
  }
  expect(stdout).toMatch(/Number of parts\s*:\s*1\s/);
}

describe.skipIf(!admeshReady)(
  `admesh${admeshReady ? "" : " (skipped: admesh is not installed and could not be installed)"}`,
  () => {
    it.each(SHAPE_IDS)("finds nothing to repair in the %s STL", async (shape) => {
      const path = await writePanel(shape, "stl", 0.5);
      const { stdout } = await run("admesh", [path]);
      expectNothingToRepair(stdout);
      const facets = parseAdmesh(stdout).get("Number of facets")!;
      expect(facets[0]).toBe(facets[1]);
      expect(Number(stdout.match(/Volume\s*:\s*([\d.]+)/)?.[1])).toBeGreaterThan(0);
    });
  },
);

describe.skipIf(!slicerReady)(
  `prusa-slicer${slicerReady ? "" : " (skipped: prusa-slicer is not installed and could not be installed)"}`,
  () => {
    it("slices every shape's delivered 3MF upright with its own settings and no warning", async () => {
      const paths = await Promise.all(SHAPE_IDS.map((shape) => writePanel(shape, "3mf", 0.5)));
      for (const path of paths) {
        const { stdout } = await run("prusa-slicer", ["--info", path]);
        expect(stdout, path).toContain("manifold = yes");
        expect(stdout, path).toMatch(/number_of_parts =\s+1/);
      }
      // `prusa-slicer --export-gcode file.3mf` and nothing else: the settings must come from the file.
      // Two slicer processes (one per core), each slicing its share of the files.
      const halves = [paths.filter((_, k) => k % 2 === 0), paths.filter((_, k) => k % 2 === 1)];
      const logs = await Promise.all(
        halves.map(async (files) => {
          let log = "";
          for (const file of files) {
            const { stdout, stderr } = await run("prusa-slicer", ["--export-gcode", file]);
            log += stdout + stderr;
          }
          return log;
        }),
      );
      expect(logs.join("\n")).not.toMatch(/warning|error/i);
      for (const shape of SHAPE_IDS) {
        const gcode = join(folder, `${shape}.gcode`);
        expect((await stat(gcode)).size, gcode).toBeGreaterThan(10_000);
        const text = await readFile(gcode, "utf8");
        expect(text).toMatch(/^; layer_height = 0\.1$/m);
        expect(text).toMatch(/^; fill_density = 100%$/m);
        expect(text).toMatch(/^; seam_position = rear$/m);
        expect(text).toMatch(/^; brim_width = 8$/m);
        expect(text).toMatch(/^; filament_settings_id = "Lithobox White PLA"$/m);
        // Upright: the last layer is at the panel's height (its outline's y extent: a regular hexagon is
        // sqrt(3)/2 of its square box), not at its 3 mm thickness.
        const heights = [...text.matchAll(/^;Z:([\d.]+)$/gm)].map((match) => Number(match[1]));
        const bounds = panelBounds(shape, ...SIZE[shape]);
        expect(Math.max(...heights), shape).toBeCloseTo(bounds.maxY - bounds.minY, 0);
        expect(Number(text.match(/^; total filament used \[g\] = ([\d.]+)$/m)?.[1])).toBeGreaterThan(0);
      }
    }, 600_000);

    // PrusaSlicer turns the project into float32 bed coordinates. Off-grid vertices written to 3 decimals
    // made the heart's gently curved back-face outline exactly collinear in places (60 mm at 0.1 mm:
    // "Normals fixed 4"; 180 mm at 0.2 mm: 2); at 6 decimals every facet keeps its area.
    it.runIf(admeshReady)(
      "exports every shape's 3MF to an STL admesh finds nothing to repair in",
      async () => {
        for (const shape of SHAPE_IDS) {
          const heart = shape === "heart";
          const resolutionMm = heart ? 0.1 : 0.5;
          const [widthMm, heightMm] = heart ? [60, 60] : SIZE[shape];
          const heightmap = computeHeightmap(pattern(64), 64, 64, { shape, widthMm, heightMm, resolutionMm });
          const path = join(folder, `${shape}-export.3mf`);
          await writePrintFile(buildPanelGeometry(heightmap), "3mf", path, {
            project: threeMfProject(heightmap.spec, DEFAULT_PRINT_PROFILE),
          });
          const stl = join(folder, `${shape}-export.stl`);
          await run("prusa-slicer", ["--export-stl", path, "--output", stl]);
          const { stdout } = await run("admesh", [stl]);
          expectNothingToRepair(stdout);
        }
      },
      300_000,
    );
  },
);
