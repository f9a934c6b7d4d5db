/**
 * GET /orders/:id/invoice.pdf[?token=] -> the paid order's invoice as a PDF, for its signed-in
 *   owner or with the signed link of its confirmation e-mail (guests); 404 otherwise.
 * GET /orders/:id/credit-notes/:number.pdf[?token=] -> one of its credit notes, the same way.
 */
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { invoiceDocuments, orders } from "../db/schema.js";
import { getSessionUser } from "../lib/session.js";
import type { ApiError } from "../lib/validation.js";
import { isUuid } from "../orders/index.js";
import { documentNumberLabel, isValidInvoiceToken, renderDocumentPdf } from "../payments/index.js";

export function sendPdf(c: Context, doc: typeof invoiceDocuments.$inferSelect, pdf: Buffer): Response {
  c.header("Content-Type", "application/pdf");
  c.header("Content-Disposition", `attachment; filename="${documentNumberLabel(doc.kind, doc.number)}.pdf"`);
  c.header("Cache-Control", "private, no-store");
  return c.body(new Uint8Array(pdf), 200);
}

export function invoiceRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const notFound = (c: Context) =>
    c.json<ApiError>({ error: "not_found", message: "Invoice not found." }, 404);

  async function allowed(c: Context, orderId: string): Promise<boolean> {
    if (!isUuid(orderId)) return false;
    const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (!order) return false;
    if (isValidInvoiceToken(ctx.config.authSecret, orderId, c.req.query("token"))) return true;
    return order.userId != null && (await getSessionUser(ctx, c))?.id === order.userId;
  }

  async function send(c: Context, orderId: string, kinds: string[], number?: number) {
    if (!(await allowed(c, orderId))) return notFound(c);
    const docs = await db
      .select()
      .from(invoiceDocuments)
      .where(and(eq(invoiceDocuments.orderId, orderId)));
    const doc = docs.find((d) => kinds.includes(d.kind) && (number === undefined || d.number === number));
    if (!doc) return notFound(c);
    return sendPdf(c, doc, await renderDocumentPdf(doc));
  }

  return new Hono()
    .get("/orders/:id/invoice.pdf", (c) => send(c, c.req.param("id"), ["invoice", "test_invoice"]))
    .get("/orders/:id/credit-notes/:file", (c) => {
      const number = /^(\d{1,9})\.pdf$/.exec(c.req.param("file"))?.[1];
      if (!number) return notFound(c);
      return send(c, c.req.param("id"), ["credit_note", "test_credit_note"], Number(number));
    });
}
