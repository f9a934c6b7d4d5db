/**
 * The account API through the real app: /api/me, MFA bookkeeping (skip, completed, reset,
 * factors), profile, address lookup, order history, data export and account deletion (with
 * the customer's photos).
 */
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMISED_ORDER } from "../../../src/server/accounts/account-data.js";
import { type AddressLookup, AddressLookupError } from "../../../src/server/accounts/address.js";
import {
  accounts,
  cartItems,
  mfaSetupAttempts,
  orderItems,
  orders,
  outboxEmails,
  printJobs,
  profiles,
  sessions,
  twoFactors,
  uploads,
  users,
} from "../../../src/server/db/schema.js";
import { orderEmailKey, queueMail, queueOrderEmail } from "../../../src/server/messaging/mail-outbox.js";
import { addressRoutes } from "../../../src/server/routes/address.js";
import { asUser, createUser, signIn, uniqueEmail } from "../../support/accounts.js";
import { lithophaneItem } from "../../support/checkout.js";
import { mergeCookies } from "../../support/cookies.js";
import { insertOrder } from "../../support/orders.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { totpCode } from "../../support/totp.js";
import { type UploadedPhoto, uploadTestPhoto } from "../../support/uploads.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with expect().
type Json = Record<string, any>;

async function call(
  cookie: string | undefined,
  method: "get" | "post" | "put" | "delete",
  path: string,
  json?: unknown,
) {
  const res = await asUser(shop, cookie)[method](path, json);
  return { res, status: res.status, body: (await res.json().catch(() => null)) as Json };
}

async function attemptsOf(userId: string) {
  return shop.ctx.database.db
    .select({ attemptType: mfaSetupAttempts.attemptType, success: mfaSetupAttempts.success })
    .from(mfaSetupAttempts)
    .where(eq(mfaSetupAttempts.userId, userId))
    .orderBy(asc(mfaSetupAttempts.id));
}

describe("GET /api/me", () => {
  it("answers 401 without a session", async () => {
    const { status, body } = await call(undefined, "get", "/api/me");
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: "unauthenticated" });
  });

  it("describes a new customer, who still has to set up or skip MFA", async () => {
    const user = await createUser(shop, { firstName: "Orla", lastName: "Byrne" });
    const { status, body } = await call(user.cookie, "get", "/api/me");
    expect(status).toBe(200);
    expect(body).toEqual({
      user: {
        id: user.userId,
        email: user.email,
        name: "Orla Byrne",
        role: "user",
        emailVerified: true,
        twoFactorEnabled: false,
      },
      profile: expect.objectContaining({
        firstName: "Orla",
        lastName: "Byrne",
        email: user.email,
        phoneCountryCode: "+44",
        country: "United States",
        mfaEnabled: false,
        mfaSetupCompleted: false,
        mfaSetupSkipped: false,
        firstLoginCompleted: false,
      }),
      isAdmin: false,
      needsMfaSetup: true,
    });
  });
});

