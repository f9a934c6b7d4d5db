/**
 * npm run admin -- grant <email>     make an existing account an administrator
 * npm run admin -- revoke <email>    make an administrator a plain user again
 *
 * With DATABASE_URL the database is opened directly. On the embedded database (PGlite) only
 * one process may open DATA_DIR: when a running shop holds it (DATA_DIR/.lock names a live
 * process) the change is sent to that shop over loopback with the token it wrote to
 * DATA_DIR/admin-token; otherwise the CLI takes the lock and opens the database itself.
 * Exit codes: 0 done (or nothing to change), 1 refused or failed, 2 usage.
 */
import { existsSync, readFileSync } from "node:fs";
import type { RoleChangeResult } from "../accounts/index.js";
import { type Config, ConfigError, loadConfig } from "../config.js";
import { type AdminTokenInfo, adminTokenPath } from "../lib/admin-token.js";
import { acquireDataDirLock, DataDirLockedError, lockHolder } from "../lib/lock.js";

type Action = "grant" | "revoke";

const USAGE = `Usage:
  npm run admin -- grant <email>    make an existing account an administrator
  npm run admin -- revoke <email>   remove an administrator's rights`;

async function direct(config: Config, action: Action, email: string): Promise<RoleChangeResult> {
  let release: () => void = () => {};
  if (!config.databaseUrl) release = acquireDataDirLock(config.dataDir);
  try {
    // Loaded only here: the database driver is the slow part of starting the CLI.
    const { openDatabase } = await import("../db/client.js");
    const { changeRole } = await import("../accounts/index.js");
    const database = await openDatabase(config);
    try {
      await database.migrate();
      return await changeRole(database.db, email, action);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

function loopbackHost(host: string): string | null {
  if (host === "::1") return "[::1]";
  if (["0.0.0.0", "::", "127.0.0.1", "localhost", ""].includes(host) || host.startsWith("127."))
    return "127.0.0.1";
  return null;
}

async function viaServer(
  config: Config,
  pid: number,
  action: Action,
  email: string,
): Promise<RoleChangeResult> {
  const file = adminTokenPath(config.dataDir);
  if (!existsSync(file)) {
    throw new Error(
      `A Lithobox server (process ${pid}) is using ${config.dataDir}, but it left no ${file} to accept admin commands.\n` +
        "Stop it and run this again.",
    );
  }
  const info = JSON.parse(readFileSync(file, "utf8")) as AdminTokenInfo;
  const host = loopbackHost(info.host);
  if (!host) {
    throw new Error(
      `The running server listens on ${info.host} only, which is not a loopback address. Stop it and run this again.`,
    );
  }
  const res = await fetch(`http://${host}:${info.port}/api/internal/roles`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${info.token}` },
    body: JSON.stringify({ action, email }),
  });
  const body = (await res.json().catch(() => null)) as
    | (RoleChangeResult & { error?: string; message?: string })
    | null;
  if (res.ok && body?.ok) return body;
  if (body && (res.status === 404 || res.status === 409) && body.error && body.message) {
    return {
      ok: false,
      code: body.error as "unknown_email" | "last_admin",
      status: res.status,
      message: body.message,
    };
  }
  throw new Error(`The running server refused the request (${res.status}): ${body?.message ?? "no details"}`);
}

async function runAdminCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [action, email, ...rest] = argv;
  if ((action !== "grant" && action !== "revoke") || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const holder = config.databaseUrl ? null : lockHolder(config.dataDir);
    const result = holder
      ? await viaServer(config, holder, action, email)
      : await direct(config, action, email);
    if (!result.ok) {
      console.error(result.message);
      return 1;
    }
    console.log(result.message);
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `${error.message}\nIf the shop just started, run this again: it will go through the running shop.`,
      );
      return 1;
    }
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

process.exit(await runAdminCli(process.argv.slice(2)));
