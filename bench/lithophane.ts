/**
 * Lithophane generator benchmark: 180 x 180 mm square at 0.2 and 0.1 mm from a 2000 x 2000 photo-like
 * JPEG, image decode to finished file, STL and the upright 3MF project (the print job's default). Each case
 * runs in a fresh child process so its peak RSS (process.resourceUsage().maxRSS) is its own.
 * Run: npx tsx bench/lithophane.ts [--runs N] [--json] [--sources]
 *
 * It measures the code as the shop and the CLI run it: print-file.ts and the STL worker compiled by the
 * server's own build (scripts/build-server.mjs) into bench/out/, the worker started from its .js file.
 * With --sources the cases run the TypeScript sources under tsx instead, as before: there the STL
 * worker thread first loads tsx and transpiles its modules (~0.4 s of CPU inside the timed run, on a
 * core the generator would otherwise have), which production never pays.
 *
 * The machine may be shared: each row also shows the process's CPU time (user + system, all threads), which
 * a busy machine inflates far less than wall-clock seconds, and the 1-minute load average when the case
 * started. With --runs N every case runs N times and the row shows the fastest run and the median seconds.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
// @ts-expect-error: a plain .mjs script without types; typed just below.
import { buildEntries as buildEntriesUntyped } from "../scripts/build-server.mjs";
import type { PrintFormat } from "../src/server/print/print-file";

type PrintFileModule = typeof import("../src/server/print/print-file");
/** Compiles output name -> source into a folder, as the server build does. */
const buildEntries: (entries: Record<string, string>, outDir: string) => Promise<void> = buildEntriesUntyped;

/** Where the compiled print-file module and its STL worker go (bench/out/ is not tracked). */
const BUILD_DIR = fileURLToPath(new URL("./out/lithophane-build/", import.meta.url));
const BUILD_ENTRIES = {
  "print-file": "src/server/print/print-file.ts",
  "stl-worker": "src/server/print/stl-worker.ts",
};

interface CaseResult {
  label: string;
  resolutionMm: number;
  format: PrintFormat;
  seconds: number;
  /** User + system CPU of the whole process (all threads): comparable even on a busy machine. */
  cpuSeconds: number;
  userSeconds: number;
  systemSeconds: number;
  /** 1-minute load average when the case started. */
  load: number;
  /** Median wall-clock seconds over the runs. */
  medianSeconds: number;
  peakRssMb: number;
  triangles: number;
  bytes: number;
}

interface Target {
  seconds?: number;
  peakRssMb?: number;
}

const SIZE_MM = 180;
const CASES: { resolutionMm: number; format: PrintFormat; target: Target }[] = [
  { resolutionMm: 0.2, format: "stl", target: {} },
  { resolutionMm: 0.2, format: "3mf", target: {} },
  { resolutionMm: 0.1, format: "stl", target: { seconds: 0.5, peakRssMb: 400 } },
  { resolutionMm: 0.1, format: "3mf", target: { seconds: 2 } },
];

/** Gradients, a few soft shapes and noise: compresses and decodes like a photo, not like a flat test card. */
async function writePhotoLikeJpeg(path: string): Promise<void> {
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
      const base = 60 + 120 * u * (1 - v) + 60 * blob + 25 * rings;
      const p = 3 * (y * side + x);
      for (let c = 0; c < 3; c++) {
        rgb[p + c] = Math.max(0, Math.min(255, base + (c - 1) * 18 + (random() - 0.5) * 40));
      }
    }
  }
  await sharp(rgb, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 85 })
    .toFile(path);
}