describe("MFA bookkeeping", () => {
  it("lets a customer skip the set-up, and records it", async () => {
    const user = await createUser(shop);
    const skip = await call(user.cookie, "post", "/api/mfa/skip");
    expect(skip.status).toBe(200);
    expect(skip.body.needsMfaSetup).toBe(false);
    expect(skip.body.profile).toMatchObject({
      mfaSetupSkipped: true,
      firstLoginCompleted: true,
      mfaEnabled: false,
    });
    expect((await call(user.cookie, "get", "/api/me")).body.needsMfaSetup).toBe(false);
    expect(await attemptsOf(user.userId)).toEqual([{ attemptType: "skip", success: true }]);
  });

  it("refuses an admin's skip with 'Cannot Skip'; admins need MFA until it is on", async () => {
    const admin = await createUser(shop, { role: "admin" });
    const skip = await call(admin.cookie, "post", "/api/mfa/skip");
    expect(skip.status).toBe(403);
    expect(skip.body).toEqual({ error: "cannot_skip", message: ACCOUNT_MESSAGES.mfa.cannotSkip.description });
    const me = await call(admin.cookie, "get", "/api/me");
    expect(me.body).toMatchObject({ isAdmin: true, needsMfaSetup: true });
    expect(me.body.profile.mfaSetupSkipped).toBe(false);
    expect(await attemptsOf(admin.userId)).toEqual([]);

    // Even an admin who skipped before becoming one must set it up.
    const customer = await createUser(shop);
    await call(customer.cookie, "post", "/api/mfa/skip");
    await shop.ctx.database.db.update(users).set({ role: "admin" }).where(eq(users.id, customer.userId));
    expect((await call(customer.cookie, "get", "/api/me")).body).toMatchObject({
      isAdmin: true,
      needsMfaSetup: true,
    });
  });

  it("marks completion only once TOTP is really on, and only once", async () => {
    const user = await createUser(shop);
    const early = await call(user.cookie, "post", "/api/mfa/completed");
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ error: "mfa_not_enabled", message: ACCOUNT_MESSAGES.mfa.notEnabledYet });

    const mfaUser = await createUser(shop, { mfa: true, role: "admin" });
    const done = await call(mfaUser.cookie, "post", "/api/mfa/completed");
    expect(done.status).toBe(200);
    expect(done.body.profile).toMatchObject({
      mfaEnabled: true,
      mfaSetupCompleted: true,
      firstLoginCompleted: true,
    });
    await call(mfaUser.cookie, "post", "/api/mfa/completed");
    expect(await attemptsOf(mfaUser.userId)).toEqual([
      { attemptType: "setup", success: false },
      { attemptType: "setup", success: true },
    ]);
    expect((await call(mfaUser.cookie, "get", "/api/me")).body).toMatchObject({
      isAdmin: true,
      needsMfaSetup: false,
    });
  });

  it("lists the TOTP factor", async () => {
    const plain = await createUser(shop);
    expect((await call(plain.cookie, "get", "/api/mfa/factors")).body).toEqual({ factors: [] });
    const mfaUser = await createUser(shop, { mfa: true });
    const { body } = await call(mfaUser.cookie, "get", "/api/mfa/factors");
    expect(body.factors).toHaveLength(1);
    expect(body.factors[0]).toMatchObject({ friendlyName: "TOTP Authenticator", factorType: "totp" });
    expect(Number.isNaN(Date.parse(body.factors[0].createdAt))).toBe(false);
  });

  it("resets MFA only with the password (and a valid code when one is given)", async () => {
    const user = await createUser(shop, { mfa: true, role: "admin" });
    const noPassword = await call(user.cookie, "post", "/api/mfa/reset", {});
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({
      error: "password_required",
      message: ACCOUNT_MESSAGES.mfa.passwordRequired,
    });
    const wrongPassword = await call(user.cookie, "post", "/api/mfa/reset", { password: "nope nope" });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({
      error: "invalid_password",
      message: ACCOUNT_MESSAGES.auth.incorrectPassword,
    });
    const wrongCode = await call(user.cookie, "post", "/api/mfa/reset", {
      password: user.password,
      code: "000000",
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({
      error: "invalid_code",
      message: ACCOUNT_MESSAGES.mfa.verifyFailed.description,
    });
    expect((await call(user.cookie, "get", "/api/me")).body.user.twoFactorEnabled).toBe(true);

    const reset = await call(user.cookie, "post", "/api/mfa/reset", {
      password: user.password,
      code: totpCode(user.totpSecret!),
    });
    expect(reset.status).toBe(200);
    expect(reset.body.needsMfaSetup).toBe(true);
    expect(reset.body.profile).toMatchObject({ mfaEnabled: false, mfaSetupCompleted: false });
    // Better Auth rotated the session; the new cookie came back with the answer.
    const cookie = mergeCookies(user.cookie, reset.res);
    const me = await call(cookie, "get", "/api/me");
    expect(me.body.user.twoFactorEnabled).toBe(false);
    expect(me.body.needsMfaSetup).toBe(true);
    expect(
      await shop.ctx.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.userId)),
    ).toEqual([]);
    // Sign-in no longer asks for a code.
    const again = await signIn(shop, user.email, user.password);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect(again.res.status).toBe(200);
  });
});

