/**
 * Load benchmark on PostgreSQL: the real server (src/server/main.ts) in a child process on a
 * free port, over a fresh database (created here, dropped after), hammered by autocannon with
 * 100 connections on
 *   GET /api/catalog/products, GET /api/catalog/options   (anonymous, the shop's hottest reads)
 *   GET /api/cart and PUT /api/cart                        (signed-in customers' saved carts:
 *                                                           one customer per connection, as in
 *                                                           a shop; one customer's saves queue
 *                                                           behind each other on their rows)
 * Prints requests/s, latency (p50, p99) and the server's CPU per request beside the targets
 * (catalogue >= 10,000 req/s, p99 < 50 ms), and the server's RSS: idle (10 s after start), after
 * 10,000 mixed requests (issue 21's measure, target <= 1.5x idle), and 5 s and 30 s after the
 * whole run. Non-2xx answers or errors make the run fail.
 *
 *   npx tsx bench/load.ts [--connections 100] [--duration 10] [--json]
 *   DATABASE_URL=postgres://user@host:5432/db npx tsx bench/load.ts
 *
 * autocannon and the server share this machine's cores, so the figures are a floor.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildAccessoryCartItem } from "../src/shared/cart";
import { MIXED_REQUESTS, mixedRequests } from "./_mixed-requests";
import { BASE_DB_URL, type BenchServer, freshDatabase, machineState, startServer } from "./_server";

const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "100" },
    duration: { type: "string", default: "10" },
    json: { type: "boolean", default: false },
  },
});
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const TARGET = { catalogueRps: 10_000, p99Ms: 50, idleRssMb: 150, loadedOverIdle: 1.5 };
/** The saved cart's target is at 50 concurrent clients (issue 21). */
const CART_CONNECTIONS = Math.min(CONNECTIONS, 50);

interface ProcessStats {
  cpuMs: number;
  rssMb: number;
  /** Of the RSS: the process's own memory (V8 heap, malloc) and mapped files (node's code, shared). */
  anonMb: number;
  fileMb: number;
}

/** The server process's CPU time (user + system, ms) and RSS (MB) from /proc. */
function processStats(pid: number | undefined): ProcessStats | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return {
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100, // USER_HZ is 100 on Linux
      rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
      anonMb: Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
      fileMb: Number(/RssFile:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
    };
  } catch {
    return null;
  }
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface RawRequest {
  headers?: Record<string, string>;
}
/** Per connection: autocannon keeps one context object for each client. */
type ConnectionContext = { cookie?: string };
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: Array<{ setupRequest: (req: RawRequest, context: ConnectionContext) => RawRequest }>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

function cookieFrom(res: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)] as const),
  );
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** A verified customer with a saved cart of three accessories; their session cookie. */
async function customer(base: string, dbUrl: string): Promise<string> {
  const email = `load-${randomBytes(4).toString("hex")}@example.com`;
  const password = "correct horse 42";
  const headers = { "content-type": "application/json", origin: base };
  const up = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: "Load Test", firstName: "Load", lastName: "Test" }),
  });
  if (!up.ok) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await db.query("update users set email_verified = true where email = $1", [email]);
  await db.end();
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = cookieFrom(signIn);
  const products = (await (await fetch(`${base}/api/catalog/products`)).json()) as {
    products: Array<{
      id: string;
      name: string;
      pricePence: number;
      imageUrl: string | null;
      status: string;
    }>;
  };
  const items = products.products
    .filter((p) => p.status === "available")
    .slice(0, 3)
    .map((p) => buildAccessoryCartItem(p));
  const put = await fetch(`${base}/api/cart`, {
    method: "PUT",
    headers: { ...headers, cookie },
    body: JSON.stringify({ items }),
  });
  if (!put.ok) throw new Error(`saving the cart failed: ${put.status} ${await put.text()}`);
  return cookie;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
  /** None for a reference row. */
  target: { rps?: number; p99?: number };
  /** The server's CPU time per request in the measured run (ms), when /proc tells. */
  cpuMsPerRequest: number | null;
  connections: number;
}

