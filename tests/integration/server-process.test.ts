/**
 * The real entry point as a process: it starts on a fresh data folder, answers health,
 * refuses a second process on the same folder, shuts down cleanly on SIGINT and restarts
 * on the same data.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-proc-"));
const usesPostgres = Boolean(process.env.DATABASE_URL);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function startServer(port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += String(d);
  });
  child.stderr?.on("data", (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, child: ChildProcess): Promise<Response> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("server exited early");
    try {
      return await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error("server did not answer in time");
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the server process", () => {
  it("starts, refuses a second process on its data folder, closes on SIGINT and restarts on the same data", {
    timeout: 400_000,
  }, async () => {
    const port = await freePort();
    const first = startServer(port);
    const health = await waitForHealth(port, first.child);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: "up", storage: "writable" });

    if (!usesPostgres) {
      expect(existsSync(path.join(dataDir, ".lock"))).toBe(true);
      const second = startServer(await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain("already using the data folder");
    }

    first.child.kill("SIGINT");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("closed cleanly");
    expect(existsSync(path.join(dataDir, ".lock"))).toBe(false);

    const again = startServer(port);
    const health2 = await waitForHealth(port, again.child);
    expect(health2.status).toBe(200);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });
});
