/**
 * The Settings page's own reads (issue 47 item 7); its other panels use the alert, customer-mail
 * and shop-mode routes:
 *   GET /admin/settings/backups -> { intervalHours, retention, storage, count, last: { at, bytes } | null }
 */
import { Hono } from "hono";
import type { AppContext } from "../../context.js";
import type { AdminEnv } from "./shared.js";

export function adminSettingsRoutes(ctx: AppContext) {
  return new Hono<AdminEnv>().get("/settings/backups", async (c) => c.json(await ctx.backups.status(), 200));
}
