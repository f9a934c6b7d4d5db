/**
 * What was bought is what every record says (issue 30): one colour Keepsake (3 landscape panels,
 * gold frame) with a 10% discount and a gift message, delivered to Ireland, through every
 * server-side surface — the payment page's lines (the test page and Stripe's line items), the
 * order API behind the success and account pages, the confirmation, refund e-mails from the
 * outbox, the invoice and credit note (stored details and the PDF's text), the admin order
 * (Items card, packing slip) and the orders CSV/JSON export. Each says Colour and 3 panels, the
 * same delivery window (Ireland's standard 3-5 business days), and totals that add up to the
 * penny; the owner's internal refund reason reaches no customer.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceDocuments } from "../../../src/server/db/schema.js";
import { getAdminOrder } from "../../../src/server/orders/admin-orders.js";
import { setEnvironmentMode } from "../../../src/server/platform/settings.js";
import type { CartItem } from "../../../src/shared/cart.js";
import { FALLBACK_RATES } from "../../../src/shared/currency.js";
import { shownTotals } from "../../../src/shared/money.js";
import type { OrderView } from "../../../src/shared/order-view.js";
import { createUser, type TestUser } from "../../support/accounts.js";
import {
  ACCESSORIES,
  accessoryItem,
  type CheckoutAnswer,
  checkout,
  FIXTURE_PREFIX,
  lithophaneItem,
  pressTestButton,
  shippingInfo,
  storeFixturePhotos,
  testPagePath,
} from "../../support/checkout.js";
import { type FakeStripe, startFakeStripe } from "../../support/fake-stripe.js";
import { readMails } from "../../support/mail.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const GIFT = { recipientName: "Niamh Kelly", message: "Happy birthday, Niamh!" };
const WINDOW = "Standard Delivery (3-5 business days)";
const SUMMARY = "Keepsake Collection · Colour · 3 panels · Rectangle (Landscape) 8″ x 6″ · Gold frame";
/** Keepsake 93.15 + Colour 15.00 per panel x 3; 10% off; free standard delivery to Ireland over £75. */
const LIST = 9315 + 3 * 1500;
const DISCOUNT = Math.floor(LIST / 10 + 0.5);
const TOTAL = LIST - DISCOUNT;
const gbp = (pence: number) => `£${(pence / 100).toFixed(2)}`;

function colourKeepsake(): CartItem {
  const item = lithophaneItem("gift", { shapeId: "rectangle", sizeId: "6x8", frameColorId: "gold" });
  return {
    ...item,
    size: "8 inch x 6 inch",
    frameStyle: "Gold · 3 × Rectangle (Landscape)",
    config: { ...item.config, processing: "colour" } as CartItem["config"],
  };
}

/** The colour Keepsake's three panels as their thumbnails show them: in colour. */
const COLOUR_THUMBNAILS = [
  `/api/media/${FIXTURE_PREFIX}-photo-preview-colour.webp`,
  `/api/media/${FIXTURE_PREFIX}-additional-0-photo-preview-colour.webp`,
  `/api/media/${FIXTURE_PREFIX}-additional-1-photo-preview-colour.webp`,
];

const irish = () =>
  shippingInfo({
    addressLine1: "1 Grafton Street",
    city: "Dublin",
    state: "Dublin",
    postalCode: "d02x285",
    country: "IE",
  });

