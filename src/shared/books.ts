/**
 * The books (issue 33 item 4, decision 335): a period's invoices and credit notes as Xero's
 * sales-invoice import and as a plain double-entry journal. Every line carries its VAT rate and
 * amount as the invoice was issued; a credit note is negative (Xero imports a negative invoice
 * as a credit note) and reverses the journal. The charge is always GBP, so every row's currency
 * is GBP. The totals are the quarterly VAT CSV's, to the penny (tests/integration/reporting/books.test.ts).
 * Pure: the server reads the documents and the owner's account codes.
 */
import { z } from "zod";
import type { Pence } from "./money";
import { quarterRange } from "./vat";

// ---------------------------------------------------------------- the owner's account codes

const accountCode = z
  .string()
  .trim()
  .min(1, "Enter an account code.")
  .max(20, "An account code has at most 20 characters.")
  .regex(/^[A-Za-z0-9._-]+$/, "Use letters, digits, dots, dashes or underscores.");
const taxType = z
  .string()
  .trim()
  .min(1, "Enter a tax type.")
  .max(50, "A tax type has at most 50 characters.");

export const bookSettingsSchema = z.object({
  /** Lightboxes and accessories sold. */
  salesAccount: accountCode,
  /** Delivery charged to customers. */
  shippingAccount: accountCode,
  /** Credit notes (refunds). */
  refundsAccount: accountCode,
  /** What customers owe until the payment is matched (the journal's other side). */
  receivableAccount: accountCode,
  /** Output VAT owed to HMRC. */
  vatAccount: accountCode,
  /** Xero's tax rate name for a line with VAT, and for one without (not VAT-registered). */
  vatTaxType: taxType,
  noVatTaxType: taxType,
});
export type BookSettings = z.infer<typeof bookSettingsSchema>;

/** Xero's default UK chart of accounts and tax rates. */
export const DEFAULT_BOOK_SETTINGS: BookSettings = {
  salesAccount: "200",
  shippingAccount: "200",
  refundsAccount: "200",
  receivableAccount: "610",
  vatAccount: "820",
  vatTaxType: "20% (VAT on Income)",
  noVatTaxType: "No VAT",
};

// ---------------------------------------------------------------- periods

/** "2026-Q1" (a quarter, as the VAT CSV) or "2026-03" (a month). */
export const bookPeriodSchema = z
  .string()
  .regex(/^\d{4}-(Q[1-4]|0[1-9]|1[0-2])$/, "Use a quarter like 2026-Q1 or a month like 2026-03.");

/** The period's first instant and the next period's (UTC days, as the VAT CSV counts them). */
export function periodRange(period: string): { from: Date; to: Date } | null {
  const quarter = quarterRange(period);
  if (quarter) return quarter;
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  return { from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)) };
}

// ---------------------------------------------------------------- documents

export type BookAccount = "sales" | "shipping" | "refunds";

export interface BookLine {
  readonly description: string;
  /** What the customer paid for the line, VAT included (positive, also on a credit note). */
  readonly grossPence: Pence;
  readonly vatPence: Pence;
  readonly account: BookAccount;
}

export interface BookDocument {
  readonly kind: "invoice" | "credit_note";
  /** "INV-000012", "CN-000003". */
  readonly number: string;
  readonly issuedAt: Date;
  readonly orderNumber: string;
  readonly buyer: { readonly name: string; readonly email: string; readonly address: readonly string[] };
  /** The VAT rate the document was issued at: 0 when the seller was not VAT-registered. */
  readonly vatRatePercent: number;
  readonly lines: readonly BookLine[];
}

