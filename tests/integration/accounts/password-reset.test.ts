/**
 * Forgotten passwords through the real app: the reset e-mail, the single-use link that lands on
 * the web's new-password form, the new password working and the old one not, every session
 * ended, no hint whether an address has an account, and the rate limit.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_PASSWORD_PATH } from "../../../src/server/auth.js";
import { outboxEmails, users } from "../../../src/server/db/schema.js";
import {
  asUser,
  authPost,
  createUser,
  openLink,
  signIn,
  signUp,
  uniqueEmail,
} from "../../support/accounts.js";
import { latestMailTo, readMails } from "../../support/mail.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

function resetLink(text: string): URL {
  const match = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(text);
  if (!match) throw new Error("no reset link in the mail");
  return new URL(match[0]);
}

/** Follows the mailed link: Better Auth checks the token and redirects to the web's form. */
async function tokenFromLink(link: URL): Promise<string> {
  const res = await openLink(shop, link);
  expect(res.status).toBe(302);
  const landing = new URL(res.headers.get("location") ?? "", "http://x");
  expect(landing.pathname).toBe(RESET_PASSWORD_PATH);
  const token = landing.searchParams.get("token");
  expect(token).toBeTruthy();
  return token ?? "";
}

describe("password reset", () => {
  it("mails a single-use link; the new password works, the old does not, and sessions end", async () => {
    const user = await createUser(shop);
    expect((await asUser(shop, user.cookie).get("/api/me")).status).toBe(200);

    const asked = await authPost(shop, "/request-password-reset", { email: user.email });
    expect(asked.status).toBe(200);
    const mail = latestMailTo(shop, user.email);
    expect(mail.subject).toBe("Reset your Lithobox password");
    expect(mail.text).toContain("The link works once, for 60 minutes.");
    const token = await tokenFromLink(resetLink(mail.text));

    const reset = await authPost(shop, "/reset-password", { token, newPassword: "a brand new secret" });
    expect(reset.status).toBe(200);

    expect((await signIn(shop, user.email, user.password)).res.status).toBe(401);
    expect((await signIn(shop, user.email, "a brand new secret")).res.status).toBe(200);
    // The session from before the reset is gone.
    expect((await asUser(shop, user.cookie).get("/api/me")).status).toBe(401);

    // The link works once.
    const again = await authPost(shop, "/reset-password", { token, newPassword: "another secret 1" });
    expect(again.status).toBe(400);
    const landing = await openLink(shop, resetLink(mail.text));
    expect(landing.headers.get("location")).toContain("error=INVALID_TOKEN");
  });

  it("enforces the password rules and refuses a made-up token", async () => {
    const user = await createUser(shop);
    await authPost(shop, "/request-password-reset", { email: user.email });
    const token = await tokenFromLink(resetLink(latestMailTo(shop, user.email).text));
    const short = await authPost(shop, "/reset-password", { token, newPassword: "12345" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toBe(
      "Password must be at least 6 characters long.",
    );
    const forged = await authPost(shop, "/reset-password", {
      token: "x".repeat(24),
      newPassword: "good password",
    });
    expect(forged.status).toBe(400);
    // The real token still works after the refusals.
    expect((await authPost(shop, "/reset-password", { token, newPassword: "good password" })).status).toBe(
      200,
    );
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const before = readMails(shop).length;
    const unknown = await authPost(shop, "/request-password-reset", { email: uniqueEmail("nobody") });
    expect(unknown.status).toBe(200);
    const known = await createUser(shop);
    const afterSignUp = readMails(shop).length;
    const knownReply = await authPost(shop, "/request-password-reset", { email: known.email });
    expect(await unknown.json()).toEqual(await knownReply.json());
    expect(afterSignUp - before).toBe(1); // only the sign-up's verification mail
    expect(readMails(shop).length).toBe(afterSignUp + 1);
  });

  it("a reset proves the address: an unverified account can then log in", async () => {
    const email = uniqueEmail("unverified");
    expect((await signUp(shop, { email })).status).toBe(200);
    await authPost(shop, "/request-password-reset", { email });
    const token = await tokenFromLink(resetLink(latestMailTo(shop, email).text));
    expect((await authPost(shop, "/reset-password", { token, newPassword: "fresh start 9" })).status).toBe(
      200,
    );
    const [row] = await shop.ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerified).toBe(true);
    expect((await signIn(shop, email, "fresh start 9")).res.status).toBe(200);
  });

  it("limits reset requests per client address", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await authPost(shop, "/request-password-reset", { email: uniqueEmail("flood") }, { ip });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("the reset e-mail through the mail outbox", () => {
  /** The outbox rows of reset mails to this address. */
  async function resetRows(email: string) {
    return shop.ctx.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, "account_password_reset")));
  }
  async function makeDue(email: string) {
    await shop.ctx.database.db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboxEmails.toAddress, email));
  }
  /** The mail service refuses every message until restored. */
  function mailServiceDown(): () => void {
    const mailer = shop.ctx.mail;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error("421 4.3.2 Service not available");
    };
    return () => {
      mailer.send = send;
    };
  }
  const resetsTo = (email: string) =>
    readMails(shop).filter((m) => m.to === email && m.subject === "Reset your Lithobox password");

  it("survives a failing mail service: queued, retried after its backoff, sent once, then kept without its link", async () => {
    const user = await createUser(shop);
    const restore = mailServiceDown();
    try {
      const asked = await authPost(shop, "/request-password-reset", { email: user.email });
      expect(asked.status).toBe(200);
    } finally {
      restore();
    }
    expect(resetsTo(user.email)).toEqual([]);
    const [queued] = await resetRows(user.email);
    expect(queued).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(queued?.lastError).toContain("Service not available");
    expect(queued?.textBody).toContain("/api/auth/reset-password/");
    // The row carries the link's own end (60 minutes).
    const lifetime = (queued?.expiresAt?.getTime() ?? 0) - (queued?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 5_000);

    // Not due yet; then due: sent once, and never again.
    expect(await shop.ctx.mailOutbox.retryDue()).toMatchObject({ sent: 0 });
    await makeDue(user.email);
    expect(await shop.ctx.mailOutbox.retryDue()).toMatchObject({ sent: 1, failed: 0 });
    await makeDue(user.email);
    await shop.ctx.mailOutbox.retryDue();
    await shop.ctx.mailOutbox.retryDue({ ignoreBackoff: true });
    await shop.ctx.mailOutbox.sendNow([queued?.id]);
    const sent = resetsTo(user.email);
    expect(sent).toHaveLength(1);

    // Sent: the link (a credential) is no longer in the database.
    const [after] = await resetRows(user.email);
    expect(after).toMatchObject({ status: "sent", attempts: 2, textBody: "", htmlBody: "" });
    expect(after?.subject).toBe("Reset your Lithobox password");

    // The retried mail's link works.
    const token = await tokenFromLink(resetLink(sent[0]?.text ?? ""));
    const reset = await authPost(shop, "/reset-password", { token, newPassword: "after the outage 1" });
    expect(reset.status).toBe(200);
    expect((await signIn(shop, user.email, "after the outage 1")).res.status).toBe(200);
  });

  it("does not send a reset link after it expired, and keeps no copy of it", async () => {
    const user = await createUser(shop);
    const restore = mailServiceDown();
    try {
      await authPost(shop, "/request-password-reset", { email: user.email });
    } finally {
      restore();
    }
    const [queued] = await resetRows(user.email);
    expect(queued?.textBody).toContain("/api/auth/reset-password/");
    // The mail service stays down past the link's hour.
    await shop.ctx.database.db
      .update(outboxEmails)
      .set({ expiresAt: sql`now() - interval '1 second'`, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboxEmails.id, queued?.id ?? ""));
    expect(await shop.ctx.mailOutbox.retryDue()).toMatchObject({ sent: 0, skipped: 1 });
    expect(resetsTo(user.email)).toEqual([]);
    const [after] = await resetRows(user.email);
    expect(after).toMatchObject({
      status: "skipped",
      textBody: "",
      htmlBody: "",
      lastError: "the link it carries has expired",
    });
  });

  it("blanks a credential left behind by a send that never finished, once it expires", async () => {
    const user = await createUser(shop);
    await authPost(shop, "/request-password-reset", { email: user.email });
    expect(resetsTo(user.email)).toHaveLength(1);
    const [row] = await resetRows(user.email);
    // As if the process died after the mail service accepted it: still claimed, body kept.
    await shop.ctx.database.db
      .update(outboxEmails)
      .set({
        status: "pending",
        attempts: 8,
        claimedAt: new Date(),
        textBody: "link",
        htmlBody: "<a>link</a>",
        expiresAt: sql`now() - interval '1 second'`,
      })
      .where(eq(outboxEmails.id, row?.id ?? ""));
    await shop.ctx.mailOutbox.retryDue();
    const [after] = await resetRows(user.email);
    expect(after).toMatchObject({ textBody: "", htmlBody: "" });
    expect(resetsTo(user.email)).toHaveLength(1);
  });
});
