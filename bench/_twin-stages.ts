/**
 * One panel through the print worker's steps, timed, for bench/twin.ts: the print file from the
 * customer's JPEG (generatePrintFile / generateColourPrintFile, as print-worker.ts calls them), its
 * slicing by PrusaSlicer (the project's own settings, as checkPrintFile runs it), the twin (reading,
 * depositing, lighting, comparing, and the two PNGs the worker stores), and, when asked, the same
 * mesh as STL through admesh. Prints one JSON line.
 *
 * bench/twin.ts runs this file in a child process against this tree and against a baseline commit's
 * worktree (it copies the file there), so both builds are measured the same way; it therefore uses
 * only what both have (generatePrintFile, exportGcode, simulatePrint, pictureToPng, buildColourParts).
 *
 *   node --import tsx bench/_twin-stages.ts --photo p.jpg --shape square --size-mm 100 --dir /tmp/x
 *     [--processing colour] [--slice] [--twin] [--admesh]
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { stat, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildColourParts, computeColourStack } from "../src/lithophane/colour/index";
import { resolvePanelSpec, type ShapeId } from "../src/lithophane/params";
import { generateColourPrintFile } from "../src/server/print/colour-file";
import { decodeRgbaCrop } from "../src/server/print/decode";
import { generatePrintFile } from "../src/server/print/print-file";
import { exportGcode, findExecutable } from "../src/server/print/slicer";
import { pictureToPng, simulatePrint } from "../src/server/print/twin";

const { values } = parseArgs({
  options: {
    photo: { type: "string" },
    shape: { type: "string", default: "square" },
    "size-mm": { type: "string", default: "100" },
    "resolution-mm": { type: "string", default: "0.2" },
    processing: { type: "string", default: "white" },
    dir: { type: "string" },
    slice: { type: "boolean", default: false },
    twin: { type: "boolean", default: false },
    admesh: { type: "boolean", default: false },
  },
});
const shape = values.shape as ShapeId;
const size = Number(values["size-mm"]);
const [widthMm, heightMm] =
  shape === "rectangle"
    ? [size, size * 0.75]
    : shape === "rectangle-portrait"
      ? [size * 0.75, size]
      : [size, size];
const resolutionMm = Number(values["resolution-mm"]);
const colour = values.processing === "colour";
const dir = values.dir!;
const photo = readFileSync(values.photo!);

export interface StageFigures {
  wallS: number;
  cpuS: number;
  load: number;
}

/** CPU seconds of waited-for children (cutime + cstime from /proc, 100 ticks a second). */
function childCpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
function selfCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

async function timed<T>(work: () => Promise<T>, cpu: () => number): Promise<[T, StageFigures]> {
  const load = loadavg()[0]!;
  const cpuBefore = cpu();
  const started = performance.now();
  const result = await work();
  return [result, { wallS: (performance.now() - started) / 1000, cpuS: cpu() - cpuBefore, load }];
}

/** admesh's verdict: what it would fix (all zero: nothing). */
function admesh(stlPath: string): { clean: boolean; summary: string } {
  const run = spawnSync("admesh", [stlPath], { encoding: "utf8", maxBuffer: 16 << 20 });
  const text = `${run.stdout}`;
  const field = (label: string): number => {
    const match = text.match(new RegExp(`${label}\\s*:\\s*(\\d+)`));
    return match ? Number(match[1]) : Number.NaN;
  };
  const figures = {
    parts: field("Number of parts"),
    degenerate: field("Degenerate facets"),
    edgesFixed: field("Edges fixed"),
    removed: field("Facets removed"),
    added: field("Facets added"),
    reversed: field("Facets reversed"),
    backwards: field("Backwards edges"),
    normalsFixed: field("Normals fixed"),
  };
  const { parts, ...fixes } = figures;
  const clean = run.status === 0 && parts === 1 && Object.values(fixes).every((n) => n === 0);
  return {
    clean,
    summary: clean
      ? "nothing to fix"
      : Object.entries(figures)
          .filter(([name, n]) => (name === "parts" ? n !== 1 : n !== 0))
          .map(([name, n]) => `${name} ${n}`)
          .join(", "),
  };
}

