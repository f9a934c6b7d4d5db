/**
 * The real entry point as a process: it starts on a fresh data folder, answers health,
 * refuses a second process on the same folder, shuts down cleanly on SIGINT and restarts
 * on the same data.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../support/ports.js";
import { type ServerProcess, spawnServer, waitForServer } from "../../support/server-process.js";

const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-proc-"));
const usesPostgres = Boolean(process.env.DATABASE_URL);

function startShop(port: number): ServerProcess {
  return spawnServer({
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
  });
}

/** The first answer of /api/health, whatever its status. */
const firstHealth = (port: number, server: ServerProcess) =>
  waitForServer(server, `http://127.0.0.1:${port}`, { path: "/api/health", accept: () => true });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the server process", () => {
  it("starts, refuses a second process on its data folder, closes on SIGINT and restarts on the same data", {
    timeout: 400_000,
  }, async () => {
    const port = await freePort();
    const first = startShop(port);
    const health = await firstHealth(port, first);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: "up", storage: "writable" });

    if (!usesPostgres) {
      expect(existsSync(path.join(dataDir, ".lock"))).toBe(true);
      const second = startShop(await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain("already using the data folder");
    }

    first.child.kill("SIGINT");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("closed cleanly");
    expect(existsSync(path.join(dataDir, ".lock"))).toBe(false);

    const again = startShop(port);
    const health2 = await firstHealth(port, again);
    expect(health2.status).toBe(200);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });
});
