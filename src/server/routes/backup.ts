/**
 * POST /internal/backup: the database dump (backups/database-dump.ts) of a running shop, for
 * `npm run backup` on the embedded database — PGlite is single-process, so while the shop
 * holds DATA_DIR the backup script cannot open it and asks the shop instead. Same door as the
 * admin CLI (routes/internal.ts): the bearer token the shop wrote to DATA_DIR/admin-token at
 * start, over loopback only, never through a proxy. The answer is streamed text; the script
 * checks its end marker, so a cut-short dump is never taken for a backup.
 */
import { timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { stream } from "hono/streaming";
import { dumpDatabase } from "../backups/index.js";
import type { AppContext } from "../context.js";
import { type AdminTokenInfo, adminTokenPath } from "../lib/admin-token.js";
import { isForwarded, isLoopback, socketAddress } from "../lib/client-ip.js";
import { HttpError } from "../lib/validation.js";

function currentToken(dataDir: string): string | null {
  try {
    const info = JSON.parse(readFileSync(adminTokenPath(dataDir), "utf8")) as AdminTokenInfo;
    return info.pid === process.pid && typeof info.token === "string" && info.token ? info.token : null;
  } catch {
    return null;
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function backupRoutes(ctx: AppContext) {
  return new Hono().post("/internal/backup", async (c) => {
    const expected = ctx.config.databaseUrl ? null : currentToken(ctx.config.dataDir);
    const bearer = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    const local = isLoopback(socketAddress(c)) && !isForwarded(c.req.raw.headers);
    if (!expected || !local || !sameToken(bearer, expected)) {
      throw new HttpError(403, "forbidden", "Not allowed.");
    }
    c.header("Content-Type", "text/plain; charset=utf-8");
    c.header("Cache-Control", "no-store");
    return stream(c, async (out) => {
      const started = Date.now();
      try {
        const summary = await dumpDatabase(ctx.database.db, ctx.database.kind, async (text) => {
          await out.write(text);
        });
        ctx.log.info({ rows: summary.rows, ms: Date.now() - started }, "backup: database dumped");
      } catch (error) {
        // The dump has no end marker then: the script reports the backup as failed.
        ctx.log.error({ err: error }, "backup: database dump failed");
      }
    });
  });
}