describe("re-authentication limits", () => {
  it("allows 5 password checks a minute per account on the shop's own endpoints", async () => {
    const user = await createUser(shop);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(user.cookie, "post", "/api/mfa/reset", { password: `guess ${i}` })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const blocked = await call(user.cookie, "delete", "/api/account", {
      confirm: "DELETE",
      password: user.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(ACCOUNT_MESSAGES.auth.tooManyAttempts);
    expect((await call(user.cookie, "get", "/api/me")).status).toBe(200);
  });
});

describe("profile", () => {
  it("reads and updates the caller's profile; the e-mail cannot be changed here", async () => {
    const user = await createUser(shop, { firstName: "Sean", lastName: "Murphy" });
    const before = await call(user.cookie, "get", "/api/profile");
    expect(before.body.profile).toMatchObject({
      firstName: "Sean",
      lastName: "Murphy",
      email: user.email,
      phone: null,
    });

    const put = await call(user.cookie, "put", "/api/profile", {
      firstName: "Seán",
      lastName: "Murphy",
      email: "hijack@example.com",
      phone: "07700 900-123",
      phoneCountryCode: "+44",
      country: "United Kingdom",
      addressLine1: "12 Lisburn Road",
      addressLine2: "Flat 2",
      city: "Belfast",
      state: "Antrim",
      postalCode: "BT9 6AA",
    });
    expect(put.status).toBe(200);
    expect(put.body.profile).toMatchObject({
      firstName: "Seán",
      email: user.email,
      // Stored as the number after +44: the trunk 0 typed from habit is dropped (issue 30).
      phone: "7700900123",
      country: "United Kingdom",
      addressLine2: "Flat 2",
      postalCode: "BT9 6AA",
    });
    const after = await call(user.cookie, "get", "/api/profile");
    expect(after.body.profile).toEqual(put.body.profile);
    const [row] = await shop.ctx.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ email: user.email, name: "Seán Murphy" });

    // A blank field clears it.
    const cleared = await call(user.cookie, "put", "/api/profile", { addressLine2: "" });
    expect(cleared.body.profile).toMatchObject({ addressLine2: null, addressLine1: "12 Lisburn Road" });
  });

  it("refuses a phone number outside 6-15 digits and keeps the stored profile", async () => {
    const user = await createUser(shop);
    await call(user.cookie, "put", "/api/profile", { phone: "028 9032 1234", phoneCountryCode: "+44" });
    const bad = await call(user.cookie, "put", "/api/profile", { phone: "12345", phoneCountryCode: "+44" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: "validation_failed",
      message: "Phone number must be between 6 and 15 digits",
      fields: { phone: "Phone number must be between 6 and 15 digits" },
    });
    const tooLong = await call(user.cookie, "put", "/api/profile", { phone: "1234567890123456" });
    expect(tooLong.status).toBe(400);
    const badCountry = await call(user.cookie, "put", "/api/profile", { country: "Atlantis" });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.message).toBe(CHECKOUT_MESSAGES.validation.invalidCountry);
    expect((await call(user.cookie, "get", "/api/profile")).body.profile.phone).toBe("2890321234");
  });
});

