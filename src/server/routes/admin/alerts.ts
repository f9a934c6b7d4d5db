/**
 * The owner's alerts:
 *   GET /admin/settings/alerts            which alerts are on, and where they go
 *   PUT /admin/settings/alerts {kinds}    choose them
 */

import { OWNER_ALERT_KINDS } from "@shared/owner-alerts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { ownerAlertSettings, saveOwnerAlerts } from "../../messaging/index.js";
import { type AdminEnv, actorOf } from "./shared.js";

const alertsBody = z.object({ kinds: z.array(z.enum(OWNER_ALERT_KINDS)).max(OWNER_ALERT_KINDS.length) });

export function adminAlertRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const view = async () => ({
    ...(await ownerAlertSettings(db, ctx.config)),
    fromSetting: ctx.config.ownerEmail !== undefined,
  });
  return new Hono<AdminEnv>()
    .get("/settings/alerts", async (c) => c.json(await view(), 200))
    .put("/settings/alerts", zValidator("json", alertsBody, validationHook), async (c) => {
      const kinds = OWNER_ALERT_KINDS.filter((k) => c.req.valid("json").kinds.includes(k));
      await saveOwnerAlerts(ctx, actorOf(c), kinds);
      return c.json(await view(), 200);
    });
}
