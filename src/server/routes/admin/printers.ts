/**
 * The owner's printers (issue 48 item 3), on the Settings page:
 *   GET /admin/settings/printers -> { printers }
 *   PUT /admin/settings/printers { printers } -> { printers }   (audit-logged; 409 when a size on sale
 *                                                      would be left with no printer for it)
 */
import { printersSchema } from "@shared/printers";
import { Hono } from "hono";
import { z } from "zod";
import { getPrinters, PRINTERS_KEY, setPrinters } from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { audited } from "../../platform/index.js";
import { type AdminEnv, actorOf } from "./shared.js";

export function adminPrinterRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/settings/printers", async (c) => c.json({ printers: await getPrinters(db) }, 200))
    .put(
      "/settings/printers",
      zValidator("json", z.object({ printers: printersSchema }), validationHook),
      async (c) => {
        const { printers } = c.req.valid("json");
        const saved = await audited(
          db,
          actorOf(c),
          {
            actionType: "settings.printers",
            tableName: "system_settings",
            recordId: PRINTERS_KEY,
            newValues: { printers },
          },
          async (tx) => {
            const before = await getPrinters(tx);
            const after = await setPrinters(tx, printers);
            return {
              result: after,
              audit: { oldValues: { printers: before }, newValues: { printers: after } },
            };
          },
        );
        return c.json({ printers: saved }, 200);
      },
    );
}
