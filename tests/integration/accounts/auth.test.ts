/**
 * Authentication through the real app: sign-up with e-mail verification, sign-in, TOTP and
 * backup codes, rate limits, ADMIN_EMAILS, cookies, password and e-mail changes.
 */

import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { BRAND_NAME } from "@shared/brand";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyAdminEmails } from "../../../src/server/accounts/roles.js";
import { mfaSetupAttempts, profiles, users } from "../../../src/server/db/schema.js";
import type { Me } from "../../../src/web/features/auth/api/me.js";
import {
  asUser,
  authPost,
  createUser,
  DEFAULT_PASSWORD,
  openLink,
  signIn,
  signUp,
  uniqueEmail,
  verificationLink,
} from "../../support/accounts.js";
import { mergeCookies } from "../../support/cookies.js";
import { latestMailTo, readMails } from "../../support/mail.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { totpCode, totpSecretFromUri, withPreviousStepCode } from "../../support/totp.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function me(cookie: string) {
  const res = await asUser(shop, cookie).get("/api/me");
  return { status: res.status, body: (await res.json()) as Me };
}

describe("sign-up and e-mail verification", () => {
  it("signs up, mails a verification link, refuses sign-in until verified, then signs in", async () => {
    const email = uniqueEmail("aoife");
    const up = await signUp(shop, { email, firstName: "Aoife", lastName: "Ní Bhriain" });
    expect(up.status).toBe(200);
    expect(up.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);

    // The user and their profile exist; the name is "First Last".
    const db = shop.ctx.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: "Aoife Ní Bhriain", emailVerified: false, role: "user" });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({
      firstName: "Aoife",
      lastName: "Ní Bhriain",
      email,
      country: "United States",
    });

    // The .eml file in DATA_DIR/mail has a text and an HTML part and a link on PUBLIC_URL.
    const mail = latestMailTo(shop, email);
    expect(mail.subject).toContain(BRAND_NAME);
    expect(mail.html).toContain("Confirm email address");
    expect(mail.html).toContain("Aoife");
    const link = verificationLink(mail);
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.searchParams.get("callbackURL")).toBe("http://localhost:3000/auth?verified=1");

    // Unverified: a clear refusal, and a fresh link is sent.
    const mailsBefore = readMails(shop).length;
    const refused = await signIn(shop, email);
    expect(refused.res.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "EMAIL_NOT_VERIFIED",
      message: ACCOUNT_MESSAGES.auth.emailNotVerified,
    });
    expect(refused.cookie).not.toContain("session_token");
    expect(readMails(shop).length).toBe(mailsBefore + 1);

    const verified = await openLink(shop, link);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("http://localhost:3000/auth?verified=1");
    // No automatic sign-in: the customer logs in with the password.
    expect(verified.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);

    const ok = await signIn(shop, email);
    expect(ok.res.status).toBe(200);
    const session = ok.res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);

    const who = await me(ok.cookie);
    expect(who.status).toBe(200);
    expect(who.body.user).toMatchObject({
      email,
      name: "Aoife Ní Bhriain",
      role: "user",
      emailVerified: true,
    });
    expect(who.body.isAdmin).toBe(false);
  });

  it("sends a broken or expired link back to /auth with an error", async () => {
    const res = await shop.request(
      `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent("http://localhost:3000/auth?verified=1")}`,
      { headers: { "x-forwarded-for": randomIp() } },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(
      /^http:\/\/localhost:3000\/auth\?verified=1&error=INVALID_TOKEN$/,
    );
  });

  it("requires first and last name and a 6-character password, and never takes a role from the client", async () => {
    const noName = await authPost(shop, "/sign-up/email", {
      email: uniqueEmail(),
      password: DEFAULT_PASSWORD,
      name: "X",
    });
    expect(noName.status).toBe(400);
    expect(((await noName.json()) as { message: string }).message).toBe(
      CHECKOUT_MESSAGES.validation.firstNameRequired,
    );

    const noLast = await signUp(shop, { email: uniqueEmail(), lastName: "  " });
    expect(noLast.status).toBe(400);
    expect(((await noLast.json()) as { message: string }).message).toBe(
      CHECKOUT_MESSAGES.validation.lastNameRequired,
    );

    const short = await signUp(shop, { email: uniqueEmail(), password: "12345" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toBe(ACCOUNT_MESSAGES.password.tooShort);

    const email = uniqueEmail("sneaky");
    const sneaky = await authPost(shop, "/sign-up/email", {
      email,
      password: DEFAULT_PASSWORD,
      name: "S N",
      firstName: "S",
      lastName: "N",
      role: "admin",
    });
    // A role in the body is ignored: the account is a plain user.
    expect(sneaky.status).toBe(200);
    const [row] = await shop.ctx.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.role).toBe("user");
  });

  it("answers a second sign-up with the same address like the first (no account enumeration)", async () => {
    const email = uniqueEmail("twice");
    expect((await signUp(shop, { email })).status).toBe(200);
    const again = await signUp(shop, { email, firstName: "Other" });
    expect(again.status).toBe(200);
    const rows = await shop.ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });
});

