/**
 * `npm test`: installs what is missing, then typecheck, lint, unit, integration, build and
 * end-to-end suites. Stops at the first failing suite; fails when a suite runs no test.
 * Ends with one closing line: "N passed, N failed".
 *
 * `npm test -- integration` runs only the named suites (typecheck, lint, boundaries, module-graph, faces, product-kinds, one-runner, decisions, unit, integration, e2e).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium, ensureDependencies, ensureWebBuild, root, run } from "./ensure.mjs";
import { ensureSupportedNode } from "./node-runtime.mjs";

// Node 24 LTS: an older node runs this script again on Node 24 from the npm registry.
await ensureSupportedNode();
console.log(`Node ${process.versions.node}`);

const reports = path.join(root, "test-results", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;

function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numTotalTestSuites === 0 ? 1 : 0),
    total: report.numTotalTests,
  };
}

function playwrightCounts(file) {
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    total: stats.expected + stats.flaky + stats.unexpected,
  };
}

const suites = [
  // tsc keeps one core busy for ~30 s: it runs beside the other static checks, which share the other.
  { name: "typecheck", cmd: ["npx", "tsc", "--noEmit", "-p", "tsconfig.json"], beside: true },
  { name: "lint", cmd: ["npx", "biome", "check", "."] },
  // The import rules of docs/architecture.md's layers (.dependency-cruiser.cjs): pure shared code, no cycles, …
  { name: "boundaries", cmd: ["npx", "depcruise", "src", "--config", ".dependency-cruiser.cjs"] },
  // docs/server-modules.dot (the picture of the server's modules) drawn from today's imports.
  { name: "module-graph", cmd: ["node", "scripts/module-graph.mjs", "--check"] },
  // Each domain module's face names its exports, and each is used outside the module (issue 49).
  { name: "faces", cmd: ["node", "scripts/face-exports.mjs", "--check"] },
  // No file outside src/shared/product-types tests a product kind by name: it asks the type (issue 48).
  { name: "product-kinds", cmd: ["node", "scripts/product-kinds.mjs", "--check"] },
  // Only the workflow runner opens a transaction (issue 49 item 1): one way to run a state change.
  { name: "one-runner", cmd: ["node", "scripts/one-runner.mjs", "--check"] },
  // docs/decisions/README.md's index written from the records; every record has a status and a summary.
  { name: "decisions", cmd: ["node", "scripts/decisions-index.mjs", "--check"] },
  {
    name: "unit",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--project",
      "unit",
      "--reporter=default",
      "--reporter=json",
      `--outputFile=${reports}/unit.json`,
    ],
    counts: () => vitestCounts(`${reports}/unit.json`),
  },
  {
    name: "integration",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--project",
      "integration",
      "--reporter=default",
      "--reporter=json",
      `--outputFile=${reports}/integration.json`,
    ],
    counts: () => vitestCounts(`${reports}/integration.json`),
  },
  {
    name: "e2e",
    before: () => {
      ensureChromium();
      ensureWebBuild();
    },
    cmd: ["npx", "playwright", "test"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` },
    counts: () => playwrightCounts(`${reports}/e2e.json`),
  },
];

const only = process.argv.slice(2);
ensureDependencies();

/** A suite started beside the others: its output is printed whole when it is waited for. */
function start(suite) {
  return new Promise((resolve) => {
    const child = spawn(suite.cmd[0], suite.cmd.slice(1), {
      cwd: root,
      env: { ...process.env, ...suite.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => resolve({ suite, status: 1, output: [Buffer.from(String(error))] }));
    child.on("close", (status) => resolve({ suite, status: status ?? 1, output }));
  });
}

function fail(name) {
  console.error(`\n${name} failed.`);
  console.log(`${passed} passed, ${Math.max(failed, 1)} failed`);
  process.exit(1);
}

const running = [];

async function waitForSuitesBeside() {
  for (const { suite, status, output } of await Promise.all(running.splice(0))) {
    console.log(`\n=== ${suite.name} (run beside the others) ===`);
    process.stdout.write(Buffer.concat(output));
    if (status !== 0) {
      failed += 1;
      fail(suite.name);
    }
    passed += 1;
  }
}

for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue;
  if (suite.beside) {
    running.push(start(suite));
    continue;
  }
  // The test suites need both cores: what runs beside is waited for first.
  if (suite.counts) await waitForSuitesBeside();
  console.log(`\n=== ${suite.name} ===`);
  suite.before?.();
  const status = run(suite.cmd[0], suite.cmd.slice(1), { env: { ...process.env, ...suite.env } });
  let counts = { passed: 0, failed: 0, total: 0 };
  if (suite.counts) {
    try {
      counts = suite.counts();
    } catch {
      counts = { passed: 0, failed: 1, total: 0 };
    }
    if (counts.total === 0) {
      console.error(`${suite.name}: ran no test`);
      counts.failed = Math.max(counts.failed, 1);
    }
  } else {
    counts = status === 0 ? { passed: 1, failed: 0, total: 1 } : { passed: 0, failed: 1, total: 1 };
  }
  passed += counts.passed;
  failed += counts.failed;
  if (status !== 0 || counts.failed > 0) fail(suite.name);
}
await waitForSuitesBeside();

console.log(`\n${passed} passed, ${failed} failed`);
