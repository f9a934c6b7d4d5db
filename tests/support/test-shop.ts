/**
 * Integration tests run the real Hono app against a real database: an in-memory PGlite by
 * default, or a fresh database of its own on the PostgreSQL named by DATABASE_URL (so test
 * files can run in parallel without seeing each other's rows).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "../../src/server/app.js";
import { loadConfig } from "../../src/server/config.js";
import { type AppContext, closeContext, createContext } from "../../src/server/context.js";
import { type Database, openDatabase, openMemoryDatabase } from "../../src/server/db/client.js";
import type { Logger } from "../../src/server/lib/logger.js";
import { freshDatabase } from "./database.js";
import { LOCAL_SERVICES_ENV } from "./local-services.js";
import { memoryImage } from "./memory-image.js";

export interface TestShop {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** Sends a request through the app, with JSON encoding when `json` is given. */
  request(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

async function freshPostgres(url: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const fresh = await freshDatabase(url);
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: "" });
  return { database, drop: fresh.drop };
}

/** The shop's settings for a test: quiet, no web build, local outside services, plus `env`. */
function testConfig(dataDir: string, env: Record<string, string>) {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIST: path.join(dataDir, "no-web-build"),
    ...LOCAL_SERVICES_ENV,
    ...env,
  });
}

/**
 * Requests through the app with JSON encoding and the shop's own origin; `settle`: each waits
 * for the background work it started (account e-mails go out after the response: tests read
 * the outbox once they are sent).
 */
function requester(ctx: AppContext, app: ReturnType<typeof createApp>, settle: boolean): TestShop["request"] {
  return async (pathname, init = {}) => {
    const { json, headers, ...rest } = init;
    const h = new Headers(headers);
    if (json !== undefined) h.set("content-type", "application/json");
    if (!h.has("origin")) h.set("origin", ctx.config.publicUrl);
    const res = await app.request(pathname, {
      ...rest,
      headers: h,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    if (settle) await ctx.background.idle();
    return res;
  };
}

export async function createTestShop(
  env: Record<string, string> = {},
  /** `log`: the shop's logger from its first line (LOG_LEVEL=silent otherwise). */
  options: { log?: Logger } = {},
): Promise<TestShop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-test-"));
  const baseUrl = process.env.DATABASE_URL;
  const pgHandle = baseUrl ? await freshPostgres(baseUrl) : undefined;
  const database = pgHandle?.database ?? (await openMemoryDatabase(memoryImage()));
  const config = testConfig(dataDir, env);
  const ctx = await createContext(config, { database, ...(options.log ? { log: options.log } : {}) });
  const app = createApp(ctx);
  return {
    ctx,
    app,
    dataDir,
    request: requester(ctx, app, true),
    async close() {
      await closeContext(ctx);
      await pgHandle?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A shop on a database that outlives it: PGlite in `dataDir`, or `databaseUrl`, for the tests
 * that close a shop and open its data again. Its requests do not wait for background work;
 * close() leaves the data where it is.
 */
export async function openPersistentShop(
  dataDir: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
): Promise<TestShop> {
  const config = testConfig(dataDir, { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env });
  const ctx = await createContext(config);
  const app = createApp(ctx);
  return { ctx, app, dataDir, request: requester(ctx, app, false), close: () => closeContext(ctx) };
}