describe("TOTP multi-factor authentication", () => {
  it("enrols with the password, then sign-in needs a code; wrong codes are refused", async () => {
    const user = await createUser(shop, { firstName: "Ciaran", lastName: "Walsh" });

    const withoutPassword = await authPost(shop, "/two-factor/enable", {}, { cookie: user.cookie });
    expect(withoutPassword.status).toBe(400);
    const wrongPassword = await authPost(
      shop,
      "/two-factor/enable",
      { password: "not it at all" },
      { cookie: user.cookie },
    );
    expect(wrongPassword.status).toBe(400);
    expect(((await wrongPassword.json()) as { message: string }).message).toBe(
      ACCOUNT_MESSAGES.auth.incorrectPassword,
    );

    const enable = await authPost(
      shop,
      "/two-factor/enable",
      { password: user.password },
      { cookie: user.cookie },
    );
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/${BRAND_NAME}:${user.email}`);
    expect(uri.searchParams.get("issuer")).toBe(BRAND_NAME);
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("algorithm") ?? "SHA1").toBe("SHA1");
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    const secret = totpSecretFromUri(totpURI);

    // Not on until a code is verified.
    expect((await me(user.cookie)).body.user.twoFactorEnabled).toBe(false);
    const bad = await authPost(shop, "/two-factor/verify-totp", { code: "000000" }, { cookie: user.cookie });
    expect(bad.status).toBe(401);
    // The previous step's code (still in the window): a code works once, and the sign-in
    // below uses the current one.
    const good = await withPreviousStepCode(
      secret,
      (code) => authPost(shop, "/two-factor/verify-totp", { code }, { cookie: user.cookie }),
      (res) => res.ok,
    );
    expect(good.status).toBe(200);
    const cookie = mergeCookies(user.cookie, good);
    const after = await me(cookie);
    expect(after.body.user.twoFactorEnabled).toBe(true);
    expect(after.body.profile).toMatchObject({
      mfaEnabled: true,
      mfaSetupCompleted: true,
      firstLoginCompleted: true,
    });
    expect(after.body.needsMfaSetup).toBe(false);

    // The spec's attempts: false at enrolment, true at verification.
    const attempts = await shop.ctx.database.db
      .select({ attemptType: mfaSetupAttempts.attemptType, success: mfaSetupAttempts.success })
      .from(mfaSetupAttempts)
      .where(eq(mfaSetupAttempts.userId, user.userId))
      .orderBy(asc(mfaSetupAttempts.id));
    expect(attempts).toEqual([
      { attemptType: "setup", success: false },
      { attemptType: "setup", success: true },
    ]);

    // Sign-in now stops at the second factor, without a session.
    const first = await signIn(shop, user.email);
    expect(first.res.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(first.cookie).not.toContain("session_token");
    expect((await me(first.cookie)).status).toBe(401);

    const wrong = await authPost(
      shop,
      "/two-factor/verify-totp",
      { code: "123456" },
      { cookie: first.cookie },
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe("Invalid verification code");

    const verify = await authPost(
      shop,
      "/two-factor/verify-totp",
      { code: totpCode(secret) },
      { cookie: first.cookie },
    );
    expect(verify.status).toBe(200);
    const session = mergeCookies(first.cookie, verify);
    expect((await me(session)).body.user.email).toBe(user.email);
  });

  it("accepts each backup code once at sign-in", async () => {
    const user = await createUser(shop, { mfa: true });
    const code = user.backupCodes![0]!;

    const first = await signIn(shop, user.email);
    expect(first.body.twoFactorRedirect).toBe(true);
    const used = await authPost(shop, "/two-factor/verify-backup-code", { code }, { cookie: first.cookie });
    expect(used.status).toBe(200);
    expect((await me(mergeCookies(first.cookie, used))).status).toBe(200);

    const again = await signIn(shop, user.email);
    const reused = await authPost(shop, "/two-factor/verify-backup-code", { code }, { cookie: again.cookie });
    expect(reused.status).toBe(401);
    const bogus = await authPost(
      shop,
      "/two-factor/verify-backup-code",
      { code: "nope-nope" },
      { cookie: again.cookie },
    );
    expect(bogus.status).toBe(401);
  });

  it("refuses a TOTP code without a pending sign-in", async () => {
    const res = await authPost(shop, "/two-factor/verify-totp", { code: "123456" });
    expect(res.status).toBe(401);
  });
});

describe("rate limits (on in every environment)", () => {
  it("allows 5 sign-in attempts a minute from one address, then answers 429", async () => {
    const user = await createUser(shop);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const attempt = await signIn(shop, user.email, "wrong password", { ip });
      expect(attempt.res.status).toBe(401);
    }
    const sixth = await signIn(shop, user.email, user.password, { ip });
    expect(sixth.res.status).toBe(429);
    expect(sixth.res.headers.get("x-retry-after")).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await signIn(shop, user.email, user.password, { ip: randomIp() })).res.status).toBe(200);
  });

  it("limits TOTP checks the same way", async () => {
    const user = await createUser(shop, { mfa: true });
    const ip = randomIp();
    const pending = await signIn(shop, user.email, user.password, { ip });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await authPost(
        shop,
        "/two-factor/verify-totp",
        { code: "000000" },
        { cookie: pending.cookie, ip },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it("ignores a client-sent copy of the server's client-address header", async () => {
    const user = await createUser(shop);
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await shop.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: user.email, password: "wrong" },
        headers: { "x-forwarded-for": ip, "x-lithobox-client-ip": `10.200.0.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses[5]).toBe(429);
  });
});

