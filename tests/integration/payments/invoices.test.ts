/**
 * Invoices: every paid order gets one in its payment's transaction, numbered without gaps
 * (100 orders paid at once, some payments rolled back); a credit note for a refund; the PDFs
 * download for the admin, the signed-in owner and a guest's signed link, and nobody else; the
 * quarter's sales and VAT CSV.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceDocuments, orders } from "../../../src/server/db/schema.js";
import { CHANGED_BY, completeOrderPayment, completePayment } from "../../../src/server/orders/index.js";
import { invoiceToken, issueCreditNote } from "../../../src/server/payments/invoices.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { insertOrder, insertPaidTestOrder } from "../../support/orders.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop({ PRINT_WORKER: "off" });
  admin = await createUser(shop, { email: uniqueEmail("invoice-admin"), role: "admin", mfa: true });
  const res = await shop.request("/api/admin/invoice-settings", {
    method: "PUT",
    headers: { cookie: admin.cookie },
    json: {
      businessName: "Lithobox Ltd",
      address: ["Unit 4, Linen Quarter", "Belfast BT2 8BG", "United Kingdom"],
      vatRegistered: true,
      vatNumber: "GB 123 4567 89",
      vatRatePercent: 20,
      email: "hello@lithobox.co.uk",
    },
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await shop?.close();
});

const pending = (email: string) =>
  insertOrder(shop, {
    userId: null,
    email,
    status: "pending",
    items: [
      {
        size: "7 inch x 7 inch",
        frameColor: "White · 3 × Square",
        shape: "Keepsake Collection",
        price: 9315,
      },
      { size: "Standard", frameColor: "USB-C Power Adapter", shape: "Rectangle", price: 999 },
    ],
  });

describe("invoices", () => {
  it("numbers 100 paid orders without a gap, even when payments roll back", async () => {
    const ids = await Promise.all(Array.from({ length: 100 }, (_, i) => pending(`inv-${i}@example.com`)));
    const db = shop.ctx.database.db;
    // Every fifth payment fails after its invoice was numbered: the number goes back.
    await Promise.all(
      ids.map(async (id, i) => {
        if (i % 5 === 0) {
          await db
            .transaction(async (tx) => {
              await completePayment(shop.ctx, tx, {
                orderId: id,
                by: CHANGED_BY.system,
                cause: "payment",
                paymentReference: null,
              });
              throw new Error("payment rolled back");
            })
            .catch(() => undefined);
        }
        await completeOrderPayment(shop.ctx, {
          orderId: id,
          by: CHANGED_BY.system,
          cause: "payment",
          paymentReference: `pi_${i}`,
        });
      }),
    );
    const docs = await db
      .select()
      .from(invoiceDocuments)
      .where(and(inArray(invoiceDocuments.orderId, ids), eq(invoiceDocuments.kind, "invoice")));
    expect(docs).toHaveLength(100);
    const numbers = docs.map((d) => d.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const first = docs[0];
    expect(first).toMatchObject({ totalAmount: 9315 + 999 + 899, vatAmount: 1553 + 167 + 150 });
  });

  it("downloads the PDF for the admin, the owner and the guest's signed link only; issues a credit note", async () => {
    const customer = await createUser(shop, { email: uniqueEmail("invoice-owner") });
    const owned = await insertOrder(shop, {
      userId: customer.userId,
      email: customer.email,
      status: "pending",
    });
    await completeOrderPayment(shop.ctx, {
      orderId: owned,
      by: CHANGED_BY.system,
      cause: "payment",
      paymentReference: "pi_owned",
    });
    const own = await shop.request(`/api/orders/${owned}/invoice.pdf`, {
      headers: { cookie: customer.cookie },
    });
    expect(own.status, "owner").toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await own.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    writeFileSync(path.join(shop.dataDir, "invoice.pdf"), bytes);
    if (process.env.INVOICE_PDF_OUT) writeFileSync(`${process.env.INVOICE_PDF_OUT}-invoice.pdf`, bytes);

    expect((await shop.request(`/api/orders/${owned}/invoice.pdf`)).status).toBe(404);
    const guest = await pending("guest-invoice@example.com");
    await completeOrderPayment(shop.ctx, {
      orderId: guest,
      by: CHANGED_BY.system,
      cause: "payment",
      paymentReference: "pi_guest",
    });
    const token = invoiceToken(shop.ctx.config.authSecret, guest);
    expect((await shop.request(`/api/orders/${guest}/invoice.pdf?token=${token}`)).status, "guest").toBe(200);
    expect((await shop.request(`/api/orders/${guest}/invoice.pdf?token=${token}x`)).status).toBe(404);
    expect(
      (await shop.request(`/api/orders/${guest}/invoice.pdf?token=${invoiceToken("x", guest)}`)).status,
    ).toBe(404);

    // A refund of the adapter: a credit note with its VAT, numbered in its own sequence.
    const note = await shop.ctx.database.db.transaction((tx) =>
      issueCreditNote(tx, {
        orderId: guest,
        amountPence: 999,
        reference: "re_1",
        reason: "Adapter returned",
      }),
    );
    expect(note).toMatchObject({ kind: "credit_note", number: 1, totalAmount: 999 });
    const again = await shop.ctx.database.db.transaction((tx) =>
      issueCreditNote(tx, {
        orderId: guest,
        amountPence: 999,
        reference: "re_1",
        reason: "Adapter returned",
      }),
    );
    expect(again.id).toBe(note.id);
    const docs = await shop.request(`/api/admin/orders/${guest}/documents`, {
      headers: { cookie: admin.cookie },
    });
    const list = ((await docs.json()) as { documents: Array<{ id: string; label: string }> }).documents;
    expect(list.map((d) => d.label)).toEqual([expect.stringMatching(/^INV-000\d{3}$/), "CN-000001"]);
    const pdf = await shop.request(`/api/admin/documents/${note.id}/pdf`, {
      headers: { cookie: admin.cookie },
    });
    expect(pdf.status, "admin").toBe(200);
    const noteBytes = Buffer.from(await pdf.arrayBuffer());
    if (process.env.INVOICE_PDF_OUT)
      writeFileSync(`${process.env.INVOICE_PDF_OUT}-credit-note.pdf`, noteBytes);
    expect((await shop.request(`/api/orders/${guest}/credit-notes/1.pdf?token=${token}`)).status).toBe(200);
  });

  it("prints every name: Latin Extended, fadas, Greek and Cyrillic come out of the invoice and the credit note exactly (issue 47)", async () => {
    const names = [
      ["Zoë", "Łukasik"],
      ["Siobhán", "Ní Bhriain"],
      ["Ζωή", "Παπαδοπούλου"],
      ["Жанна", "Кузьменко"],
    ] as const;
    const db = shop.ctx.database.db;
    const pdfText = (bytes: Buffer, name: string) => {
      const file = path.join(shop.dataDir, `${name}.pdf`);
      writeFileSync(file, bytes);
      if (process.env.INVOICE_PDF_OUT) writeFileSync(`${process.env.INVOICE_PDF_OUT}-${name}.pdf`, bytes);
      return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    };
    for (const [index, [first, last]] of names.entries()) {
      const id = await pending(`names-${index}@example.com`);
      await db
        .update(orders)
        .set({
          shippingFirstName: first,
          shippingLastName: last,
          shippingAddressLine1: `${last} House, Łódź Street`,
        })
        .where(eq(orders.id, id));
      await completeOrderPayment(shop.ctx, {
        orderId: id,
        by: CHANGED_BY.system,
        cause: "payment",
        paymentReference: `pi_names_${index}`,
      });
      const token = invoiceToken(shop.ctx.config.authSecret, id);
      const invoice = await shop.request(`/api/orders/${id}/invoice.pdf?token=${token}`);
      expect(invoice.status).toBe(200);
      const invoiceText = pdfText(Buffer.from(await invoice.arrayBuffer()), `names-${index}-invoice`);
      expect(invoiceText).toContain(`${first} ${last}`);
      expect(invoiceText).toContain(`${last} House, Łódź Street`);
      // The lines' inch marks print as they are stored (Helvetica made them '"').
      expect(invoiceText).toContain("7″ x 7″");

      const note = await db.transaction((tx) =>
        issueCreditNote(tx, {
          orderId: id,
          amountPence: 999,
          reference: `re_names_${index}`,
          reason: "Adapter returned",
        }),
      );
      const credit = await shop.request(`/api/orders/${id}/credit-notes/${note.number}.pdf?token=${token}`);
      expect(credit.status).toBe(200);
      const file = `names-${index}-credit-note`;
      const creditText = pdfText(Buffer.from(await credit.arrayBuffer()), file);
      expect(creditText).toContain(`${first} ${last}`);
      // One font, embedded as a subset: no reader falls back to its own Helvetica.
      const fonts = execFileSync("pdffonts", [path.join(shop.dataDir, `${file}.pdf`)], { encoding: "utf8" });
      const rows = fonts.trim().split("\n").slice(2);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toMatch(/^[A-Z]{6}\+NotoSans\S*\s.*\byes\s+yes\s+yes\b/);
    }
  });

  it("exports the quarter's sales and VAT as CSV", async () => {
    const now = new Date();
    const quarter = `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
    const res = await shop.request(`/api/admin/vat-report?quarter=${quarter}`, {
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    // Excel reads it as UTF-8: the file starts with a byte-order mark (issue 47).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString("utf8").slice(1);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("document,number,date,order,customer,gross_gbp,vat_gbp,net_gbp");
    const credit = lines.find((l) => l.startsWith("credit note,CN-000001,"));
    // Money columns are numbers a spreadsheet adds up: a credit note's are negative, never text.
    expect(credit).toMatch(/,-\d+\.\d\d,-\d+\.\d\d,-\d+\.\d\d$/);
    expect(csv).not.toContain("'-");
    expect(lines.at(-1)).toMatch(/^total,,,,,\d+\.\d\d,\d+\.\d\d,\d+\.\d\d$/);
  });

  it("counts test orders' invoices only with the admin's 'Include test orders' switch, on by default without live payments (issue 30)", async () => {
    await insertPaidTestOrder(shop, "vat-test@example.com");
    const now = new Date();
    const quarter = `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
    const report = async (tests: string) =>
      (
        await shop.request(`/api/admin/vat-report?quarter=${quarter}${tests}`, {
          headers: { cookie: admin.cookie },
        })
      ).text();
    expect(await report("&tests=off")).not.toContain("TEST-INV-");
    const included = await report("&tests=on");
    expect(included).toMatch(/\ntest invoice,TEST-INV-\d{6},/);
    // This shop takes no live payments (the test payment page): the switch is on by default.
    expect(await report("")).toContain("TEST-INV-");
    const mode = await shop.request("/api/admin/shop-mode", { headers: { cookie: admin.cookie } });
    expect(await mode.json()).toEqual({
      livePayments: false,
      testShop: false,
      environmentMode: "production",
    });
  });
});
