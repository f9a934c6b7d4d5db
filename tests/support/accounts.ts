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
import type { OrderStatus } from "@shared/orders";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import sharp from "sharp";
import { orderItems, orders, twoFactors, users } from "../../src/server/db/schema.js";
import { CHANGED_BY, completeOrderPayment } from "../../src/server/orders/index.js";
import { readMailsIn, type SentMail } from "./mail.js";
import type { TestShop } from "./test-shop.js";

export const DEFAULT_PASSWORD = "correct horse 42";

/** A random private address: a client of its own for the rate limiter. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export function uniqueEmail(prefix = "customer"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

// ---------------------------------------------------------------- cookies

/** A Cookie header ("a=1; b=2") as name -> value. */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const pair of (header ?? "").split(/;\s*/)) {
    const eqAt = pair.indexOf("=");
    if (eqAt > 0) jar.set(pair.slice(0, eqAt), pair.slice(eqAt + 1));
  }
  return jar;
}

/** The Cookie header after applying a response's Set-Cookie headers to `previous`. */
export function mergeCookies(previous: string | undefined, res: Response): string {
  const jar = parseCookieHeader(previous);
  for (const line of res.headers.getSetCookie()) {
    const [pair = "", ...attrs] = line.split(/;\s*/);
    const eqAt = pair.indexOf("=");
    if (eqAt <= 0) continue;
    const name = pair.slice(0, eqAt);
    const value = pair.slice(eqAt + 1);
    const expired = attrs.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

// ---------------------------------------------------------------- mail

/** Every .eml the shop wrote, oldest first, with the plain-text and HTML parts decoded. */
export function readMails(shop: TestShop): SentMail[] {
  const outbox = shop.ctx.mail.outbox;
  return outbox ? readMailsIn(outbox) : [];
}

/** The newest mail to `to`, or throws. */
export function latestMailTo(shop: TestShop, to: string): SentMail {
  const mail = readMails(shop)
    .filter((m) => m.to.toLowerCase() === to.toLowerCase())
    .pop();
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The first verify-email link in a mail's text part. */
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

// ---------------------------------------------------------------- TOTP

/** The base32 secret inside an otpauth:// URI (what the QR code carries). */
export function totpSecretFromUri(uri: string): string {
  const parsed = OTPAuth.URI.parse(uri);
  if (!(parsed instanceof OTPAuth.TOTP)) throw new Error("not a TOTP URI");
  return parsed.secret.base32;
}

/** The current 6-digit code for a base32 secret (SHA1, 30 s), as an authenticator app shows it. */
export function totpCode(secret: string, timestamp: number = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate({ timestamp });
}

/**
 * Sends the previous 30 s step's code (still accepted; a code works once, so a later sign-in can
 * use the current one without waiting for the clock). When the step changes while the request
 * is on its way, that code has left the window: it is sent again with the new previous step.
 */
export async function withPreviousStepCode<R>(
  secret: string,
  send: (code: string) => Promise<R>,
  ok: (result: R) => boolean,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const step = Math.floor(Date.now() / 30_000);
    const result = await send(totpCode(secret, (step - 1) * 30_000));
    if (ok(result) || attempt === 3 || Math.floor(Date.now() / 30_000) === step) return result;
  }
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
  let cookie = first.cookie;
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const user: TestUser = { userId: row.id, email, password, cookie };
  if (!opts.mfa) return user;

  const enable = await authPost(shop, "/two-factor/enable", { password }, { cookie });
  if (!enable.ok) throw new Error(`two-factor enable failed: ${enable.status} ${await enable.text()}`);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  cookie = mergeCookies(cookie, enable);
  const secret = totpSecretFromUri(totpURI);
  const verify = await withPreviousStepCode(
    secret,
    (code) => authPost(shop, "/two-factor/verify-totp", { code }, { cookie }),
    (res) => res.ok,
  );
  if (!verify.ok) throw new Error(`two-factor verify failed: ${verify.status} ${await verify.text()}`);
  return { ...user, cookie: mergeCookies(cookie, verify), totpSecret: secret, backupCodes };
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

// ---------------------------------------------------------------- test data

export interface UploadedPhoto {
  id: string;
  url: string;
  originalUrl: string;
}

/** Uploads a plain PNG through the real endpoint, signed in (`cookie`) or as a guest. */
export async function uploadTestPhoto(
  shop: TestShop,
  {
    cookie,
    width = 40,
    height = 30,
    background = "#808080",
    name = "photo.png",
    ip,
  }: {
    cookie?: string | undefined;
    width?: number;
    height?: number;
    background?: string;
    name?: string;
    /** The uploader's address (X-Forwarded-For); none: an in-process request with no client. */
    ip?: string;
  } = {},
): Promise<UploadedPhoto> {
  const png = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(png)], name, { type: "image/png" }));
  form.set("kind", "main");
  const res = await shop.request("/api/uploads", {
    method: "POST",
    body: form,
    headers: { ...(cookie ? { cookie } : {}), ...(ip ? { "x-forwarded-for": ip } : {}) },
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadedPhoto;
}

/** Writes an order straight into the database (for order-history tests); returns its id. */
export async function insertOrder(
  shop: TestShop,
  input: {
    userId: string | null;
    email: string;
    status?: OrderStatus;
    testMode?: boolean;
    createdAt?: Date;
    items?: Array<{
      kind?: "lithophane" | "accessory";
      size: string;
      frameColor: string;
      shape: string;
      price: number;
    }>;
  },
): Promise<string> {
  const db = shop.ctx.database.db;
  const items = input.items ?? [
    {
      size: "7 inch x 7 inch",
      frameColor: "White · 1 × Square",
      shape: "Essentials Collection",
      price: 5450,
    },
  ];
  const subtotal = items.reduce((sum, i) => sum + i.price, 0);
  const [order] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      status: input.status ?? "paid",
      totalAmount: subtotal + 899,
      subtotalAmount: subtotal,
      shippingAmount: 899,
      shippingEmail: input.email,
      shippingFirstName: "Siobhan",
      shippingLastName: "Kelly",
      shippingPhone: "07700900123",
      shippingAddressLine1: "1 Botanic Avenue",
      shippingCity: "Belfast",
      shippingState: "Antrim",
      shippingPostalCode: "BT7 1JG",
      testMode: input.testMode ?? false,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("order insert failed");
  await db.insert(orderItems).values(
    items.map((item, position) => ({
      orderId: order.id,
      position,
      kind: "lithophane",
      config: {},
      ...item,
    })),
  );
  return order.id;
}

/** A test-mode order, paid through the payment workflow (its test invoice issued): a test shop's sale. */
export async function insertPaidTestOrder(shop: TestShop, email: string): Promise<string> {
  const id = await insertOrder(shop, { userId: null, email, status: "pending", testMode: true });
  await completeOrderPayment(shop.ctx, {
    orderId: id,
    by: CHANGED_BY.system,
    cause: "payment",
    paymentReference: null,
  });
  return id;
}