describe("address lookup", () => {
  it("needs a session, a postcode and a country", async () => {
    expect(
      (
        await call(undefined, "post", "/api/address/lookup", {
          postcode: "BT1 1AA",
          country: "United Kingdom",
        })
      ).status,
    ).toBe(401);
    const user = await createUser(shop);
    const missing = await call(user.cookie, "post", "/api/address/lookup", {
      postcode: "BT1 1AA",
      country: "",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(ACCOUNT_MESSAGES.address.postcodeAndCountryRequired);
  });

  it("answers 503 'Address Lookup Failed' when no provider is configured (no made-up addresses)", async () => {
    const user = await createUser(shop);
    const res = await call(user.cookie, "post", "/api/address/lookup", {
      postcode: "BT1 1AA",
      country: "United Kingdom",
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: "address_lookup_unavailable",
      message: ACCOUNT_MESSAGES.address.lookupFailed.description,
    });
  });

  it("returns the provider's addresses, and 422/503 when it cannot help", async () => {
    const fake: AddressLookup = {
      provider: "fake",
      async lookup(postcode, country) {
        if (country !== "United Kingdom") throw new AddressLookupError("unsupported_country", "UK only");
        if (postcode === "DOWN 1") throw new AddressLookupError("unavailable", "down");
        return [
          {
            address_line_1: "1 Donegall Square",
            address_line_2: "",
            city: "Belfast",
            state: "Antrim",
            postal_code: "BT1 5GS",
            formatted_address: "1 Donegall Square, Belfast, Antrim, BT1 5GS",
          },
        ];
      },
    };
    const app = new Hono().route("/api", addressRoutes(shop.ctx, fake));
    app.onError((err, c) => {
      const e = err as { status?: number; code?: string; message: string };
      return c.json({ error: e.code, message: e.message }, (e.status ?? 500) as 422);
    });
    const user = await createUser(shop);
    const post = async (json: unknown) => {
      const res = await app.request("/api/address/lookup", {
        method: "POST",
        body: JSON.stringify(json),
        headers: { "content-type": "application/json", cookie: user.cookie },
      });
      return { status: res.status, body: (await res.json()) as Json };
    };
    const ok = await post({ postcode: "BT1 5GS", country: "United Kingdom" });
    expect(ok.status).toBe(200);
    expect(ok.body.addresses[0]).toMatchObject({ address_line_1: "1 Donegall Square", city: "Belfast" });
    const ireland = await post({ postcode: "D02 X285", country: "Ireland" });
    expect(ireland).toEqual({
      status: 422,
      body: {
        error: "address_lookup_unsupported_country",
        message: ACCOUNT_MESSAGES.address.lookupFailed.description,
      },
    });
    expect((await post({ postcode: "DOWN 1", country: "United Kingdom" })).status).toBe(503);
  });
});

describe("order history", () => {
  it("lists own orders and guest orders sent to the verified e-mail, newest first", async () => {
    const user = await createUser(shop, { email: uniqueEmail("history") });
    const other = await createUser(shop);
    const t = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));
    const own = await insertOrder(shop, {
      userId: user.userId,
      email: user.email,
      createdAt: t(1),
      status: "in_transit",
    });
    const guest = await insertOrder(shop, {
      userId: null,
      email: user.email.toUpperCase(),
      createdAt: t(3),
      testMode: true,
      items: [
        {
          kind: "accessory",
          size: "Standard",
          frameColor: "LED Light Base",
          shape: "Rectangle",
          price: 1999,
        },
        {
          size: "7 inch x 7 inch",
          frameColor: "Black · 3 × Square",
          shape: "Keepsake Collection",
          price: 9315,
        },
      ],
    });
    const ownNewest = await insertOrder(shop, {
      userId: user.userId,
      email: "typo@example.com",
      createdAt: t(5),
    });
    await insertOrder(shop, { userId: other.userId, email: user.email, createdAt: t(4) }); // someone else's
    await insertOrder(shop, { userId: null, email: other.email, createdAt: t(2) }); // a stranger's guest order
    const anonymised = await insertOrder(shop, { userId: null, email: user.email, createdAt: t(6) });
    await shop.ctx.database.db
      .update(orders)
      .set({ anonymisedAt: new Date() })
      .where(eq(orders.id, anonymised));

    const { status, body } = await call(user.cookie, "get", "/api/orders");
    expect(status).toBe(200);
    expect(body.orders.map((o: Json) => o.id)).toEqual([ownNewest, guest, own]);
    const guestOrder = body.orders[1];
    expect(guestOrder).toEqual({
      id: guest,
      displayNumber: expect.stringMatching(/^[0-9]{4,}$/),
      status: "paid",
      totalAmount: 1999 + 9315 + 899,
      createdAt: t(3).toISOString(),
      isGuestOrder: true,
      testMode: true,
      discountAmount: 0,
      // Written straight into the table: no invoice was issued (a paid order's link is tested in e2e).
      documents: [],
      tracking: null,
      // The one description of each line (issue 47 item 9: it once dropped the processing).
      items: [
        {
          quantity: 1,
          price: 1999,
          description: expect.objectContaining({ kind: "accessory", title: "LED Light Base" }),
        },
        {
          quantity: 1,
          price: 9315,
          description: expect.objectContaining({
            bundle: "Keepsake Collection",
            shape: "Square",
            size: "7″ x 7″",
            frame: "Black",
            summary: expect.stringContaining("Keepsake Collection"),
          }),
        },
      ],
    });
    expect(body.orders[2]).toMatchObject({ status: "in_transit", isGuestOrder: false, testMode: false });
  });

  it("shows no guest orders while the e-mail is unverified", async () => {
    const user = await createUser(shop);
    await insertOrder(shop, { userId: null, email: user.email });
    const own = await insertOrder(shop, { userId: user.userId, email: user.email });
    await shop.ctx.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.userId));
    const { body } = await call(user.cookie, "get", "/api/orders");
    expect(body.orders.map((o: Json) => o.id)).toEqual([own]);
  });
});

