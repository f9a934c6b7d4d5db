import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
/**
 * GET /orders/:id/invoice.pdf[?token=] -> the paid order's invoice as a PDF, for its signed-in
 *   owner or with the signed link of its confirmation e-mail (guests); 404 otherwise, 410 when
 *   the link has expired and nobody signed in owns the order.
 * GET /orders/:id/credit-notes/:number.pdf[?token=] -> one of its credit notes, the same way.
 * Both: 429 after INVOICE_RATE_LIMIT downloads a minute from one address (a PDF is drawn per
 * download).
 */

import type { Context } from "hono";
import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import type { ApiError } from "../lib/validation.js";
import { getOrder, isUuid } from "../orders/index.js";
import {
  checkInvoiceToken,
  documentNumberLabel,
  type InvoiceDocumentRow,
  orderDocuments,
  renderDocumentPdf,
} from "../payments/index.js";
import { getSessionUser } from "../session.js";

/** PDF downloads a minute from one address (owner and guest links alike). */
export const INVOICE_RATE_LIMIT = 20;

export function sendPdf(c: Context, doc: InvoiceDocumentRow, pdf: Buffer): Response {
  c.header("Content-Type", "application/pdf");
  c.header("Content-Disposition", `attachment; filename="${documentNumberLabel(doc.kind, doc.number)}.pdf"`);
  c.header("Cache-Control", "private, no-store");
  return c.body(new Uint8Array(pdf), 200);
}

export function invoiceRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const notFound = (c: Context) =>
    c.json<ApiError>({ error: "not_found", message: COMMERCE_MESSAGES.invoices.notFound }, 404);
  const limiter = createRateLimiter({
    name: "invoice",
    store: ctx.rateLimits,
    limit: INVOICE_RATE_LIMIT,
    windowMs: 60_000,
  });
  const limited = rateLimit(ctx, limiter, {
    name: "invoice",
    message: COMMERCE_MESSAGES.invoices.tooManyDownloads,
  });

  async function access(c: Context, orderId: string): Promise<"valid" | "invalid" | "expired"> {
    if (!isUuid(orderId)) return "invalid";
    const order = await getOrder(db, orderId);
    if (!order) return "invalid";
    const link = checkInvoiceToken(ctx.config.authSecret, orderId, c.req.query("token"));
    if (link === "valid") return link;
    if (order.userId != null && (await getSessionUser(ctx, c))?.id === order.userId) return "valid";
    return link;
  }

  async function send(c: Context, orderId: string, kinds: string[], number?: number) {
    const verdict = await access(c, orderId);
    if (verdict === "expired") {
      c.header("Cache-Control", "no-store");
      return c.json<ApiError>(
        { error: "link_expired", message: COMMERCE_MESSAGES.invoices.linkExpired },
        410,
      );
    }
    if (verdict !== "valid") return notFound(c);
    const docs = await orderDocuments(db, orderId);
    const doc = docs.find((d) => kinds.includes(d.kind) && (number === undefined || d.number === number));
    if (!doc) return notFound(c);
    return sendPdf(c, doc, await renderDocumentPdf(doc));
  }

  return new Hono()
    .use("/orders/:id/invoice.pdf", limited)
    .use("/orders/:id/credit-notes/:file", limited)
    .get("/orders/:id/invoice.pdf", (c) => send(c, c.req.param("id"), ["invoice", "test_invoice"]))
    .get("/orders/:id/credit-notes/:file", (c) => {
      const number = /^(\d{1,9})\.pdf$/.exec(c.req.param("file"))?.[1];
      if (!number) return notFound(c);
      return send(c, c.req.param("id"), ["credit_note", "test_credit_note"], Number(number));
    });
}
