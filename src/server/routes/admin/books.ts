/**
 * The books (issue 33 item 4, decision 335):
 *   GET /admin/books/settings, PUT /admin/books/settings   the account codes and tax types, set once
 *   GET /admin/books/xero.csv?period=2026-Q1               the period's sales in Xero's invoice import
 *   GET /admin/books/journal.csv?period=2026-Q1            the same as a double-entry journal
 * A period is a quarter (as the VAT CSV) or a month. Each export is audited.
 */
import {
  bookPeriodSchema,
  bookSettingsSchema,
  JOURNAL_COLUMNS,
  journalCsvRows,
  journalRows,
  periodRange,
  XERO_COLUMNS,
  xeroRows,
} from "@shared/books";
import { CHANNEL_TEXTS } from "@shared/channel-texts";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import { withAudit } from "../../platform/index.js";
import {
  bookDocuments,
  csvFile,
  getBookSettings,
  saveBookSettings,
  testDocumentCount,
} from "../../reporting/index.js";
import { type AdminContext, type AdminEnv, actorOf } from "./shared.js";

type AdminCsvContext = AdminContext & Pick<Context, "header" | "body">;

const periodQuery = z.object({ period: bookPeriodSchema });

export function adminBooksRoutes(ctx: AppContext) {
  const db = ctx.database.db;

  /** The period's documents in one layout, as a download (audited). */
  async function bookCsv(c: AdminCsvContext, layout: "xero" | "journal", period: string): Promise<Response> {
    const range = periodRange(period);
    if (!range)
      throw new HttpError(400, "validation_failed", "Use a quarter like 2026-Q1 or a month like 2026-03.");
    const [settings, docs] = await Promise.all([getBookSettings(db), bookDocuments(db, range)]);
    const rows: (readonly string[])[] =
      layout === "xero"
        ? [XERO_COLUMNS, ...xeroRows(docs, settings)]
        : [JOURNAL_COLUMNS, ...journalCsvRows(journalRows(docs, settings))];
    // An empty export says why under its headers (a test shop's orders are all test orders).
    if (docs.length === 0)
      rows.push([CHANNEL_TEXTS.books.emptyExport(period, await testDocumentCount(db, range))]);
    await withAudit(db, actorOf(c), {
      actionType: `export.books_${layout}`,
      tableName: "invoice_documents",
      recordId: period,
      newValues: { period, documents: docs.length },
    });
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header(
      "Content-Disposition",
      `attachment; filename="${layout === "xero" ? "xero-sales" : "sales-journal"}-${period}.csv"`,
    );
    c.header("Cache-Control", "no-store");
    return c.body(csvFile(rows), 200);
  }

  return new Hono<AdminEnv>()
    .get("/books/settings", async (c) => c.json(await getBookSettings(db), 200))
    .put("/books/settings", zValidator("json", bookSettingsSchema, validationHook), async (c) => {
      const input = c.req.valid("json");
      const saved = await saveBookSettings(ctx, actorOf(c), input);
      return c.json(saved, 200);
    })
    .get("/books/xero.csv", zValidator("query", periodQuery, validationHook), (c) =>
      bookCsv(c, "xero", c.req.valid("query").period),
    )
    .get("/books/journal.csv", zValidator("query", periodQuery, validationHook), (c) =>
      bookCsv(c, "journal", c.req.valid("query").period),
    );
}
