/**
 * Accounts for integration tests, made through the real sign-up, e-mail verification and
 * sign-in endpoints. Other suites (checkout, admin) reuse these:
 *
 *   const alice = await createUser(shop, { email: "alice@example.com" });
 *   await shop.request("/api/cart", { headers: { cookie: alice.cookie } });
 *   const admin = await createUser(shop, { role: "admin", mfa: true }); // admin.totpSecret
 *
 * Every auth request carries a random X-Forwarded-For address (in-process requests have no
 * socket; the server then believes a single forwarded address), so the per-IP rate limits
 * stay on without one test's sign-ins counting against another's.
 * Accounts made by createUser share DEFAULT_PASSWORD unless one is given: give the owner
 * a password of their own when a test checks that someone else's password is refused.
 */

import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { twoFactors, users } from "../../src/server/db/schema.js";
import { mergeCookies } from "./cookies.js";
import { latestMailTo, type SentMail } from "./mail.js";
import { randomIp } from "./requests.js";
import type { TestShop } from "./test-shop.js";
import { enrolTotp, totpCode } from "./totp.js";

export const DEFAULT_PASSWORD = "correct horse 42";

export function uniqueEmail(prefix = "customer"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export function verificationLink(mail: SentMail): URL {
  const match = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no verification link in "${mail.subject}"`);
  return new URL(match[0]);
}

/** Follows a verification link through the app (returns the redirect response). */
export function openLink(shop: TestShop, link: URL, init: { cookie?: string } = {}): Promise<Response> {
  return shop.request(`${link.pathname}${link.search}`, {
    headers: { "x-forwarded-for": randomIp(), ...(init.cookie ? { cookie: init.cookie } : {}) },
  });
}

// ---------------------------------------------------------------- auth calls

export interface AuthCallOptions {
  cookie?: string | undefined;
  /** The client's address for the rate limiter (random by default). */
  ip?: string;
}

/** POSTs JSON to a Better Auth endpoint under /api/auth. */
export function authPost(
  shop: TestShop,
  endpoint: string,
  json: unknown,
  opts: AuthCallOptions = {},
): Promise<Response> {
  return shop.request(`/api/auth${endpoint}`, {
    method: "POST",
    json,
    headers: { "x-forwarded-for": opts.ip ?? randomIp(), ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  });
}

export function signUp(
  shop: TestShop,
  input: { email: string; password?: string; firstName?: string; lastName?: string },
  opts: AuthCallOptions = {},
): Promise<Response> {
  const firstName = input.firstName ?? "Test";
  const lastName = input.lastName ?? "Customer";
  return authPost(
    shop,
    "/sign-up/email",
    {
      email: input.email,
      password: input.password ?? DEFAULT_PASSWORD,
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
    },
    opts,
  );
}

export async function signIn(
  shop: TestShop,
  email: string,
  password: string = DEFAULT_PASSWORD,
  opts: AuthCallOptions = {},
): Promise<{ res: Response; body: Record<string, unknown>; cookie: string }> {
  const res = await authPost(shop, "/sign-in/email", { email, password }, opts);
  const body = (await res
    .clone()
    .json()
    .catch(() => ({}))) as Record<string, unknown>;
  return { res, body, cookie: mergeCookies(opts.cookie, res) };
}

// ---------------------------------------------------------------- whole accounts

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
  /** With mfa: the base32 TOTP secret and the unused backup codes. */
  totpSecret?: string;
  backupCodes?: string[];
}

export interface CreateUserOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  role?: "user" | "admin";
  /** Enrol TOTP (with the password) and verify it, as the set-up dialog does. */
  mfa?: boolean;
  /** "mail" follows the link in the verification e-mail; "direct" marks the address verified in the database. */
  verify?: "mail" | "direct";
}

/** Signs up, verifies, optionally makes admin and enrols TOTP, and signs in. */
export async function createUser(shop: TestShop, opts: CreateUserOptions = {}): Promise<TestUser> {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password ?? DEFAULT_PASSWORD;
  const up = await signUp(shop, { email, password, firstName: opts.firstName, lastName: opts.lastName });
  if (!up.ok) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  // The verification mail is sent after the response (whatever request() the shop has).
  await shop.ctx.background.idle();
  const db = shop.ctx.database.db;
  if (opts.verify === "direct") {
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  } else {
    const res = await openLink(shop, verificationLink(latestMailTo(shop, email)));
    if (res.status !== 302) throw new Error(`verification failed: ${res.status}`);
  }
  if (opts.role) await db.update(users).set({ role: opts.role }).where(eq(users.email, email));
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error("user row missing");

  const first = await signIn(shop, email, password);
  const res = first.res;
  const cookie = first.cookie;
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const user: TestUser = { userId: row.id, email, password, cookie };
  if (!opts.mfa) return user;

  const enrolled = await enrolTotp((endpoint, json, c) => authPost(shop, endpoint, json, { cookie: c }), {
    password,
    cookie,
  });
  return { ...user, cookie: enrolled.cookie, totpSecret: enrolled.secret, backupCodes: enrolled.backupCodes };
}

/**
 * Signs an MFA user in completely: password, then a TOTP code. Returns the session cookie.
 * A code works once (issue 14) and tests sign in many times within one 30 s step, so the
 * account's last used step is cleared first: the shortcut an authenticator app takes by
 * waiting for its next code.
 */
export async function signInWithTotp(shop: TestShop, user: TestUser): Promise<string> {
  if (!user.totpSecret) throw new Error("user has no TOTP secret");
  await shop.ctx.database.db
    .update(twoFactors)
    .set({ lastTotpStep: null })
    .where(eq(twoFactors.userId, user.userId));
  const first = await signIn(shop, user.email, user.password);
  if (first.body.twoFactorRedirect !== true)
    throw new Error(`expected a two-factor redirect: ${JSON.stringify(first.body)}`);
  const verify = await authPost(
    shop,
    "/two-factor/verify-totp",
    { code: totpCode(user.totpSecret) },
    { cookie: first.cookie },
  );
  if (!verify.ok) throw new Error(`verify-totp failed: ${verify.status} ${await verify.text()}`);
  return mergeCookies(first.cookie, verify);
}

/** GET/POST/PUT/DELETE on the shop's API as the holder of `cookie` (or anonymously). */
export function asUser(shop: TestShop, cookie: string | undefined) {
  const call = (method: string) => (pathname: string, json?: unknown) =>
    shop.request(pathname, {
      method,
      ...(json !== undefined ? { json } : {}),
      headers: cookie ? { cookie } : {},
    });
  return { get: call("GET"), post: call("POST"), put: call("PUT"), delete: call("DELETE") };
}