/**
 * The text of a PDF as a reader extracts it (pdftotext), white space folded to single spaces so a
 * description wrapped over two lines reads as one.
 */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "records-pdf-"));
  const file = path.join(dir, "document.pdf");
  writeFileSync(file, bytes);
  try {
    return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("one colour Keepsake with a discount and a gift, through every record (test payments)", () => {
  let shop: TestShop;
  let admin: TestUser;
  let answer: CheckoutAnswer;
  let email: string;

  beforeAll(async () => {
    shop = await createTestShop();
    await storeFixturePhotos(shop);
    admin = await createUser(shop, { role: "admin", mfa: true, verify: "direct" });
    const code = await shop.request("/api/admin/discounts", {
      method: "POST",
      headers: { cookie: admin.cookie },
      json: { code: "GIFT10", kind: "percent", value: 10 },
    });
    expect(code.status, await code.clone().text()).toBe(201);
    const info = irish();
    email = info.email;
    answer = await checkout(
      shop,
      { cartItems: [colourKeepsake()], shippingInfo: info, discountCode: "GIFT10", gift: GIFT },
      { ip: randomIp() },
    );
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("prices the colour surcharge per panel, and the total adds up", () => {
    expect(answer.orderTotal).toBe(TOTAL);
  });

  it("the test payment page names the line, the discount and Ireland's window", async () => {
    const res = await shop.request(testPagePath(answer));
    expect(res.status).toBe(200);
    const html = (await res.text()).replace(/&amp;/g, "&");
    expect(html).toContain(SUMMARY);
    expect(html).toContain(gbp(LIST));
    expect(html).toContain("Discount (GIFT10)");
    expect(html).toContain(`−${gbp(DISCOUNT)}`);
    expect(html).toContain(WINDOW);
    expect(html).toContain(`Pay ${gbp(TOTAL)}`);
    expect(html).not.toContain("5-7 business days");
  });

  it("the success and account pages' order: the line, the discount, the recipient and the message", async () => {
    expect((await pressTestButton(shop, answer, "pay")).status).toBe(303);
    const res = await shop.request(`/api/orders/${answer.orderId}?token=${encodeURIComponent(answer.token)}`);
    expect(res.status).toBe(200);
    const { order } = (await res.json()) as { order: OrderView };
    expect(order.lines.map((l) => l.summary)).toEqual([SUMMARY]);
    expect(order.lines[0]?.colour).toBe(true);
    // Every panel's thumbnail in colour (issue 30): the colour picture beside each preview.
    expect(order.lines[0]?.photos.map((p) => p.src)).toEqual(COLOUR_THUMBNAILS);
    expect(order.shippingLabel).toBe(WINDOW);
    expect(order.deliveryName).toBe(GIFT.recipientName);
    expect(order.gift).toEqual(GIFT);
    const lines = order.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    expect(lines).toBe(order.subtotalAmount);
    expect(order.discountAmount).toBe(DISCOUNT);
    expect(order.subtotalAmount - order.discountAmount + order.shippingAmount).toBe(order.totalAmount);
    expect(order.totalAmount).toBe(TOTAL);
  });

  it("the confirmation e-mail says the same", async () => {
    await shop.ctx.background.idle();
    const mail = readMails(shop).find((m) => m.to === email && m.subject.includes("confirmed"));
    expect(mail, "confirmation sent").toBeDefined();
    const text = mail?.text ?? "";
    expect(text).toContain(SUMMARY);
    expect(text).toContain(`Shipping, ${WINDOW}`);
    expect(text).toContain(gbp(LIST));
    expect(text).toContain(`−${gbp(DISCOUNT)}`);
    expect(text).toContain(gbp(TOTAL));
    expect(text).toContain(GIFT.message);
    expect(text).not.toContain("5-7 business days");
  });

  it("the invoice lists the line at list price with a discount row, and its PDF says so", async () => {
    const [invoice] = await shop.ctx.database.db
      .select()
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.orderId, answer.orderId));
    const details = invoice?.details as {
      lines: Array<{ description: string; grossPence: number; vatPence: number }>;
      subtotalPence: number;
      discountPence: number;
      shippingPence: number;
      totalPence: number;
      shippingLabel: string;
    };
    expect(details.lines.map((l) => l.description)).toEqual([`Lithophane: ${SUMMARY}`]);
    expect(details.lines[0]?.grossPence).toBe(LIST);
    expect(details.shippingLabel).toBe(WINDOW);
    const lineSum = details.lines.reduce((sum, l) => sum + l.grossPence, 0);
    expect(lineSum).toBe(details.subtotalPence);
    expect(lineSum - details.discountPence + details.shippingPence).toBe(details.totalPence);
    const pdf = await shop.request(
      `/api/orders/${answer.orderId}/invoice.pdf?token=${invoiceTokenFor(shop, answer)}`,
    );
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    // The embedded font has the double prime: inches print as the order says them (issue 47).
    expect(text).toContain("Keepsake Collection · Colour · 3 panels");
    expect(text).toContain("8″ x 6″");
    expect(text).toContain(WINDOW);
    expect(text).toContain("Discount (GIFT10)");
    expect(text).toContain(gbp(TOTAL));
  });

  it("the admin order (Items card and packing slip) and the export say the same", async () => {
    const order = await getAdminOrder(shop.ctx.database.db, answer.orderId);
    expect(order?.items.map((i) => i.description.summary)).toEqual([SUMMARY]);
    expect(order?.items[0]?.description).toMatchObject({ processing: "Colour", panels: 3, colour: true });
    expect(order?.shippingLabel).toBe(WINDOW);

    const csv = await shop.request("/api/admin/export/orders?format=csv", {
      headers: { cookie: admin.cookie },
    });
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).trim().split(/\r?\n/);
    const header = (rows[0] ?? "").split(",");
    const row = rows.find((r) => r.includes(answer.orderId)) ?? "";
    const cell = (name: string) => {
      // Split on commas outside quotes.
      const cells =
        row
          .match(/("([^"]|"")*"|[^,]*)(,|$)/g)
          ?.map((c) => c.replace(/,$/, "").replace(/^"|"$/g, "").replace(/""/g, '"')) ?? [];
      return cells[header.indexOf(name)];
    };
    expect(cell("item_processing")).toBe("Colour");
    expect(cell("item_panels")).toBe("3");
    expect(cell("item_bundle")).toBe("Keepsake Collection");
    expect(cell("item_shape")).toBe("Rectangle (Landscape)");
    expect(cell("item_frame")).toBe("Gold");
    expect(cell("item_size")).toBe("8″ x 6″");
    expect(cell("delivery")).toBe(WINDOW);
    expect(cell("discount_gbp")).toBe((DISCOUNT / 100).toFixed(2));
    expect(cell("item_price_gbp")).toBe((LIST / 100).toFixed(2));
    expect(cell("item_total_gbp")).toBe((TOTAL / 100).toFixed(2));

    const json = await shop.request("/api/admin/export/orders?format=json", {
      headers: { cookie: admin.cookie },
    });
    const records = (await json.json()) as Array<{
      id: string;
      delivery: string;
      items: Array<{ description: string; discountPence: number; totalPence: number; pricePence: number }>;
      subtotalPence: number;
      discountPence: number;
      shippingPence: number;
      totalPence: number;
    }>;
    const record = records.find((r) => r.id === answer.orderId);
    expect(record?.delivery).toBe(WINDOW);
    expect(record?.items.map((i) => i.description)).toEqual([SUMMARY]);
    const charged = record?.items.reduce((sum, i) => sum + i.totalPence, 0) ?? 0;
    expect(charged + (record?.shippingPence ?? 0)).toBe(record?.totalPence);
  });

  it("a refund tells the customer the message, never the owner's internal reason", async () => {
    const res = await shop.request(`/api/admin/orders/${answer.orderId}/refund`, {
      method: "POST",
      headers: { cookie: admin.cookie },
      json: {
        amount: 1500,
        reason: "Customer was rude on the phone",
        customerMessage: "Sorry the gold frame arrived scratched.",
        idempotencyKey: "refund-records-1",
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await shop.ctx.background.idle();
    const mail = readMails(shop).find((m) => m.to === email && m.subject.includes("refund"));
    expect(mail?.text).toContain("Sorry the gold frame arrived scratched.");
    expect(mail?.text).not.toContain("rude");
    const [note] = await shop.ctx.database.db
      .select()
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.reference, (await res.json()).refundId as string));
    expect(JSON.stringify(note?.details)).not.toContain("rude");
    const pdf = await shop.request(`/api/admin/documents/${note?.id}/pdf`, {
      headers: { cookie: admin.cookie },
    });
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("Sorry the gold frame arrived scratched.");
    expect(text).not.toContain("rude");
    // The owner still has the reason, on the order's history.
    const order = await getAdminOrder(shop.ctx.database.db, answer.orderId);
    expect(order?.history.some((h) => h.note?.includes("rude"))).toBe(true);
  });
});

/** The signed invoice link's token, as the confirmation e-mail carries it. */
function invoiceTokenFor(shop: TestShop, answer: CheckoutAnswer): string {
  const mail = readMails(shop).find((m) => m.text.includes("invoice.pdf") && m.text.includes(answer.orderId));
  const match = /invoice\.pdf\?token=([^\s)"]+)/.exec(mail?.text ?? "");
  return match?.[1] ?? "";
}

describe("the same order with Stripe: its line items", () => {
  let shop: TestShop;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    shop = await createTestShop(stripe.env());
    await storeFixturePhotos(shop);
    await setEnvironmentMode(shop.ctx.database.db, "production");
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.close();
  });

  it("names the line and the window as every other record, and charges the total", async () => {
    const answer = await checkout(
      shop,
      { cartItems: [colourKeepsake()], shippingInfo: irish() },
      { ip: randomIp() },
    );
    const session = [...stripe.sessions.values()].find((s) => s.metadata.orderId === answer.orderId);
    const params = JSON.stringify(session?.line_items_params ?? []);
    expect(params).toContain(SUMMARY);
    expect(session?.amount_total).toBe(LIST);
    const request = stripe.requests.find(
      (r) => r.path.endsWith("/checkout/sessions") && JSON.stringify(r.params).includes(answer.orderId),
    );
    expect(JSON.stringify(request?.params)).toContain("3-5 business days");
  });
});

