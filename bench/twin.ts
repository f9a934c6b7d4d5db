/**
 * The proof's pipeline, from paid to proof ready, against a baseline commit's build in the same run
 * (issue 44 item 6; decision 352). A photo-like JPEG with text (src/server/print/sample-photo.ts) goes
 * through the print worker's steps (bench/_twin-stages.ts, run in a child process for each build):
 *
 * - pipeline: a 7x7" (178 mm) square at the default grid: the print file, PrusaSlicer's slicing, the
 *   twin (and its pictures), each with wall time, CPU time and the 1-minute load average when it
 *   started; target: at most 3 minutes in all on a 2-core machine.
 * - mesh: the five shapes and one colour panel (100 mm by default): the 3MF's size, the slicing time,
 *   the twin's SSIM against the preview, and admesh's verdict on the same mesh as STL, baseline beside
 *   this tree (targets: 4x smaller, 3x faster to slice, SSIM within 0.01, nothing to fix).
 *
 * The baseline is a git worktree of --base (bench/_baseline.ts: kept under /tmp between runs, with its
 * own dependencies when its lockfile differs), so both builds run the same stage script on the same
 * machine, one after the other.
 *
 *   npm run bench -- twin [--base 1b39a43] [--size-mm 178] [--mesh-size-mm 100] [--section all|pipeline|mesh]
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SHAPE_IDS } from "../src/lithophane/params";
import { samplePhotoJpeg } from "../src/server/print/sample-photo";
import { findExecutable } from "../src/server/print/slicer";
import { baselineCommit, baselineTree } from "./_baseline";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: process.env.BENCH_BASE_COMMIT ?? "1b39a43" },
    "size-mm": { type: "string", default: "178" },
    "mesh-size-mm": { type: "string", default: "100" },
    section: { type: "string", default: "all" },
  },
});
const root = path.resolve(import.meta.dirname, "..");
const SIZE_MM = Number(values["size-mm"]);
const MESH_SIZE_MM = Number(values["mesh-size-mm"]);
const TARGET_SECONDS = 180;

interface Stage {
  wallS: number;
  cpuS: number;
  load: number;
}
interface StageRun {
  shape: string;
  colour: boolean;
  file: Stage;
  slice?: Stage;
  twin?: Stage;
  triangles: number;
  bytes: number;
  ssim?: number;
  admesh?: string;
}

const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();

/** The baseline commit's worktree (bench/_baseline.ts), with this tree's stage script beside its code. */
function baselineStages(ref: string): { dir: string } {
  const dir = baselineTree(baselineCommit(ref).commit);
  copyFileSync(path.join(root, "bench/_twin-stages.ts"), path.join(dir, "bench/_twin-stages.ts"));
  return { dir };
}

function runStages(tree: string, args: string[]): StageRun {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(tree, "bench/_twin-stages.ts"), ...args],
    {
      cwd: tree,
      encoding: "utf8",
      maxBuffer: 16 << 20,
    },
  );
  const line = run.stdout.trim().split("\n").at(-1) ?? "";
  if (run.status !== 0 || !line.startsWith("{")) {
    throw new Error(`stages failed in ${tree} (${args.join(" ")}): ${run.stderr.slice(-2000)}`);
  }
  return JSON.parse(line) as StageRun;
}

const f1 = (n: number) => n.toFixed(1);
const stageCell = (s: Stage | undefined) =>
  s
    ? `${f1(s.wallS).padStart(6)} s ${f1(s.cpuS).padStart(6)} s CPU  load ${s.load.toFixed(2)}`
    : "-".padEnd(32);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

