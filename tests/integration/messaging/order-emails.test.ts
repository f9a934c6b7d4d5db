/**
 * Order e-mails are durable: a confirmation or dispatch notice the mail service refused is
 * recorded (the one mail outbox, outbox_emails) and sent again by the outbox runner — after its
 * backoff, at the next start — exactly once, whatever runs at the same time; one that no longer
 * makes sense (the order cancelled, refunded or anonymised) is skipped. Two runners on one
 * database never send one e-mail twice.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type AppContext, createContext } from "../../../src/server/context.js";
import { orders, outboxEmails } from "../../../src/server/db/schema.js";
import type { MailMessage } from "../../../src/server/messaging/mail.js";
import {
  MAX_ATTEMPTS,
  MailOutbox,
  orderEmailKey,
  queueMail,
  type SendOutcome,
} from "../../../src/server/messaging/mail-outbox.js";
import { CHANGED_BY, changeOrderStatus, completePayment } from "../../../src/server/orders/index.js";
import { checkout, pressTestButton, shippingInfo } from "../../support/checkout.js";
import { mailsTo } from "../../support/mail.js";
import { pay } from "../../support/orders.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
const db = () => shop.ctx.database.db;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

/**
 * The next `times` messages fail as an SMTP server that is down would (through the Mailer's
 * own send); then the real mailer (the .eml outbox) is back. Returns what was refused.
 */
function failMail(times: number): MailMessage[] & { restore: () => void } {
  const mailer = shop.ctx.mail;
  const send = mailer.send;
  const restore = () => {
    mailer.send = send;
  };
  const refused = Object.assign([] as MailMessage[], { restore });
  if (times === 0) return refused;
  mailer.send = async (message) => {
    refused.push(message);
    if (refused.length >= times) restore();
    throw new Error("421 4.3.2 Service not available");
  };
  return refused;
}

function mailsAbout(email: string, subject: "confirmed" | "dispatched") {
  return mailsTo(shop, email).filter((m) => m.subject.includes(subject));
}

async function emailRow(orderId: string, kind: "confirmation" | "dispatch") {
  const [row] = await db()
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.dedupeKey, orderEmailKey(orderId, kind)));
  return row;
}

/** As if the backoff had passed. */
async function makeDue(orderId: string) {
  await db()
    .update(outboxEmails)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(outboxEmails.orderId, orderId));
}

/** A paid test order; the confirmation fails `failures` times first. */
/** A guest's checkout, paid while the mailer refuses its first `failures` sends. */
async function paidOrderMailFailing(failures = 0) {
  const info = shippingInfo();
  const answer = await checkout(shop, { shippingInfo: info }, { ip: randomIp() });
  const refused = failMail(failures);
  await pay(shop, answer);
  expect(refused).toHaveLength(failures);
  return { info, answer, orderId: answer.orderId };
}

