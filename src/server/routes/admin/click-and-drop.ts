/**
 * Royal Mail Click & Drop (issue 33 item 3, decision 334):
 *   GET  /admin/click-and-drop/settings, PUT …/settings   the Royal Mail service for each delivery
 *   GET  /admin/click-and-drop/orders.csv?ids=a,b,…         the selected orders ready to dispatch,
 *                                                          in Click & Drop's order-import layout
 *   POST /admin/click-and-drop/tracking {csv}              Click & Drop's tracking export: each
 *                                                          row's order dispatched with Royal Mail
 *
 * The import runs each row through the same audited fulfilment workflow as the order screen
 * (carrier Royal Mail, the tracking link, the dispatch e-mail) and answers a report per row.
 * It is idempotent: an order already dispatched is refused, never dispatched or e-mailed twice.
 */
import {
  CLICK_AND_DROP_COLUMNS,
  clickAndDropSettingsSchema,
  TRACKING_IMPORT_MAX_BYTES,
} from "@shared/click-and-drop";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import {
  exportClickAndDrop,
  getClickAndDropSettings,
  importClickAndDropTracking,
  saveClickAndDropSettings,
} from "../../orders/index.js";
import { ukToday } from "../../platform/index.js";
import { csvFile } from "../../reporting/index.js";
import { type AdminEnv, actorOf } from "./shared.js";

const MAX_EXPORT = 100;

const exportQuery = z.object({
  ids: z
    .string()
    .max(MAX_EXPORT * 37)
    .transform((v) =>
      v
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.uuid("Unknown order."))
        .min(1, "Select at least one order.")
        .max(MAX_EXPORT, `Select at most ${MAX_EXPORT} orders.`),
    ),
});

const importBody = z.object({
  csv: z
    .string()
    .min(1, "The file is empty.")
    .max(TRACKING_IMPORT_MAX_BYTES, "The file is larger than 200 KB: import it in parts."),
});

export function adminClickAndDropRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/click-and-drop/settings", async (c) => c.json(await getClickAndDropSettings(db), 200))
    .put(
      "/click-and-drop/settings",
      zValidator("json", clickAndDropSettingsSchema, validationHook),
      async (c) => {
        const saved = await saveClickAndDropSettings(ctx, actorOf(c), c.req.valid("json"));
        return c.json(saved, 200);
      },
    )
    .get("/click-and-drop/orders.csv", zValidator("query", exportQuery, validationHook), async (c) => {
      const { ids } = c.req.valid("query");
      const result = await exportClickAndDrop(db, actorOf(c), ids);
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="click-and-drop-${ukToday()}.csv"`);
      c.header("Cache-Control", "no-store");
      c.header("X-Exported-Orders", String(result.exported.length));
      c.header("X-Skipped-Orders", String(result.skipped.length));
      return c.body(csvFile([CLICK_AND_DROP_COLUMNS, ...result.rows]), 200);
    })
    .post("/click-and-drop/tracking", zValidator("json", importBody, validationHook), async (c) => {
      return c.json(await importClickAndDropTracking(ctx, actorOf(c), c.req.valid("json").csv), 200);
    });
}