const slicer = await findExecutable(process.env.PRUSA_SLICER || "prusa-slicer", process.env.PATH);
if (!slicer) {
  console.log("prusa-slicer is not installed: the twin benchmark needs it (skipped).");
  process.exit(0);
}
const head = git("rev-parse", "--short", "HEAD");
const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
const thisTree = `this tree (${head}${dirty ? "+changes" : ""})`;
const baseLabel = `base ${values.base}`;
console.log(
  `G-code twin: ${baseLabel} against ${thisTree}, ${cpus().length} CPUs, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

const work = mkdtempSync(path.join(tmpdir(), "lithobox-bench-twin-"));
const base = baselineStages(values.base);
try {
  // A customer's photo: 3000 x 2250 JPEG with text, sky, a face-like disc, fine grain everywhere.
  const photo = path.join(work, "photo.jpg");
  writeFileSync(photo, await samplePhotoJpeg(3000, 2250));
  const trees = [
    { label: baseLabel, dir: base.dir },
    { label: thisTree, dir: root },
  ];
  const stages = (tree: string, name: string, args: string[]) => {
    const dir = path.join(work, name);
    rmSync(dir, { recursive: true, force: true });
    execFileSync("mkdir", ["-p", dir]);
    return runStages(tree, ["--photo", photo, "--dir", dir, ...args]);
  };

  if (values.section === "all" || values.section === "pipeline") {
    console.log(
      `\nPaid to proof ready: ${SIZE_MM} x ${SIZE_MM} mm square at the default 0.2 mm grid, upright 3MF`,
    );
    const runs = trees.map((tree, k) =>
      stages(tree.dir, `pipeline-${k}`, [
        "--shape",
        "square",
        "--size-mm",
        String(SIZE_MM),
        "--slice",
        "--twin",
      ]),
    );
    console.log(`${"".padEnd(14)} ${trees[0]!.label.padEnd(36)} ${trees[1]!.label}`);
    for (const [label, pick] of [
      ["print file", (r: StageRun) => r.file],
      ["slicing", (r: StageRun) => r.slice],
      ["twin", (r: StageRun) => r.twin],
    ] as const) {
      console.log(`${label.padEnd(14)} ${stageCell(pick(runs[0]!)).padEnd(36)} ${stageCell(pick(runs[1]!))}`);
    }
    const total = (r: StageRun) => ({
      wallS: r.file.wallS + (r.slice?.wallS ?? 0) + (r.twin?.wallS ?? 0),
      cpuS: r.file.cpuS + (r.slice?.cpuS ?? 0) + (r.twin?.cpuS ?? 0),
      load: r.file.load,
    });
    const [t0, t1] = runs.map(total) as [Stage, Stage];
    console.log(`${"total".padEnd(14)} ${stageCell(t0).padEnd(36)} ${stageCell(t1)}`);
    console.log(
      `file ${mb(runs[0]!.bytes)} -> ${mb(runs[1]!.bytes)}, ${runs[0]!.triangles.toLocaleString("en-GB")} -> ${runs[1]!.triangles.toLocaleString("en-GB")} triangles; SSIM ${runs[0]!.ssim?.toFixed(3)} -> ${runs[1]!.ssim?.toFixed(3)}`,
    );
    console.log(
      `total ${f1(t1.wallS)} s against the target of ${TARGET_SECONDS} s: ${t1.wallS <= TARGET_SECONDS ? "met" : "NOT met"} (${f1(t0.wallS / t1.wallS)}x faster than the base)`,
    );
  }

  if (values.section === "all" || values.section === "mesh") {
    console.log(
      `\nMesh: ${MESH_SIZE_MM} mm panels (rectangles 4:3), default grid (colour: its 0.4 mm), ${trees[0]!.label} -> ${trees[1]!.label}`,
    );
    console.log(
      `${"panel".padEnd(20)} ${"3MF".padEnd(26)} ${"slicing wall (CPU)".padEnd(38)} ${"SSIM".padEnd(22)} admesh`,
    );
    const panels = [
      ...SHAPE_IDS.map((shape) => ({ shape, colour: false })),
      { shape: "square" as const, colour: true },
    ];
    for (const panel of panels) {
      const name = `${panel.shape}${panel.colour ? " (colour)" : ""}`;
      const args = [
        "--shape",
        panel.shape,
        "--size-mm",
        String(MESH_SIZE_MM),
        "--slice",
        "--twin",
        "--admesh",
        ...(panel.colour ? ["--processing", "colour"] : []),
      ];
      const [a, b] = trees.map((tree, k) =>
        stages(tree.dir, `mesh-${panel.shape}-${panel.colour}-${k}`, args),
      ) as [StageRun, StageRun];
      const sliceA = a.slice!;
      const sliceB = b.slice!;
      console.log(
        [
          name.padEnd(20),
          `${mb(a.bytes)} -> ${mb(b.bytes)} ${f1(a.bytes / b.bytes)}x`.padEnd(26),
          `${f1(sliceA.wallS)} (${f1(sliceA.cpuS)}) -> ${f1(sliceB.wallS)} (${f1(sliceB.cpuS)}) s ${f1(sliceA.cpuS / sliceB.cpuS)}x CPU`.padEnd(
            38,
          ),
          `${a.ssim?.toFixed(3)} -> ${b.ssim?.toFixed(3)} (${((b.ssim ?? 0) - (a.ssim ?? 0)).toFixed(3)})`.padEnd(
            22,
          ),
          `${a.admesh} -> ${b.admesh}`,
          `  load ${sliceA.load.toFixed(2)}/${sliceB.load.toFixed(2)}`,
        ].join(" "),
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
