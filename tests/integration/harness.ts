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
import { freshDatabase } from "../support/database.js";
import { LOCAL_SERVICES_ENV } from "../support/local-services.js";

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

export async function createTestShop(
  env: Record<string, string> = {},
  /** `log`: the shop's logger from its first line (LOG_LEVEL=silent otherwise). */
  options: { log?: Logger } = {},
): Promise<TestShop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-test-"));
  const baseUrl = process.env.DATABASE_URL;
  const pgHandle = baseUrl ? await freshPostgres(baseUrl) : undefined;
  const database = pgHandle?.database ?? (await openMemoryDatabase());
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIST: path.join(dataDir, "no-web-build"),
    ...LOCAL_SERVICES_ENV,
    ...env,
  });
  const ctx = await createContext(config, { database, ...(options.log ? { log: options.log } : {}) });
  const app = createApp(ctx);
  return {
    ctx,
    app,
    dataDir,
    async request(pathname, init = {}) {
      const { json, headers, ...rest } = init;
      const h = new Headers(headers);
      if (json !== undefined) h.set("content-type", "application/json");
      if (!h.has("origin")) h.set("origin", config.publicUrl);
      const res = await app.request(pathname, {
        ...rest,
        headers: h,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
      // Account e-mails go out after the response: tests read the outbox once they are sent.
      await ctx.background.idle();
      return res;
    },
    async close() {
      await closeContext(ctx);
      await pgHandle?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