/** "2026-03-31T…" -> "31/03/2026" (the UTC day, as the VAT CSV dates documents). */
export function bookDate(at: Date): string {
  const [y, m, d] = at.toISOString().slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/** 12963 -> "129.63", -500 -> "-5.00". */
export function decimalPounds(pence: Pence): string {
  const abs = Math.abs(pence);
  return `${pence < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const sign = (doc: Pick<BookDocument, "kind">) => (doc.kind === "credit_note" ? -1 : 1);

function accountCodeOf(settings: BookSettings, account: BookAccount): string {
  if (account === "shipping") return settings.shippingAccount;
  if (account === "refunds") return settings.refundsAccount;
  return settings.salesAccount;
}

// ---------------------------------------------------------------- Xero

/** Xero's sales-invoice import template, column for column (the starred ones are required). */
export const XERO_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "Total",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TaxAmount",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

/**
 * The buyer's address as the invoice printed it (street lines, town, county, postcode, country,
 * blanks dropped): the last entry is the country, the one before it the postcode, the rest go
 * into the four address lines.
 */
function postalAddress(address: readonly string[]) {
  const lines = [...address];
  const country = lines.length >= 2 ? (lines.pop() ?? "") : "";
  const postcode = lines.length >= 2 ? (lines.pop() ?? "") : "";
  const street = lines.slice(0, 3);
  const rest = lines.slice(3).join(", ");
  return { street: [...street, rest].concat(["", "", "", ""]).slice(0, 4), postcode, country };
}

/**
 * One row per line of each document, amounts VAT-inclusive (import with "Amounts are tax
 * inclusive"), a credit note's negative. Paid at checkout, so the due date is the invoice date.
 */
export function xeroRows(docs: readonly BookDocument[], settings: BookSettings): string[][] {
  return docs.flatMap((doc) => {
    const s = sign(doc);
    const address = postalAddress(doc.buyer.address);
    const date = bookDate(doc.issuedAt);
    const tax = doc.vatRatePercent > 0 ? settings.vatTaxType : settings.noVatTaxType;
    return doc.lines.map((line) => [
      doc.buyer.name || doc.buyer.email,
      doc.buyer.email,
      ...address.street,
      "",
      "",
      address.postcode,
      address.country,
      doc.number,
      `Order ${doc.orderNumber}`,
      date,
      date,
      "",
      "",
      line.description,
      "1",
      decimalPounds(s * line.grossPence),
      "",
      accountCodeOf(settings, line.account),
      tax,
      decimalPounds(s * line.vatPence),
      "",
      "",
      "",
      "",
      "GBP",
      "",
    ]);
  });
}

// ---------------------------------------------------------------- the journal

export const JOURNAL_COLUMNS = [
  "date",
  "journal",
  "document",
  "order",
  "description",
  "account_code",
  "debit_gbp",
  "credit_gbp",
  "vat_rate_percent",
  "vat_gbp",
  "currency",
] as const;

export interface JournalRow {
  readonly date: string;
  readonly journal: number;
  readonly document: string;
  readonly order: string;
  readonly description: string;
  readonly accountCode: string;
  readonly debitPence: Pence;
  readonly creditPence: Pence;
  readonly vatRatePercent: number | null;
  readonly vatPence: Pence | null;
}

/**
 * Each document as one balanced journal: a row per line (its net to the line's account, with the
 * line's VAT rate and amount), the VAT to the VAT account, the gross to receivables. An invoice
 * credits the income and debits receivables; a credit note does the reverse.
 */
export function journalRows(docs: readonly BookDocument[], settings: BookSettings): JournalRow[] {
  return docs.flatMap((doc, index) => {
    const credit = doc.kind === "invoice";
    const post = (pence: Pence) =>
      credit ? { debitPence: 0, creditPence: pence } : { debitPence: pence, creditPence: 0 };
    const postOther = (pence: Pence) =>
      credit ? { debitPence: pence, creditPence: 0 } : { debitPence: 0, creditPence: pence };
    const head = {
      date: bookDate(doc.issuedAt),
      journal: index + 1,
      document: doc.number,
      order: doc.orderNumber,
    };
    const lines: JournalRow[] = doc.lines.map((line) => ({
      ...head,
      description: line.description,
      accountCode: accountCodeOf(settings, line.account),
      ...post(line.grossPence - line.vatPence),
      vatRatePercent: doc.vatRatePercent,
      vatPence: line.vatPence,
    }));
    const gross = doc.lines.reduce((sum, l) => sum + l.grossPence, 0);
    const vat = doc.lines.reduce((sum, l) => sum + l.vatPence, 0);
    const rows = [...lines];
    if (vat !== 0)
      rows.push({
        ...head,
        description: `VAT on ${doc.number}`,
        accountCode: settings.vatAccount,
        ...post(vat),
        vatRatePercent: null,
        vatPence: null,
      });
    rows.push({
      ...head,
      description: `${doc.kind === "invoice" ? "Invoice" : "Credit note"} ${doc.number}: ${doc.buyer.name || doc.buyer.email}`,
      accountCode: settings.receivableAccount,
      ...postOther(gross),
      vatRatePercent: null,
      vatPence: null,
    });
    return rows;
  });
}

export function journalCsvRows(rows: readonly JournalRow[]): string[][] {
  return rows.map((r) => [
    r.date,
    String(r.journal),
    r.document,
    r.order,
    r.description,
    r.accountCode,
    r.debitPence ? decimalPounds(r.debitPence) : "",
    r.creditPence ? decimalPounds(r.creditPence) : "",
    r.vatRatePercent === null ? "" : String(r.vatRatePercent),
    r.vatPence === null ? "" : decimalPounds(r.vatPence),
    "GBP",
  ]);
}

/** The period's totals as the VAT CSV states them: gross, VAT and net, credit notes subtracted. */
export function bookTotals(docs: readonly BookDocument[]): {
  grossPence: Pence;
  vatPence: Pence;
  netPence: Pence;
} {
  let gross = 0;
  let vat = 0;
  for (const doc of docs) {
    for (const line of doc.lines) {
      gross += sign(doc) * line.grossPence;
      vat += sign(doc) * line.vatPence;
    }
  }
  return { grossPence: gross, vatPence: vat, netPence: gross - vat };
}
