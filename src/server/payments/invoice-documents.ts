/** Reading stored VAT documents (invoices and credit notes) for the admin: one by id, a quarter's. */
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { invoiceDocuments } from "../db/schema.js";

export type InvoiceDocumentRow = typeof invoiceDocuments.$inferSelect;

/** The document with this id, or null. */
export async function findInvoiceDocument(db: DbOrTx, id: string): Promise<InvoiceDocumentRow | null> {
  const [doc] = await db.select().from(invoiceDocuments).where(eq(invoiceDocuments.id, id));
  return doc ?? null;
}

/**
 * Invoices and credit notes issued in [from, to), invoices first, each kind by number (the VAT
 * report); with `includeTestOrders` (the admin's switch, issue 30) the test ones too.
 */
export function documentsIssuedBetween(
  db: DbOrTx,
  range: { from: Date; to: Date },
  includeTestOrders = false,
): Promise<InvoiceDocumentRow[]> {
  const kinds = includeTestOrders
    ? (["invoice", "credit_note", "test_invoice", "test_credit_note"] as const)
    : (["invoice", "credit_note"] as const);
  return db
    .select()
    .from(invoiceDocuments)
    .where(
      and(
        inArray(invoiceDocuments.kind, [...kinds]),
        gte(invoiceDocuments.issuedAt, range.from),
        lt(invoiceDocuments.issuedAt, range.to),
      ),
    )
    .orderBy(asc(invoiceDocuments.kind), asc(invoiceDocuments.number));
}
