/**
 * The colour print file against real print tooling: for each shape, admesh finds every filament's part
 * closed, in one piece and with nothing to repair, the parts' volumes add up to the panel's (no overlap),
 * and PrusaSlicer slices the 3MF as a four-part multi-material object into G-code with tool changes and no
 * warning. Missing tools are installed as in print-tools.test.ts (root + apt); as root with apt a missing
 * tool fails the test, elsewhere the tests are skipped and say why.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemorySink } from "../../lithophane/chunks.js";
import {
  buildColourParts,
  type ColourStack,
  computeColourStack,
  writeColour3mf,
} from "../../lithophane/colour/index.js";
import { buildIndexedMesh, buildPanelGeometries, type IndexedMesh } from "../../lithophane/geometry.js";
import { SHAPE_IDS, type ShapeId } from "../../lithophane/params.js";

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
const canInstall = process.getuid?.() === 0 && hasCommand("apt-get");

it.runIf(canInstall)("has admesh and prusa-slicer installed (root with apt-get installs them)", () => {
  expect({ admesh: admeshReady, prusaSlicer: slicerReady }).toEqual({ admesh: true, prusaSlicer: true });
});

/** Small panels at a coarse grid so the slicer takes seconds. */
const SIZE: Record<ShapeId, [number, number]> = {
  square: [40, 40],
  rectangle: [40, 30],
  "rectangle-portrait": [30, 40],
  hexagon: [40, 40],
  heart: [40, 40],
};

/** A colourful photo-like pattern: hue across, brightness down, rings. */
function pattern(size: number): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const p = 4 * (y * size + x);
      const rings = Math.sin(Math.hypot(x - size / 2, y - size / 2) / 3);
      rgba[p] = Math.round(127 + 100 * Math.sin((6 * x) / size));
      rgba[p + 1] = Math.round(127 + 90 * rings);
      rgba[p + 2] = Math.round((255 * y) / size);
      rgba[p + 3] = 255;
    }
  }
  return rgba;
}

function stackFor(shape: ShapeId): ColourStack {
  const [widthMm, heightMm] = SIZE[shape];
  return computeColourStack(pattern(64), 64, 64, { shape, widthMm, heightMm, resolutionMm: 0.5 });
}

/** Binary STL of an indexed mesh. */
function stl(mesh: IndexedMesh): Uint8Array {
  const count = mesh.indices.length / 3;
  const bytes = new Uint8Array(84 + 50 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++) {
    const base = 84 + 50 * t;
    const corners = [0, 1, 2].map((c) => mesh.indices[3 * t + c]!);
    const [a, b, c] = corners.map((v) => [0, 1, 2].map((axis) => mesh.positions[3 * v + axis]!));
    const u = [0, 1, 2].map((k) => b![k]! - a![k]!);
    const w = [0, 1, 2].map((k) => c![k]! - a![k]!);
    const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
    const length = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
    for (let k = 0; k < 3; k++) view.setFloat32(base + 4 * k, n[k]! / length, true);
    for (const [corner, point] of [a, b, c].entries()) {
      for (let k = 0; k < 3; k++) view.setFloat32(base + 12 + 12 * corner + 4 * k, point![k]!, true);
    }
  }
  return bytes;
}

