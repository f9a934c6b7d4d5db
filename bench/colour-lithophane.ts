/**
 * Colour lithophane benchmark (issue 22):
 * 1. colour accuracy: the 24 ColorChecker patches through the colour model (default filaments, 0.1 mm
 *    layers, quantised and dithered), mean CIEDE2000 between the colour the panel aims at and its predicted
 *    glow, over the patches inside the filaments' gamut; printed beside the target;
 * 2. colour 3MF generation: 180 x 180 mm at 0.4 mm from a 2000 x 2000 colour JPEG, decode -> finished
 *    multi-material 3MF, wall-clock and CPU seconds and peak RSS, in a fresh child process.
 * Run: npx tsx bench/colour-lithophane.ts
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { colourChartDeltaE } from "../src/lithophane/colour/index";
import { generateColourPrintFile } from "../src/server/print/colour-file";

const TARGETS = {
  /** Mean CIEDE2000 over the in-gamut patches: below 1 is a difference most viewers cannot see side by side. */
  meanDeltaE: 1,
  /** No in-gamut patch worse than a just-noticeable difference. */
  maxDeltaE: 2,
  /** At least three quarters of the chart inside the gamut. */
  inGamut: 18,
  /** Decode -> colour 3MF for a 180 mm panel at 0.4 mm, on the shop's 2-core machine. */
  seconds: 15,
  peakRssMb: 1500,
};

const SIZE_MM = 180;
const RESOLUTION_MM = 0.4;

/** A colourful photo-like JPEG: hue gradient, a warm blob, rings and noise. */
async function writeColourJpeg(path: string): Promise<void> {
  const side = 2000;
  const rgb = new Uint8Array(side * side * 3);
  let seed = 12345;
  const random = (): number => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const u = x / side;
      const v = y / side;
      const blob = Math.exp(-((u - 0.4) ** 2 + (v - 0.45) ** 2) * 12);
      const rings = 0.5 + 0.5 * Math.sin(40 * Math.hypot(u - 0.7, v - 0.3));
      const p = 3 * (y * side + x);
      const channels = [
        70 + 120 * u + 50 * blob + 15 * rings,
        60 + 110 * (1 - v) + 30 * blob + 15 * rings,
        50 + 130 * v * (1 - u) + 20 * rings,
      ];
      for (let c = 0; c < 3; c++)
        rgb[p + c] = Math.max(0, Math.min(255, channels[c]! + (random() - 0.5) * 30));
    }
  }
  await sharp(rgb, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 85 })
    .toFile(path);
}

async function runFileCase(imagePath: string, outPath: string) {
  const before = process.resourceUsage();
  const result = await generateColourPrintFile({
    imagePath,
    shape: "square",
    widthMm: SIZE_MM,
    heightMm: SIZE_MM,
    resolutionMm: RESOLUTION_MM,
    outPath,
  });
  const bytes = statSync(outPath).size;
  rmSync(outPath, { force: true });
  const usage = process.resourceUsage();
  return {
    seconds: result.ms / 1000,
    cpuSeconds: (usage.userCPUTime - before.userCPUTime + usage.systemCPUTime - before.systemCPUTime) / 1e6,
    peakRssMb: usage.maxRSS / 1024,
    triangles: result.triangles,
    bytes,
    outOfGamut: result.outOfGamutFraction,
  };
}

const verdict = (value: number, limit: number, atLeast = false) =>
  (atLeast ? value >= limit : value <= limit) ? "ok" : "MISSED";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const caseIndex = args.indexOf("--case");
  if (caseIndex >= 0) {
    const [imagePath, outPath] = args.slice(caseIndex + 1);
    process.stdout.write(`${JSON.stringify(await runFileCase(imagePath!, outPath!))}\n`);
    return;
  }

  const started = performance.now();
  const chart = colourChartDeltaE();
  const chartMs = performance.now() - started;
  console.log("Colour chart (ColorChecker 24, default filaments, 0.1 mm layers, quantised):");
  console.log(`${"patch".padEnd(15)}${"sRGB".padEnd(14)}${"CIEDE2000".padEnd(11)}gamut`);
  for (const patch of chart.patches) {
    console.log(
      `${patch.name.padEnd(15)}${patch.srgb.join(",").padEnd(14)}${patch.deltaE.toFixed(2).padEnd(11)}${patch.inGamut ? "in" : `out (mapped, ${(100 * patch.outOfGamut).toFixed(0)}% flagged)`}`,
    );
  }
  console.log(
    `mean CIEDE2000 over in-gamut patches: ${chart.meanDeltaEInGamut.toFixed(2)} (target < ${TARGETS.meanDeltaE} ${verdict(chart.meanDeltaEInGamut, TARGETS.meanDeltaE)})`,
  );
  console.log(
    `max CIEDE2000 over in-gamut patches:  ${chart.maxDeltaEInGamut.toFixed(2)} (target < ${TARGETS.maxDeltaE} ${verdict(chart.maxDeltaEInGamut, TARGETS.maxDeltaE)})`,
  );
  console.log(
    `patches inside the gamut: ${chart.inGamutCount} of 24 (target >= ${TARGETS.inGamut} ${verdict(chart.inGamutCount, TARGETS.inGamut, true)}); chart model ${chartMs.toFixed(0)} ms`,
  );

  const folder = mkdtempSync(join(tmpdir(), "lithobox-colour-bench-"));
  try {
    const imagePath = join(folder, "photo.jpg");
    await writeColourJpeg(imagePath);
    const [load = 0] = loadavg();
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), "--case", imagePath, join(folder, "panel.3mf")],
      { encoding: "utf8", maxBuffer: 1 << 20 },
    );
    if (child.status !== 0) throw new Error(`Colour 3MF case failed:\n${child.stderr}`);
    const r = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as Awaited<
      ReturnType<typeof runFileCase>
    >;
    console.log(
      `\nColour 3MF ${SIZE_MM} x ${SIZE_MM} mm @ ${RESOLUTION_MM} mm: ${r.seconds.toFixed(2)} s (target < ${TARGETS.seconds} ${verdict(r.seconds, TARGETS.seconds)}), CPU ${r.cpuSeconds.toFixed(2)} s, peak RSS ${r.peakRssMb.toFixed(0)} MB (target < ${TARGETS.peakRssMb} ${verdict(r.peakRssMb, TARGETS.peakRssMb)}), ${r.triangles} triangles in 4 parts, ${r.bytes} bytes, ${(100 * r.outOfGamut).toFixed(1)}% out of gamut`,
    );
    console.log(
      `(input: 2000 x 2000 colour JPEG; decode -> finished 3MF in ${tmpdir()}; ${cpus().length} CPUs, load ${load.toFixed(1)} at start; node ${process.version})`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