/** A binary STL of an indexed mesh (the colour parts have no STL writer of their own). */
async function writeIndexedStl(path: string, positions: Float32Array, indices: Uint32Array): Promise<void> {
  const count = indices.length / 3;
  const bytes = Buffer.alloc(84 + 50 * count);
  bytes.writeUInt32LE(count, 80);
  for (let t = 0; t < count; t++) {
    const o = 84 + 50 * t;
    const corner = (k: number) => 3 * indices[3 * t + k]!;
    const [a, b, c] = [corner(0), corner(1), corner(2)];
    const ux = positions[b]! - positions[a]!;
    const uy = positions[b + 1]! - positions[a + 1]!;
    const uz = positions[b + 2]! - positions[a + 2]!;
    const vx = positions[c]! - positions[a]!;
    const vy = positions[c + 1]! - positions[a + 1]!;
    const vz = positions[c + 2]! - positions[a + 2]!;
    const n = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
    const length = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
    for (let k = 0; k < 3; k++) bytes.writeFloatLE(n[k]! / length, o + 4 * k);
    for (const [m, v] of [a, b, c].entries()) {
      for (let k = 0; k < 3; k++) bytes.writeFloatLE(positions[v + k]!, o + 12 + 12 * m + 4 * k);
    }
  }
  await writeFile(path, bytes);
}

const threeMf = join(dir, `${shape}${colour ? "-colour" : ""}.3mf`);
const gcode = join(dir, `${shape}${colour ? "-colour" : ""}.gcode`);
const out: Record<string, unknown> = { shape, widthMm, heightMm, resolutionMm, colour };

const [file, fileFigures] = await timed(
  () =>
    colour
      ? generateColourPrintFile({ imageBuffer: photo, shape, widthMm, heightMm, outPath: threeMf })
      : generatePrintFile({
          imageBuffer: photo,
          shape,
          widthMm,
          heightMm,
          resolutionMm,
          format: "3mf",
          outPath: threeMf,
        }),
  selfCpuSeconds,
);
out.file = fileFigures;
out.triangles = file.triangles;
out.bytes = (await stat(threeMf)).size;

if (values.slice || values.twin) {
  const slicer = await findExecutable(process.env.PRUSA_SLICER || "prusa-slicer", process.env.PATH);
  if (!slicer) throw new Error("prusa-slicer is not installed");
  const [, sliceFigures] = await timed(
    () => exportGcode(slicer, threeMf, gcode, { timeoutMs: 3_600_000, home: dir }),
    childCpuSeconds,
  );
  out.slice = sliceFigures;
}
if (values.twin) {
  const [outcome, twinFigures] = await timed(async () => {
    const result = await simulatePrint({ threeMfPath: threeMf, gcodePath: gcode });
    await Promise.all([pictureToPng(result.twin), pictureToPng(result.preview)]);
    return result;
  }, selfCpuSeconds);
  out.twin = twinFigures;
  out.ssim = outcome.report.ssim;
  out.meanDeltaL = outcome.report.meanDeltaL;
}
if (values.admesh) {
  if (colour) {
    // The colour file's own steps (colour-file.ts), then its parts as STLs.
    const spec = resolvePanelSpec({ shape, widthMm, heightMm, resolutionMm: 0.4 });
    const rgba = await decodeRgbaCrop(photo, spec.crop, spec);
    const stack = computeColourStack(rgba.pixels, rgba.width, rgba.height, { ...spec, crop: rgba.crop });
    const verdicts: string[] = [];
    let clean = true;
    for (const part of buildColourParts(stack)) {
      const path = join(dir, `${shape}-${part.role}.stl`);
      await writeIndexedStl(path, part.mesh.positions, part.mesh.indices);
      const verdict = admesh(path);
      clean &&= verdict.clean;
      if (!verdict.clean) verdicts.push(`${part.role}: ${verdict.summary}`);
    }
    out.admesh = clean ? "nothing to fix (4 parts)" : verdicts.join("; ");
  } else {
    const stl = join(dir, `${shape}.stl`);
    await generatePrintFile({
      imageBuffer: photo,
      shape,
      widthMm,
      heightMm,
      resolutionMm,
      format: "stl",
      outPath: stl,
    });
    out.admesh = admesh(stl).summary;
  }
}
console.log(JSON.stringify(out));
