/**
 * Invoices and credit notes. Every paid order gets an invoice in the payment's own
 * transaction, numbered from document_counters (an UPDATE ... RETURNING on one row, so numbers
 * are gap-free: a payment that rolls back takes its number back). Test orders get their own
 * "test_invoice" sequence, so they never use up or leave holes in the real one. A credit note
 * is issued for a refund amount (issueCreditNote) the same way.
 *
 * What the PDF prints is stored with the document (`details`): the seller and VAT settings,
 * the buyer, every line with its share of the discount and its VAT, as at issue; the PDF is
 * drawn from it with pdfkit on request.
 */
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { orderShippingLabel } from "@shared/checkout";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { allocateDiscount, type DiscountScope } from "@shared/discounts";
import { formatGbp, formatMoney, orderShownTotals, type ShownTotals, sumPence } from "@shared/money";
import { describeLine, lineText } from "@shared/order-line";
import { displayOrderNumber } from "@shared/orders";
import { STANDARD_VAT_RATE_PERCENT, totalVat, vatIncluded, vatLines } from "@shared/vat";
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { discountCodes, invoiceDocuments, orderItems, orders, systemSettings } from "../db/schema.js";
import { pdfText, startPdf } from "../lib/pdf-document.js";
import { checkSignedToken, signedToken } from "../messaging/index.js";
import { defineSettingWorkflow, writeSetting } from "../platform/index.js";

export const INVOICE_SETTINGS_KEY = "invoice_settings";

export interface InvoiceSettingsValue {
  businessName: string;
  address: string[];
  vatRegistered: boolean;
  vatNumber: string;
  vatRatePercent: number;
  email: string;
}

export const DEFAULT_INVOICE_SETTINGS: InvoiceSettingsValue = {
  businessName: BRAND_NAME,
  address: ["Northern Ireland"],
  vatRegistered: false,
  vatNumber: "",
  vatRatePercent: STANDARD_VAT_RATE_PERCENT,
  email: SUPPORT_EMAIL,
};

export async function getInvoiceSettings(db: DbOrTx): Promise<InvoiceSettingsValue> {
  const [row] = await db
    .select({ value: systemSettings.settingValue })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, INVOICE_SETTINGS_KEY));
  return parseInvoiceSettings(row?.value);
}

function parseInvoiceSettings(value: string | null | undefined): InvoiceSettingsValue {
  if (value == null) return DEFAULT_INVOICE_SETTINGS;
  try {
    return { ...DEFAULT_INVOICE_SETTINGS, ...(JSON.parse(value) as Partial<InvoiceSettingsValue>) };
  } catch {
    return DEFAULT_INVOICE_SETTINGS;
  }
}

export async function setInvoiceSettings(
  tx: Tx,
  value: InvoiceSettingsValue,
): Promise<{ before: InvoiceSettingsValue; after: InvoiceSettingsValue }> {
  const before = await getInvoiceSettings(tx);
  const text = JSON.stringify(value);
  await writeSetting(tx, INVOICE_SETTINGS_KEY, text);
  return { before, after: value };
}

export type DocumentKind = "invoice" | "credit_note" | "test_invoice" | "test_credit_note";

/** The next number of `kind`, taken in the caller's transaction (the row stays locked until commit). */
async function nextNumber(tx: Tx, kind: DocumentKind): Promise<number> {
  const result = await tx.execute<{ last_number: number }>(
    sql`insert into document_counters (kind, last_number) values (${kind}, 1)
        on conflict (kind) do update set last_number = document_counters.last_number + 1
        returning last_number`,
  );
  const n = (result as unknown as { rows: Array<{ last_number: number }> }).rows[0]?.last_number;
  if (!n) throw new Error("document number not issued");
  return Number(n);
}

export interface DocumentLine {
  description: string;
  /** What the customer paid for the line (after its share of the discount), VAT included. */
  grossPence: number;
  vatPence: number;
}

export interface DocumentDetails {
  seller: InvoiceSettingsValue;
  buyer: { name: string; email: string; address: string[] };
  orderNumber: string;
  orderDate: string;
  lines: DocumentLine[];
  subtotalPence: number;
  discountPence: number;
  discountCode: string | null;
  /**
   * The VAT the discount takes off (VAT on list prices less VAT on what was charged). Present on
   * documents issued since issue 30, whose lines are at list price with the discount as a row;
   * absent on older ones, whose lines were already discounted.
   */
  discountVatPence?: number;
  shippingLabel: string;
  shippingPence: number;
  shippingVatPence: number;
  totalPence: number;
  vatPence: number;
  /** Credit notes: the invoice it corrects and why. */
  invoiceNumber?: string;
  reason?: string;
  /**
   * Invoices of orders bought in another currency (issue 47): the figures the customer saw at
   * checkout (orderShownTotals), printed beside the GBP charged. Absent for GBP and older orders.
   */
  shown?: ShownTotals | null;
}