async function runCase(
  modulePath: string,
  imagePath: string,
  resolutionMm: number,
  format: PrintFormat,
  outPath: string,
) {
  const { generatePrintFile } = (await import(modulePath)) as PrintFileModule;
  const before = process.resourceUsage();

  const result = await generatePrintFile({
    imagePath,
    shape: "square",
    widthMm: SIZE_MM,
    heightMm: SIZE_MM,
    resolutionMm,
    format,
    outPath,
    profile: format === "3mf" ? { orientation: "upright" } : undefined,
  });
  const bytes = statSync(outPath).size;
  rmSync(outPath, { force: true });
  // maxRSS is in kilobytes, CPU times in microseconds; both cover every thread of this process.
  const usage = process.resourceUsage();
  const userSeconds = (usage.userCPUTime - before.userCPUTime) / 1e6;
  const systemSeconds = (usage.systemCPUTime - before.systemCPUTime) / 1e6;
  return {
    seconds: result.ms / 1000,
    cpuSeconds: userSeconds + systemSeconds,
    userSeconds,
    systemSeconds,
    peakRssMb: usage.maxRSS / 1024,
    triangles: result.triangles,
    bytes,
  };
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

function verdict(value: number, limit: number | undefined): string {
  if (limit === undefined) return "";
  return value <= limit ? " ok" : " MISSED";
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const caseIndex = args.indexOf("--case");
  if (caseIndex >= 0) {
    const [modulePath, imagePath, resolution, format, outPath] = args.slice(caseIndex + 1);
    const result = await runCase(
      modulePath!,
      imagePath!,
      Number(resolution),
      format as PrintFormat,
      outPath!,
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const [loadBefore = 0] = loadavg();
  const folder = mkdtempSync(join(tmpdir(), "lithobox-bench-"));
  try {
    const imagePath = join(folder, "photo.jpg");
    await writePhotoLikeJpeg(imagePath);
    const fromSources = args.includes("--sources");
    let modulePath = fileURLToPath(new URL("../src/server/print/print-file.ts", import.meta.url));
    if (!fromSources) {
      await buildEntries(BUILD_ENTRIES, BUILD_DIR);
      modulePath = join(BUILD_DIR, "print-file.js");
    }
    const self = fileURLToPath(import.meta.url);
    const runsIndex = args.indexOf("--runs");
    const runs = runsIndex >= 0 ? Math.max(1, Number(args[runsIndex + 1]) || 1) : 1;
    const results: (CaseResult & { target: Target })[] = [];
    for (const { resolutionMm, format, target } of CASES) {
      const outPath = join(folder, `panel-${resolutionMm}.${format}`);
      const measuredRuns: Omit<CaseResult, "label" | "resolutionMm" | "format" | "medianSeconds">[] = [];
      for (let run = 0; run < runs; run++) {
        const [load = 0] = loadavg();
        const child = spawnSync(
          process.execPath,
          [...process.execArgv, self, "--case", modulePath, imagePath, String(resolutionMm), format, outPath],
          { encoding: "utf8", maxBuffer: 1 << 20 },
        );
        if (child.status !== 0) throw new Error(`Case ${resolutionMm} mm ${format} failed:\n${child.stderr}`);
        const lastLine = child.stdout.trim().split("\n").at(-1) ?? "{}";
        measuredRuns.push({
          ...(JSON.parse(lastLine) as Omit<
            CaseResult,
            "label" | "resolutionMm" | "format" | "load" | "medianSeconds"
          >),
          load,
        });
      }
      const bySeconds = [...measuredRuns].sort((a, b) => a.seconds - b.seconds);
      results.push({
        label: `${SIZE_MM} mm @ ${resolutionMm} mm ${format === "3mf" ? "3MF upright" : "STL"}`,
        resolutionMm,
        format,
        ...bySeconds[0]!,
        medianSeconds: bySeconds[Math.floor((bySeconds.length - 1) / 2)]!.seconds,
        target,
      });
    }
    if (args.includes("--json")) {
      process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
      return;
    }
    const header = `${pad("case", 34)}${pad("seconds (target)", 20)}${runs > 1 ? pad("median s", 10) : ""}${pad("CPU s (user+sys)", 20)}${pad("peak RSS MB", 18)}${pad("triangles", 12)}${pad("bytes", 12)}${pad("load", 6)}`;
    console.log(header);
    console.log("-".repeat(header.length));
    for (const r of results) {
      const seconds = `${r.seconds.toFixed(2)}${r.target.seconds ? ` (<${r.target.seconds}${verdict(r.seconds, r.target.seconds)})` : ""}`;
      const rss = `${r.peakRssMb.toFixed(0)}${r.target.peakRssMb ? ` (<${r.target.peakRssMb}${verdict(r.peakRssMb, r.target.peakRssMb)})` : ""}`;
      const cpu = `${r.cpuSeconds.toFixed(2)} (${r.userSeconds.toFixed(2)}+${r.systemSeconds.toFixed(2)})`;
      console.log(
        `${pad(r.label, 34)}${pad(seconds, 20)}${runs > 1 ? pad(r.medianSeconds.toFixed(2), 10) : ""}${pad(cpu, 20)}${pad(rss, 18)}${pad(String(r.triangles), 12)}${pad(String(r.bytes), 12)}${pad(r.load.toFixed(1), 6)}`,
      );
    }
    const [loadAfter = 0] = loadavg();
    console.log(
      `(input: 2000 x 2000 JPEG; code: ${fromSources ? "TypeScript sources under tsx" : `compiled as the server is, in ${BUILD_DIR}`}; seconds = decode -> finished file in ${tmpdir()}${runs > 1 ? `, fastest of ${runs} runs` : ""}; load = 1-minute load average at the case's start; ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before / ${loadAfter.toFixed(1)} after; node ${process.version})`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
