/**
 * Admin users:
 *   GET  /admin/users?q&role&mfa&page&pageSize   search, role, MFA state, order count
 *   POST /admin/users/:id/role {role}            grant or revoke admin (never the last admin)
 *   POST /admin/users/:id/mfa-reset              remove their MFA so they set it up again
 */

import { Hono } from "hono";
import { z } from "zod";
import { listAdminUsers, resetUserMfaAsAdmin, setUserRoleAsAdmin } from "../../accounts/index.js";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { type AdminEnv, actorOf, pageQuery } from "./shared.js";

const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  role: z.enum(["all", "admin", "user"]).default("all"),
  mfa: z.enum(["all", "on", "off"]).default("all"),
  ...pageQuery,
});

const idParam = z.object({ id: z.string().min(1).max(64) });
const roleBody = z.object({ role: z.enum(["admin", "user"], { error: "Choose admin or user." }) });

export function adminUserRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/users", zValidator("query", listQuery, validationHook), async (c) => {
      return c.json(await listAdminUsers(db, c.req.valid("query")), 200);
    })

    .post(
      "/users/:id/role",
      zValidator("param", idParam, validationHook),
      zValidator("json", roleBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const { role } = c.req.valid("json");
        const change = await setUserRoleAsAdmin(ctx, actorOf(c), { userId: id, role });
        ctx.log.info(
          { by: c.get("admin").id, user: id, role, changed: change.changed },
          "admin: role change",
        );
        return c.json(change, 200);
      },
    )

    .post("/users/:id/mfa-reset", zValidator("param", idParam, validationHook), async (c) => {
      const { id } = c.req.valid("param");
      const reset = await resetUserMfaAsAdmin(ctx, actorOf(c), id);
      return c.json(reset, 200);
    });
}
