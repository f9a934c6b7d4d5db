/**
 * Issue 29 item 2: e-mail over a real SMTP server (smtp-server), as production sends it
 * (SMTP_URL, nodemailer): the confirmation a customer receives, checked on the server's side;
 * a 4xx reply (greylisting) leaves the e-mail pending and the retry delivers it once; a 5xx reply
 * (no such mailbox) gives up at once, and the owner is alerted (that alert is received too).
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../../src/server/db/schema.js";
import { listOrderEmails } from "../../../src/server/messaging/index.js";
import { shippingInfo } from "../../support/checkout.js";
import { paidOrder } from "../../support/orders.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const OWNER = "owner@shop.test";
const received: Received[] = [];
/** Recipients refused once with 451 before being accepted (greylisting). */
const greylisted = new Set<string>();

/** The message as read: quoted-printable soft line breaks joined, =XX escapes decoded. */
function quotedPrintableDecoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onRcptTo(address: SMTPServerAddress, _session, callback) {
    const to = address.address;
    if (to.startsWith("nobody-")) return callback(smtpError("5.1.1 No such mailbox here", 550));
    if (to.startsWith("greylist-") && !greylisted.has(to)) {
      greylisted.add(to);
      return callback(smtpError("4.7.1 Greylisted, please try again later", 451));
    }
    return callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: quotedPrintableDecoded(Buffer.concat(chunks).toString("utf8")),
      });
      callback();
    });
  },
});

let shop: TestShop;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  shop = await createTestShop({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: "Lithobox <hello@lithobox.test>",
    OWNER_EMAIL: OWNER,
    PRINT_WORKER: "off",
  });
});
afterAll(async () => {
  await shop?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The order's number as its e-mails show it (#1001; issue 47 item 13). */
const orderNumberOf = async (orderId: string): Promise<string> => {
  const [row] = await shop.ctx.database.db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId));
  return String(row?.orderNumber);
};
const confirmation = async (orderId: string) =>
  (await listOrderEmails(shop.ctx.database.db, orderId)).find((e) => e.template === "confirmation");

/** Everything the server received for `to`. */
const inbox = (to: string) => received.filter((m) => m.to.includes(to));

describe("order e-mails over SMTP", () => {
  it("delivers the confirmation: the customer's copy, as the SMTP server received it", async () => {
    const email = "aoife@customer.test";
    const { orderId } = await paidOrder(shop, {
      body: { shippingInfo: shippingInfo({ email }) },
      ip: randomIp(),
    });
    expect(await confirmation(orderId)).toMatchObject({ status: "sent", attempts: 1 });
    const [mail, ...more] = inbox(email);
    expect(more).toEqual([]);
    expect(mail?.from).toBe("hello@lithobox.test");
    const number = await orderNumberOf(orderId);
    expect(mail?.raw).toMatch(/^From: Lithobox <hello@lithobox\.test>$/m);
    expect(mail?.raw).toMatch(new RegExp(`^To: ${email.replace(".", "\\.")}$`, "m"));
    expect(mail?.raw).toMatch(new RegExp(`^Subject: .*${number}`, "m"));
    expect(mail?.raw).toContain("Content-Type: multipart/alternative");
    expect(mail?.raw).toContain("text/html");
    // The signed invoice link a guest follows.
    expect(mail?.raw).toContain(`/api/orders/${orderId}/invoice.pdf?token=`);
  });

  it("retries after a 4xx reply and delivers once", async () => {
    const email = "greylist-brid@customer.test";
    const { orderId } = await paidOrder(shop, {
      body: { shippingInfo: shippingInfo({ email }) },
      ip: randomIp(),
    });
    const first = await confirmation(orderId);
    expect(first).toMatchObject({ status: "pending", attempts: 1 });
    expect(first?.lastError).toContain("451");
    expect(inbox(email)).toEqual([]);
    await shop.ctx.mailOutbox.retryDue({ ignoreBackoff: true });
    expect(await confirmation(orderId)).toMatchObject({ status: "sent", attempts: 2 });
    expect(inbox(email)).toHaveLength(1);
    // Sent is sent: another round sends nothing.
    await shop.ctx.mailOutbox.retryDue({ ignoreBackoff: true });
    expect(inbox(email)).toHaveLength(1);
  });

  it("gives up at once after a 5xx reply and alerts the owner, whose alert is received", async () => {
    const email = "nobody-here@customer.test";
    const before = inbox(OWNER).length;
    const { orderId } = await paidOrder(shop, {
      body: { shippingInfo: shippingInfo({ email }) },
      ip: randomIp(),
    });
    const row = await confirmation(orderId);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row?.lastError).toContain("550");
    expect(inbox(email)).toEqual([]);
    const alerts = inbox(OWNER)
      .slice(before)
      .filter((m) => m.raw.includes("could not be sent"));
    expect(alerts).toHaveLength(1);
    // The owner is told which message and to whom, so she can write to the customer herself.
    expect(alerts[0]?.raw).toContain(`to ${email}`);
    expect(alerts[0]?.raw).toContain(`#${await orderNumberOf(orderId)}`);
    expect(alerts[0]?.raw).toContain("550 5.1.1 No such mailbox here");
    // No retry round sends it again.
    await shop.ctx.mailOutbox.retryDue({ ignoreBackoff: true });
    expect(await confirmation(orderId)).toMatchObject({ status: "failed", attempts: 1 });
  });
});
