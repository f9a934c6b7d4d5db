/**
 * Checkout benchmark against PostgreSQL, side by side with a baseline commit (decision 353):
 * the real server (compiled, as `npm start` runs it) in a child process on a free port, over a
 * fresh database; 50 concurrent clients create N orders (POST /api/checkout), then complete all
 * of them (Pay on the built-in test payment page). Each round runs the baseline's build and
 * today's, alternating which goes first, so both see the same machine.
 *
 * A payment's cost is counted until the server has settled: e-mails, alerts and the rest of
 * the work done after the answer are part of what a payment costs (a payment that answers fast
 * and leaves 50 ms of work behind it is not cheap). The ratio of server CPU per operation,
 * today's over the baseline's, is printed for create-checkout and complete-payment; the run
 * fails (exit 1) when either is over --max-ratio.
 *
 *   npm run bench -- checkout [--base <commit>] [--rounds 2] [--orders 1000] [--warmup 1000]
 *   npx tsx bench/checkout.ts --no-base        today's build alone
 *   DATABASE_URL=postgres://user@host:5432/db npx tsx bench/checkout.ts
 *
 * The baseline: --base, else the commit in bench/baseline, else the newest tag (bench/_baseline.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildAccessoryCartItem, type CartItem } from "../src/shared/cart";
import { baselineCommit, baselineTree, buildServerAt } from "./_baseline";
import {
  ADAPTER,
  checkoutRequest,
  DIMMER,
  lithophaneCartItem,
  type UploadedPhoto,
  uploadCheckoutPhoto,
} from "./_checkout-client";
import { type BenchServer, freshDatabase, machineState, runtimeLine, startServer } from "./_server";

const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "1000" },
    clients: { type: "string", default: "50" },
    /**
     * Orders before the measured ones. A shop server runs for days, so the figures are about a
     * warm one: V8 keeps optimising the request path for the first ~1,500 orders. 1,000 each
     * keeps a run of both builds, three rounds, near ten minutes.
     */
    warmup: { type: "string", default: "1000" },
    /** Open-loop arrivals per second for an extra latency run (0: skip). */
    rate: { type: "string", default: "0" },
    json: { type: "boolean", default: false },
    /** The baseline commit (default: bench/baseline, else the newest tag). */
    base: { type: "string" },
    "no-base": { type: "boolean", default: false },
    /** Rounds of baseline and today's build, alternating which runs first. */
    rounds: { type: "string", default: "3" },
    /** Today's server CPU per operation over the baseline's above this fails the run. */
    "max-ratio": { type: "string", default: "1.2" },
  },
});
const N = Number(args.orders);
const CLIENTS = Number(args.clients);
const WARMUP = Number(args.warmup);
const RATE = Number(args.rate);
const MAX_RATIO = Number(args["max-ratio"]);

/** The customer's photo: checkout takes only the shop's own uploads, so one is uploaded first. */
let photo: UploadedPhoto | undefined;

function lithophane(): CartItem {
  if (!photo) throw new Error("upload the photo first");
  return lithophaneCartItem(photo);
}

/** Three kinds of cart, with the totals the server must charge (client prices are ignored). */
function cartFor(i: number): { items: CartItem[]; total: number } {
  switch (i % 3) {
    case 0:
      return { items: [buildAccessoryCartItem(ADAPTER)], total: 999 + 899 };
    case 1:
      return { items: [lithophane(), buildAccessoryCartItem(DIMMER)], total: 5450 + 1499 + 899 };
    default:
      return { items: [lithophane(), lithophane()], total: 10900 };
  }
}

