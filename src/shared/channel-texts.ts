/**
 * Texts of the admin's sales-channel screens (issue 33 items 2-4): the Google Shopping feed,
 * Royal Mail Click & Drop and the books. Admin only, so kept out of MESSAGES (the first load).
 */
export const CHANNEL_TEXTS = {
  feed: {
    title: "Google Shopping",
    intro:
      "The product feed Google Merchant Center fetches: every accessory on sale and the custom lightbox bundles, with the owner's photo, the price, stock and delivery from the shipping zones.",
    urlLabel: "Feed address (add it in Merchant Center as a scheduled fetch)",
    listed: (n: number): string => `${n} item${n === 1 ? "" : "s"} in the feed`,
    excludedTitle: "Left out of the feed",
    excludedNone: "Nothing is left out: every product on sale has a photo and a description.",
    excludedIntro:
      "Google lists no product without a photo and a description. Add them on the Products screen.",
    open: "Open the feed",
  },
  clickAndDrop: {
    title: "Click & Drop",
    intro:
      "Send parcels with Royal Mail Click & Drop: export the orders to dispatch from the Orders screen (select them, then Export for Click & Drop), buy the labels in Click & Drop, then import its tracking export here to dispatch those orders in one step.",
    exportButton: "Export for Click & Drop",
    exportHint: "Only paid orders waiting to be dispatched are exported.",
    servicesTitle: "Royal Mail services",
    servicesIntro:
      "The service code (or the alias set up in Click & Drop) each order is imported with. Check them once against your Click & Drop account.",
    ukStandard: "UK standard delivery",
    ukExpress: "UK express delivery",
    international: "Outside the UK",
    save: "Save services",
    saved: "Services saved",
    importTitle: "Import tracking numbers",
    importIntro:
      "Choose Click & Drop's export (CSV with the order reference and tracking number). Each order is dispatched with Royal Mail and the customer is e-mailed the tracking link. Orders already dispatched are left as they are.",
    fileLabel: "Click & Drop tracking export (CSV, up to 200 KB)",
    importButton: "Import and dispatch",
    tooLarge: "The file is larger than 200 KB: import it in parts.",
    reportTitle: "What the import did",
    summary: (dispatched: number, refused: number): string =>
      `${dispatched} order${dispatched === 1 ? "" : "s"} dispatched, ${refused} row${refused === 1 ? "" : "s"} refused.`,
    line: "Line",
    reference: "Reference",
    tracking: "Tracking number",
    outcome: "Result",
  },
  books: {
    title: "Books",
    intro:
      "Your sales for the accounts: the invoices and credit notes of a quarter or a month, as Xero's sales-invoice import or as a double-entry journal for any other package. The totals are the VAT report's.",
    codesTitle: "Account codes",
    codesIntro: "Set once, used by every export. The defaults are Xero's standard UK chart of accounts.",
    salesAccount: "Sales",
    shippingAccount: "Delivery charged",
    refundsAccount: "Refunds (credit notes)",
    receivableAccount: "Receivables (journal)",
    vatAccount: "VAT (journal)",
    vatTaxType: "Xero tax rate with VAT",
    noVatTaxType: "Xero tax rate without VAT",
    save: "Save account codes",
    saved: "Account codes saved",
    exportTitle: "Export",
    period: "Period",
    xero: "Xero sales invoices (CSV)",
    journal: "Journal (CSV)",
    xeroHint:
      'In Xero, import with "Amounts are tax inclusive". A negative invoice imports as a credit note.',
    testOrdersLeftOut:
      'Test orders are not sales: they are never in these exports (the VAT report lists them with its "Include test orders" switch).',
    /** The one row of an export with no documents, under the headers: why it is empty. */
    emptyExport: (period: string, testDocuments: number) =>
      `# No invoices or credit notes were issued in ${period}.${
        testDocuments > 0
          ? ` ${testDocuments} ${testDocuments === 1 ? "document" : "documents"} of test orders ${testDocuments === 1 ? "is" : "are"} left out: test orders are not sales.`
          : ""
      }`,
  },
} as const;