/** An invoice line: the one description of the line (issue 30), "Lithophane: Keepsake Collection · Colour · ...". */
function invoiceLineDescription(item: typeof orderItems.$inferSelect): string {
  const line = describeLine({ ...item, frameStyle: item.frameColor });
  return lineText(line);
}

export function documentNumberLabel(kind: string, number: number): string {
  const prefix = { invoice: "INV", credit_note: "CN", test_invoice: "TEST-INV", test_credit_note: "TEST-CN" }[
    kind
  ];
  return `${prefix ?? kind}-${String(number).padStart(6, "0")}`;
}

/** The order (`known`: the row the caller already holds, not read again), its lines and its code's scope. */
async function orderDetails(
  tx: DbOrTx,
  orderId: string,
  known?: typeof orders.$inferSelect,
  knownItems?: ReadonlyArray<typeof orderItems.$inferSelect>,
) {
  const [order] = known ? [known] : await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error("order not found");
  const items =
    knownItems ??
    (await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position)));
  let scope: DiscountScope = "all";
  if (order.discountCode) {
    const [code] = await tx
      .select({ scope: discountCodes.scope })
      .from(discountCodes)
      .where(eq(discountCodes.code, order.discountCode));
    scope = (code?.scope as DiscountScope | undefined) ?? "all";
  }
  return { order, items, scope };
}

/**
 * Issues the invoice of a paid order in the payment's transaction; nothing if it has one.
 * `known` is the order row as the transaction just wrote it (not read again). The number is
 * taken by the last statement, the insert itself: every invoice shares one counter row, whose
 * lock is then held only until the commit that follows (call this last in the transaction).
 */
export async function issueInvoice(
  tx: Tx,
  orderId: string,
  known?: typeof orders.$inferSelect,
  /** The order's lines in position order, when the transaction has read them already. */
  knownItems?: ReadonlyArray<typeof orderItems.$inferSelect>,
): Promise<void> {
  const { order, items, scope } = await orderDetails(tx, orderId, known, knownItems);
  const kind: DocumentKind = order.testMode ? "test_invoice" : "invoice";
  // Whether it has one, and the seller's settings: one round trip.
  const [pre] = await tx
    .select({
      existing: sql<boolean>`exists (select 1 from ${invoiceDocuments} where ${invoiceDocuments.orderId} = ${orderId} and ${invoiceDocuments.kind} = ${kind})`,
      settings: sql<
        string | null
      >`(select ${systemSettings.settingValue} from ${systemSettings} where ${systemSettings.settingKey} = ${INVOICE_SETTINGS_KEY})`,
    })
    .from(sql`(select 1) as one`);
  if (pre?.existing) return;
  const settings = parseInvoiceSettings(pre?.settings);
  const rate = settings.vatRegistered ? settings.vatRatePercent : 0;
  const shares = allocateDiscount(
    items.map((i) => ({ kind: i.kind, pricePence: i.price })),
    scope,
    order.discountAmount,
  );
  // Lines at list price, the discount one row of its own (decision 331, as every receipt): the
  // VAT is worked out on what each line was charged, and the discount row carries the difference.
  const gross = items.map((i, index) => i.price - (shares[index] ?? 0));
  const vat = vatLines(gross, rate);
  const listVat = items.map((i) => vatIncluded(i.price, rate));
  const shippingVat = vatIncluded(order.shippingAmount, rate);
  const shown = orderShownTotals({
    displayCurrency: order.displayCurrency,
    displayRate: order.displayRate,
    linesPence: items.map((i) => i.price),
    discountPence: order.discountAmount,
    shippingPence: order.shippingAmount,
  });
  const details: DocumentDetails = {
    ...(shown ? { shown } : {}),
    seller: settings,
    buyer: {
      name: `${order.shippingFirstName} ${order.shippingLastName}`,
      email: order.shippingEmail,
      // The invoice is addressed to the buyer: their billing address when it is not the delivery one (issue 20).
      address: (order.billingAddress
        ? [
            order.billingAddress.addressLine1,
            order.billingAddress.addressLine2 ?? "",
            order.billingAddress.city,
            order.billingAddress.state,
            order.billingAddress.postalCode,
            order.billingAddress.country,
          ]
        : [
            order.shippingAddressLine1,
            order.shippingAddressLine2 ?? "",
            order.shippingCity,
            order.shippingState,
            order.shippingPostalCode.toUpperCase(),
            order.shippingCountry,
          ]
      ).filter(Boolean),
    },
    orderNumber: displayOrderNumber(order.orderNumber),
    orderDate: order.createdAt.toISOString(),
    lines: items.map((item, index) => ({
      description: invoiceLineDescription(item),
      grossPence: item.price,
      vatPence: listVat[index] ?? 0,
    })),
    subtotalPence: order.subtotalAmount,
    discountPence: order.discountAmount,
    discountVatPence: sumPence(listVat) - totalVat(vat),
    discountCode: order.discountCode,
    shippingLabel: orderShippingLabel(order),
    shippingPence: order.shippingAmount,
    shippingVatPence: shippingVat,
    totalPence: order.totalAmount,
    vatPence: totalVat(vat) + shippingVat,
  };
  // One round trip: the counter's next number and the invoice that carries it.
  const result = await tx.execute<{ number: number }>(
    sql`with n as (
          insert into document_counters (kind, last_number) values (${kind}, 1)
          on conflict (kind) do update set last_number = document_counters.last_number + 1
          returning last_number
        )
        insert into invoice_documents (kind, number, order_id, total_amount, vat_amount, details)
        select ${kind}::text, n.last_number, ${orderId}::uuid, ${order.totalAmount}::int, ${details.vatPence}::int,
               ${JSON.stringify(details)}::jsonb
          from n
        returning number`,
  );
  if (!(result as unknown as { rows: Array<{ number: number }> }).rows[0]?.number) {
    throw new Error("invoice number not issued");
  }
}

