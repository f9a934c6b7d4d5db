/**
 * DATA_DIR/admin-token: how `npm run admin` reaches a running shop on the embedded database.
 * The server writes a fresh random token at start (mode 600: only the account running the
 * shop can read it) and removes it on a clean shutdown.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ADMIN_TOKEN_FILE = "admin-token";

/** The token file's content. */
export interface AdminTokenInfo {
  token: string;
  /** The server process, which also holds DATA_DIR/.lock. */
  pid: number;
  port: number;
  host: string;
}

export function adminTokenPath(dataDir: string): string {
  return path.join(dataDir, ADMIN_TOKEN_FILE);
}

export function writeAdminToken(config: { dataDir: string; port: number; host: string }): AdminTokenInfo {
  const info: AdminTokenInfo = {
    token: randomBytes(32).toString("base64url"),
    pid: process.pid,
    port: config.port,
    host: config.host,
  };
  mkdirSync(config.dataDir, { recursive: true });
  const file = adminTokenPath(config.dataDir);
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  return info;
}
