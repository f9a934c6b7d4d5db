/**
 * Page speed: Lighthouse (mobile: its default Moto G-class emulation and simulated slow 4G)
 * on /, /shop and /shop/create of the production build, served by the real server
 * (src/server/main.ts) on a free port with a temporary DATA_DIR, once its seed storefront
 * photos (heroes, gallery) are encoded, so the pages are measured with real pictures. Prints each page's
 * performance score, LCP, CLS, TBT and first-load JS + CSS (gzip, from the build manifest:
 * the entry chunk, its static imports and CSS, plus the page's own lazy chunk) beside the
 * targets, and checks that no admin code (nor recharts) is in the shop pages' bundles.
 *
 *   npx tsx bench/lighthouse.ts [--runs 1] [--json]
 *   CHROME_PATH=/usr/bin/chromium (the default)
 *   BENCH_TZ=Europe/London (the default)  the browser's time zone: outside the UK the page shows
 *                         the currency banner, which pushes the page down once the app starts
 *   WEB_DIST=/tmp/dist-x  measure that build (made with `--sourcemap hidden`) instead of building
 *                         one into a temporary folder: helpers working in parallel each keep theirs
 *
 * The machine is shared: scores move with CPU contention; --runs N keeps each page's median.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  buildWeb,
  FIRST_LOAD_BUDGET_BYTES,
  FORBIDDEN_IN_FIRST_LOAD,
  firstLoad,
  firstLoadComposition,
  kb,
  LANDING_PAGES,
  ROOT,
} from "./_bundle.js";
import { freePort, waitForSeedPhotos } from "./_server.js";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "1" }, json: { type: "boolean", default: false } },
});
const RUNS = Math.max(1, Number(args.runs));

const VISITOR_TZ = process.env.BENCH_TZ ?? "Europe/London";
const TARGETS = { performance: 95, lcpMs: 1500, cls: 0.05, firstLoadBytes: FIRST_LOAD_BUDGET_BYTES };
const PAGES = LANDING_PAGES;

async function startServer(webDist: string, dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    WEB_DIST: webDist,
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL; // The embedded database: page speed is about the web app.
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { child, base };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start in time");
}

interface Measure {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  jsTransferBytes: number;
  /** What Lighthouse saw as the largest contentful paint ("img" of the hero photo, a heading…). */
  lcpElement: string;
}

