/**
 * Order e-mails are durable: a confirmation or dispatch notice the mail service refused is
 * recorded (order_emails) and sent again by the outbox runner — after its backoff, at the next
 * start — exactly once, whatever runs at the same time.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type AppContext, createContext } from "../../src/server/context.js";
import { orderEmails, orders } from "../../src/server/db/schema.js";
import type { MailMessage } from "../../src/server/messaging/mail.js";
import { MAX_ATTEMPTS } from "../../src/server/messaging/order-email-outbox.js";
import {
  CHANGED_BY,
  changeOrderStatus,
  completePayment,
  refundOrder,
  runWorkflow,
} from "../../src/server/orders/index.js";
import { randomIp, readMails } from "./auth-helpers.js";
import { checkout, pressTestButton, shippingInfo } from "./checkout-helpers.js";
import { createTestShop, type TestShop } from "./harness.js";

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

function mailsTo(email: string, subject: "confirmed" | "dispatched") {
  return readMails(shop).filter((m) => m.to === email && m.subject.includes(subject));
}

async function emailRow(orderId: string, kind: "confirmation" | "dispatch") {
  const [row] = await db()
    .select()
    .from(orderEmails)
    .where(and(eq(orderEmails.orderId, orderId), eq(orderEmails.kind, kind)));
  return row;
}

/** As if the backoff had passed. */
async function makeDue(orderId: string) {
  await db()
    .update(orderEmails)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(orderEmails.orderId, orderId));
}

/** A paid test order; the confirmation fails `failures` times first. */
async function paidOrder(failures = 0) {
  const info = shippingInfo();
  const answer = await checkout(shop, { shippingInfo: info }, { ip: randomIp() });
  const refused = failMail(failures);
  const res = await pressTestButton(shop, answer, "pay");
  expect(res.status).toBe(303);
  expect(refused).toHaveLength(failures);
  return { info, answer, orderId: answer.orderId };
}

describe("order e-mail outbox", () => {
  it("records a sent confirmation, which links the invoice PDF with a signed link", async () => {
    const { info, orderId } = await paidOrder();
    const mails = mailsTo(info.email, "confirmed");
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
    const { info, answer, orderId } = await paidOrder(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("paid");
    expect(mailsTo(info.email, "confirmed")).toEqual([]);
    const failed = await emailRow(orderId, "confirmation");
    expect(failed).toMatchObject({ status: "pending", attempts: 1, sentAt: null, claimedAt: null });
    expect(failed?.lastError).toContain("Service not available");
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: the periodic round leaves it.
    expect(await shop.ctx.orderEmails.retryDue()).toMatchObject({ sent: 0, failed: 0 });
    expect(mailsTo(info.email, "confirmed")).toEqual([]);

    await makeDue(orderId);
    expect(await shop.ctx.orderEmails.retryDue()).toMatchObject({ sent: 1, failed: 0 });
    const mails = mailsTo(info.email, "confirmed");
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
    await shop.ctx.orderEmails.retryDue();
    await shop.ctx.orderEmails.retryDue({ ignoreBackoff: true });
    await pressTestButton(shop, answer, "pay");
    expect(await shop.ctx.orderEmails.sendNow(orderId, "confirmation")).toBe("not_due");
    expect(mailsTo(info.email, "confirmed")).toHaveLength(1);
  });

  it("sends once when the request's send and several retry rounds race", async () => {
    const { info, orderId } = await paidOrder(1);
    await makeDue(orderId);
    const outbox = shop.ctx.orderEmails;
    const outcomes = await Promise.all([
      outbox.retryDue(),
      outbox.sendNow(orderId, "confirmation"),
      outbox.retryDue(),
      outbox.retryDue({ ignoreBackoff: true }),
      outbox.sendNow(orderId, "confirmation"),
    ]);
    expect(mailsTo(info.email, "confirmed")).toHaveLength(1);
    const sent = outcomes.filter((o) => o === "sent" || (typeof o === "object" && o.sent === 1));
    expect(sent).toHaveLength(1);
    expect(await emailRow(orderId, "confirmation")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("retries a dispatch notice, with its tracking number", async () => {
    const { info, orderId } = await paidOrder();
    failMail(1);
    await changeOrderStatus(shop.ctx, orderId, "admin-1", {
      status: "dispatched",
      trackingNumber: "RM987654321GB",
    });
    expect(mailsTo(info.email, "dispatched")).toEqual([]);
    expect(await emailRow(orderId, "dispatch")).toMatchObject({ status: "pending", attempts: 1 });
    await makeDue(orderId);
    expect(await shop.ctx.orderEmails.retryDue()).toMatchObject({ sent: 1 });
    const dispatched = mailsTo(info.email, "dispatched");
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]?.text).toContain("RM987654321GB");
    expect(await emailRow(orderId, "dispatch")).toMatchObject({ status: "sent", sentAt: expect.any(Date) });
    expect(mailsTo(info.email, "confirmed")).toHaveLength(1);
  });

  it("skips a confirmation for an order refunded before the retry", async () => {
    const { info, orderId } = await paidOrder(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    await runWorkflow(shop.ctx, (tx) =>
      refundOrder(
        shop.ctx,
        tx,
        orderId,
        { amount: order?.totalAmount, reason: "Damaged", idempotencyKey: "refund-before-retry" },
        { id: "admin-1", email: "owner@example.com" },
      ),
    );
    await makeDue(orderId);
    expect(await shop.ctx.orderEmails.retryDue()).toMatchObject({ sent: 0, skipped: 1 });
    expect(mailsTo(info.email, "confirmed")).toEqual([]);
    expect(await emailRow(orderId, "confirmation")).toMatchObject({ status: "skipped", sentAt: null });
  });

  it("gives up after MAX_ATTEMPTS failures and logs it", async () => {
    const { info, orderId } = await paidOrder(1);
    const down = failMail(100);
    const logged = vi.spyOn(shop.ctx.log, "error");
    try {
      for (let attempt = 2; attempt <= MAX_ATTEMPTS + 2; attempt++) {
        await makeDue(orderId);
        await shop.ctx.orderEmails.retryDue();
      }
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ orderId, kind: "confirmation", attempts: MAX_ATTEMPTS }),
        "order email given up after repeated failures",
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
    expect(mailsTo(info.email, "confirmed")).toEqual([]);
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
    expect(mailsTo(info.email, "confirmed")).toEqual([]);

    const second = await restart();
    try {
      await vi.waitFor(() => expect(mailsTo(info.email, "confirmed")).toHaveLength(1), { timeout: 10_000 });
    } finally {
      await stop(second);
    }
    expect(await emailRow(answer.orderId, "confirmation")).toMatchObject({ status: "sent", attempts: 1 });

    const third = await restart();
    await third.orderEmails.retryDue({ ignoreBackoff: true });
    await stop(third);
    expect(mailsTo(info.email, "confirmed")).toHaveLength(1);
  });

  it("sends at start a confirmation that failed, without waiting for its backoff", async () => {
    const { info, orderId } = await paidOrder(1);
    expect(mailsTo(info.email, "confirmed")).toEqual([]);
    const second = await restart();
    try {
      await vi.waitFor(() => expect(mailsTo(info.email, "confirmed")).toHaveLength(1), { timeout: 10_000 });
    } finally {
      await stop(second);
    }
    expect(await emailRow(orderId, "confirmation")).toMatchObject({
      status: "sent",
      attempts: 2,
      sentAt: expect.any(Date),
    });
    await makeDue(orderId);
    await shop.ctx.orderEmails.retryDue();
    expect(mailsTo(info.email, "confirmed")).toHaveLength(1);
  });
});