describe("password and e-mail changes", () => {
  it("changes the password only with the current one", async () => {
    const user = await createUser(shop);
    const wrong = await authPost(
      shop,
      "/change-password",
      { currentPassword: "not the password", newPassword: "new password 1" },
      { cookie: user.cookie },
    );
    expect(wrong.status).toBe(400);
    const ok = await authPost(
      shop,
      "/change-password",
      { currentPassword: user.password, newPassword: "new password 1", revokeOtherSessions: true },
      { cookie: user.cookie },
    );
    expect(ok.status).toBe(200);
    expect((await signIn(shop, user.email, user.password)).res.status).toBe(401);
    expect((await signIn(shop, user.email, "new password 1")).res.status).toBe(200);
  });

  it("sends the change-email link to the NEW address and switches only when it is opened", async () => {
    const user = await createUser(shop, { firstName: "Niamh" });
    const newEmail = uniqueEmail("niamh-new");
    const res = await authPost(shop, "/change-email", { newEmail }, { cookie: user.cookie });
    expect(res.status).toBe(200);

    const toNew = latestMailTo(shop, newEmail);
    expect(toNew.subject).toMatch(/new email address/i);
    const link = verificationLink(toNew);
    expect(link.searchParams.get("callbackURL")).toBe("http://localhost:3000/auth?emailChanged=1");
    const notice = latestMailTo(shop, user.email);
    expect(notice.subject).toMatch(/being changed/i);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/verify-email/);

    // Nothing changes before the link is opened.
    const db = shop.ctx.database.db;
    expect((await db.select().from(users).where(eq(users.id, user.userId)))[0]?.email).toBe(user.email);

    const opened = await openLink(shop, link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("http://localhost:3000/auth?emailChanged=1");
    const [row] = await db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ email: newEmail, emailVerified: true });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.userId));
    expect(profile?.email).toBe(newEmail);
    expect((await signIn(shop, newEmail, user.password)).res.status).toBe(200);
    expect((await signIn(shop, user.email, user.password)).res.status).toBe(401);
  });
});

describe("configuration-dependent behaviour", () => {
  let configured: TestShop;
  const adminEmail = uniqueEmail("maker");

  beforeAll(async () => {
    configured = await createTestShop({
      NODE_ENV: "production",
      TEST_PAYMENTS: "on",
      BETTER_AUTH_SECRET: "x".repeat(40),
      ADMIN_EMAILS: `someone@example.com, ${adminEmail.toUpperCase()}`,
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
      GITHUB_CLIENT_ID: "github-id-without-a-secret",
    });
  });
  afterAll(async () => {
    await configured?.close();
  });

  it("reports which OAuth providers are configured", async () => {
    const plain = await shop.request("/api/auth-providers");
    expect(await plain.json()).toEqual({ google: false, github: false, facebook: false });
    const res = await configured.request("/api/auth-providers");
    expect(await res.json()).toEqual({ google: true, github: false, facebook: false });
  });

  it("makes ADMIN_EMAILS addresses admin at sign-up, and sets Secure cookies in production", async () => {
    const admin = await createUser(configured, { email: adminEmail });
    const customer = await createUser(configured);
    const db = configured.ctx.database.db;
    const roles = await db.select({ email: users.email, role: users.role }).from(users);
    expect(roles.find((r) => r.email === adminEmail)?.role).toBe("admin");
    expect(roles.find((r) => r.email === customer.email)?.role).toBe("user");

    const again = await signIn(configured, customer.email, customer.password);
    const session = again.res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(admin.cookie).toContain("__Secure-");
  });

  it("makes existing ADMIN_EMAILS accounts admin at start", async () => {
    const later = await createUser(shop);
    const db = shop.ctx.database.db;
    const promoted = await applyAdminEmails({
      ...shop.ctx,
      config: { ...shop.ctx.config, adminEmails: [later.email] },
    });
    expect(promoted).toBe(1);
    const [row] = await db
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, later.userId)));
    expect(row?.role).toBe("admin");
    expect((await me(later.cookie)).body).toMatchObject({ isAdmin: true, needsMfaSetup: true });
  });
});
