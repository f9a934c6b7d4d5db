import { describe, expect, it } from "vitest";
import {
  type BookDocument,
  bookTotals,
  DEFAULT_BOOK_SETTINGS,
  JOURNAL_COLUMNS,
  journalCsvRows,
  journalRows,
  periodRange,
  XERO_COLUMNS,
  xeroRows,
} from "./books";

const invoice: BookDocument = {
  kind: "invoice",
  number: "INV-000001",
  issuedAt: new Date("2026-02-10T10:00:00Z"),
  orderNumber: "1a2b3c4d",
  buyer: {
    name: "Aoife Byrne",
    email: "aoife@example.com",
    address: ["1 Main Street", "Belfast", "Antrim", "BT1 1AA", "United Kingdom"],
  },
  vatRatePercent: 20,
  lines: [
    { description: "Lithophane lightbox", grossPence: 9315, vatPence: 1553, account: "sales" },
    { description: "Standard delivery", grossPence: 899, vatPence: 150, account: "shipping" },
  ],
};
const creditNote: BookDocument = {
  ...invoice,
  kind: "credit_note",
  number: "CN-000001",
  issuedAt: new Date("2026-02-11T10:00:00Z"),
  lines: [{ description: "Refund: damaged", grossPence: 1000, vatPence: 167, account: "refunds" }],
};

const column = (name: (typeof XERO_COLUMNS)[number]) => XERO_COLUMNS.indexOf(name);

describe("the books", () => {
  it("reads quarters and months as UTC ranges", () => {
    expect(periodRange("2026-Q1")).toEqual({
      from: new Date("2026-01-01T00:00:00Z"),
      to: new Date("2026-04-01T00:00:00Z"),
    });
    expect(periodRange("2026-12")).toEqual({
      from: new Date("2026-12-01T00:00:00Z"),
      to: new Date("2027-01-01T00:00:00Z"),
    });
    expect(periodRange("2026-13")).toBeNull();
  });

  it("writes one Xero row per line, a credit note negative, every row in GBP", () => {
    const rows = xeroRows([invoice, creditNote], DEFAULT_BOOK_SETTINGS);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toHaveLength(XERO_COLUMNS.length);
    const [item, delivery, refund] = rows;
    expect(item?.[column("*InvoiceNumber")]).toBe("INV-000001");
    expect(item?.[column("*InvoiceDate")]).toBe("10/02/2026");
    expect(item?.[column("*UnitAmount")]).toBe("93.15");
    expect(item?.[column("TaxAmount")]).toBe("15.53");
    expect(item?.[column("*TaxType")]).toBe("20% (VAT on Income)");
    expect(item?.[column("POPostalCode")]).toBe("BT1 1AA");
    expect(item?.[column("POCountry")]).toBe("United Kingdom");
    expect(delivery?.[column("*AccountCode")]).toBe(DEFAULT_BOOK_SETTINGS.shippingAccount);
    expect(refund?.[column("*UnitAmount")]).toBe("-10.00");
    expect(refund?.[column("TaxAmount")]).toBe("-1.67");
    expect(rows.every((r) => r[column("Currency")] === "GBP")).toBe(true);
  });

  it("says No VAT for a seller that was not VAT-registered", () => {
    const rows = xeroRows([{ ...invoice, vatRatePercent: 0 }], DEFAULT_BOOK_SETTINGS);
    expect(rows[0]?.[column("*TaxType")]).toBe("No VAT");
  });

  it("balances every journal, and its totals are the documents'", () => {
    const rows = journalRows([invoice, creditNote], DEFAULT_BOOK_SETTINGS);
    for (const journal of [1, 2]) {
      const of = rows.filter((r) => r.journal === journal);
      const debit = of.reduce((s, r) => s + r.debitPence, 0);
      const credit = of.reduce((s, r) => s + r.creditPence, 0);
      expect(debit).toBe(credit);
    }
    const vat = rows.filter((r) => r.accountCode === DEFAULT_BOOK_SETTINGS.vatAccount);
    expect(vat.reduce((s, r) => s + r.creditPence - r.debitPence, 0)).toBe(1553 + 150 - 167);
    expect(bookTotals([invoice, creditNote])).toEqual({
      grossPence: 9315 + 899 - 1000,
      vatPence: 1553 + 150 - 167,
      netPence: 9315 + 899 - 1000 - (1553 + 150 - 167),
    });
    const csv = journalCsvRows(rows);
    expect(csv[0]).toHaveLength(JOURNAL_COLUMNS.length);
    expect(csv[0]?.[JOURNAL_COLUMNS.indexOf("vat_rate_percent")]).toBe("20");
  });
});
