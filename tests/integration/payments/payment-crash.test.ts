/**
 * Issue 45: what a payment owes after its answer (the confirmation, the owner's alert, the
 * proof e-mail) is never lost. Stripe's signed webhook pays a live order of two panels and is
 * answered; the compiled server is then killed (kill -9) while those e-mails are
 * on their way: the SMTP server holds its answer, so none is accepted. The server starts again
 * on the same database and, once the SMTP server answers, every e-mail the payment queued goes
 * out exactly once; the invoice, the print jobs of both panels and the proof were written with
 * the payment itself. On PostgreSQL the claims of the killed server's sends are fifteen minutes
 * old by then (the lease, mail-outbox.ts): the test moves them back instead of waiting.
 */
import type { AddressInfo } from "node:net";
import { eq, like, or } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutRequest, lithophaneCartItem, uploadCheckoutPhoto } from "../../../bench/_checkout-client.js";
import { openDatabase } from "../../../src/server/db/client.js";
import { invoiceDocuments, orderProofs, outboxEmails, printJobs } from "../../../src/server/db/schema.js";
import { acquireDataDirLock } from "../../../src/server/lib/lock.js";
import { type ServerHome, type ServerProcess, serverHome } from "../../support/compiled-server.js";
import { type FakeStripe, sessionEvent, startFakeStripe, WEBHOOK_SECRET } from "../../support/fake-stripe.js";
import { randomIp } from "../../support/requests.js";
import { until } from "../../support/wait.js";

const OWNER = "owner@crash.test";
const CUSTOMER = "aine@crash.test";

interface Received {
  to: string[];
  subject: string;
}

/** While true the SMTP server takes each message and never answers it (the sender waits). */
let holding = true;
/** Messages whose data arrived while holding: on their way, never accepted. */
const held: Received[] = [];
const received: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const mail = {
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "",
      };
      if (holding) {
        held.push(mail);
        return; // No answer: the server's send stays open until it is killed.
      }
      received.push(mail);
      callback();
    });
  },
});

let home: ServerHome;
let stripe: FakeStripe;
let smtpUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  stripe = await startFakeStripe();
  home = await serverHome("payment-crash");
}, 180_000);

afterAll(async () => {
  await home?.remove();
  await stripe?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function start(): Promise<ServerProcess> {
  return home.start({
    SMTP_URL: smtpUrl,
    MAIL_FROM: "Lithobox <hello@lithobox.test>",
    OWNER_EMAIL: OWNER,
    PRINT_WORKER: "off",
    ...stripe.env(),
  });
}

/** The database, with no server running (PGlite allows one process). */
async function withDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>) {
  const release = home.databaseUrl ? () => {} : acquireDataDirLock(home.dataDir);
  const database = await openDatabase({ databaseUrl: home.databaseUrl, dataDir: home.dataDir });
  try {
    return await read(database.db);
  } finally {
    await database.close();
    release();
  }
}

const outboxOf = (orderId: string) =>
  or(eq(outboxEmails.orderId, orderId), like(outboxEmails.dedupeKey, `%${orderId}%`));

describe("a payment's after-answer work", () => {
  it("is all done once after the server is killed while sending it", { timeout: 400_000 }, async () => {
    let server = await start();
    const headers = { origin: home.base, "x-forwarded-for": randomIp() };
    const photo = await uploadCheckoutPhoto(home.base, headers);
    const res = await fetch(`${home.base}/api/checkout`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(
        checkoutRequest({ firstName: "Áine", lastName: "Ní Bhriain", email: CUSTOMER }, [
          lithophaneCartItem(photo),
          lithophaneCartItem(photo),
        ]),
      ),
    });
    const order = (await res.json()) as { orderId: string; url: string };
    expect(res.status, JSON.stringify(order)).toBe(201);
    const session = stripe.sessions.get(order.url.split("/").pop() ?? "");
    if (!session) throw new Error("no Stripe session");
    // Stripe tells the shop the customer paid: a live order (a test order queues no print files).
    const payload = JSON.stringify(sessionEvent("checkout.session.completed", session));
    const paid = await fetch(`${home.base}/api/payments/stripe/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(paid.status).toBe(200);
    // The answer is given; the e-mails are on their way and the SMTP server is holding them.
    await until("an e-mail on its way", 60_000, async () => (held.length > 0 ? true : undefined));
    await server.kill();
    expect(received).toEqual([]);

    const queued = await withDatabase(async (db) => {
      const rows = await db.select().from(outboxEmails).where(outboxOf(order.orderId));
      const jobs = await db.select().from(printJobs).where(eq(printJobs.orderId, order.orderId));
      const invoices = await db
        .select()
        .from(invoiceDocuments)
        .where(eq(invoiceDocuments.orderId, order.orderId));
      const proofs = await db.select().from(orderProofs).where(eq(orderProofs.orderId, order.orderId));
      // Written with the payment: nothing of it waits for the answer.
      expect(invoices.map((i) => i.kind)).toEqual(["invoice"]);
      expect(jobs.length).toBeGreaterThanOrEqual(2);
      expect(proofs).toHaveLength(1);
      // The killed server's claims have lapsed (PostgreSQL's lease; PGlite's ends with the process).
      await db
        .update(outboxEmails)
        .set({ claimedAt: new Date(Date.now() - 16 * 60_000) })
        .where(outboxOf(order.orderId));
      return rows;
    });
    expect(queued.every((row) => row.status === "pending")).toBe(true);
    const keys = queued.map((row) => row.dedupeKey).sort();
    expect(keys).toEqual(
      expect.arrayContaining([
        `order:confirmation:${order.orderId}`,
        expect.stringContaining(`paid:${order.orderId}`),
      ]),
    );

    holding = false;
    server = await start();
    // The restarted server's first round sends what the killed one left (mail-outbox.ts).
    await until("every e-mail of the payment", 120_000, async () =>
      received.length >= queued.length ? true : undefined,
    );
    // A graceful stop: the last e-mail's "sent" mark follows the SMTP server's answer, and a
    // shutdown finishes the outbox round it started (a kill here could leave it pending).
    expect(await server.stop()).toBe(0);
    const rows = await withDatabase((db) => db.select().from(outboxEmails).where(outboxOf(order.orderId)));
    expect(rows.map((row) => row.status)).toEqual(rows.map(() => "sent"));
    expect(rows.map((row) => row.dedupeKey).sort()).toEqual(keys);
    // Each exactly once: to the customer and to the owner.
    expect(received).toHaveLength(queued.length);
    expect(received.filter((m) => m.to.includes(OWNER)).length).toBeGreaterThanOrEqual(1);
    expect(received.filter((m) => m.to.includes(CUSTOMER)).length).toBeGreaterThanOrEqual(1);
  });
});