/**
 * The credit note for a refund recorded in `tx`, when the order has an invoice to credit:
 * orders paid before invoices existed have none, and their refunds still go through.
 */
export async function creditRefund(
  tx: Tx,
  input: { orderId: string; amountPence: number; reference: string; reason: string },
): Promise<void> {
  const [invoice] = await tx
    .select({ id: invoiceDocuments.id })
    .from(invoiceDocuments)
    .where(
      and(
        eq(invoiceDocuments.orderId, input.orderId),
        sql`${invoiceDocuments.kind} in ('invoice', 'test_invoice')`,
      ),
    );
  if (invoice) await issueCreditNote(tx, input);
}

/**
 * A credit note for a refund of `amountPence` of a paid order (its VAT in proportion to the
 * invoice's), numbered in its own gap-free sequence. Idempotent per `reference` (the refund's
 * id). Call it in the refund's transaction.
 */
export async function issueCreditNote(
  tx: Tx,
  input: { orderId: string; amountPence: number; reference: string; reason: string },
): Promise<typeof invoiceDocuments.$inferSelect> {
  const { order } = await orderDetails(tx, input.orderId);
  const invoiceKind: DocumentKind = order.testMode ? "test_invoice" : "invoice";
  const kind: DocumentKind = order.testMode ? "test_credit_note" : "credit_note";
  const [existing] = await tx
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.kind, kind), eq(invoiceDocuments.reference, input.reference)));
  if (existing) return existing;
  const [invoice] = await tx
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.orderId, input.orderId), eq(invoiceDocuments.kind, invoiceKind)));
  if (!invoice) throw new Error("the order has no invoice to credit");
  if (input.amountPence <= 0 || input.amountPence > invoice.totalAmount)
    throw new RangeError("a credit note is for 1p up to the invoice's total");
  const original = invoice.details as unknown as DocumentDetails;
  const vat =
    invoice.totalAmount > 0
      ? Math.floor((invoice.vatAmount * input.amountPence) / invoice.totalAmount + 0.5)
      : 0;
  const details: DocumentDetails = {
    ...original,
    // The customer's message only: the owner's internal reason never reaches the document (issue 30).
    lines: [
      {
        description: input.reason ? `Refund: ${input.reason}` : "Refund",
        grossPence: input.amountPence,
        vatPence: vat,
      },
    ],
    subtotalPence: input.amountPence,
    discountPence: 0,
    discountCode: null,
    shippingPence: 0,
    shippingVatPence: 0,
    totalPence: input.amountPence,
    vatPence: vat,
    invoiceNumber: documentNumberLabel(invoice.kind, invoice.number),
    ...(input.reason ? { reason: input.reason } : {}),
  };
  const [row] = await tx
    .insert(invoiceDocuments)
    .values({
      kind,
      number: await nextNumber(tx, kind),
      orderId: input.orderId,
      reference: input.reference,
      totalAmount: input.amountPence,
      vatAmount: vat,
      details: details as unknown as Record<string, unknown>,
    })
    .returning();
  if (!row) throw new Error("credit note not issued");
  return row;
}