describe("data export", () => {
  it("downloads the caller's data as a JSON attachment, without secrets", async () => {
    const user = await createUser(shop, { mfa: true, firstName: "Eimear" });
    await call(user.cookie, "put", "/api/profile", { phone: "07700900456", city: "Derry" });
    const orderId = await insertOrder(shop, { userId: user.userId, email: user.email });
    await insertOrder(shop, { userId: null, email: user.email });
    const photo = await uploadPhoto(user.cookie);
    const saved = await call(user.cookie, "put", "/api/cart", {
      items: [cartItem(photo.url, photo.originalUrl)],
    });
    expect(saved.status).toBe(200);

    const res = await asUser(shop, user.cookie).get("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="lithobox-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const text = await res.text();
    const data = JSON.parse(text) as Json;
    expect(data.account).toMatchObject({ id: user.userId, email: user.email, twoFactorEnabled: true });
    expect(data.profile).toMatchObject({ firstName: "Eimear", phone: "7700900456", city: "Derry" });
    expect(data.orders).toHaveLength(2);
    expect(data.orders.find((o: Json) => o.id === orderId)).toMatchObject({
      isGuestOrder: false,
      shippingCity: "Belfast",
      items: [expect.objectContaining({ size: "7 inch x 7 inch", price: 5450 })],
    });
    expect(data.savedCart).toHaveLength(1);
    expect(data.mfaSetupAttempts).toEqual([
      expect.objectContaining({ attemptType: "setup", success: false }),
      expect.objectContaining({ attemptType: "setup", success: true }),
    ]);
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: "credential" })]);

    // No secrets: password hash, TOTP secret, backup codes, session tokens.
    const db = shop.ctx.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.userId, user.userId));
    const [factor] = await db.select().from(twoFactors).where(eq(twoFactors.userId, user.userId));
    const tokens = await db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, user.userId));
    for (const secret of [
      account!.password!,
      factor!.secret,
      factor!.backupCodes,
      user.totpSecret!,
      ...tokens.map((t) => t.token),
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/"password"|"secret"|"backupCodes"|"token"/);
  });

  it("needs a session", async () => {
    expect((await call(undefined, "get", "/api/account/export")).status).toBe(401);
  });
});

type Photo = UploadedPhoto;

/** Uploads a photo through the real endpoint, signed in (`cookie`) or as a guest. */
function uploadPhoto(cookie: string | undefined): Promise<Photo> {
  return uploadTestPhoto(shop, { cookie, name: "family.png" });
}

async function stored(url: string): Promise<boolean> {
  const key = shop.ctx.storage.keyFromUrl(url);
  if (!key) throw new Error(`not a storage URL: ${url}`);
  return (await shop.ctx.storage.get(key)) !== null;
}

/** Puts the photo (and additional photos) on the order's line, as checkout records them. */
async function setItemPhotos(orderId: string, photo: Photo, additional: string[]) {
  await shop.ctx.database.db
    .update(orderItems)
    .set({ imageUrl: photo.url, originalImageUrl: photo.originalUrl, additionalImages: additional })
    .where(eq(orderItems.orderId, orderId));
}

