/**
 * G-code twin benchmark: a 180 x 180 mm square panel at 0.1 mm (upright 3MF project, the print job's
 * default), timed in three parts: the print file, PrusaSlicer's slicing of it (its own settings only), and
 * the twin itself (reading the 3MF and the G-code, depositing, lighting, comparing).
 * Run: npx tsx bench/twin.ts [--size-mm 180]
 *
 * The machine may be shared: each row shows wall seconds, CPU seconds (this process for the file and the
 * twin; the slicer child's own for slicing) and the 1-minute load average when the part started.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildPanelGeometry, computeHeightmap } from "../src/lithophane/index";
import { DEFAULT_PRINT_PROFILE, threeMfProject } from "../src/lithophane/print-project";
import { writePrintFile } from "../src/server/print/print-file";
import { exportGcode, findExecutable } from "../src/server/print/slicer";
import { simulatePrint } from "../src/server/print/twin";

const { values } = parseArgs({ options: { "size-mm": { type: "string" } } });
// `npm run bench` passes no arguments: TWIN_SIZE_MM picks a smaller panel there.
const size = Number(values["size-mm"] ?? process.env.TWIN_SIZE_MM ?? 180);

/** CPU seconds of waited-for children (cutime + cstime from /proc, 100 ticks a second). */
function childCpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
const selfCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

async function timed<T>(label: string, work: () => Promise<T>, cpu: () => number): Promise<T> {
  const load = loadavg()[0]!;
  const cpuBefore = cpu();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(34)} ${seconds.toFixed(1).padStart(7)} s wall ${(cpu() - cpuBefore).toFixed(1).padStart(7)} s CPU   load ${load.toFixed(2)}`,
  );
  return result;
}

const slicer = await findExecutable(process.env.PRUSA_SLICER || "prusa-slicer", process.env.PATH);
if (!slicer) {
  console.log("prusa-slicer is not installed: the twin benchmark needs it (skipped).");
  process.exit(0);
}
console.log(`G-code twin, ${size} x ${size} mm square at 0.1 mm, upright (${cpus().length} CPUs)`);
const n = 1000;
const pixels = new Uint8Array(n * n);
for (let y = 0; y < n; y++) {
  for (let x = 0; x < n; x++) {
    pixels[y * n + x] = Math.round(127 + 60 * Math.sin(Math.hypot(x - n / 2, y - n / 2) / 40) + (60 * x) / n);
  }
}
const dir = await mkdtemp(join(tmpdir(), "lithobox-bench-twin-"));
try {
  const threeMf = join(dir, "panel.3mf");
  const gcode = join(dir, "panel.gcode");
  await timed(
    "print file (heightmap, mesh, 3MF)",
    async () => {
      const heightmap = computeHeightmap(pixels, n, n, {
        shape: "square",
        widthMm: size,
        heightMm: size,
        resolutionMm: 0.1,
      });
      await writePrintFile(buildPanelGeometry(heightmap), "3mf", threeMf, {
        project: threeMfProject(heightmap.spec, DEFAULT_PRINT_PROFILE),
      });
    },
    selfCpuSeconds,
  );
  await timed(
    "slicing (prusa-slicer, nice 19)",
    () => exportGcode(slicer, threeMf, gcode, { timeoutMs: 1_800_000, home: dir }),
    childCpuSeconds,
  );
  // The twin in two stages: reading the 3MF and the G-code and depositing the plastic, then the light
  // model (light.ts: absorption and scattering) on both pictures and their comparison.
  const marks: Array<{ at: number; cpu: number; load: number }> = [];
  const mark = () => marks.push({ at: performance.now(), cpu: selfCpuSeconds(), load: loadavg()[0]! });
  const outcome = await timed(
    "twin (read, deposit, light, compare)",
    () => {
      mark();
      return simulatePrint({ threeMfPath: threeMf, gcodePath: gcode, onStage: mark });
    },
    selfCpuSeconds,
  );
  const stage = (label: string, from: number, to: number) => {
    const a = marks[from];
    const b = marks[to];
    if (!a || !b) return;
    console.log(
      `  ${label.padEnd(32)} ${((b.at - a.at) / 1000).toFixed(1).padStart(7)} s wall ${(b.cpu - a.cpu).toFixed(1).padStart(7)} s CPU   load ${a.load.toFixed(2)}`,
    );
  };
  stage("read 3MF + G-code, deposit", 0, 1);
  stage("light model + compare", 1, 2);
  const r = outcome.report;
  console.log(
    `twin vs preview: SSIM ${r.ssim.toFixed(3)}, mean |dL*| ${r.meanDeltaL.toFixed(2)}, ${r.layersPrinted}/${r.layersExpected} layers, ${r.extrusions.toLocaleString("en-GB")} extrusions`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