describe("order e-mail outbox", () => {
  it("records a sent confirmation, which links the invoice PDF with a signed link", async () => {
    const { info, orderId } = await paidOrderMailFailing();
    const mails = mailsAbout(info.email, "confirmed");
    expect(mails).toHaveLength(1);
    // The invoice link works without signing in (a guest's order), and only with its token.
    const link = new RegExp(`(https?://\\S+/api/orders/${orderId}/invoice\\.pdf\\?token=[\\w.-]+)`).exec(
      mails[0]?.text ?? "",
    )?.[1];
    expect(link, mails[0]?.text).toBeDefined();
    expect(mails[0]?.html).toContain("Download your invoice (PDF)");
    const pdf = await shop.request(new URL(link ?? "").pathname + new URL(link ?? "").search);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await shop.request(new URL(link ?? "").pathname)).status).toBe(404);
    expect(await emailRow(orderId, "confirmation")).toMatchObject({
      status: "sent",
      attempts: 1,
      sentAt: expect.any(Date),
      claimedAt: null,
      lastError: null,
    });
  });

  it("retries a confirmation the mail service refused, after its backoff, exactly once", async () => {
    const { info, answer, orderId } = await paidOrderMailFailing(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("paid");
    expect(mailsAbout(info.email, "confirmed")).toEqual([]);
    const failed = await emailRow(orderId, "confirmation");
    expect(failed).toMatchObject({ status: "pending", attempts: 1, sentAt: null, claimedAt: null });
    expect(failed?.lastError).toContain("Service not available");
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: the periodic round leaves it.
    expect(await shop.ctx.mailOutbox.retryDue()).toMatchObject({ sent: 0, failed: 0 });
    expect(mailsAbout(info.email, "confirmed")).toEqual([]);

    await makeDue(orderId);
    expect(await shop.ctx.mailOutbox.retryDue()).toMatchObject({ sent: 1, failed: 0 });
    const mails = mailsAbout(info.email, "confirmed");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`#${answer.displayNumber}`);
    const raw = readFileSync(path.join(shop.ctx.mail.outbox!, mails[0]!.file), "utf8").replace(
      /\r?\n[ \t]+/g,
      " ",
    );
    expect(raw).toMatch(new RegExp(`^Message-ID: <order-${orderId}-confirmation@localhost>`, "im"));
    expect(await emailRow(orderId, "confirmation")).toMatchObject({
      status: "sent",
      attempts: 2,
      sentAt: expect.any(Date),
      lastError: null,
    });

    // Never again: more rounds, a start-like round, a replayed payment.
    await makeDue(orderId);
    await shop.ctx.mailOutbox.retryDue();
    await shop.ctx.mailOutbox.retryDue({ ignoreBackoff: true });
    await pressTestButton(shop, answer, "pay");
    expect(await shop.ctx.mailOutbox.sendKeys([orderEmailKey(orderId, "confirmation")])).toEqual(["not_due"]);
    expect(mailsAbout(info.email, "confirmed")).toHaveLength(1);
  });

  it("sends once when the request's send and several retry rounds race", async () => {
    const { info, orderId } = await paidOrderMailFailing(1);
    await makeDue(orderId);
    const outbox = shop.ctx.mailOutbox;
    const key = orderEmailKey(orderId, "confirmation");
    const outcomes = await Promise.all([
      outbox.retryDue(),
      outbox.sendKeys([key]),
      outbox.retryDue(),
      outbox.retryDue({ ignoreBackoff: true }),
      outbox.sendKeys([key]),
    ]);
    expect(mailsAbout(info.email, "confirmed")).toHaveLength(1);
    const sent = outcomes.filter((o) => (Array.isArray(o) ? o[0] === "sent" : o.sent === 1));
    expect(sent).toHaveLength(1);
    expect(await emailRow(orderId, "confirmation")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("answers 'sent' once when one batch names the same e-mail twice (CI saw both calls say sent)", async () => {
    const { info, orderId } = await paidOrderMailFailing(1);
    await makeDue(orderId);
    const key = orderEmailKey(orderId, "confirmation");
    const outcomes = await Promise.all([
      shop.ctx.mailOutbox.sendKeys([key]),
      shop.ctx.mailOutbox.sendKeys([key, key]),
    ]);
    expect(outcomes).toEqual([["sent"], ["not_due", "not_due"]]);
    expect(mailsAbout(info.email, "confirmed")).toHaveLength(1);
  });

  it("retries a dispatch notice, with its tracking number", async () => {
    const { info, orderId } = await paidOrderMailFailing();
    failMail(1);
    await changeOrderStatus(shop.ctx, orderId, "admin-1", {
      status: "dispatched",
      trackingNumber: "RM987654321GB",
    });
    expect(mailsAbout(info.email, "dispatched")).toEqual([]);
    expect(await emailRow(orderId, "dispatch")).toMatchObject({ status: "pending", attempts: 1 });
    await makeDue(orderId);
    expect(await shop.ctx.mailOutbox.retryDue()).toMatchObject({ sent: 1 });
    const dispatched = mailsAbout(info.email, "dispatched");
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]?.text).toContain("RM987654321GB");
    expect(await emailRow(orderId, "dispatch")).toMatchObject({ status: "sent", sentAt: expect.any(Date) });
    expect(mailsAbout(info.email, "confirmed")).toHaveLength(1);
  });

  it("a dispatch notice never names the carrier 'Other', and its track link is signed: it opens the order without the e-mail (issue 30)", async () => {
    const { info, orderId } = await paidOrderMailFailing();
    await changeOrderStatus(shop.ctx, orderId, "admin-1", {
      status: "dispatched",
      trackingNumber: "PARCEL-77",
      carrier: "other",
    });
    const [mail] = mailsAbout(info.email, "dispatched");
    expect(mail?.text).toContain("Your tracking number is PARCEL-77.");
    expect(mail?.text).not.toContain("(Other)");
    const link = mail?.text.match(/https?:\/\/\S+\/track\?\S+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link ?? "");
    expect(url.searchParams.get("id")).toBe(orderId);
    const res = await shop.request(`/api/orders/${orderId}?token=${url.searchParams.get("token")}`);
    expect(res.status).toBe(200);
  });

  // However the order got there (a refund, a cancellation, the customer's account deleted),
  // the row is what the runner finds: the order's state is set directly.
  it.each([
    ["refunded", { status: "refunded" as const }, "order is refunded"],
    ["cancelled", { status: "cancelled" as const }, "order is cancelled"],
    ["anonymised", { anonymisedAt: new Date() }, "order anonymised: the customer deleted their account"],
  ])("skips a confirmation for an order %s before the retry", async (_, change, reason) => {
    const { info, orderId } = await paidOrderMailFailing(1);
    await db().update(orders).set(change).where(eq(orders.id, orderId));
    await makeDue(orderId);
    expect(await shop.ctx.mailOutbox.retryDue()).toMatchObject({ sent: 0, skipped: 1 });
    expect(mailsAbout(info.email, "confirmed")).toEqual([]);
    expect(await emailRow(orderId, "confirmation")).toMatchObject({
      status: "skipped",
      sentAt: null,
      lastError: reason,
    });
    // Skipped for good: not sent at the next start either.
    expect(await shop.ctx.mailOutbox.retryDue({ ignoreBackoff: true })).toMatchObject({ skipped: 0 });
  });

  it("skips a dispatch notice for an order anonymised before the retry", async () => {
    const { info, orderId } = await paidOrderMailFailing();
    failMail(1);
    await changeOrderStatus(shop.ctx, orderId, "admin-1", { status: "dispatched", trackingNumber: "RM1GB" });
    await db().update(orders).set({ anonymisedAt: new Date() }).where(eq(orders.id, orderId));
    await makeDue(orderId);
    expect(await shop.ctx.mailOutbox.retryDue()).toMatchObject({ sent: 0, skipped: 1 });
    expect(mailsAbout(info.email, "dispatched")).toEqual([]);
    expect(await emailRow(orderId, "dispatch")).toMatchObject({ status: "skipped" });
  });

  it("gives up after MAX_ATTEMPTS failures and logs it", async () => {
    const { info, orderId } = await paidOrderMailFailing(1);
    const down = failMail(100);
    const logged = vi.spyOn(shop.ctx.log, "error");
    try {
      for (let attempt = 2; attempt <= MAX_ATTEMPTS + 2; attempt++) {
        await makeDue(orderId);
        await shop.ctx.mailOutbox.retryDue();
      }
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ orderId, kind: "order_confirmation", attempts: MAX_ATTEMPTS }),
        "e-mail given up after repeated failures",
      );
    } finally {
      logged.mockRestore();
      down.restore();
    }
    expect(await emailRow(orderId, "confirmation")).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      sentAt: null,
    });
    expect(mailsAbout(info.email, "confirmed")).toEqual([]);
  });
});

