/**
 * Royal Mail Click & Drop round trip (issue 33 item 3): the admin exports the selected orders
 * ready to dispatch in Click & Drop's order-import layout, then imports Click & Drop's tracking
 * export: each known order is dispatched in one step through the fulfilment workflow (carrier
 * Royal Mail, the tracking link, the dispatch e-mail); unknown references, orders not ready and
 * orders already dispatched are refused row by row, and importing the same file again changes
 * nothing and sends nothing.
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders } from "../../../src/server/db/schema.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { readMails } from "../../support/mail.js";
import { insertOrder } from "../../support/orders.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  shop = await createTestShop({ PRINT_WORKER: "off" });
  admin = await createUser(shop, { email: uniqueEmail("cd-admin"), role: "admin", mfa: true });
  customer = await createUser(shop, { email: uniqueEmail("cd-customer") });
});
afterAll(async () => {
  await shop?.close();
});

const asAdmin = (pathname: string, init: RequestInit & { json?: unknown } = {}) =>
  shop.request(pathname, { ...init, headers: { cookie: admin.cookie, ...(init.headers ?? {}) } });

const mailsTo = (email: string) =>
  readMails(shop).filter((m) => m.to === email && m.subject.includes("dispatched"));

const KEEPSAKE = {
  size: "7 inch x 7 inch",
  frameColor: "White · 3 × Square",
  shape: "Keepsake Collection",
  price: 9315,
};

describe("Click & Drop", () => {
  it("exports the orders to dispatch, imports the tracking numbers and dispatches them once", async () => {
    const emails = [uniqueEmail("cd-a"), uniqueEmail("cd-b")];
    const [a, b] = [
      await insertOrder(shop, { userId: null, email: emails[0] ?? "", status: "paid", items: [KEEPSAKE] }),
      await insertOrder(shop, { userId: null, email: emails[1] ?? "", status: "printing" }),
    ];
    const unpaid = await insertOrder(shop, {
      userId: null,
      email: uniqueEmail("cd-unpaid"),
      status: "pending",
    });
    const gone = await insertOrder(shop, {
      userId: null,
      email: uniqueEmail("cd-gone"),
      status: "dispatched",
    });
    if (!a || !b) throw new Error("orders not inserted");
    const db = shop.ctx.database.db;
    await db
      .update(orders)
      .set({ shippingFirstName: "Siobhán", shippingPhone: "+44 7700 900123", shippingMethod: "express" })
      .where(eq(orders.id, a));
    // Checkout stores the bundle of each lithophane line: three lightboxes in a Keepsake.
    await db.update(orderItems).set({ bundleId: "gift" }).where(eq(orderItems.orderId, a));

    // The export: only the orders ready to dispatch, in Click & Drop's columns.
    const exported = await asAdmin(`/api/admin/click-and-drop/orders.csv?ids=${[a, b, unpaid].join(",")}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(
      /attachment; filename="click-and-drop-\d{4}-\d\d-\d\d\.csv"/,
    );
    expect(exported.headers.get("x-skipped-orders")).toBe("1");
    const rows = parse(await exported.text(), { columns: true, bom: true }) as Array<Record<string, string>>;
    // The reference is the order's number (#1001 …; issue 47); the import below still takes the
    // 8-character number files exported before carried.
    const numberOf = async (id: string) =>
      String(
        (
          await shop.ctx.database.db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, id))
        )[0]?.n,
      );
    expect(rows.map((r) => r["Order reference"])).toEqual([await numberOf(a), await numberOf(b)]);
    expect(rows[0]).toMatchObject({
      "First Name": "Siobhan",
      "Last Name": "Kelly",
      "Address Line 1": "1 Botanic Avenue",
      City: "Belfast",
      County: "Antrim",
      Postcode: "BT7 1JG",
      Country: "GBR",
      Email: emails[0],
      Phone: "447700900123",
      Weight: "2.200",
      "Package Size": "medium parcel",
      "Service code": "TPN24",
      Total: "102.14",
      "Currency Code": "GBP",
    });
    expect(rows[1]).toMatchObject({
      Weight: "0.900",
      "Package Size": "small parcel",
      "Service code": "TPS48",
    });

    // Click & Drop's tracking export, with a row for an unknown order, one not paid and one gone.
    const tracking = [
      "Order reference,Recipient,Tracking number,Service",
      `${a.slice(0, 8)},Siobhan Kelly,TT123456785GB,Royal Mail Tracked 24`,
      `${b.slice(0, 8).toUpperCase()},Siobhan Kelly,TT223456785GB,Royal Mail Tracked 48`,
      "ffffffff,Nobody,TT323456785GB,Royal Mail Tracked 48",
      `${unpaid.slice(0, 8)},Siobhan Kelly,TT423456785GB,Royal Mail Tracked 48`,
      `${gone},Siobhan Kelly,TT523456785GB,Royal Mail Tracked 48`,
      `${a.slice(0, 8)},Siobhan Kelly,TT123456785GB,Royal Mail Tracked 24`,
      ",Siobhan Kelly,TT623456785GB,Royal Mail Tracked 48",
    ].join("\r\n");
    const imported = await asAdmin("/api/admin/click-and-drop/tracking", {
      method: "POST",
      json: { csv: tracking },
    });
    expect(imported.status).toBe(200);
    const report = (await imported.json()) as {
      rows: Array<{ line: number; outcome: string; orderId: string | null; message: string }>;
      dispatched: number;
      refused: number;
    };
    expect(report.rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, "dispatched"],
      [3, "dispatched"],
      [4, "unknown_reference"],
      [5, "not_ready"],
      [6, "already_dispatched"],
      [7, "duplicate"],
      [8, "invalid"],
    ]);
    expect(report).toMatchObject({ dispatched: 2, refused: 5 });
    for (const r of report.rows) expect(r.message.length).toBeGreaterThan(5);

    // Dispatched through the workflow: Royal Mail, the number, the e-mail with its tracking link.
    const [orderA] = await db.select().from(orders).where(eq(orders.id, a));
    expect(orderA).toMatchObject({
      status: "dispatched",
      carrier: "royal_mail",
      trackingNumber: "TT123456785GB",
    });
    const mailA = mailsTo(emails[0] ?? "");
    expect(mailA).toHaveLength(1);
    expect(mailA[0]?.text).toContain("TT123456785GB");
    expect(mailA[0]?.text).toContain(
      "https://www.royalmail.com/track-your-item#/tracking-results/TT123456785GB",
    );
    expect(mailA[0]?.html).toContain(
      "https://www.royalmail.com/track-your-item#/tracking-results/TT123456785GB",
    );
    expect(mailsTo(emails[1] ?? "")[0]?.text).toContain("TT223456785GB");
    const [stillPending] = await db.select().from(orders).where(eq(orders.id, unpaid));
    expect(stillPending?.status).toBe("pending");

    // The same file again: nothing is dispatched or e-mailed twice.
    const again = await asAdmin("/api/admin/click-and-drop/tracking", {
      method: "POST",
      json: { csv: tracking },
    });
    const second = (await again.json()) as { rows: Array<{ outcome: string }>; dispatched: number };
    expect(second.dispatched).toBe(0);
    expect(second.rows.slice(0, 2).map((r) => r.outcome)).toEqual([
      "already_dispatched",
      "already_dispatched",
    ]);
    expect(mailsTo(emails[0] ?? "")).toHaveLength(1);
    expect(mailsTo(emails[1] ?? "")).toHaveLength(1);
  });

  it("reads Click & Drop's own export: the order reference, not Click & Drop's order number before it (issue 47)", async () => {
    const emails = [uniqueEmail("cd-own-a"), uniqueEmail("cd-own-b"), uniqueEmail("cd-own-c")];
    const ids = [
      await insertOrder(shop, { userId: null, email: emails[0] ?? "", status: "paid" }),
      await insertOrder(shop, { userId: null, email: emails[1] ?? "", status: "paid" }),
      await insertOrder(shop, { userId: null, email: emails[2] ?? "", status: "printing" }),
    ];
    // Click & Drop's order export as it downloads: its own "Order number" first, the shop's
    // reference (what the order import wrote) in "Order reference", a byte-order mark, quoted
    // cells, CRLF lines.
    const header = [
      "Order number",
      "Order reference",
      "Order date",
      "Channel",
      "Customer name",
      "Address line 1",
      "Town/City",
      "Postcode",
      "Country",
      "Service",
      "Package size",
      "Weight (kg)",
      "Tracking number",
      "Despatch date",
      "Status",
    ];
    const rows = ids.map((id, i) => [
      String(100234561 + i),
      id.slice(0, 8).toUpperCase(),
      "07/12/2026",
      "Spreadsheet import",
      "Zoë Łukasik",
      "1 Botanic Avenue",
      "Belfast",
      "BT7 1JG",
      "United Kingdom",
      "Royal Mail Tracked 48",
      "Small parcel",
      "0.900",
      `TT7${i}3456785GB`,
      "07/12/2026",
      "Despatched",
    ]);
    const csv = `\uFEFF${[header, ...rows].map((r) => r.map((v) => `"${v}"`).join(",")).join("\r\n")}\r\n`;
    const imported = await asAdmin("/api/admin/click-and-drop/tracking", { method: "POST", json: { csv } });
    expect(imported.status).toBe(200);
    const report = (await imported.json()) as {
      rows: Array<{ outcome: string; orderId: string | null }>;
      dispatched: number;
      refused: number;
    };
    expect(report.rows.map((r) => [r.outcome, r.orderId])).toEqual(ids.map((id) => ["dispatched", id]));
    expect(report).toMatchObject({ dispatched: 3, refused: 0 });
    const db = shop.ctx.database.db;
    for (const [i, id] of ids.entries()) {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      expect(order).toMatchObject({ status: "dispatched", trackingNumber: `TT7${i}3456785GB` });
    }
  });

  it("keeps the service codes the owner sets", async () => {
    const res = await asAdmin("/api/admin/click-and-drop/settings", {
      method: "PUT",
      json: { ukStandardService: "CRL48", ukExpressService: "CRL24", internationalService: "OLA" },
    });
    expect(res.status).toBe(200);
    const read = await asAdmin("/api/admin/click-and-drop/settings");
    expect(await read.json()).toEqual({
      ukStandardService: "CRL48",
      ukExpressService: "CRL24",
      internationalService: "OLA",
    });
    const bad = await asAdmin("/api/admin/click-and-drop/settings", {
      method: "PUT",
      json: { ukStandardService: "", ukExpressService: "CRL24", internationalService: "OLA" },
    });
    expect(bad.status).toBe(400);
  });

  it("refuses files it cannot read, files too large, and anyone but an admin", async () => {
    const noColumns = await asAdmin("/api/admin/click-and-drop/tracking", {
      method: "POST",
      json: { csv: "Name,Parcel\nA,B\n" },
    });
    expect(noColumns.status).toBe(400);
    expect(((await noColumns.json()) as { message: string }).message).toContain("Tracking number");
    const huge = await asAdmin("/api/admin/click-and-drop/tracking", {
      method: "POST",
      json: { csv: `Order reference,Tracking number\n${"12345678,AB123456789GB\n".repeat(9000)}` },
    });
    expect(huge.status).toBe(400);
    const tooMany = await asAdmin("/api/admin/click-and-drop/tracking", {
      method: "POST",
      json: { csv: `Order reference,Tracking number\n${"12345678,AB1\n".repeat(600)}` },
    });
    expect(tooMany.status).toBe(400);
    for (const cookie of [undefined, customer.cookie]) {
      const headers = cookie ? { cookie } : undefined;
      const csv = "Order reference,Tracking number\n12345678,AB123456789GB\n";
      expect(
        (
          await shop.request("/api/admin/click-and-drop/tracking", {
            method: "POST",
            json: { csv },
            ...(headers ? { headers } : {}),
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await shop.request(
            "/api/admin/click-and-drop/orders.csv?ids=00000000-0000-4000-8000-000000000000",
            headers ? { headers } : {},
          )
        ).status,
      ).toBe(403);
    }
  });
});
