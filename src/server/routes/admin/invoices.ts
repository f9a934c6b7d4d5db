/**
 * Admin invoices and VAT:
 *   GET /admin/invoice-settings, PUT /admin/invoice-settings   the seller and VAT details
 *   GET /admin/orders/:id/documents          the order's invoice and credit notes
 *   GET /admin/documents/:id/pdf             one of them as a PDF
 *   GET /admin/vat-report?quarter=2026-Q1    the quarter's sales and VAT (CSV, audited)
 */

import { invoiceSettingsSchema } from "@shared/admin-schemas";
import { quarterRange } from "@shared/vat";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import {
  type DocumentDetails,
  documentNumberLabel,
  documentsIssuedBetween,
  findInvoiceDocument,
  getInvoiceSettings,
  orderDocuments,
  renderDocumentPdf,
  saveInvoiceSettings,
} from "../../payments/index.js";
import { withAudit } from "../../platform/index.js";
import { csvFile, penceToDecimal } from "../../reporting/index.js";
import { sendPdf } from "../invoices.js";
import { type AdminEnv, actorOf, includeTestOrders, testOrdersQuery, uuidParam } from "./shared.js";

const quarterQuery = z.object({ quarter: z.string().regex(/^\d{4}-Q[1-4]$/, "Use a quarter like 2026-Q1.") });
const vatReportQuery = quarterQuery.extend(testOrdersQuery.shape);

// Money as plain decimal numbers (a credit note's negative) that a spreadsheet adds up.
const pounds = penceToDecimal;

export function adminInvoiceRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/invoice-settings", async (c) => c.json(await getInvoiceSettings(db), 200))
    .put("/invoice-settings", zValidator("json", invoiceSettingsSchema, validationHook), async (c) => {
      const input = c.req.valid("json");
      const saved = await saveInvoiceSettings(ctx, actorOf(c), input);
      return c.json(saved, 200);
    })
    .get("/orders/:id/documents", zValidator("param", uuidParam, validationHook), async (c) => {
      const docs = await orderDocuments(db, c.req.valid("param").id);
      return c.json(
        {
          documents: docs.map((d) => ({
            id: d.id,
            kind: d.kind,
            label: documentNumberLabel(d.kind, d.number),
            totalPence: d.totalAmount,
            vatPence: d.vatAmount,
            issuedAt: d.issuedAt.toISOString(),
          })),
        },
        200,
      );
    })
    .get("/documents/:id/pdf", zValidator("param", uuidParam, validationHook), async (c) => {
      const doc = await findInvoiceDocument(db, c.req.valid("param").id);
      if (!doc) throw new HttpError(404, "not_found", "Document not found.");
      return sendPdf(c, doc, await renderDocumentPdf(doc));
    })
    .get("/vat-report", zValidator("query", vatReportQuery, validationHook), async (c) => {
      const { quarter, tests } = c.req.valid("query");
      const range = quarterRange(quarter);
      if (!range) throw new HttpError(400, "validation_failed", "Use a quarter like 2026-Q1.");
      const docs = await documentsIssuedBetween(db, range, includeTestOrders(ctx, tests));
      const header = ["document", "number", "date", "order", "customer", "gross_gbp", "vat_gbp", "net_gbp"];
      let gross = 0;
      let vat = 0;
      const lines = docs.map((d) => {
        const credit = d.kind === "credit_note" || d.kind === "test_credit_note";
        const sign = credit ? -1 : 1;
        gross += sign * d.totalAmount;
        vat += sign * d.vatAmount;
        const details = d.details as unknown as DocumentDetails;
        return [
          `${d.kind.startsWith("test_") ? "test " : ""}${credit ? "credit note" : "invoice"}`,
          documentNumberLabel(d.kind, d.number),
          d.issuedAt.toISOString().slice(0, 10),
          details.orderNumber,
          details.buyer.name,
          pounds(sign * d.totalAmount),
          pounds(sign * d.vatAmount),
          pounds(sign * (d.totalAmount - d.vatAmount)),
        ];
      });
      const total = ["total", "", "", "", "", pounds(gross), pounds(vat), pounds(gross - vat)];
      await withAudit(db, actorOf(c), {
        actionType: "export.vat_report",
        tableName: "invoice_documents",
        recordId: quarter,
        newValues: { quarter, documents: docs.length },
      });
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="sales-vat-${quarter}.csv"`);
      c.header("Cache-Control", "no-store");
      return c.body(csvFile([header, ...lines, total]), 200);
    });
}
