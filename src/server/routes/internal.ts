/**
 * The admin CLI's door into a running shop. PGlite is single-process: while the server holds
 * DATA_DIR, `npm run admin` cannot open the database, so it asks the server instead. The
 * server writes a random token to DATA_DIR/admin-token (mode 600, readable only by the
 * account running the shop) at start; the CLI sends it back. Requests are accepted only over
 * loopback and never through a proxy.
 */
import { timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { Hono } from "hono";
import { z } from "zod";
import { changeRole } from "../accounts/index.js";
import type { AppContext } from "../context.js";
import { type AdminTokenInfo, adminTokenPath, writeAdminToken } from "../lib/admin-token.js";
import { isForwarded, isLoopback, socketAddress } from "../lib/client-ip.js";
import { HttpError, validationHook, zValidator } from "../lib/validation.js";

export const roleRequestSchema = z.object({
  action: z.enum(["grant", "revoke"]),
  email: z.string().trim().min(1).max(254),
});

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** POST /internal/roles {action, email} with `Authorization: Bearer <token>` -> the role change. */
export function internalRoutes(ctx: AppContext) {
  // With DATABASE_URL the CLI opens the database itself; no door is needed.
  const info = ctx.config.databaseUrl ? null : writeAdminToken(ctx.config);
  if (info) {
    ctx.onClose.push(() => {
      const file = adminTokenPath(ctx.config.dataDir);
      try {
        if ((JSON.parse(readFileSync(file, "utf8")) as AdminTokenInfo).token === info.token)
          rmSync(file, { force: true });
      } catch {
        // Already gone.
      }
    });
  }

  return new Hono().post(
    "/internal/roles",
    // The door is checked before anything else is read from the request.
    async (c, next) => {
      const bearer = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
      const local = isLoopback(socketAddress(c)) && !isForwarded(c.req.raw.headers);
      if (!info || !local || !sameToken(bearer, info.token)) {
        throw new HttpError(403, "forbidden", "Not allowed.");
      }
      await next();
    },
    zValidator("json", roleRequestSchema, validationHook),
    async (c) => {
      const { action, email } = c.req.valid("json");
      const result = await changeRole(ctx.database.db, email, action);
      if (!result.ok) throw new HttpError(result.status, result.code, result.message);
      ctx.log.info({ action, changed: result.changed }, "admin CLI: role change");
      return c.json(result);
    },
  );
}