/** A finished print job of the order's line, with its 3MF in storage; returns the file's key. */
async function addPrintFile(orderId: string, imageUrl: string): Promise<string> {
  const db = shop.ctx.database.db;
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const fileKey = `print-files/${orderId}/panel-0.3mf`;
  await shop.ctx.storage.put(fileKey, new Uint8Array([1, 2, 3]), "model/3mf");
  await db.insert(printJobs).values({
    orderId,
    orderItemId: item!.id,
    panelIndex: 0,
    imageUrl,
    status: "done",
    progress: 1,
    fileKey,
  });
  return fileKey;
}

function cartItem(imageUrl: string, originalImageUrl = imageUrl) {
  return { ...lithophaneItem(), imageUrl, originalImageUrl };
}

describe("account deletion", () => {
  it("checks the confirmation and the password", async () => {
    const user = await createUser(shop);
    const noConfirm = await call(user.cookie, "delete", "/api/account", {
      confirm: "delete",
      password: user.password,
    });
    expect(noConfirm.status).toBe(400);
    expect(noConfirm.body.message).toBe(ACCOUNT_MESSAGES.account.deleteConfirmRequired);
    const noPassword = await call(user.cookie, "delete", "/api/account", { confirm: "DELETE" });
    expect(noPassword.status).toBe(400);
    const wrong = await call(user.cookie, "delete", "/api/account", {
      confirm: "DELETE",
      password: "wrong one",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_password");
    expect((await call(user.cookie, "get", "/api/me")).status).toBe(200);
  });

  it("removes the account and its data, anonymises its orders and deletes its unused uploads", async () => {
    const user = await createUser(shop, { mfa: true });
    const bystander = await createUser(shop);
    const db = shop.ctx.database.db;
    const own = await insertOrder(shop, { userId: user.userId, email: user.email, status: "delivered" });
    const guest = await insertOrder(shop, { userId: null, email: user.email, status: "cancelled" });
    const othersOrder = await insertOrder(shop, { userId: bystander.userId, email: bystander.email });
    await call(user.cookie, "post", "/api/mfa/completed");
    const photo = await uploadPhoto(user.cookie);
    const saved = await call(user.cookie, "put", "/api/cart", {
      items: [cartItem(photo.url, photo.originalUrl)],
    });
    expect(saved.status).toBe(200);
    const [upload] = await db
      .insert(uploads)
      .values({
        originalKey: `o-${user.userId}`,
        previewKey: `p-${user.userId}`,
        userId: user.userId,
        width: 10,
        height: 10,
        bytes: 100,
      })
      .returning({ id: uploads.id });

    const res = await call(user.cookie, "delete", "/api/account", {
      confirm: "DELETE",
      password: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, ordersAnonymised: 2 });
    expect(
      res.res.headers.getSetCookie().some((c) => /session_token=;/.test(c) && /max-age=0/i.test(c)),
    ).toBe(true);

    for (const table of [
      users,
      sessions,
      accounts,
      profiles,
      cartItems,
      twoFactors,
      mfaSetupAttempts,
    ] as const) {
      const column = "userId" in table ? table.userId : table.id;
      expect(await db.select().from(table).where(eq(column, user.userId))).toEqual([]);
    }
    const kept = await db.select().from(orders).where(eq(orders.id, own));
    for (const id of [own, guest]) {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      expect(order).toMatchObject({ ...ANONYMISED_ORDER, userId: null, shippingCountry: "United Kingdom" });
      expect(order?.anonymisedAt).toBeInstanceOf(Date);
      expect(order?.totalAmount).toBe(5450 + 899);
    }
    expect(kept).toHaveLength(1);
    const [untouched] = await db.select().from(orders).where(eq(orders.id, othersOrder));
    expect(untouched).toMatchObject({
      userId: bystander.userId,
      shippingEmail: bystander.email,
      anonymisedAt: null,
    });
    // Nothing retained names the upload: its row is gone (its files are covered below).
    expect(await db.select().from(uploads).where(eq(uploads.id, upload!.id))).toEqual([]);

    expect((await call(user.cookie, "get", "/api/me")).status).toBe(401);
    expect((await signIn(shop, user.email, user.password)).res.status).toBe(401);
    // The bystander is fine.
    expect((await call(bystander.cookie, "get", "/api/me")).status).toBe(200);
  });

  it("removes the customer's photos from storage after commit, keeping what an open order needs", async () => {
    const user = await createUser(shop, { email: uniqueEmail("photos") });
    const bystander = await createUser(shop);
    const db = shop.ctx.database.db;
    const storage = shop.ctx.storage;

    const own = {
      open: await uploadPhoto(user.cookie),
      delivered: await uploadPhoto(user.cookie),
      cartOnly: await uploadPhoto(user.cookie),
      unused: await uploadPhoto(user.cookie),
    };
    // Uploaded before signing in (no owner), then used in the customer's delivered order.
    const guestExtra = await uploadPhoto(undefined);
    // Someone else's photos: never touched.
    const strangers = await uploadPhoto(undefined);
    const bystanders = await uploadPhoto(bystander.cookie);

    // Not paid yet (an abandoned checkout): open, but it blocks nothing.
    const openOrder = await insertOrder(shop, { userId: user.userId, email: user.email, status: "pending" });
    const deliveredOrder = await insertOrder(shop, {
      userId: null,
      email: user.email,
      status: "delivered",
    });
    await setItemPhotos(openOrder, own.open, []);
    await setItemPhotos(deliveredOrder, own.delivered, [guestExtra.url]);
    const openPrintFile = await addPrintFile(openOrder, own.open.originalUrl);
    const deliveredPrintFile = await addPrintFile(deliveredOrder, own.delivered.originalUrl);
    await queueMail(db, {
      dedupeKey: `test-account-deletion:${openOrder}`,
      kind: "customer_message",
      to: user.email.toUpperCase(),
      subject: "A message for you",
      text: "Hello",
      html: "<p>Hello</p>",
    });
    await db.transaction((tx) => queueOrderEmail(tx, openOrder, "dispatch"));
    const cart = await call(user.cookie, "put", "/api/cart", {
      items: [cartItem(own.cartOnly.url, own.cartOnly.originalUrl)],
    });
    expect(cart.status).toBe(200);

    const res = await call(user.cookie, "delete", "/api/account", {
      confirm: "DELETE",
      password: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, ordersAnonymised: 2 });

    // Gone: rows and every file (original, preview, print file).
    for (const photo of [own.delivered, own.cartOnly, own.unused, guestExtra]) {
      expect(await db.select().from(uploads).where(eq(uploads.id, photo.id))).toEqual([]);
      expect(await stored(photo.url)).toBe(false);
      expect(await stored(photo.originalUrl)).toBe(false);
    }
    expect(await storage.get(deliveredPrintFile)).toBeNull();
    expect(await db.select().from(printJobs).where(eq(printJobs.orderId, deliveredOrder))).toEqual([]);
    const [deliveredItem] = await db.select().from(orderItems).where(eq(orderItems.orderId, deliveredOrder));
    expect(deliveredItem).toMatchObject({ imageUrl: null, originalImageUrl: null, additionalImages: [] });
    expect(deliveredItem?.price).toBe(5450);

    // Kept: the open order's photo (detached from the account), its URLs and its print file.
    const [kept] = await db.select().from(uploads).where(eq(uploads.id, own.open.id));
    expect(kept).toMatchObject({ userId: null });
    expect(await stored(own.open.url)).toBe(true);
    expect(await stored(own.open.originalUrl)).toBe(true);
    const [openItem] = await db.select().from(orderItems).where(eq(orderItems.orderId, openOrder));
    expect(openItem).toMatchObject({ imageUrl: own.open.url, originalImageUrl: own.open.originalUrl });
    expect(await storage.get(openPrintFile)).not.toBeNull();
    const [openOrderRow] = await db.select().from(orders).where(eq(orders.id, openOrder));
    expect(openOrderRow).toMatchObject({ ...ANONYMISED_ORDER, status: "pending" });
    // No e-mail goes to a deleted customer.
    const owed = await db
      .select({ key: outboxEmails.dedupeKey, status: outboxEmails.status, sentAt: outboxEmails.sentAt })
      .from(outboxEmails)
      .where(
        inArray(outboxEmails.dedupeKey, [
          orderEmailKey(openOrder, "dispatch"),
          `test-account-deletion:${openOrder}`,
        ]),
      );
    expect(owed).toHaveLength(2);
    expect(owed.map((e) => [e.status, e.sentAt])).toEqual([
      ["skipped", null],
      ["skipped", null],
    ]);

    // Other people's photos are untouched.
    for (const photo of [strangers, bystanders]) {
      expect(await db.select().from(uploads).where(eq(uploads.id, photo.id))).toHaveLength(1);
      expect(await stored(photo.originalUrl)).toBe(true);
    }
  });

  it("refuses while an order is paid and not yet delivered, and changes nothing", async () => {
    const user = await createUser(shop);
    const db = shop.ctx.database.db;
    const photo = await uploadPhoto(user.cookie);
    const delivered = await insertOrder(shop, {
      userId: user.userId,
      email: user.email,
      status: "delivered",
    });
    const onItsWay = await insertOrder(shop, { userId: null, email: user.email, status: "in_transit" });
    const res = await call(user.cookie, "delete", "/api/account", {
      confirm: "DELETE",
      password: user.password,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: "orders_in_fulfilment",
      message: ACCOUNT_MESSAGES.account.ordersInFulfilment(1),
    });
    expect(await db.select().from(users).where(eq(users.id, user.userId))).toHaveLength(1);
    for (const id of [delivered, onItsWay]) {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      expect(order).toMatchObject({ shippingEmail: user.email, anonymisedAt: null });
    }
    expect(await stored(photo.originalUrl)).toBe(true);
    expect((await call(user.cookie, "get", "/api/me")).status).toBe(200);

    // Delivered, it no longer stands in the way.
    await db.update(orders).set({ status: "delivered" }).where(eq(orders.id, onItsWay));
    const again = await call(user.cookie, "delete", "/api/account", {
      confirm: "DELETE",
      password: user.password,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ deleted: true, ordersAnonymised: 2 });
  });

  it("still deletes the account when a file cannot be removed from storage, and logs it", async () => {
    const user = await createUser(shop);
    const db = shop.ctx.database.db;
    const [stuck, fine] = [await uploadPhoto(user.cookie), await uploadPhoto(user.cookie)];
    const stuckKey = shop.ctx.storage.keyFromUrl(stuck.originalUrl);
    const storage = shop.ctx.storage;
    const realDelete = storage.delete.bind(storage);
    const deleteSpy = vi.spyOn(storage, "delete").mockImplementation(async (key: string) => {
      if (key === stuckKey) throw new Error("bucket unavailable");
      await realDelete(key);
    });
    const logged = vi.spyOn(shop.ctx.log, "error");
    let errors: unknown[][] = [];
    try {
      const res = await call(user.cookie, "delete", "/api/account", {
        confirm: "DELETE",
        password: user.password,
      });
      expect(res.status).toBe(200);
      errors = [...logged.mock.calls];
    } finally {
      deleteSpy.mockRestore();
      logged.mockRestore();
    }
    expect(await db.select().from(users).where(eq(users.id, user.userId))).toEqual([]);
    expect(
      await db
        .select()
        .from(uploads)
        .where(inArray(uploads.id, [stuck.id, fine.id])),
    ).toEqual([]);
    expect(await stored(fine.originalUrl)).toBe(false);
    expect(await stored(stuck.url)).toBe(false);
    expect(await stored(stuck.originalUrl)).toBe(true);
    expect(errors).toContainEqual([
      expect.objectContaining({ key: stuckKey }),
      expect.stringContaining("could not be removed"),
    ]);
  });

  it("refuses to delete the last administrator", async () => {
    const admin = await createUser(shop, { role: "admin" });
    const db = shop.ctx.database.db;
    await db
      .update(users)
      .set({ role: "user" })
      .where(and(eq(users.role, "admin"), ne(users.id, admin.userId)));
    const res = await call(admin.cookie, "delete", "/api/account", {
      confirm: "DELETE",
      password: admin.password,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "last_admin", message: ACCOUNT_MESSAGES.account.lastAdmin });
    expect(await db.select().from(users).where(eq(users.id, admin.userId))).toHaveLength(1);
  });
});