describe("after a restart", () => {
  /** A second server on the same database and data folder (its print runner off). */
  async function restart(): Promise<AppContext> {
    const config = { ...shop.ctx.config, printFiles: { ...shop.ctx.config.printFiles, worker: false } };
    return createContext(config, { database: shop.ctx.database, log: shop.ctx.log });
  }
  /** Stops the second server's background work (the database is the test shop's). */
  async function stop(ctx: AppContext) {
    for (const fn of [...ctx.onClose].reverse()) await fn();
  }

  it("sends at start what the previous run committed but never sent, once", async () => {
    const info = shippingInfo();
    const answer = await checkout(shop, { shippingInfo: info }, { ip: randomIp() });
    // The payment commits, then the process dies before its after-commit e-mail.
    await db().transaction((tx) =>
      completePayment(shop.ctx, tx, {
        orderId: answer.orderId,
        by: CHANGED_BY.testPayment,
        cause: "payment",
        paymentReference: "test_pay_crash",
      }),
    );
    expect(await emailRow(answer.orderId, "confirmation")).toMatchObject({ status: "pending", attempts: 0 });
    expect(mailsAbout(info.email, "confirmed")).toEqual([]);

    const second = await restart();
    try {
      await vi.waitFor(() => expect(mailsAbout(info.email, "confirmed")).toHaveLength(1), {
        timeout: 10_000,
      });
    } finally {
      await stop(second);
    }
    expect(await emailRow(answer.orderId, "confirmation")).toMatchObject({ status: "sent", attempts: 1 });

    const third = await restart();
    await third.mailOutbox.retryDue({ ignoreBackoff: true });
    await stop(third);
    expect(mailsAbout(info.email, "confirmed")).toHaveLength(1);
  });

  it("sends at start a confirmation that failed, without waiting for its backoff", async () => {
    const { info, orderId } = await paidOrderMailFailing(1);
    expect(mailsAbout(info.email, "confirmed")).toEqual([]);
    const second = await restart();
    try {
      await vi.waitFor(() => expect(mailsAbout(info.email, "confirmed")).toHaveLength(1), {
        timeout: 10_000,
      });
    } finally {
      await stop(second);
    }
    expect(await emailRow(orderId, "confirmation")).toMatchObject({
      status: "sent",
      attempts: 2,
      sentAt: expect.any(Date),
    });
    await makeDue(orderId);
    await shop.ctx.mailOutbox.retryDue();
    expect(mailsAbout(info.email, "confirmed")).toHaveLength(1);
  });
});