let serverPid: number | undefined;

async function run(
  name: string,
  url: string,
  target: Row["target"],
  { connections = CONNECTIONS, ...extra }: Partial<Omit<Parameters<Autocannon>[0], "url" | "duration">> = {},
): Promise<Row> {
  // A short warm-up (JIT, pool, caches), then the measured run.
  await autocannon({ ...extra, url, connections, duration: 2 });
  const before = processStats(serverPid);
  const r = await autocannon({ ...extra, url, connections, duration: DURATION });
  const after = processStats(serverPid);
  return {
    connections,
    cpuMsPerRequest:
      before && after && r.requests.total > 0 ? (after.cpuMs - before.cpuMs) / r.requests.total : null,
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    bad: r.non2xx + r.errors + r.timeouts,
    target,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-load-"));
  const database = await freshDatabase("lithobox_load");
  let server: BenchServer | undefined;
  try {
    // Every customer signs up and in from this one address: the per-IP auth limits are raised
    // for the bench as the e2e server raises them (a shop's customers come from many addresses).
    server = await startServer({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      AUTH_SIGN_IN_RATE_LIMIT: "1000",
      AUTH_RATE_LIMIT: "1000",
      // The mixed requests' checkouts each say who they are (autocannon's requests say nothing).
      TRUSTED_PROXIES: "127.0.0.1",
    });
    const base = server.base;
    serverPid = server.child.pid;
    // Idle: 10 s after start, as the issue measures it.
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = processStats(serverPid);
    // The issue's measure: RSS 5 s after 10,000 mixed requests.
    await mixedRequests(base);
    await new Promise((r) => setTimeout(r, 5_000));
    const afterMixed = processStats(serverPid);
    // One customer per connection. Sign-ups go a few at a time: each hashes a password.
    const cookies: string[] = [];
    while (cookies.length < CONNECTIONS) {
      const batch = Math.min(10, CONNECTIONS - cookies.length);
      cookies.push(...(await Promise.all(Array.from({ length: batch }, () => customer(base, database.url)))));
    }
    // As a browser does (the app's get-session on load): a fresh session_data cookie, which
    // the cart routes accept instead of a session query for SESSION_COOKIE_CACHE_SECONDS.
    const refreshCookies = async () => {
      for (const [i, cookie] of cookies.entries()) {
        cookies[i] = cookieFrom(await fetch(`${base}/api/auth/get-session`, { headers: { cookie } }), cookie);
      }
    };
    let nextCustomer = 0;
    const asEachCustomer = [
      {
        setupRequest: (req: RawRequest, context: ConnectionContext): RawRequest => {
          context.cookie ??= cookies[nextCustomer++ % cookies.length];
          return { ...req, headers: { ...req.headers, cookie: context.cookie ?? "" } };
        },
      },
    ];
    const cart = (await (
      await fetch(`${server.base}/api/cart`, { headers: { cookie: cookies[0] ?? "" } })
    ).json()) as {
      items: unknown[];
    };
    const catalogue = { rps: TARGET.catalogueRps, p99: TARGET.p99Ms };
    const rows: Row[] = [];
    // Reference: the framework plus one trivial query (`select 1`), no JSON of any size.
    rows.push(await run("GET /api/health (reference)", `${server.base}/api/health`, {}));
    rows.push(await run("GET /api/catalog/products", `${server.base}/api/catalog/products`, catalogue));
    rows.push(await run("GET /api/catalog/options", `${server.base}/api/catalog/options`, catalogue));
    await refreshCookies();
    rows.push(
      await run(
        "GET /api/cart (signed in)",
        `${server.base}/api/cart`,
        { p99: TARGET.p99Ms },
        { requests: asEachCustomer, connections: CART_CONNECTIONS },
      ),
    );
    await refreshCookies();
    rows.push(
      await run(
        "PUT /api/cart (signed in)",
        `${server.base}/api/cart`,
        { p99: TARGET.p99Ms },
        {
          method: "PUT",
          headers: { origin: server.base, "content-type": "application/json" },
          body: JSON.stringify({ items: cart.items }),
          requests: asEachCustomer,
          connections: CART_CONNECTIONS,
        },
      ),
    );

    await new Promise((r) => setTimeout(r, 5_000));
    const loaded = processStats(serverPid);
    // V8 gives a burst's young generation and garbage back when its memory reducer runs, ~25 s
    // after the load ends: the figure once that has happened.
    await new Promise((r) => setTimeout(r, 25_000));
    const settled = processStats(serverPid);
    const requestsServed = rows.reduce((n, r) => n + r.requests, 0);
    if (args.json) console.log(JSON.stringify({ rows, idle, afterMixed, loaded, settled }, null, 2));
    console.log(
      `\nautocannon, ${CONNECTIONS} connections, ${DURATION} s each, PostgreSQL (${new URL(BASE_DB_URL).host}), ` +
        `${machineState().line} (autocannon shares the machine)`,
    );
    console.log(
      `${"endpoint".padEnd(28)} ${"conns".padStart(5)} ${"req/s".padStart(8)} ${"p50".padStart(7)} ${"p99".padStart(7)} ${"CPU/req".padStart(9)}   targets`,
    );
    let bad = 0;
    for (const r of rows) {
      const okRps = r.target.rps === undefined || r.rps >= r.target.rps;
      const okP99 = r.target.p99 === undefined || r.p99 < r.target.p99;
      bad += r.bad;
      console.log(
        `${r.name.padEnd(28)} ${String(r.connections).padStart(5)} ${r.rps.toFixed(0).padStart(8)} ${`${r.p50} ms`.padStart(7)} ${`${r.p99} ms`.padStart(7)} ${(r.cpuMsPerRequest === null ? "n/a" : `${r.cpuMsPerRequest.toFixed(2)} ms`).padStart(9)}   ` +
          (r.target.rps === undefined && r.target.p99 === undefined ? "(no target)" : "") +
          `${r.target.rps !== undefined ? `${okRps ? "ok" : "MISS"} >= ${r.target.rps} req/s, ` : ""}` +
          `${r.target.p99 !== undefined ? `${okP99 ? "ok" : "MISS"} p99 < ${r.target.p99} ms` : ""}` +
          (r.bad ? `   (${r.bad} non-2xx/errors of ${r.requests})` : ""),
      );
    }
    if (idle && afterMixed && loaded && settled) {
      const ratio = afterMixed.rssMb / idle.rssMb;
      const mb = (stats: ProcessStats) => `${stats.rssMb.toFixed(0)} MB`;
      console.log(
        `server RSS (PostgreSQL): idle ${mb(idle)} (10 s after start; target < ${TARGET.idleRssMb} MB: ` +
          `${idle.rssMb < TARGET.idleRssMb ? "ok" : "MISS"}), after ${MIXED_REQUESTS} mixed requests ${mb(afterMixed)} ` +
          `= ${ratio.toFixed(2)}x idle (target <= ${TARGET.loadedOverIdle}x: ${ratio <= TARGET.loadedOverIdle ? "ok" : "MISS"})`,
      );
      console.log(
        `  after the ${requestsServed} requests above: ${mb(loaded)} 5 s later (${(loaded.rssMb / idle.rssMb).toFixed(2)}x idle), ` +
          `${mb(settled)} 30 s later (${(settled.rssMb / idle.rssMb).toFixed(2)}x), once V8's memory reducer has run`,
      );
      console.log(
        `  of which its own memory (V8 heap, malloc) ${idle.anonMb.toFixed(0)} -> ${afterMixed.anonMb.toFixed(0)} -> ${loaded.anonMb.toFixed(0)} -> ${settled.anonMb.toFixed(0)} MB, mapped files (node's code) ${idle.fileMb.toFixed(0)} -> ${settled.fileMb.toFixed(0)} MB`,
      );
    }
    if (bad > 0) {
      console.error("\nSome requests failed: the figures above are not valid.");
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await database
      .drop()
      .catch((error: unknown) => console.error("could not drop the bench database:", error));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