function ip(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

interface Created {
  orderId: string;
  url: string;
  orderTotal: number;
  expectedTotal: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** The server process's CPU time (user + system, ms) from /proc; null off Linux. */
function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** CPU time (ms) of every PostgreSQL process on this machine (the bench's backends among them); null off Linux. */
function postgresCpuMs(): number | null {
  try {
    let total = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
        total += processCpuMs(Number(entry)) ?? 0;
      } catch {
        // The process ended between the listing and the read.
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** CPU time (ms) all cores spent busy since boot, from /proc/stat; null off Linux. */
function machineBusyMs(): number | null {
  try {
    const [user, nice, system, , , irq, softirq, steal] = (
      readFileSync("/proc/stat", "utf8").split("\n", 1)[0] ?? ""
    )
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (
      (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / 100
    );
  } catch {
    return null;
  }
}

/** CPU time (ms) used so far by the server, PostgreSQL, this client and the whole machine. */
function cpuNow(serverPid: number | undefined) {
  const client = process.cpuUsage();
  return {
    server: processCpuMs(serverPid),
    postgres: postgresCpuMs(),
    client: (client.user + client.system) / 1000,
    machine: machineBusyMs(),
  };
}

/**
 * CPU ms per order between two readings (null where /proc cannot tell). The whole machine's
 * figure is everything the cores did, whoever did it: what caps a closed loop's rate.
 */
function cpuPerOrder(before: ReturnType<typeof cpuNow>, after: ReturnType<typeof cpuNow>, orders: number) {
  const per = (from: number | null, to: number | null) =>
    from !== null && to !== null ? Number(((to - from) / orders).toFixed(2)) : null;
  return {
    serverCpuMsPerOrder: per(before.server, after.server),
    postgresCpuMsPerOrder: per(before.postgres, after.postgres),
    clientCpuMsPerOrder: per(before.client, after.client),
    machineCpuMsPerOrder: per(before.machine, after.machine),
  };
}

/** Starts one job every 1/rate s (open loop), at most `clients` in flight; answers latencies. */
async function runOpenLoop(total: number, rate: number, clients: number, job: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let inFlight = 0;
  let skipped = 0;
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= clients) {
      skipped++;
      continue;
    }
    inFlight++;
    const t0 = performance.now();
    running.push(
      job(i).then(() => {
        latencies.push(performance.now() - t0);
        inFlight--;
      }),
    );
  }
  await Promise.all(running);
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), skipped };
}

/**
 * POST with a JSON body over a keep-alive node:http agent. The client shares the two cores
 * with the server and Postgres; fetch() cost it about three times the CPU per request.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface PreparedRequest {
  /** What the server must charge. */
  total: number;
  payload: string;
  headers: Record<string, string>;
}

function postJson(
  url: string,
  { headers, payload }: PreparedRequest,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        } catch (error) {
          reject(error);
        }
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** Runs `total` jobs on `clients` concurrent workers; answers per-job latency (ms) and wall time. */
async function runConcurrently(total: number, clients: number, job: (i: number) => Promise<void>) {
  const latencies: number[] = new Array(total);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(clients, total) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const t0 = performance.now();
        await job(i);
        latencies[i] = performance.now() - t0;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    seconds,
    perSecond: total / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

const BENCH_METRICS_TOKEN = randomBytes(24).toString("hex");

interface CheckoutMetrics {
  checkouts: number;
  payments: number;
  checkoutHistogram: { count: number; meanMs: number; buckets: string };
}

/** GET /metrics with the token: the checkout and payment counters and the checkout route's histogram. */
async function scrapeCheckoutMetrics(base: string): Promise<CheckoutMetrics> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const text = await res.text();
  const lines = text.split("\n");
  const value = (series: string) =>
    Number(lines.find((l) => l.startsWith(`${series} `))?.split(" ")[1] ?? Number.NaN);
  const route = 'method="POST",route="/api/checkout",status="201"';
  const histogram = lines.filter((l) => l.startsWith("http_request_duration_seconds") && l.includes(route));
  const count = value(`http_request_duration_seconds_count{${route}}`);
  const sum = value(`http_request_duration_seconds_sum{${route}}`);
  const buckets = histogram
    .filter((l) => l.startsWith("http_request_duration_seconds_bucket"))
    .map((l) => `le ${/le="([^"]+)"/.exec(l)?.[1]}: ${l.split(" ")[1]}`)
    .join(", ");
  return {
    checkouts: value("lithobox_checkouts_total"),
    payments: value("lithobox_payments_total"),
    checkoutHistogram: { count, meanMs: (sum / count) * 1000, buckets },
  };
}

interface Build {
  /** "baseline 6dbd21d" or "today". */
  label: string;
  /** The checkout whose dist/server runs; undefined: this one. */
  root?: string;
}

/** One build's run: its figures, with the machine's load beside them. */
interface RunResult {
  build: string;
  loadAverage: number;
  createCheckout: ReturnType<typeof latencyFigures> & ReturnType<typeof cpuPerOrder>;
  justStarted: ReturnType<typeof latencyFigures>;
  completePayment: ReturnType<typeof latencyFigures> & ReturnType<typeof cpuPerOrder>;
  /** Seconds the server went on working after the last payment's answer. */
  settleSeconds: number;
  openLoop: { ratePerSecond: number; p50Ms: number; p99Ms: number; skipped: number } | null;
  metrics: CheckoutMetrics | null;
  consistent: boolean;
  wrongOrders: number;
}

function latencyFigures(run: { perSecond: number; p50: number; p99: number; max: number }) {
  return {
    ordersPerSecond: Math.round(run.perSecond),
    p50Ms: Number(run.p50.toFixed(1)),
    p99Ms: Number(run.p99.toFixed(1)),
    maxMs: Number(run.max.toFixed(1)),
  };
}

/**
 * Waits until the server has finished what the payments left it (e-mails, alerts, after-response
 * effects): its CPU time grows by less than 5 % of a core over two half-second readings in a
 * row (three minutes at most; an idle server's loops, or a profiler, use 1-3 %). Answers the
 * seconds it took.
 */
async function waitUntilSettled(pid: number | undefined): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  let last = processCpuMs(pid);
  while (quiet < 2 && performance.now() - started < 180_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = processCpuMs(pid);
    quiet = last !== null && now !== null && now - last < 25 ? quiet + 1 : 0;
    last = now;
  }
  return (performance.now() - started) / 1000;
}

