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
  normaliseReference,
  TRACKING_IMPORT_MAX_BYTES,
  TRACKING_IMPORT_MAX_ROWS,
  type TrackingRowReport,
  trackingColumns,
  trackingRowSchema,
} from "@shared/click-and-drop";
import { AWAITING_DISPATCH } from "@shared/fulfilment";
import { parse } from "csv-parse/sync";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import {
  clickAndDropRows,
  getClickAndDropSettings,
  matchOrderReferences,
  setClickAndDropSettings,
} from "../../orders/index.js";
import { audited, errorText, ukToday, withAudit } from "../../platform/index.js";
import { csvFile } from "../../reporting/index.js";
import { auditedStatusChange } from "./orders.js";
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

const DISPATCHED_ALREADY = ["dispatched", "in_transit", "delivered"];

/** The file's rows as text cells; a file that is not CSV at all is refused whole. */
function readCsv(csv: string): string[][] {
  try {
    return parse(csv.replace(/^\uFEFF/, ""), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to_line: TRACKING_IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch (error) {
    throw new HttpError(400, "validation_failed", `The file could not be read as CSV: ${errorText(error)}`);
  }
}

export function adminClickAndDropRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/click-and-drop/settings", async (c) => c.json(await getClickAndDropSettings(db), 200))
    .put(
      "/click-and-drop/settings",
      zValidator("json", clickAndDropSettingsSchema, validationHook),
      async (c) => {
        const input = c.req.valid("json");
        const saved = await audited(
          db,
          actorOf(c),
          {
            actionType: "settings.click_and_drop",
            tableName: "system_settings",
            recordId: "click_and_drop_settings",
            newValues: input,
          },
          async (tx) => {
            const { before, after } = await setClickAndDropSettings(tx, input);
            return { result: after, audit: { oldValues: before, newValues: after } };
          },
        );
        return c.json(saved, 200);
      },
    )
    .get("/click-and-drop/orders.csv", zValidator("query", exportQuery, validationHook), async (c) => {
      const { ids } = c.req.valid("query");
      const result = await clickAndDropRows(db, ids, await getClickAndDropSettings(db));
      await withAudit(db, actorOf(c), {
        actionType: "export.click_and_drop",
        tableName: "orders",
        recordId: null,
        newValues: { exported: result.exported, skipped: result.skipped },
      });
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="click-and-drop-${ukToday()}.csv"`);
      c.header("Cache-Control", "no-store");
      c.header("X-Exported-Orders", String(result.exported.length));
      c.header("X-Skipped-Orders", String(result.skipped.length));
      return c.body(csvFile([CLICK_AND_DROP_COLUMNS, ...result.rows]), 200);
    })
    .post("/click-and-drop/tracking", zValidator("json", importBody, validationHook), async (c) => {
      const table = readCsv(c.req.valid("json").csv);
      const [header, ...body] = table;
      const columns = trackingColumns(header ?? []);
      if (columns.reference === null || columns.trackingNumber === null) {
        throw new HttpError(
          400,
          "validation_failed",
          'The file needs an "Order reference" column and a "Tracking number" column (Click & Drop\'s export has both).',
        );
      }
      if (body.length > TRACKING_IMPORT_MAX_ROWS) {
        throw new HttpError(
          400,
          "validation_failed",
          `The file has more than ${TRACKING_IMPORT_MAX_ROWS} rows: import it in parts.`,
        );
      }
      const cell = (row: string[], index: number | null) => (index === null ? "" : (row[index] ?? ""));
      const parsed = body.map((row, i) => ({
        line: i + 2,
        raw: { reference: cell(row, columns.reference), trackingNumber: cell(row, columns.trackingNumber) },
        check: trackingRowSchema.safeParse({
          reference: cell(row, columns.reference),
          trackingNumber: cell(row, columns.trackingNumber),
          service: cell(row, columns.service),
        }),
      }));
      const matches = await matchOrderReferences(
        db,
        parsed.flatMap((p) => (p.check.success ? [p.check.data.reference] : [])),
      );
      const seen = new Set<string>();
      const report: TrackingRowReport[] = [];
      for (const { line, raw, check } of parsed) {
        const base = { line, reference: raw.reference.trim(), trackingNumber: raw.trackingNumber.trim() };
        if (!check.success) {
          report.push({
            ...base,
            outcome: "invalid",
            message: check.error.issues[0]?.message ?? "The row could not be read.",
            orderId: null,
          });
          continue;
        }
        const row = check.data;
        const match = matches.get(normaliseReference(row.reference));
        if (!match?.orderId) {
          report.push({
            ...base,
            outcome: "unknown_reference",
            message: match?.ambiguous
              ? "This reference matches more than one order: dispatch it from the order's screen."
              : "No order has this reference.",
            orderId: null,
          });
          continue;
        }
        const orderId = match.orderId;
        if (seen.has(orderId)) {
          report.push({
            ...base,
            outcome: "duplicate",
            message: "This order is already on an earlier line of the file.",
            orderId,
          });
          continue;
        }
        seen.add(orderId);
        if (match.status && DISPATCHED_ALREADY.includes(match.status)) {
          report.push({
            ...base,
            outcome: "already_dispatched",
            message: "Already dispatched: nothing changed and no e-mail sent.",
            orderId,
          });
          continue;
        }
        if (!match.status || !AWAITING_DISPATCH.includes(match.status)) {
          report.push({
            ...base,
            outcome: "not_ready",
            message: `The order is ${match.status ?? "unknown"}: only a paid order waiting to be dispatched can be.`,
            orderId,
          });
          continue;
        }
        try {
          const change = await auditedStatusChange(ctx, c, orderId, {
            status: "dispatched",
            trackingNumber: row.trackingNumber,
            carrier: "royal_mail",
            note: `Dispatched from Click & Drop's tracking export${row.service ? ` (${row.service})` : ""}`,
          });
          report.push(
            change.changed
              ? {
                  ...base,
                  outcome: "dispatched",
                  message: "Dispatched; the customer was e-mailed the tracking link.",
                  orderId,
                }
              : {
                  ...base,
                  outcome: "already_dispatched",
                  message: "Already dispatched: nothing changed and no e-mail sent.",
                  orderId,
                },
          );
        } catch (error) {
          report.push({
            ...base,
            outcome: "not_ready",
            message: error instanceof HttpError ? error.message : errorText(error),
            orderId,
          });
        }
      }
      const dispatched = report.filter((r) => r.outcome === "dispatched").length;
      await withAudit(db, actorOf(c), {
        actionType: "import.click_and_drop_tracking",
        tableName: "orders",
        recordId: null,
        newValues: { rows: report.length, dispatched },
      });
      return c.json({ rows: report, dispatched, refused: report.length - dispatched }, 200);
    });
}
