/**
 * The books (issue 33 item 4, decision 335): the owner's account codes (system_settings), and a
 * period's invoices and credit notes as the lines the Xero and journal exports write. The
 * documents are the ones the quarterly VAT CSV reads (documentsIssuedBetween: live invoices and
 * credit notes, never test ones), each line as stored at issue.
 */
import {
  type BookDocument,
  type BookLine,
  type BookSettings,
  bookSettingsSchema,
  DEFAULT_BOOK_SETTINGS,
} from "@shared/books";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { systemSettings } from "../db/schema.js";
import { type DocumentDetails, documentNumberLabel, documentsIssuedBetween } from "../payments/index.js";
import { defineSettingWorkflow, writeSetting } from "../platform/index.js";

export const BOOK_SETTINGS_KEY = "book_settings";

export async function getBookSettings(db: DbOrTx): Promise<BookSettings> {
  const [row] = await db
    .select({ value: systemSettings.settingValue })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, BOOK_SETTINGS_KEY));
  if (!row?.value) return DEFAULT_BOOK_SETTINGS;
  try {
    const parsed = bookSettingsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_BOOK_SETTINGS;
  } catch {
    return DEFAULT_BOOK_SETTINGS;
  }
}

export async function setBookSettings(
  db: DbOrTx,
  value: BookSettings,
): Promise<{ before: BookSettings; after: BookSettings }> {
  const before = await getBookSettings(db);
  const text = JSON.stringify(value);
  await writeSetting(db, BOOK_SETTINGS_KEY, text);
  return { before, after: value };
}

/** How many documents of test orders were issued in [from, to): what an empty export leaves out. */
export async function testDocumentCount(db: DbOrTx, range: { from: Date; to: Date }): Promise<number> {
  const all = await documentsIssuedBetween(db, range, true);
  return all.filter((d) => d.kind.startsWith("test_")).length;
}

/**
 * The documents issued in the range, oldest first, each with its lines: an invoice's item lines
 * and its delivery line, a credit note's refund line. Should a document's stored total or VAT
 * ever differ from its lines' sum, an adjustment line makes up the difference, so the books
 * always add up to the documents (and so to the VAT CSV).
 */
export async function bookDocuments(db: DbOrTx, range: { from: Date; to: Date }): Promise<BookDocument[]> {
  const rows = await documentsIssuedBetween(db, range);
  const docs = rows.map((row): BookDocument => {
    const details = row.details as unknown as DocumentDetails;
    const credit = row.kind === "credit_note";
    const lines: BookLine[] = details.lines.map((l) => ({
      description: l.description,
      grossPence: l.grossPence,
      vatPence: l.vatPence,
      account: credit ? "refunds" : "sales",
    }));
    if (!credit && (details.shippingPence !== 0 || details.shippingVatPence !== 0)) {
      lines.push({
        description: details.shippingLabel,
        grossPence: details.shippingPence,
        vatPence: details.shippingVatPence,
        account: "shipping",
      });
    }
    const gross = lines.reduce((sum, l) => sum + l.grossPence, 0);
    const vat = lines.reduce((sum, l) => sum + l.vatPence, 0);
    if (gross !== row.totalAmount || vat !== row.vatAmount) {
      lines.push({
        description: "Adjustment to the document's total",
        grossPence: row.totalAmount - gross,
        vatPence: row.vatAmount - vat,
        account: credit ? "refunds" : "sales",
      });
    }
    return {
      kind: credit ? "credit_note" : "invoice",
      number: documentNumberLabel(row.kind, row.number),
      issuedAt: row.issuedAt,
      orderNumber: details.orderNumber,
      buyer: details.buyer,
      vatRatePercent: details.seller.vatRegistered ? details.seller.vatRatePercent : 0,
      lines,
    };
  });
  return docs.sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number));
}

/** The owner's bookkeeping settings, saved and audited. */
export const saveBookSettings = defineSettingWorkflow({
  actionType: "settings.books",
  recordId: "book_settings",
  save: setBookSettings,
});
