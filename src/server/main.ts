/**
 * Entry point: config, lock, database, migrations, seed, listen, graceful shutdown.
 */
import type { Server as HttpServer } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { closeContext, createContext } from "./context.js";
import { describeModeChanges, secureDataDir, setPrivateUmask } from "./lib/data-dir.js";
import { acquireDataDirLock, DataDirLockedError } from "./lib/lock.js";
import { createLogger, type Logger } from "./lib/logger.js";
import { markDraining } from "./routes/health.js";
import { seedSiteImages } from "./seed/site-images.js";

/** How long in-flight requests may take to finish after SIGTERM/SIGINT before the exit is forced. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Longer than the proxy's idle keep-alive (Caddy: 2 minutes), so the proxy always closes first. */
const KEEP_ALIVE_MS = 125_000;

/** DATA_DIR and everything in it without group or world access; logs what had to change. */
async function securePrivateData(
  dataDir: string,
  log: Logger,
  when: string,
  level: "warn" | "info",
): Promise<void> {
  const result = await secureDataDir(dataDir);
  if (result.created) log.info({ dataDir, mode: "0700" }, "created the data folder");
  if (result.changed.length > 0) {
    log[level](
      { dataDir, ...describeModeChanges(result) },
      `${when}: removed group and world access from files in the data folder`,
    );
  }
}

async function main() {
  // Everything the shop writes (database, photos, mail, secrets) is for its own user only.
  setPrivateUmask();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const log = createLogger(config.logLevel);
  // Until the context exists, errors nobody caught are logged; then they are reported too.
  let report: (error: unknown, kind: string) => Promise<void> = async () => {};
  process.on("unhandledRejection", (reason) => {
    log.error({ err: reason }, "unhandled promise rejection");
    void report(reason, "unhandledRejection");
  });
  process.on("uncaughtException", (error, origin) => {
    // The process is in an unknown state: log, report (bounded wait) and exit.
    log.fatal({ err: error, origin }, "uncaught exception: exiting");
    void report(error, "uncaughtException").finally(() => process.exit(1));
  });
  // Found open at start: someone or something widened them, worth a warning.
  await securePrivateData(config.dataDir, log, "start", "warn");

  let releaseLock: () => void = () => {};
  if (!config.databaseUrl) {
    try {
      releaseLock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }

  const ctx = await createContext(config, { log });
  report = async (error, kind) => {
    ctx.errors.capture(error, { kind });
    await ctx.errors.flush(2_000);
  };
  // PGlite gives the files it creates mode 0666 itself (the folder, 0700, still shuts others out).
  await securePrivateData(config.dataDir, log, "database opened", "info");
  const app = createApp(ctx);
  // The storefront's first pictures, once, in the background: pages show them once encoded.
  void seedSiteImages(ctx.database.db, ctx.storage, ctx.log);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    ctx.log.info(
      { port: info.port, database: ctx.database.kind, dataDir: config.dataDir },
      `Lithobox is open at ${config.publicUrl}`,
    );
  });

  // Caddy keeps idle connections to the servers for 2 minutes (its reverse_proxy default): a
  // server that closed them sooner (Node's 5 s) races the proxy's next request on the same
  // socket, which the proxy then answers 502 (and a keep-alive client sees ECONNRESET).
  // serve() makes an HTTP/1.1 server here (no createServer option given).
  const http1 = server as HttpServer;
  http1.keepAliveTimeout = KEEP_ALIVE_MS;
  http1.headersTimeout = KEEP_ALIVE_MS + 1_000;

  let shuttingDown = false;
  // While shutting down every answer closes its connection, so keep-alive clients move on
  // and server.close() is not held up by idle sockets.
  server.on("request", (_req, res) => {
    if (shuttingDown) res.setHeader("Connection", "close");
  });
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    markDraining(ctx);
    ctx.log.info({ signal }, "shutting down: finishing in-flight requests");
    const forced = setTimeout(() => {
      ctx.log.error("shutdown took too long; exiting");
      releaseLock();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    // Stop accepting connections; requests already received run to completion (their database
    // work included) before the database is closed.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const http = server as unknown as { closeIdleConnections?: () => void };
    http.closeIdleConnections?.();
    const sweep = setInterval(() => http.closeIdleConnections?.(), 250);
    await closed;
    clearInterval(sweep);
    await closeContext(ctx);
    releaseLock();
    ctx.log.info("closed cleanly");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
