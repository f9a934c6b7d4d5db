/**
 * Per-stage timing of one print file (wall ms and process CPU ms, all threads): decode, heightmap (with the
 * resample alone timed again afterwards), geometry, file. Run:
 *   npx tsx bench/_lithophane-stages.ts <image> [resolutionMm=0.1] [stl|3mf]
 */
import { rmSync } from "node:fs";
import "sharp"; // loaded up front, as in bench/lithophane.ts
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildPanelGeometry } from "../src/lithophane/geometry";
import { computeHeightmap } from "../src/lithophane/heightmap";
import { gridVertexCount, resolvePanelSpec } from "../src/lithophane/params";
import { DEFAULT_PRINT_PROFILE, threeMfProject } from "../src/lithophane/print-project";
import { decodeGreyscaleCrop } from "../src/server/print/decode";
import { writePrintFile } from "../src/server/print/print-file";
import { PARALLEL_STL_TRIANGLES, startStlWorker } from "../src/server/print/stl-parallel";

const [imagePath, resolution = "0.1", format = "stl"] = process.argv
  .slice(2)
  .filter((a) => !a.startsWith("--"));
if (!imagePath) throw new Error("usage: _lithophane-stages.ts <image> [resolutionMm] [stl|3mf]");
const warmWorker = process.argv.includes("--warm-worker");
const early = warmWorker ? startStlWorker() : undefined;
if (early) await new Promise((resolve) => early.once("message", resolve));
const rows: string[] = [];
let wall = performance.now();
let cpu = process.cpuUsage();
function lap(label: string): void {
  const now = performance.now();
  const used = process.cpuUsage(cpu);
  rows.push(
    `${label.padEnd(12)} wall ${(now - wall).toFixed(0).padStart(5)} ms  cpu ${((used.user + used.system) / 1000).toFixed(0).padStart(5)} ms`,
  );
  wall = performance.now();
  cpu = process.cpuUsage();
}
const started = performance.now();
const startCpu = process.cpuUsage();
const spec = resolvePanelSpec({
  shape: "square",
  widthMm: 180,
  heightMm: 180,
  resolutionMm: Number(resolution),
});
const cells = (gridVertexCount(180, spec.resolutionMm) - 1) ** 2;
const worker =
  format === "stl" && 2 * cells >= PARALLEL_STL_TRIANGLES ? (early ?? startStlWorker()) : undefined;
const image = await decodeGreyscaleCrop(imagePath, spec.crop, spec);
lap("decode");
const heightmap = computeHeightmap(image.pixels, image.width, image.height, { ...spec, crop: image.crop });
lap("heightmap");
const geometry = buildPanelGeometry(heightmap);
lap("geometry");
const out = join(tmpdir(), `h19-stages.${format}`);
await writePrintFile(geometry, format as "stl" | "3mf", out, {
  stlWorker: worker,
  project: format === "3mf" ? threeMfProject(spec, DEFAULT_PRINT_PROFILE) : undefined,
});
lap("write");
const total = performance.now() - started;
const totalCpu = process.cpuUsage(startCpu);
await worker?.terminate();
rmSync(out, { force: true });
rows.push(
  `${"total".padEnd(12)} wall ${total.toFixed(0).padStart(5)} ms  cpu ${((totalCpu.user + totalCpu.system) / 1000).toFixed(0).padStart(5)} ms`,
);
console.log(rows.join("\n"));