/** One build: a fresh database and server, warm-up, N checkouts, N payments until settled. */
async function measure(build: Build): Promise<RunResult> {
  const db = await freshDatabase("lithobox_bench");
  const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-bench-"));
  let server: BenchServer | undefined;
  try {
    server = await startServer(
      {
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, "no-web"),
        // Each simulated client says who it is; the limiter then counts them apart.
        TRUSTED_PROXIES: "127.0.0.1",
        // Paying queues the print jobs (measured); generating thousands of 3MFs is not checkout.
        PRINT_WORKER: "off",
        // The bench reads /metrics at the end, as a Prometheus scraper would (issue 29).
        METRICS_TOKEN: BENCH_METRICS_TOKEN,
      },
      { root: build.root },
    );
    const { child, base } = server;
    photo = await uploadCheckoutPhoto(base);
    const created: Created[] = [];

    /**
     * Every request's body and headers are made before the clock starts, as a load generator
     * does: the client shares the two cores with what it measures. Each order is still its own
     * customer, address and cart (fresh line ids).
     */
    const prepare = (i: number, record: boolean): PreparedRequest => {
      const cart = cartFor(i);
      const payload = JSON.stringify(
        checkoutRequest(
          { firstName: "Bench", lastName: "Customer", email: `bench-${i}@example.com` },
          cart.items,
        ),
      );
      return {
        total: cart.total,
        payload,
        headers: {
          origin: base,
          "x-forwarded-for": ip(i + (record ? WARMUP : 0)),
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(payload)),
        },
      };
    };
    const warmupRequests = Array.from({ length: WARMUP }, (_, i) => prepare(i, false));
    const measuredRequests = Array.from({ length: N }, (_, i) => prepare(i, true));
    const checkout = async (i: number, record: boolean) => {
      const request = (record ? measuredRequests : warmupRequests)[i];
      if (!request) throw new Error(`no request ${i}`);
      const res = await postJson(`${base}/api/checkout`, request);
      const body = res.body as { orderId: string; url: string; orderTotal: number };
      if (res.status !== 201) throw new Error(`checkout ${i}: ${res.status} ${JSON.stringify(body)}`);
      if (record) created[i] = { ...body, expectedTotal: request.total };
    };

    // Warm-up: JIT, connection pool, caches; its figures are those of a server just started.
    const justStarted = await runConcurrently(WARMUP, CLIENTS, (i) => checkout(i, false));
    // What the warm-up's payments-free orders left behind (nothing, normally) is not counted.
    await waitUntilSettled(child.pid);

    const createCpuBefore = cpuNow(child.pid);
    const create = await runConcurrently(N, CLIENTS, (i) => checkout(i, true));
    const createCpu = cpuPerOrder(createCpuBefore, cpuNow(child.pid), N);
    const payCpuBefore = cpuNow(child.pid);
    const complete = await runConcurrently(N, CLIENTS, async (i) => {
      const order = created[i];
      if (!order) throw new Error(`order ${i} missing`);
      const page = new URL(order.url);
      const res = await fetch(`${base}${page.pathname}/pay${page.search}`, {
        method: "POST",
        redirect: "manual",
      });
      await res.arrayBuffer();
      if (res.status !== 303 || !res.headers.get("location")?.startsWith("/checkout/success")) {
        throw new Error(`pay ${i}: ${res.status} ${res.headers.get("location")}`);
      }
    });
    const settleSeconds = await waitUntilSettled(child.pid);
    const payCpu = cpuPerOrder(payCpuBefore, cpuNow(child.pid), N);

    // Optional: latency at a steady arrival rate (open loop), on fresh orders that are not completed.
    const openLoop =
      RATE > 0
        ? await runOpenLoop(Math.max(RATE * 10, 100), RATE, CLIENTS, (i) => checkout(N + WARMUP + i, false))
        : null;

    // Every order exactly once, paid, at the right total.
    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    const ids = created.map((c) => c.orderId);
    const { rows } = await check.query<{ id: string; status: string; total_amount: number; paid: number }>(
      `select o.id, o.status, o.total_amount,
              (select count(*)::int from order_status_history h where h.order_id = o.id and h.to_status = 'paid' and h.from_status is distinct from 'paid') as paid
         from orders o where o.id = any($1::uuid[])`,
      [ids],
    );
    await check.end();
    const byId = new Map(rows.map((r) => [r.id, r]));
    let wrong = 0;
    for (const c of created) {
      const row = byId.get(c.orderId);
      const right =
        row !== undefined &&
        row.status === "paid" &&
        row.total_amount === c.expectedTotal &&
        c.orderTotal === c.expectedTotal &&
        row.paid === 1;
      if (!right) wrong++;
    }
    const checkoutsMade = WARMUP + N + (openLoop ? Math.max(RATE * 10, 100) - openLoop.skipped : 0);
    // A build without /metrics (older than issue 29) is checked on its orders alone.
    const metrics = await scrapeCheckoutMetrics(base).catch(() => null);
    const consistent =
      rows.length === N &&
      new Set(ids).size === N &&
      wrong === 0 &&
      (metrics === null || (metrics.checkouts === checkoutsMade && metrics.payments === N));
    return {
      build: build.label,
      loadAverage: machineState().loadAverage,
      createCheckout: { ...latencyFigures(create), ...createCpu },
      justStarted: latencyFigures(justStarted),
      completePayment: { ...latencyFigures(complete), ...payCpu },
      settleSeconds: Number(settleSeconds.toFixed(1)),
      openLoop: openLoop
        ? {
            ratePerSecond: RATE,
            p50Ms: Number(openLoop.p50.toFixed(1)),
            p99Ms: Number(openLoop.p99.toFixed(1)),
            skipped: openLoop.skipped,
          }
        : null,
      metrics,
      consistent,
      wrongOrders: wrong,
    };
  } finally {
    await server?.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fixed = (n: number | null | undefined, digits = 2) =>
  n === null || n === undefined ? "?" : n.toFixed(digits);

function printRun(r: RunResult): void {
  const c = r.createCheckout;
  const p = r.completePayment;
  console.log(`  ${r.build} (load average ${r.loadAverage}):`);
  console.log(
    `    create-checkout   ${String(c.ordersPerSecond).padStart(5)} orders/s  p50 ${fixed(c.p50Ms, 1)} ms  p99 ${fixed(c.p99Ms, 1)} ms  server CPU ${fixed(c.serverCpuMsPerOrder)} ms, PostgreSQL ${fixed(c.postgresCpuMsPerOrder)} ms per order`,
  );
  console.log(
    `    complete payment  ${String(p.ordersPerSecond).padStart(5)} orders/s  p50 ${fixed(p.p50Ms, 1)} ms  p99 ${fixed(p.p99Ms, 1)} ms  server CPU ${fixed(p.serverCpuMsPerOrder)} ms, PostgreSQL ${fixed(p.postgresCpuMsPerOrder)} ms per payment (settled ${r.settleSeconds} s after the last answer)`,
  );
  if (r.openLoop) {
    const o = r.openLoop;
    console.log(
      `    open loop at ${o.ratePerSecond} orders/s: p50 ${fixed(o.p50Ms, 1)} ms  p99 ${fixed(o.p99Ms, 1)} ms  (${o.skipped} skipped)`,
    );
  }
  console.log(
    `    consistency: ${r.consistent ? `all ${N} orders present once, paid once, totals right${r.metrics ? ", /metrics agrees" : ""}` : `${r.wrongOrders} wrong orders`}`,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The figures compared between builds: medians over the rounds. */
const COMPARED = [
  {
    name: "create-checkout server CPU/order",
    unit: "ms",
    pick: (r: RunResult) => r.createCheckout.serverCpuMsPerOrder,
    capped: true,
  },
  {
    name: "complete-payment server CPU/payment",
    unit: "ms",
    pick: (r: RunResult) => r.completePayment.serverCpuMsPerOrder,
    capped: true,
  },
  {
    name: "complete-payment PostgreSQL CPU/payment",
    unit: "ms",
    pick: (r: RunResult) => r.completePayment.postgresCpuMsPerOrder,
    capped: false,
  },
  { name: "create-checkout p99", unit: "ms", pick: (r: RunResult) => r.createCheckout.p99Ms, capped: false },
  {
    name: "complete-payment p99",
    unit: "ms",
    pick: (r: RunResult) => r.completePayment.p99Ms,
    capped: false,
  },
  {
    name: "complete-payment orders/s",
    unit: "/s",
    pick: (r: RunResult) => r.completePayment.ordersPerSecond,
    capped: false,
  },
] as const;

async function main() {
  const base = args["no-base"] ? null : baselineCommit(args.base);
  const builds: Build[] = [{ label: "today" }];
  if (base) {
    console.log(`baseline ${base.short}, from ${base.from}: building it in a worktree…`);
    const tree = baselineTree(base.commit);
    buildServerAt(tree);
    builds.unshift({ label: `baseline ${base.short}`, root: tree });
  }
  const rounds = base ? Math.max(1, Number(args.rounds)) : 1;
  console.log(
    `checkout benchmark: ${WARMUP} warm-up and ${N} measured orders, ${CLIENTS} concurrent clients, PostgreSQL, ${rounds} round(s), ${machineState().line}; ${runtimeLine()}`,
  );
  const results: RunResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Alternating which build goes first, so neither always meets a warmer or busier machine.
    const order = round % 2 === 1 ? builds : [...builds].reverse();
    console.log(`round ${round}:`);
    for (const build of order) {
      const result = await measure(build);
      results.push(result);
      printRun(result);
    }
  }
  const today = results.filter((r) => r.build === "today");
  const baseline = base ? results.filter((r) => r.build !== "today") : [];
  let overCap = false;
  const comparison = COMPARED.map((figure) => {
    const mid = (runs: RunResult[]) => {
      const values = runs.map(figure.pick).filter((v): v is number => v !== null);
      return values.length ? median(values) : null;
    };
    const t = mid(today);
    const b = mid(baseline);
    const ratio = t !== null && b !== null && b > 0 ? t / b : null;
    if (figure.capped && ratio !== null && ratio > MAX_RATIO) overCap = true;
    return { figure: figure.name, unit: figure.unit, today: t, baseline: b, ratio, capped: figure.capped };
  });
  const consistent = results.every((r) => r.consistent);
  if (args.json) {
    console.log(
      JSON.stringify(
        { baseline: base?.commit ?? null, rounds, maxRatio: MAX_RATIO, comparison, results },
        null,
        2,
      ),
    );
  } else if (base) {
    console.log(
      `\ntoday against ${base.short} (medians of ${rounds} rounds; server CPU ratios capped at ${MAX_RATIO}x):`,
    );
    for (const row of comparison) {
      const mark = row.capped ? (row.ratio !== null && row.ratio > MAX_RATIO ? "OVER" : "ok  ") : "    ";
      console.log(
        `  ${mark} ${row.figure.padEnd(40)} today ${fixed(row.today).padStart(8)} ${row.unit}   baseline ${fixed(row.baseline).padStart(8)} ${row.unit}   ratio ${row.ratio === null ? "?" : `${row.ratio.toFixed(2)}x`}`,
      );
    }
    if (overCap) console.log(`\nREGRESSION: server CPU per operation is over ${MAX_RATIO}x the baseline's.`);
  }
  if (!consistent || overCap) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
