/**
 * What the server benchmarks share: a fresh PostgreSQL database (created, then dropped), the
 * real server (compiled from src/server/main.ts, as `npm start` runs it) in a child process on a free port, and the machine's state
 * to print beside the figures (files starting with "_" are not run as benchmarks).
 */
import { cpus, loadavg } from "node:os";
import path from "node:path";
// @ts-expect-error: a plain .mjs script without types; ensureServerBuild() takes no arguments.
import { ensureServerBuild } from "../scripts/ensure.mjs";
// @ts-expect-error: a plain .mjs script without types (two constants).
import { SERVER_ENV, SERVER_NODE_ARGS } from "../scripts/server-runtime.mjs";
import { SEED_SITE_IMAGES } from "../src/server/seed/site-images.js";
import { type FreshDatabase, freshDatabase as freshTestDatabase } from "../tests/support/database.js";
import { freePort } from "../tests/support/ports.js";
import { type ServerProcess, startServer as startServerProcess } from "../tests/support/server-process.js";

/** The PostgreSQL the benchmarks create their databases on. */
export const BASE_DB_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type BenchDatabase = FreshDatabase;

/** A new, empty database on BASE_DB_URL's server, named `<prefix>_<random>`. */
export function freshDatabase(prefix: string): Promise<BenchDatabase> {
  return freshTestDatabase(BASE_DB_URL, prefix);
}

export interface BenchServer extends ServerProcess {
  base: string;
}

/**
 * Waits until the fresh server has encoded its seed storefront photos (home hero, shop hero,
 * gallery: src/server/seed/site-images.ts runs in the background at first start), so the
 * pages are measured with real pictures, the hero as the LCP element. Answers what it found.
 */
export async function waitForSeedPhotos(base: string): Promise<string> {
  const galleryCount = SEED_SITE_IMAGES.filter((image) => image.slot === "gallery").length;
  const deadline = Date.now() + 180_000;
  let last = "no answer";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/storefront`, { headers: { connection: "close" } });
      if (res.ok) {
        const answer = (await res.json()) as {
          homeHero: unknown;
          shopHero: unknown;
          gallery: unknown[];
        };
        last = `home hero ${answer.homeHero ? "yes" : "no"}, shop hero ${answer.shopHero ? "yes" : "no"}, gallery ${answer.gallery.length}`;
        if (answer.homeHero && answer.shopHero && answer.gallery.length >= galleryCount) return last;
      }
    } catch {
      // Still starting.
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the seed storefront photos were not ready in time (${last})`);
}

/**
 * Starts the server with NODE_ENV=test, LOG_LEVEL=warn and PUBLIC_URL its own address (plus
 * `env`), and waits until /api/ready answers 200 (two minutes at most) and the first start's
 * seed pictures are encoded: that takes a core for several seconds, and figures taken meanwhile
 * would measure the encoder.
 */
export async function startServer(
  env: Record<string, string>,
  options: {
    /** Another checkout whose dist/server is built (a baseline commit's worktree, bench/_baseline.ts). */
    root?: string;
  } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The compiled server, as `npm start` runs it (tsx's loader alone adds ~80 MB of RSS).
  if (!options.root) ensureServerBuild();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
  const extraNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = await startServerProcess({
    entry: "dist/server/main.js",
    nodeArgs: [...(SERVER_NODE_ARGS as string[]), ...extraNodeArgs],
    cwd: options.root ?? path.resolve(import.meta.dirname, ".."),
    stdio: "inherit",
    base,
    timeoutMs: 120_000,
    env: {
      ...(SERVER_ENV as Record<string, string>),
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
    },
  });
  try {
    await waitForSeedPhotos(base);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return { ...server, base };
}

/**
 * "Node v24.22.3, --max-old-space-size=192 --max-semi-space-size=16": the runtime both builds ran
 * on. A new Node can change what the same code costs (decision 353: V8's young generation), and
 * the side-by-side ratio cannot show that; two runs' absolute figures compare only on one runtime.
 */
export function runtimeLine(): string {
  const extra = process.env.BENCH_SERVER_NODE_ARGS ?? "";
  return `Node ${process.version}, ${[...(SERVER_NODE_ARGS as string[]), extra].filter(Boolean).join(" ")}`;
}

/** "2 CPUs, load average 3.1 / 2.8 / 2.5" (1, 5, 15 minutes): the benchmarks share the machine. */
export function machineState(): { cpus: number; loadAverage: number; line: string } {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  const n = cpus().length;
  return {
    cpus: n,
    loadAverage: Number(one.toFixed(1)),
    line: `${n} CPUs, load average ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)}`,
  };
}