async function measure(url: string, port: number): Promise<Measure> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  const requests =
    (
      lhr.audits["network-requests"]?.details as
        | { items?: Array<{ resourceType?: string; transferSize?: number }> }
        | undefined
    )?.items ?? [];
  const lcpNode = (
    lhr.audits["largest-contentful-paint-element"]?.details as
      | { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string; snippet?: string } }> }> }
      | undefined
  )?.items?.[0]?.items?.[0]?.node;
  const tag = /^<(\w+)/.exec(lcpNode?.snippet ?? "")?.[1] ?? "?";
  return {
    lcpElement: lcpNode ? `<${tag}> ${(lcpNode.nodeLabel ?? "").slice(0, 60)}` : "unknown",
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: num("largest-contentful-paint"),
    cls: num("cumulative-layout-shift"),
    tbtMs: num("total-blocking-time"),
    fcpMs: num("first-contentful-paint"),
    jsTransferBytes: requests
      .filter((r) => r.resourceType === "Script")
      .reduce((n, r) => n + (r.transferSize ?? 0), 0),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const mark = (ok: boolean) => (ok ? "ok  " : "MISS");

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), "lithobox-lh-"));
  // An existing production build (e.g. `npx vite build --outDir /tmp/dist-x --sourcemap hidden`).
  const prebuilt = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : undefined;
  const webDist = prebuilt ?? path.join(work, "web");
  const dataDir = path.join(work, "data");
  let server: { child: ChildProcess; base: string } | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let failed = false;
  try {
    if (prebuilt) {
      console.log(`measuring the build in ${prebuilt} (WEB_DIST; not rebuilt)…`);
    } else {
      console.log("building the web app (production)…");
      buildWeb(webDist);
    }
    // Sizes first: brotli at quality 11 takes a few seconds, longer than a keep-alive lasts.
    const loads = PAGES.map((page) => firstLoad(webDist, page.routeChunks));
    server = await startServer(webDist, dataDir);
    console.log(`seed storefront photos: ${await waitForSeedPhotos(server.base)}`);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"],
      // The shop's visitor: in the UK (BENCH_TZ=America/New_York measures a visitor abroad, who
      // also gets the "Switch Currency?" banner above the navigation).
      envVars: { ...(process.env as Record<string, string>), TZ: VISITOR_TZ },
    });
    console.log(`visitor's time zone: ${VISITOR_TZ}`);
    const rows = [];
    for (const [i, page] of PAGES.entries()) {
      const load = loads[i] as ReturnType<typeof firstLoad>;
      const forbidden = FORBIDDEN_IN_FIRST_LOAD.flatMap((rule) =>
        load.sources.filter(rule.test).map((s) => `${rule.label}: ${s}`),
      );
      // Warm the server's caches (its database pages, the precompressed files).
      await fetch(`${server.base}${page.path}`, { headers: { connection: "close" } });
      const runs: Measure[] = [];
      for (let run = 0; run < RUNS; run++) {
        // On a loaded machine Lighthouse sometimes loses the trace (NO_NAVSTART): try again.
        for (let attempt = 1; ; attempt++) {
          try {
            runs.push(await measure(`${server.base}${page.path}`, chrome.port));
            break;
          } catch (error) {
            if (attempt >= 3) throw error;
            console.warn(`${page.path}: ${error instanceof Error ? error.message : String(error)}; again`);
          }
        }
      }
      const m: Measure = {
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: median(runs.map((r) => r.cls)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        jsTransferBytes: median(runs.map((r) => r.jsTransferBytes)),
        lcpElement: runs[0]?.lcpElement ?? "unknown",
      };
      rows.push({
        page: page.path,
        ...m,
        firstLoadGzip: load.totalGzip,
        firstLoadJsGzip: load.jsGzip,
        firstLoadBrotli: load.totalBrotli,
        forbidden,
        load,
      });
    }

    if (args.json) {
      console.log(
        JSON.stringify(
          rows.map(({ load: _load, ...r }) => r),
          null,
          2,
        ),
      );
    }
    console.log(
      `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS}) ` : ""}mobile, production build, ${server.base}`,
    );
    for (const r of rows) {
      const homeBudget = r.page === "/";
      const okPerf = r.performance >= TARGETS.performance;
      const okLcp = r.lcpMs < TARGETS.lcpMs;
      const okCls = r.cls < TARGETS.cls;
      const okLoad = !homeBudget || r.firstLoadGzip <= TARGETS.firstLoadBytes;
      const okAdmin = r.forbidden.length === 0;
      if (!(okPerf && okLcp && okCls && okLoad && okAdmin)) failed = true;
      console.log(`\n${r.page}`);
      console.log(
        `  ${mark(okPerf)} performance score   ${String(r.performance).padStart(8)}      target >= ${TARGETS.performance}`,
      );
      console.log(
        `  ${mark(okLcp)} LCP                 ${`${(r.lcpMs / 1000).toFixed(2)} s`.padStart(8)}      target < ${TARGETS.lcpMs / 1000} s   (element: ${r.lcpElement})`,
      );
      console.log(
        `  ${mark(okCls)} CLS                 ${r.cls.toFixed(3).padStart(8)}      target < ${TARGETS.cls}`,
      );
      console.log(
        `       TBT                 ${`${Math.round(r.tbtMs)} ms`.padStart(8)}      (FCP ${(r.fcpMs / 1000).toFixed(2)} s)`,
      );
      console.log(
        `  ${mark(okLoad)} first-load JS+CSS   ${kb(r.firstLoadGzip).padStart(8)} gz   ${homeBudget ? `target <= ${kb(TARGETS.firstLoadBytes)}` : "(no target)"}  (JS ${kb(r.firstLoadJsGzip)}, brotli ${kb(r.firstLoadBrotli)}, JS over the wire ${kb(r.jsTransferBytes)})`,
      );
      console.log(
        `  ${mark(okAdmin)} admin code / recharts in this page's bundles: ${okAdmin ? "none" : r.forbidden.join(", ")}`,
      );
    }
    const home = rows[0];
    if (home && home.firstLoadGzip > TARGETS.firstLoadBytes) {
      console.log("\nLargest modules in the first load of / (minified bytes):");
      for (const m of firstLoadComposition(webDist, home.load).slice(0, 12))
        console.log(`  ${kb(m.bytes).padStart(9)}  ${m.module}`);
    }
  } finally {
    await chrome?.kill();
    server?.child.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
  }
  // The figures are the output; a missed target is reported, not an error of the benchmark.
  if (failed) console.log("\nSome targets were missed (marked MISS).");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