export async function orderDocuments(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.orderId, orderId))
    .orderBy(asc(invoiceDocuments.issuedAt), asc(invoiceDocuments.number));
}

// ---------------------------------------------------------------- guest links

/**
 * How long an invoice or credit-note link works (decision 290): the confirmation e-mail's link
 * like a review link; the order history and the tracking page hand out fresh ones.
 */
export const INVOICE_LINK_DAYS = 90;

/**
 * The signed link a guest's confirmation e-mail carries: `<order id>.<expires>.<HMAC>` like every
 * other signed link (messaging/message-tokens.ts), so a leaked link stops working.
 */
export function invoiceToken(secret: string, orderId: string, now = Date.now()): string {
  return signedToken(secret, "invoice", orderId, INVOICE_LINK_DAYS, now);
}

/** The invoice PDF's link for the confirmation e-mail: signed, so a guest needs no account. */
export function invoicePdfUrl(config: { publicUrl: string; authSecret: string }, orderId: string): string {
  return `${config.publicUrl}/api/orders/${orderId}/invoice.pdf?token=${invoiceToken(config.authSecret, orderId)}`;
}

/** Whether `token` opens the documents of `orderId`: "expired" once its time is up. */
export function checkInvoiceToken(
  secret: string,
  orderId: string,
  token: string | undefined,
  now = Date.now(),
): "valid" | "invalid" | "expired" {
  if (!token) return "invalid";
  const check = checkSignedToken(secret, "invoice", token, now);
  if (!check.ok) return check.reason;
  return check.id === orderId ? "valid" : "invalid";
}

// ---------------------------------------------------------------- PDF

