/**
 * Start-up of the server and a CLI, compiled (dist/server, plain node: how `npm start` runs)
 * beside the TypeScript sources through tsx (development), on PGlite with a warm DATA_DIR:
 * time from spawn to the first 200 from /api/health, and the server's RSS once idle (5 s
 * after that answer); CPU time beside wall time, since the machine is shared. On PGlite also the
 * RSS 10 s after start and after 10,000 mixed requests (issue 21; bench/load.ts does PostgreSQL). Run: npx tsx bench/startup.ts [--runs 3] [--json]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../tests/support/ports.js";
import { type ServerProcess, startServer } from "../tests/support/server-process.js";
import { MIXED_REQUESTS, mixedRequests } from "./_mixed-requests.js";
import { machineState } from "./_server.js";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, json: { type: "boolean" } },
});
const runs = Number(values.runs);

/** The server's entry (tests/support/server-process.ts): the build, or the sources through tsx. */
const MODES = { compiled: "dist/server/main.js", tsx: "source" } as const;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Spawns the server from `entry` on a free port over `dataDir` (plus `env`) and waits for its first
 * 200 from /api/health; answers the process, its address and the milliseconds that took.
 */
async function launch(
  entry: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; base: string; ms: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = await startServer({
    entry,
    cwd: root,
    stdio: "inherit",
    base,
    path: "/api/health",
    timeoutMs: 120_000,
    intervalMs: 20,
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      ...env,
    },
  });
  return { server, base, ms: performance.now() - started };
}

async function startOnce(
  entry: string,
  dataDir: string,
): Promise<{ ms: number; cpuMs: number; idleRssMb: number }> {
  const { server, ms } = await launch(entry, dataDir);
  try {
    const cpu = cpuMs(server.child.pid ?? 0);
    await new Promise((r) => setTimeout(r, 5_000));
    return { ms, cpuMs: cpu, idleRssMb: rssMb(server.child.pid ?? 0) };
  } finally {
    await server.stop();
  }
}

const MEMORY_TARGET = { idleRssMb: 400, loadedOverIdle: 1.5 };

/**
 * The compiled server on PGlite: RSS 10 s after start, then 5 s after MIXED_REQUESTS requests
 * (issue 21 measures both, on PGlite and on PostgreSQL; bench/load.ts does PostgreSQL).
 */
async function memoryUnderLoad(dataDir: string): Promise<{ idleRssMb: number; loadedRssMb: number }> {
  // The mixed requests' checkouts each name their own address.
  const { server, base } = await launch(MODES.compiled, dataDir, { TRUSTED_PROXIES: "127.0.0.1" });
  try {
    await new Promise((r) => setTimeout(r, 10_000));
    const idleRssMb = rssMb(server.child.pid ?? 0);
    await mixedRequests(base);
    await new Promise((r) => setTimeout(r, 5_000));
    return { idleRssMb, loadedRssMb: rssMb(server.child.pid ?? 0) };
  } finally {
    await server.stop();
  }
}

/** User + system CPU the process has used so far (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The lithophane CLI printing its usage: the cost of starting a tool, nothing else. */
function cliMs(args: readonly string[]): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    spawnSync(process.execPath, [...args], { cwd: root, stdio: "ignore" });
    times.push(performance.now() - started);
  }
  return median(times);
}

spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root, stdio: "inherit" });
console.log(machineState().line);
const results: Record<string, { startMs: number; startCpuMs: number; idleRssMb: number; cliMs: number }> = {};
let memory: { idleRssMb: number; loadedRssMb: number } | undefined;
for (const [mode, entry] of Object.entries(MODES)) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-startup-"));
  try {
    await startOnce(entry, dataDir); // creates and migrates the database: not measured
    if (mode === "compiled") memory = await memoryUnderLoad(dataDir);
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await startOnce(entry, dataDir));
    const cliArgs =
      mode === "compiled"
        ? ["dist/server/lithophane.js"]
        : ["--import", "tsx", "src/server/cli/lithophane.ts"];
    results[mode] = {
      startMs: median(samples.map((s) => s.ms)),
      startCpuMs: median(samples.map((s) => s.cpuMs)),
      idleRssMb: median(samples.map((s) => s.idleRssMb)),
      cliMs: cliMs(cliArgs),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.json) console.log(JSON.stringify({ ...results, memory }));
for (const [mode, r] of Object.entries(results)) {
  console.log(
    `${mode.padEnd(9)} start to first /api/health ${r.startMs.toFixed(0)} ms (median of ${runs}; ${r.startCpuMs.toFixed(0)} ms CPU), idle RSS ${r.idleRssMb.toFixed(0)} MB, CLI start ${r.cliMs.toFixed(0)} ms`,
  );
}
// `npm run lithophane -- --help` = scripts/run-cli.mjs (dependency and build checks, then the
// compiled tool) against the compiled tool alone: the difference is what the checks cost when
// nothing changed (issue 31: under 100 ms). Both on this node, so a re-run on Node 24 is not in it.
const wrapperRuns = Math.max(runs, 5);
const timesOf = (args: readonly string[]) =>
  Array.from({ length: wrapperRuns }, () => {
    const started = performance.now();
    spawnSync(process.execPath, [...args], { cwd: root, stdio: "ignore" });
    return performance.now() - started;
  });
const wrapped = median(timesOf(["scripts/run-cli.mjs", "lithophane", "--help"]));
const bare = median(timesOf(["dist/server/lithophane.js", "--help"]));
const checksMs = wrapped - bare;
console.log(
  `npm run lithophane -- --help: ${wrapped.toFixed(0)} ms, the tool alone ${bare.toFixed(0)} ms: checks before the tool ${checksMs.toFixed(0)} ms (median of ${wrapperRuns}; target < 100 ms: ${checksMs < 100 ? "ok" : "MISS"})`,
);

if (memory) {
  const ratio = memory.loadedRssMb / memory.idleRssMb;
  console.log(
    `compiled on PGlite: idle RSS ${memory.idleRssMb.toFixed(0)} MB (10 s after start; target < ${MEMORY_TARGET.idleRssMb} MB: ${memory.idleRssMb < MEMORY_TARGET.idleRssMb ? "ok" : "MISS"}), ` +
      `after ${MIXED_REQUESTS} mixed requests ${memory.loadedRssMb.toFixed(0)} MB = ${ratio.toFixed(2)}x idle (target <= ${MEMORY_TARGET.loadedOverIdle}x: ${ratio <= MEMORY_TARGET.loadedOverIdle ? "ok" : "MISS"})`,
  );
}