function parseAdmesh(output: string): Map<string, number[]> {
  const values = new Map<string, number[]>();
  for (const line of output.split("\n")) {
    const match = line.match(/^([A-Za-z][A-Za-z0-9 ]*?)\s*:\s*([-\d.\s]+)$/);
    if (match) values.set(match[1]!.trim(), match[2]!.trim().split(/\s+/).map(Number));
  }
  return values;
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "lithophane-colour-tools-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe.skipIf(!admeshReady)(
  `admesh${admeshReady ? "" : " (skipped: admesh is not installed and could not be installed)"}`,
  () => {
    it.each(SHAPE_IDS)(
      "finds each filament's %s part closed, in one piece, the parts filling the panel",
      async (shape) => {
        const stack = stackFor(shape);
        const volumeOf = async (name: string, mesh: IndexedMesh): Promise<number> => {
          const path = join(folder, `${shape}-${name}.stl`);
          await writeFile(path, stl(mesh));
          const { stdout } = await run("admesh", [path]);
          const report = parseAdmesh(stdout);
          for (const label of [
            "Degenerate facets",
            "Edges fixed",
            "Facets removed",
            "Facets added",
            "Facets reversed",
            "Backwards edges",
            "Normals fixed",
            "Total disconnected facets",
          ]) {
            expect(report.get(label), `${name} ${label} in:\n${stdout}`).toBeDefined();
            expect(
              report.get(label)!.every((value) => value === 0),
              `${name} ${label} in:\n${stdout}`,
            ).toBe(true);
          }
          expect(stdout, name).toMatch(/Number of parts\s*:\s*1\s/);
          return Number(stdout.match(/Volume\s*:\s*([\d.]+)/)?.[1]);
        };
        let sum = 0;
        for (const part of buildColourParts(stack)) sum += await volumeOf(part.role, part.mesh);
        // The panel's outer shape triangulated as the parts' outer surfaces are (each interface adapted
        // around the whole outline: buildPanelGeometries), so the volumes compare exactly.
        const outer = buildPanelGeometries(stack.heightmap, [stack.heightmap.thicknessMm])[0]!;
        const whole = await volumeOf("panel", buildIndexedMesh(outer));
        // Overlapping parts would add up to more than the panel, gaps to less.
        expect(Math.abs(sum - whole) / whole).toBeLessThan(1e-4);
      },
    );
  },
);

describe.skipIf(!slicerReady)(
  `prusa-slicer${slicerReady ? "" : " (skipped: prusa-slicer is not installed and could not be installed)"}`,
  () => {
    it("slices every shape's colour 3MF as one 4-part object with tool changes T0..T3 and no warning", async () => {
      const paths: string[] = [];
      for (const shape of SHAPE_IDS) {
        const sink = new MemorySink();
        await writeColour3mf(stackFor(shape), sink);
        const path = join(folder, `${shape}.3mf`);
        await writeFile(path, sink.toBytes());
        paths.push(path);
      }
      for (const path of paths) {
        const { stdout } = await run("prusa-slicer", ["--info", path]);
        expect(stdout, path).toContain("manifold = yes");
        expect(stdout, path).toMatch(/number_of_parts =\s+4/);
      }
      // Settings from the file only; two slicer processes, one per core.
      const halves = [paths.filter((_, k) => k % 2 === 0), paths.filter((_, k) => k % 2 === 1)];
      const logs = await Promise.all(
        halves.map(async (files) => {
          let log = "";
          for (const file of files) {
            const gcode = file.replace(/\.3mf$/, ".gcode");
            const { stdout, stderr } = await run("prusa-slicer", ["--export-gcode", file, "--output", gcode]);
            log += stdout + stderr;
          }
          return log;
        }),
      );
      expect(logs.join("\n")).not.toMatch(/warning|error/i);
      for (const path of paths) {
        const text = await readFile(path.replace(/\.3mf$/, ".gcode"), "utf8");
        const tools = new Set([...text.matchAll(/^T([0-9])$/gm)].map((match) => match[1]));
        expect([...tools].sort(), path).toEqual(["0", "1", "2", "3"]);
        expect(text).toMatch(/^; wipe_tower = 0$/m);
        // Every move has finite coordinates and the slicer could estimate the print time.
        expect(text).not.toMatch(/^G1 .*(inf|nan)/im);
        expect(text).toMatch(/^; estimated printing time \(normal mode\) = (\d+h )?\d+m \d+s$/m);
        expect(text).toMatch(/^; layer_height = 0\.1$/m);
        expect(text).toMatch(
          /^; filament_settings_id = "Lithobox White PLA";"Lithobox Cyan PLA";"Lithobox Magenta PLA";"Lithobox Yellow PLA"$/m,
        );
        expect(Number(text.match(/^; total filament used \[g\] = ([\d.]+)$/m)?.[1])).toBeGreaterThan(0);
      }
    }, 600_000);
  },
);
