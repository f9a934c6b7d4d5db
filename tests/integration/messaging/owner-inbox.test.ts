/**
 * The owner hears every sale and message (issue 17): alerts through the mail outbox (paid
 * order, message, failed print job, failed e-mail; the setting chooses which), and the admin
 * inbox: list, filters, search, conversation, reply by e-mail with the thread quoted and a
 * signed link where the customer answers once, without an account.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, contactReplies, outboxEmails } from "../../../src/server/db/schema.js";
import { MAX_ATTEMPTS } from "../../../src/server/messaging/mail-outbox.js";
import { alertPrintFailed } from "../../../src/server/messaging/owner-alerts.js";
import { createUser, type TestUser } from "../../support/accounts.js";
import { checkout, pressTestButton, shippingInfo } from "../../support/checkout.js";
import { mailsTo as shopMailsTo } from "../../support/mail.js";
import { type Json, jsonRequest, randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;

const ANON = null;

function api(method: string, path: string, json?: unknown, as: string | null = admin.cookie) {
  return jsonRequest(shop, method, path, json, as);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?=) in a subject, decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, body: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(body, "base64").toString("utf8")
        : Buffer.from(
            body
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

function mailsTo(to: string) {
  return shopMailsTo(shop, to).map((m) => ({ ...m, subject: decodeHeader(m.subject) }));
}

async function contact(message: string, subject = "technical", email = "ann@example.com") {
  const res = await api("POST", "/api/contact", { name: "Ann Murphy", email, subject, message }, ANON);
  expect(res.status).toBe(201);
  return res.body.id as string;
}

function answerLink(text: string): string {
  const match = /\/messages\/answer\?token=([^\s]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no answer link in: ${text}`);
  return decodeURIComponent(match[1]);
}

beforeAll(async () => {
  shop = await createTestShop({ OWNER_EMAIL: "" });
  admin = await createUser(shop, { role: "admin", mfa: true, verify: "direct" });
  customer = await createUser(shop, { verify: "direct" });
});
afterAll(async () => {
  await shop?.close();
});

describe("owner alerts", () => {
  it("a new message e-mails the owner (the first admin without OWNER_EMAIL)", async () => {
    await contact("Will a dark photo print well?");
    const alert = mailsTo(admin.email).find((m) => m.subject.includes("New message from Ann Murphy"));
    expect(alert?.text).toContain("Will a dark photo print well?");
    expect(alert?.text).toMatch(/\/admin\/messages\/[0-9a-f-]{36}/);
  });

  it("a paid order e-mails the owner once, even when the payment is replayed", async () => {
    const answer = await checkout(shop, { shippingInfo: shippingInfo() }, { ip: randomIp() });
    expect((await pressTestButton(shop, answer, "pay")).status).toBe(303);
    await pressTestButton(shop, answer, "pay");
    const number = answer.displayNumber;
    const alerts = mailsTo(admin.email).filter((m) => m.subject.includes(`#${number} paid`));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain("no money was taken");
  });

  it("the setting chooses which alerts are sent; a non-admin cannot read or change it", async () => {
    expect((await api("GET", "/api/admin/settings/alerts", undefined, customer.cookie)).status).toBe(403);
    expect((await api("PUT", "/api/admin/settings/alerts", { kinds: [] }, ANON)).status).toBe(403);
    expect((await api("PUT", "/api/admin/settings/alerts", { kinds: ["bogus"] })).status).toBe(400);
    const off = await api("PUT", "/api/admin/settings/alerts", { kinds: ["paid_order", "print_failed"] });
    expect(off.body).toMatchObject({ kinds: ["paid_order", "print_failed"], to: admin.email });
    const before = mailsTo(admin.email).length;
    await contact("No alert for this one");
    expect(mailsTo(admin.email)).toHaveLength(before);
    await api("PUT", "/api/admin/settings/alerts", {
      kinds: ["paid_order", "message", "print_failed", "email_failed"],
    });
  });

  it("a failed print job alerts the owner", async () => {
    const id = await alertPrintFailed(shop.ctx.database.db, shop.ctx.config, {
      id: "00000000-0000-4000-8000-000000000001",
      orderId: "00000000-0000-4000-8000-0000000000aa",
      error: "Generation failed: bad image",
    });
    await shop.ctx.mailOutbox.sendNow([id]);
    const alert = mailsTo(admin.email).pop();
    expect(alert?.subject).toContain("A print file for order #00000000 failed");
    expect(alert?.text).toContain("Generation failed: bad image");
  });

  it("an e-mail given up after its retries alerts the owner, and is not retried again", async () => {
    const mailer = shop.ctx.mail;
    const send = mailer.send;
    mailer.send = async (message) => {
      if (message.to === "bounce@example.com") throw new Error("550 mailbox unavailable");
      return send(message);
    };
    try {
      const messageId = await contact("Please answer", "other", "bounce@example.com");
      const reply = await api("POST", `/api/admin/messages/${messageId}/reply`, {
        body: "Here is our answer.",
      });
      expect(reply.status).toBe(201);
      const db = shop.ctx.database.db;
      for (let i = 1; i < MAX_ATTEMPTS; i++) {
        await db
          .update(outboxEmails)
          .set({ nextAttemptAt: sql`now() - interval '1 second'` })
          .where(eq(outboxEmails.toAddress, "bounce@example.com"));
        await shop.ctx.mailOutbox.retryDue();
      }
      const [row] = await db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.toAddress, "bounce@example.com"));
      expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
      const alert = mailsTo(admin.email).pop();
      expect(alert?.subject).toContain("An e-mail could not be sent");
      expect(alert?.text).toContain("550 mailbox unavailable");
    } finally {
      mailer.send = send;
    }
  });
});

describe("admin inbox", () => {
  it("is closed to anonymous callers and customers", async () => {
    for (const cookie of [ANON, customer.cookie]) {
      expect((await api("GET", "/api/admin/messages", undefined, cookie)).status).toBe(403);
      expect((await api("GET", "/api/admin/messages/unread-count", undefined, cookie)).status).toBe(403);
    }
  });

  it("lists newest first with unread flags, filters by subject and status, and searches", async () => {
    await contact("First about shipping to Cork", "shipping", "cara@example.com");
    await contact("Second: a wholesale enquiry about fifty boxes", "wholesale", "dan@example.com");
    const all = await api("GET", "/api/admin/messages?pageSize=100");
    const list = all.body.messages as Json[];
    expect(list[0]).toMatchObject({ subject: "wholesale", unread: true });
    expect(list[1]).toMatchObject({ subject: "shipping" });
    expect(all.body.unread).toBeGreaterThanOrEqual(2);
    const shipping = await api("GET", "/api/admin/messages?subject=shipping");
    expect((shipping.body.messages as Json[]).every((m) => m.subject === "shipping")).toBe(true);
    const search = await api("GET", "/api/admin/messages?q=fifty%20boxes");
    expect((search.body.messages as Json[]).map((m) => m.email)).toEqual(["dan@example.com"]);
    const percent = await api("GET", "/api/admin/messages?q=%25");
    expect((percent.body.messages as Json[]).length).toBe(0);
    expect((await api("GET", "/api/admin/messages?status=bogus")).status).toBe(400);
  });

  it("reply → the customer's e-mail quotes the thread and links to an answer page; the answer joins the conversation once", async () => {
    const id = await contact("Can you make a heart shape?", "custom-request", "erin@example.com");
    const unreadBefore = (await api("GET", "/api/admin/messages/unread-count")).body.unread as number;
    const open = await api("GET", `/api/admin/messages/${id}`);
    expect(open.body.conversation).toMatchObject({ unread: false, status: "open" });
    expect((await api("GET", "/api/admin/messages/unread-count")).body.unread).toBe(unreadBefore - 1);

    expect((await api("POST", `/api/admin/messages/${id}/reply`, { body: "  " })).status).toBe(400);
    expect(
      (await api("POST", `/api/admin/messages/${id}/reply`, { body: "Hi" }, customer.cookie)).status,
    ).toBe(403);
    const reply = await api("POST", `/api/admin/messages/${id}/reply`, {
      body: "Yes: the Heart shape is in the creator.",
    });
    expect(reply.status).toBe(201);
    expect(reply.body.conversation).toMatchObject({ status: "answered" });

    const mail = mailsTo("erin@example.com").pop();
    expect(mail?.subject).toBe("Re: your message to Lithobox (Custom Request)");
    expect(mail?.text).toContain("Yes: the Heart shape is in the creator.");
    expect(mail?.text).toContain("> Can you make a heart shape?");
    const token = answerLink(mail?.text ?? "");

    const page = await api("GET", `/api/messages/answer?token=${encodeURIComponent(token)}`, undefined, ANON);
    expect(page.status).toBe(200);
    expect((page.body.conversation as Json).entries).toHaveLength(2);

    // Tampered: another reply id, a later expiry, a broken signature.
    const [replyId, expires, sig] = token.split(".") as [string, string, string];
    for (const bad of [
      `${replyId.replace(/^./, replyId[0] === "a" ? "b" : "a")}.${expires}.${sig}`,
      `${replyId}.${Number(expires) + 86_400}.${sig}`,
      `${replyId}.${expires}.${sig.slice(0, -1)}x`,
    ]) {
      const res = await api("POST", "/api/messages/answer", { token: bad, message: "hack" }, ANON);
      expect(res.status).toBe(400);
    }

    const answer = await api(
      "POST",
      "/api/messages/answer",
      { token, message: "Great, in walnut please." },
      ANON,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.message).toContain("Thank you");
    const replay = await api("POST", "/api/messages/answer", { token, message: "Again" }, ANON);
    expect(replay).toMatchObject({ status: 409, body: { error: "link_used" } });

    const conversation = (await api("GET", `/api/admin/messages/${id}`)).body.conversation as Json;
    expect((conversation.entries as Json[]).map((e) => [e.author, e.body])).toEqual([
      ["customer", "Can you make a heart shape?"],
      ["shop", "Yes: the Heart shape is in the creator."],
      ["customer", "Great, in walnut please."],
    ]);
    expect(conversation.status).toBe("open");
    const alert = mailsTo(admin.email).pop();
    expect(alert?.subject).toContain("Answer from Ann Murphy");
    const rows = await shop.ctx.database.db
      .select()
      .from(contactReplies)
      .where(eq(contactReplies.messageId, id));
    expect(rows).toHaveLength(2);
    // The inbox counts the conversation after the message, and its search reads the answers.
    const found = await api("GET", "/api/admin/messages?q=in%20walnut");
    expect(found.body.messages as Json[]).toEqual([expect.objectContaining({ id, replies: 2 })]);
  });

  it("an expired link is refused; a closed conversation takes no answers", async () => {
    const id = await contact("Old question", "other", "finn@example.com");
    await api("POST", `/api/admin/messages/${id}/reply`, { body: "Old answer" });
    const token = answerLink(mailsTo("finn@example.com").pop()?.text ?? "");
    const closed = await api("PATCH", `/api/admin/messages/${id}`, { status: "closed" });
    expect(closed.body.conversation).toMatchObject({ status: "closed" });
    const res = await api("POST", "/api/messages/answer", { token, message: "Hello?" }, ANON);
    expect(res).toMatchObject({ status: 409, body: { error: "conversation_closed" } });
    const [replyId] = token.split(".");
    const { answerToken } = await import("../../../src/server/messaging/message-tokens.js");
    const old = answerToken(shop.ctx.config.authSecret, replyId ?? "", Date.now() - 31 * 86_400_000);
    expect(
      (await api("GET", `/api/messages/answer?token=${encodeURIComponent(old)}`, undefined, ANON)).status,
    ).toBe(410);
    const unread = await api("PATCH", `/api/admin/messages/${id}`, { unread: true });
    expect(unread.body.conversation).toMatchObject({ unread: true });
    const [row] = await shop.ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.readAt).toBeNull();
  });
});
