/**
 * The compiled server (plain node, as production runs it) in a child process, for the tests
 * that kill it (kill -9) and start it again on the same data: a free port, a database of its
 * own (PGlite in the data folder, or a fresh PostgreSQL database when DATABASE_URL is set),
 * and a wait for a state instead of a time.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freshDatabase } from "./database.js";
import { freePort } from "./ports.js";
import { ROOT, type ServerProcess, startServer } from "./server-process.js";

export type { ServerProcess };

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

/** Builds the server (scripts/build-server.mjs) into a folder of its own under dist/: its main.js. */
export function buildServer(name: string): { mainJs: string; remove(): void } {
  const outDir = path.join(ROOT, "dist", `${name}-${randomBytes(4).toString("hex")}`);
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs", "--out", outDir], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  return {
    mainJs: path.join(outDir, "main.js"),
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  };
}

export async function serverHome(name: string): Promise<ServerHome> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `lithobox-${name}-`));
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const build = buildServer(name);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const running = new Set<ServerProcess>();

  const start = async (env: Record<string, string> = {}): Promise<ServerProcess> => {
    const server = await startServer({
      entry: build.mainJs,
      base,
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
        DATABASE_URL: database?.url ?? "",
        ...env,
      },
    });
    running.add(server);
    void server.exited.then(() => running.delete(server));
    return server;
  };

  return {
    dataDir,
    databaseUrl: database?.url,
    base,
    port,
    start,
    remove: async () => {
      for (const server of [...running]) await server.kill();
      await database?.drop();
      build.remove();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
