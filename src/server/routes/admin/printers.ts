/**
 * The owner's printers (issue 48 item 3), on the Settings page:
 *   GET /admin/settings/printers -> { printers }
 *   PUT /admin/settings/printers { printers } -> { printers }   (audit-logged; 409 when a size on sale
 *                                                      would be left with no printer for it)
 */
import { printersSchema } from "@shared/printers";
import { Hono } from "hono";
import { z } from "zod";
import { getPrinters, savePrinters } from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
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
        const saved = await savePrinters(ctx, actorOf(c), printers);
        return c.json({ printers: saved }, 200);
      },
    );
}
