/**
 * Royal Mail Click & Drop's tracking export read back (issue 33 item 3, decision 334): each row's
 * order dispatched with Royal Mail through the same audited fulfilment workflow as the order screen
 * (the tracking link, the dispatch e-mail), with a report per row. Idempotent: an order already
 * dispatched is refused, never dispatched or e-mailed twice.
 */
import {
  normaliseReference,
  TRACKING_IMPORT_MAX_ROWS,
  type TrackingRowReport,
  trackingColumns,
  trackingRowSchema,
} from "@shared/click-and-drop";
import { AWAITING_DISPATCH } from "@shared/fulfilment";
import { parse } from "csv-parse/sync";
import { HttpError } from "../lib/validation.js";
import { type AuditActor, errorText, withAudit } from "../platform/index.js";
import { matchOrderReferences } from "./click-and-drop.js";
import type { OrderServices } from "./services.js";
import { changeOrderStatusAsAdmin } from "./workflows/admin-actions.js";

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

export interface TrackingImport {
  rows: TrackingRowReport[];
  dispatched: number;
  refused: number;
}

/** Reads Click & Drop's tracking export and dispatches each ready order it names. */
export async function importClickAndDropTracking(
  ctx: OrderServices,
  actor: AuditActor,
  csv: string,
): Promise<TrackingImport> {
  const db = ctx.database.db;
  const table = readCsv(csv);
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
      const change = await changeOrderStatusAsAdmin(ctx, actor, orderId, {
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
  await withAudit(db, actor, {
    actionType: "import.click_and_drop_tracking",
    tableName: "orders",
    recordId: null,
    newValues: { rows: report.length, dispatched },
  });
  return { rows: report, dispatched, refused: report.length - dispatched };
}
