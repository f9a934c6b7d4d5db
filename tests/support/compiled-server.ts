/**
 * The compiled server (plain node, as production runs it) in a child process, for the tests
 * that kill it (kill -9) and start it again on the same data: a free port, a database of its
 * own (PGlite in the data folder, or a fresh PostgreSQL database when DATABASE_URL is set),
 * and a wait for a state instead of a time.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Asks `probe` every 100 ms until it answers something other than undefined. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
  /** kill -9, and wait until it is gone. */
  kill(): Promise<void>;
}

/** A data folder, a database, a port and a build of the server: what one test's servers share. */
export interface ServerHome {
  dataDir: string;
  /** The PostgreSQL database of this test, or undefined for PGlite in dataDir. */
  databaseUrl: string | undefined;
  base: string;
  port: number;
  start(env?: Record<string, string>): Promise<ServerProcess>;
  /** Drops the database and removes the folders. */
  remove(): Promise<void>;
}

export async function serverHome(name: string): Promise<ServerHome> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `lithobox-${name}-`));
  const pgBase = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (pgBase) {
    const dbName = `lithobox_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(pgBase);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    };
  }
  const outDir = path.join(ROOT, "dist", `${name}-${randomBytes(4).toString("hex")}`);
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs", "--out", outDir], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const running = new Set<ServerProcess>();

  const start = async (env: Record<string, string> = {}): Promise<ServerProcess> => {
    const child = spawn(process.execPath, ["--enable-source-maps", path.join(outDir, "main.js")], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, "no-web"),
        TRUSTED_PROXIES: "127.0.0.1",
        DATABASE_URL: databaseUrl ?? "",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d) => {
      output += String(d);
    });
    child.stderr?.on("data", (d) => {
      output += String(d);
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const server: ServerProcess = {
      child,
      exited,
      output: () => output,
      kill: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        await exited;
        running.delete(server);
      },
    };
    running.add(server);
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      try {
        if ((await fetch(`${base}/api/ready`)).ok) return server;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    await server.kill();
    throw new Error(`server did not start: ${output}`);
  };

  return {
    dataDir,
    databaseUrl,
    base,
    port,
    start,
    remove: async () => {
      for (const server of [...running]) await server.kill();
      await dropDatabase?.();
      rmSync(outDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