describe("two runners on one database", () => {
  it("never send one e-mail twice, whichever claims it first", async () => {
    // A second server's outbox on the same database (its own lease clock and claims).
    const other = new MailOutbox({
      database: shop.ctx.database,
      log: shop.ctx.log,
      publicUrl: shop.ctx.config.publicUrl,
      mailer: () => shop.ctx.mail,
    });
    const to = "two-runners@example.com";
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await queueMail(db(), {
        dedupeKey: `test-two-runners:${i}`,
        kind: "customer_message",
        to,
        subject: `Two runners ${i}`,
        text: `Message ${i}`,
        html: `<p>Message ${i}</p>`,
      });
      ids.push(id ?? "");
    }
    // An order e-mail rendered at send time races with them.
    const { info, orderId } = await paidOrderMailFailing(1);
    const key = orderEmailKey(orderId, "confirmation");
    await db()
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(inArray(outboxEmails.id, ids));
    await makeDue(orderId);

    const rounds = await Promise.all([
      shop.ctx.mailOutbox.retryDue({ ignoreBackoff: true }),
      other.retryDue({ ignoreBackoff: true }),
      shop.ctx.mailOutbox.sendNow(ids),
      other.sendNow([...ids].reverse()),
      other.sendKeys([key]),
      shop.ctx.mailOutbox.retryDue(),
      other.retryDue(),
    ]);
    const outcomes: SendOutcome[] = rounds.flatMap((r) =>
      Array.isArray(r) ? r : [...Array<SendOutcome>(r.sent).fill("sent")],
    );
    const mails = mailsTo(shop, to);
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(12);
    expect(mailsAbout(info.email, "confirmed")).toHaveLength(1);
    // 13 sends, each by exactly one of the runners; every other try found it claimed or sent.
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(13);
    const rows = await db().select().from(outboxEmails).where(inArray(outboxEmails.id, ids));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ["sent", 1]));
    expect(await emailRow(orderId, "confirmation")).toMatchObject({ status: "sent", attempts: 2 });
  });
});