/** Draws the document as an A4 PDF. */
export async function renderDocumentPdf(doc: typeof invoiceDocuments.$inferSelect): Promise<Buffer> {
  const d = doc.details as unknown as DocumentDetails;
  const isCredit = doc.kind.endsWith("credit_note");
  const vatShown = d.seller.vatRegistered;
  const { pdf, fonts, done } = await startPdf({
    size: "A4",
    margin: 50,
    info: { Title: documentNumberLabel(doc.kind, doc.number) },
  });
  const title = isCredit ? "Credit note" : vatShown ? "VAT invoice" : "Invoice";
  const left = 50;
  const right = 545;
  pdf.font(fonts.bold).fontSize(20).text(d.seller.businessName, left, 50);
  pdf.font(fonts.regular).fontSize(9).fillColor("#444");
  for (const line of d.seller.address) pdf.text(line);
  if (d.seller.email) pdf.text(d.seller.email);
  if (vatShown && d.seller.vatNumber) pdf.text(`VAT registration number: ${d.seller.vatNumber}`);
  pdf.fillColor("#000").font(fonts.bold).fontSize(16).text(title, 350, 50, { width: 195, align: "right" });
  pdf.font(fonts.regular).fontSize(9);
  const meta: Array<[string, string]> = [
    [isCredit ? "Credit note number" : "Invoice number", documentNumberLabel(doc.kind, doc.number)],
    ["Date of issue", doc.issuedAt.toISOString().slice(0, 10)],
    ["Order", `#${d.orderNumber}`],
    ["Order date", d.orderDate.slice(0, 10)],
  ];
  if (d.invoiceNumber) meta.push(["Credits invoice", d.invoiceNumber]);
  for (const [k, v] of meta) pdf.text(`${k}: ${v}`, 350, pdf.y + 2, { width: 195, align: "right" });
  if (doc.kind.startsWith("test_")) {
    pdf
      .fillColor("#b45309")
      .font(fonts.bold)
      .text("TEST ORDER: not a real sale", 350, pdf.y + 4, {
        width: 195,
        align: "right",
      });
    pdf.fillColor("#000").font(fonts.regular);
  }

  let y = 190;
  pdf.font(fonts.bold).fontSize(10).text("Billed to", left, y);
  pdf
    .font(fonts.regular)
    .fontSize(9)
    .text(pdfText(d.buyer.name), left, y + 14);
  for (const line of [...d.buyer.address, d.buyer.email]) pdf.text(pdfText(line));

  y = Math.max(pdf.y + 25, 300);
  const cols = vatShown
    ? { desc: left, net: 330, vat: 400, gross: 470 }
    : { desc: left, net: 0, vat: 0, gross: 470 };
  const money = (pence: number) => formatGbp(isCredit ? -pence : pence);
  pdf.font(fonts.bold).fontSize(9);
  pdf.text("Description", cols.desc, y);
  if (vatShown) {
    pdf.text("Net", cols.net, y, { width: 65, align: "right" });
    pdf.text(`VAT ${d.seller.vatRatePercent}%`, cols.vat, y, { width: 65, align: "right" });
  }
  pdf.text(vatShown ? "Total" : "Amount", cols.gross, y, { width: 75, align: "right" });
  y += 16;
  pdf
    .moveTo(left, y - 4)
    .lineTo(right, y - 4)
    .strokeColor("#999")
    .stroke();
  pdf.font(fonts.regular);
  const row = (text: string, gross: number, vat: number) => {
    const label = pdfText(text);
    const height = pdf.heightOfString(label, { width: vatShown ? 270 : 400 });
    pdf.text(label, cols.desc, y, { width: vatShown ? 270 : 400 });
    if (vatShown) {
      pdf.text(money(gross - vat), cols.net, y, { width: 65, align: "right" });
      pdf.text(money(vat), cols.vat, y, { width: 65, align: "right" });
    }
    pdf.text(money(gross), cols.gross, y, { width: 75, align: "right" });
    y += height + 8;
  };
  for (const line of d.lines) row(line.description, line.grossPence, line.vatPence);
  if (!isCredit && d.discountPence > 0 && d.discountVatPence !== undefined)
    row(COMMERCE_MESSAGES.discounts.rowLabel(d.discountCode), -d.discountPence, -d.discountVatPence);
  if (!isCredit) row(d.shippingLabel, d.shippingPence, d.shippingVatPence);
  pdf.moveTo(left, y).lineTo(right, y).strokeColor("#999").stroke();
  y += 10;
  const total = (label: string, value: string, bold = false) => {
    pdf.font(bold ? fonts.bold : fonts.regular).text(label, 330, y, { width: 135, align: "right" });
    pdf.text(value, cols.gross, y, { width: 75, align: "right" });
    y += 15;
  };
  if (!isCredit) {
    total("Items", formatGbp(d.subtotalPence));
    if (d.discountPence > 0)
      total(COMMERCE_MESSAGES.discounts.rowLabel(d.discountCode), formatGbp(-d.discountPence));
    total("Shipping", formatGbp(d.shippingPence));
  }
  if (vatShown) total("VAT included", money(d.vatPence));
  total(isCredit ? "Total credited" : "Total paid", money(d.totalPence), true);
  if (!isCredit && d.shown) {
    // The figures the customer saw at checkout, under the GBP charged (issue 47).
    const shown = d.shown;
    const inShown = (minor: number) => formatMoney(minor, shown.currency);
    y += 6;
    pdf
      .font(fonts.bold)
      .fontSize(8)
      .fillColor("#444")
      .text(COMMERCE_MESSAGES.invoices.shownAtCheckout(shown.currency), 250, y, {
        width: right - 250,
        align: "right",
      });
    y = pdf.y + 4;
    total("Items", inShown(shown.subtotalMinor));
    if (shown.discountMinor > 0)
      total(COMMERCE_MESSAGES.discounts.rowLabel(d.discountCode), inShown(-shown.discountMinor));
    total("Shipping", inShown(shown.shippingMinor));
    total("Total", inShown(shown.totalMinor), true);
    pdf.fillColor("#000").fontSize(9);
  }
  pdf.font(fonts.regular).fontSize(8).fillColor("#555");
  const note = vatShown
    ? "All prices include VAT. Discounts are shared across the discounted lines before VAT is worked out."
    : "Not VAT registered: no VAT is charged.";
  pdf.text(note, left, Math.max(y + 20, 700), { width: right - left });
  pdf.end();
  return done;
}

/** The owner's invoice settings, saved and audited. */
export const saveInvoiceSettings = defineSettingWorkflow({
  actionType: "settings.invoices",
  recordId: "invoice_settings",
  save: setInvoiceSettings,
});