describe("a euro order with a 10 % code: every record adds up to the cent in the currency it shows (issue 47)", () => {
  let shop: TestShop;
  let answer: CheckoutAnswer;
  let email: string;
  let order: OrderView;
  const eur = (minor: number) => `€${(minor / 100).toFixed(2)}`;

  beforeAll(async () => {
    shop = await createTestShop();
    await storeFixturePhotos(shop);
    const admin = await createUser(shop, { role: "admin", mfa: true, verify: "direct" });
    const code = await shop.request("/api/admin/discounts", {
      method: "POST",
      headers: { cookie: admin.cookie },
      json: { code: "EURO10", kind: "percent", value: 10 },
    });
    expect(code.status, await code.clone().text()).toBe(201);
    const info = shippingInfo();
    email = info.email;
    answer = await checkout(
      shop,
      {
        currency: "EUR",
        cartItems: [lithophaneItem("starter"), accessoryItem(ACCESSORIES.adapter)],
        shippingInfo: info,
        discountCode: "EURO10",
      },
      { ip: randomIp() },
    );
    expect((await pressTestButton(shop, answer, "pay")).status).toBe(303);
    const res = await shop.request(`/api/orders/${answer.orderId}?token=${encodeURIComponent(answer.token)}`);
    expect(res.status).toBe(200);
    order = ((await res.json()) as { order: OrderView }).order;
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("keeps the currency and its rate: the success page's euro figures are the checkout's and add up", () => {
    expect(order.displayCurrency).toBe("EUR");
    const shown = order.shown;
    expect(shown?.currency).toBe("EUR");
    if (!shown) return;
    // The checkout's conversion (the shop's fallback rates here), from the lines as charged.
    expect(shown).toEqual(
      shownTotals(
        {
          linesPence: order.lines.map((l) => l.price * l.quantity),
          discountPence: order.discountAmount,
          shippingPence: order.shippingAmount,
        },
        "EUR",
        FALLBACK_RATES,
      ),
    );
    expect(order.discountAmount).toBeGreaterThan(0);
    expect(order.shippingAmount).toBeGreaterThan(0);
    expect(shown.subtotalMinor - shown.discountMinor + shown.shippingMinor).toBe(shown.totalMinor);
    expect(order.subtotalAmount - order.discountAmount + order.shippingAmount).toBe(order.totalAmount);
  });

  it("the confirmation e-mail shows each euro figure beside the GBP charged", async () => {
    await shop.ctx.background.idle();
    const mail = readMails(shop).find((m) => m.to === email && m.subject.includes("confirmed"));
    const text = mail?.text ?? "";
    const shown = order.shown;
    if (!shown) throw new Error("no euro figures");
    expect(text).toContain(`${eur(shown.subtotalMinor)} (${gbp(order.subtotalAmount)})`);
    expect(text).toContain(`−${eur(shown.discountMinor)} (${gbp(order.discountAmount)})`);
    expect(text).toContain(`${eur(shown.shippingMinor)} (${gbp(order.shippingAmount)})`);
    expect(text).toContain(`${eur(shown.totalMinor)} (${gbp(order.totalAmount)})`);
    expect(text).toContain(`Prices in EUR as shown at checkout; charged in GBP: ${gbp(order.totalAmount)}.`);
  });

  it("the invoice keeps its GBP totals and prints the euro figures under them", async () => {
    const shown = order.shown;
    if (!shown) throw new Error("no euro figures");
    const pdf = await shop.request(
      `/api/orders/${answer.orderId}/invoice.pdf?token=${invoiceTokenFor(shop, answer)}`,
    );
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    if (process.env.INVOICE_PDF_OUT) writeFileSync(`${process.env.INVOICE_PDF_OUT}-euro-invoice.pdf`, bytes);
    const text = pdfText(bytes);
    expect(text).toContain(gbp(order.totalAmount));
    expect(text).toContain("As shown at checkout in EUR (charged in GBP as above)");
    expect(text).toContain(
      `Items ${eur(shown.subtotalMinor)} Discount (EURO10) -${eur(shown.discountMinor)} Shipping ${eur(shown.shippingMinor)} Total ${eur(shown.totalMinor)}`,
    );
  });
});
