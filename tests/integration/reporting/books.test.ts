/**
 * The books (issue 33 item 4): the quarter's Xero sales-invoice import and double-entry journal
 * add up to the quarterly VAT CSV to the penny (gross, VAT and net, credit notes subtracted),
 * with the account codes the owner set once; every row is GBP; only admins export.
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceDocuments } from "../../../src/server/db/schema.js";
import { CHANGED_BY, completeOrderPayment } from "../../../src/server/orders/index.js";
import { issueCreditNote } from "../../../src/server/payments/index.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { insertOrder, insertPaidTestOrder } from "../../support/orders.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;

const pence = (value: string | undefined) => Math.round(Number(value ?? "0") * 100);

beforeAll(async () => {
  shop = await createTestShop({ PRINT_WORKER: "off" });
  admin = await createUser(shop, { email: uniqueEmail("books-admin"), role: "admin", mfa: true });
  const settings = await shop.request("/api/admin/invoice-settings", {
    method: "PUT",
    headers: { cookie: admin.cookie },
    json: {
      businessName: "Lithobox Ltd",
      address: ["Unit 4, Linen Quarter", "Belfast BT2 8BG"],
      vatRegistered: true,
      vatNumber: "GB123456789",
      vatRatePercent: 20,
      email: "hello@lithobox.co.uk",
    },
  });
  expect(settings.status).toBe(200);
  const codes = await shop.request("/api/admin/books/settings", {
    method: "PUT",
    headers: { cookie: admin.cookie },
    json: {
      salesAccount: "4000",
      shippingAccount: "4010",
      refundsAccount: "4090",
      receivableAccount: "1100",
      vatAccount: "2200",
      vatTaxType: "20% (VAT on Income)",
      noVatTaxType: "No VAT",
    },
  });
  expect(codes.status).toBe(200);
  // Odd prices, so each line's VAT rounds: an order with a discount-free bundle, an adapter
  // and delivery; a second one refunded in part (a credit note) and one in full.
  const prices = [[9315, 999], [5450, 1299, 333], [12963]];
  for (const [i, items] of prices.entries()) {
    const id = await insertOrder(shop, {
      userId: null,
      email: `books-${i}@example.com`,
      status: "pending",
      items: items.map((price) => ({ size: "Standard", frameColor: "Item", shape: "Rectangle", price })),
    });
    await completeOrderPayment(shop.ctx, {
      orderId: id,
      by: CHANGED_BY.system,
      cause: "payment",
      paymentReference: null,
    });
    await shop.ctx.background.idle();
    if (i === 1)
      await shop.ctx.database.db.transaction((tx) =>
        issueCreditNote(tx, {
          orderId: id,
          amountPence: 1337,
          reference: `re_part_${i}`,
          reason: "Scratched frame",
        }),
      );
    if (i === 2)
      await shop.ctx.database.db.transaction((tx) =>
        issueCreditNote(tx, {
          orderId: id,
          amountPence: 12963 + 899,
          reference: `re_full_${i}`,
          reason: "Returned",
        }),
      );
  }
});
afterAll(async () => {
  await shop?.close();
});

const now = new Date();
const quarter = `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;

async function csv(pathname: string): Promise<Array<Record<string, string>>> {
  const res = await shop.request(pathname, { headers: { cookie: admin.cookie } });
  expect(res.status, pathname).toBe(200);
  return parse(await res.text(), { columns: true, bom: true }) as Array<Record<string, string>>;
}

describe("the books", () => {
  it("agree with the quarterly VAT CSV to the penny", async () => {
    const vat = await csv(`/api/admin/vat-report?quarter=${quarter}`);
    const total = vat.find((r) => r.document === "total");
    const expected = {
      gross: pence(total?.gross_gbp),
      vat: pence(total?.vat_gbp),
      net: pence(total?.net_gbp),
    };
    expect(expected.gross).toBeGreaterThan(0);
    const documents = vat.filter((r) => r.document !== "total");
    expect(documents.filter((r) => r.document === "credit note")).toHaveLength(2);

    // Xero: one row per line; amounts VAT-inclusive, a credit note's negative.
    const xero = await csv(`/api/admin/books/xero.csv?period=${quarter}`);
    const xeroGross = xero.reduce((s, r) => s + pence(r["*UnitAmount"]) * Number(r["*Quantity"]), 0);
    const xeroVat = xero.reduce((s, r) => s + pence(r.TaxAmount), 0);
    expect({ gross: xeroGross, vat: xeroVat, net: xeroGross - xeroVat }).toEqual(expected);
    expect(new Set(xero.map((r) => r["*InvoiceNumber"])).size).toBe(documents.length);
    expect(xero.every((r) => r.Currency === "GBP")).toBe(true);
    expect(new Set(xero.map((r) => r["*AccountCode"]))).toEqual(new Set(["4000", "4010", "4090"]));
    expect(xero.filter((r) => r["*AccountCode"] === "4090").every((r) => pence(r["*UnitAmount"]) < 0)).toBe(
      true,
    );
    // Per document, the lines add up to the VAT CSV's row.
    for (const doc of documents) {
      const lines = xero.filter((r) => r["*InvoiceNumber"] === doc.number);
      expect(
        lines.reduce((s, r) => s + pence(r["*UnitAmount"]), 0),
        doc.number,
      ).toBe(pence(doc.gross_gbp));
      expect(
        lines.reduce((s, r) => s + pence(r.TaxAmount), 0),
        doc.number,
      ).toBe(pence(doc.vat_gbp));
    }

    // The journal: balanced, the income accounts hold the net, the VAT account the VAT.
    const journal = await csv(`/api/admin/books/journal.csv?period=${quarter}`);
    const balance = (codes: string[]) =>
      journal
        .filter((r) => codes.includes(r.account_code ?? ""))
        .reduce((s, r) => s + pence(r.credit_gbp) - pence(r.debit_gbp), 0);
    expect(journal.reduce((s, r) => s + pence(r.debit_gbp), 0)).toBe(
      journal.reduce((s, r) => s + pence(r.credit_gbp), 0),
    );
    expect(balance(["4000", "4010", "4090"])).toBe(expected.net);
    expect(balance(["2200"])).toBe(expected.vat);
    expect(-balance(["1100"])).toBe(expected.gross);
    const lineRows = journal.filter((r) => ["4000", "4010", "4090"].includes(r.account_code ?? ""));
    expect(lineRows.every((r) => r.vat_rate_percent === "20" && /^\d+\.\d\d$/.test(r.vat_gbp ?? ""))).toBe(
      true,
    );
    expect(journal.every((r) => r.currency === "GBP")).toBe(true);
  });

  it("takes a month as the period, and refuses anything else and anyone but an admin", async () => {
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    expect((await csv(`/api/admin/books/xero.csv?period=${month}`)).length).toBeGreaterThan(0);
    const bad = await shop.request("/api/admin/books/xero.csv?period=2026-13", {
      headers: { cookie: admin.cookie },
    });
    expect(bad.status).toBe(400);
    expect((await shop.request(`/api/admin/books/journal.csv?period=${quarter}`)).status).toBe(403);
    const badCode = await shop.request("/api/admin/books/settings", {
      method: "PUT",
      headers: { cookie: admin.cookie },
      json: { salesAccount: "=1+1" },
    });
    expect(badCode.status).toBe(400);
  });

  it("start with a byte-order mark, and an empty export says why: test orders are not sales (issue 47)", async () => {
    // A test order invoiced in February 2020: the only document of that month.
    const id = await insertPaidTestOrder(shop, uniqueEmail("books-test"));
    await shop.ctx.database.db
      .update(invoiceDocuments)
      .set({ issuedAt: new Date("2020-02-15T12:00:00Z") })
      .where(eq(invoiceDocuments.orderId, id));
    for (const layout of ["xero", "journal"]) {
      const res = await shop.request(`/api/admin/books/${layout}.csv?period=2020-02`, {
        headers: { cookie: admin.cookie },
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)], layout).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString("utf8").slice(1).trim().split("\r\n");
      expect(lines, layout).toHaveLength(2);
      expect(lines[1]).toBe(
        "# No invoices or credit notes were issued in 2020-02. 1 document of test orders is left out: test orders are not sales.",
      );
      const none = await shop.request(`/api/admin/books/${layout}.csv?period=2020-03`, {
        headers: { cookie: admin.cookie },
      });
      expect((await none.text()).trim().split("\r\n")[1]).toBe(
        "# No invoices or credit notes were issued in 2020-03.",
      );
    }
    for (const pathname of [
      `/api/admin/vat-report?quarter=${quarter}`,
      `/api/admin/click-and-drop/orders.csv?ids=${id}`,
    ]) {
      const res = await shop.request(pathname, { headers: { cookie: admin.cookie } });
      expect(res.status, pathname).toBe(200);
      expect([...Buffer.from(await res.arrayBuffer()).subarray(0, 3)], pathname).toEqual([0xef, 0xbb, 0xbf]);
    }
  });
});
