/**
 * Issue 29 item 5: the limits fail safe, not open. A production-mode server process counts its
 * limits in a Redis server of this test's own; the Redis server is stopped under it: the sixth
 * wrong password from one address is still refused (the per-server memory fallback), /api/health
 * says degraded with `redis: "down"`, and once Redis is back the counts are in Redis again.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../support/ports.js";
import { spawnServer, waitForServer } from "../../support/server-process.js";
import { until } from "../../support/wait.js";

const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-redis-outage-"));

function hasRedisServer(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { cwd: dataDir, stdio: ["ignore", "pipe", "pipe"] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d) => {
      out += String(d);
      if (out.includes("Ready to accept connections")) resolve();
    });
    child.on("exit", () => reject(new Error(`redis-server exited: ${out}`)));
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

function redisKeys(port: number): string[] {
  return execFileSync("redis-cli", ["-p", String(port), "-n", "13", "--scan", "--pattern", "lithobox:rl:*"])
    .toString()
    .split("\n")
    .filter(Boolean);
}

/** Waits for `probe` (150 s at most); a probe that throws (no answer yet) counts as not yet. */
function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  return until(what, 150_000, probe, { ignoreErrors: true, intervalMs: 200 });
}

describe.runIf(hasRedisServer())("a Redis outage under a production-mode server", () => {
  it("still refuses the sixth wrong password, reports degraded, and counts in Redis again once it is back", {
    timeout: 400_000,
  }, async () => {
    const redisPort = await freePort();
    let redis = await startRedis(redisPort);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // The embedded database: this test is about Redis (DATABASE_URL is dropped when set).
    const { DATABASE_URL: _unused, ...env } = process.env;
    const server = spawnServer({
      env: {
        ...env,
        NODE_ENV: "production",
        TEST_PAYMENTS: "on",
        BETTER_AUTH_SECRET: "redis-outage-test-secret-0123456789abcdef",
        PUBLIC_URL: origin,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        REDIS_URL: `redis://127.0.0.1:${redisPort}/13`,
        PRINT_WORKER: "off",
        LOG_LEVEL: "info",
      },
    });
    children.push(server.child);

    const health = async () => {
      const res = await fetch(`${origin}/api/health`);
      return { status: res.status, body: (await res.json()) as { status: string; redis: string } };
    };
    const wrongPassword = async () =>
      (
        await fetch(`${origin}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin },
          body: JSON.stringify({ email: "nobody@example.com", password: "not-the-password" }),
        })
      ).status;

    await waitForServer(server, origin, { path: "/api/health", accept: () => true });
    const up = await health();
    expect(up.body).toMatchObject({ status: "ok", redis: "up" });

    // Redis goes away: the limits count in the server's memory.
    await stop(redis);
    const down = await waitFor("health to see Redis down", async () => {
      const h = await health();
      return h.body.redis === "down" ? h : undefined;
    });
    expect(down.status).toBe(200);
    expect(down.body.status).toBe("degraded");
    const during: number[] = [];
    for (let i = 0; i < 6; i += 1) during.push(await wrongPassword());
    expect(during.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(during[5], "the sixth wrong password during the outage").toBe(429);
    expect(server.output()).toContain("rate limit store unavailable");

    // Redis is back (empty: it kept nothing): the counts are shared in Redis again.
    redis = await startRedis(redisPort);
    await waitFor("health to see Redis up", async () => {
      const h = await health();
      return h.body.redis === "up" && h.body.status === "ok" ? h : undefined;
    });
    const after: number[] = [];
    for (let i = 0; i < 6; i += 1) after.push(await wrongPassword());
    expect(after).toEqual([401, 401, 401, 401, 401, 429]);
    expect(redisKeys(redisPort).some((key) => key.includes("sign-in"))).toBe(true);
    expect(server.output()).toContain("counting in Redis");

    server.child.kill("SIGINT");
    await server.exited;
    await stop(redis);
  });
});
