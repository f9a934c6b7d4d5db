/**
 * GET /admin/export/:resource?format=csv|json&from&to — orders (with items), customers or
 * products created in the date range (UK days; both ends optional), streamed as a download.
 * Each export writes exactly one audit row (who exported what), once its outcome is known: a
 * success row after the last byte was written (with the number of records), or a failed row
 * when it broke off part-way or the download was cancelled.
 */

import { Hono } from "hono";
import { stream } from "hono/streaming";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import { recordAuditFailure, ukToday, withAudit } from "../../platform/index.js";
import { EXPORT_FORMATS, EXPORT_RESOURCES, exportFileName, writeExport } from "../../reporting/index.js";
import { type AdminEnv, actorOf, dayString } from "./shared.js";

const params = z.object({
  resource: z.enum(EXPORT_RESOURCES, { error: "Export orders, customers or products." }),
});
const query = z.object({
  format: z.enum(EXPORT_FORMATS).default("csv"),
  from: dayString.optional().or(z.literal("").transform(() => undefined)),
  to: dayString.optional().or(z.literal("").transform(() => undefined)),
});

const TABLES = { orders: "orders", customers: "users", products: "products" } as const;
const CANCELLED = "The download was cancelled.";

export function adminExportRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>().get(
    "/export/:resource",
    zValidator("param", params, validationHook),
    zValidator("query", query, validationHook),
    async (c) => {
      const { resource } = c.req.valid("param");
      const { format, from, to } = c.req.valid("query");
      if (from && to && from > to) {
        throw new HttpError(400, "validation_failed", "The start date must be on or before the end date.");
      }
      const actor = actorOf(c);
      const entry = {
        actionType: `export.${resource}`,
        tableName: TABLES[resource],
        recordId: null,
        newValues: { format, from: from ?? null, to: to ?? null },
      };

      const fileName = exportFileName(resource, format, { from, to }, ukToday());
      c.header(
        "Content-Type",
        format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      );
      c.header("Content-Disposition", `attachment; filename="${fileName}"`);
      c.header("Cache-Control", "no-store");
      c.header("X-Content-Type-Options", "nosniff");
      return stream(
        c,
        async (out) => {
          const records = await writeExport(db, resource, format, { from, to }, async (chunk) => {
            if (out.aborted) throw new Error(CANCELLED);
            await out.write(chunk);
          });
          // A download cancelled during the last write still failed.
          if (out.aborted) throw new Error(CANCELLED);
          await withAudit(db, actor, { ...entry, newValues: { ...entry.newValues, records } });
          ctx.log.info({ by: actor.id, resource, format, from, to, records }, "admin export");
        },
        async (error, out) => {
          ctx.log.error({ err: error, resource }, "admin export failed");
          await recordAuditFailure(db, actor, entry, error).catch(() => undefined);
          await out.close();
        },
      );
    },
  );
}
