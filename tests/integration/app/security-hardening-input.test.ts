/**
 * Issue 14, what a hostile visitor found (input and account side), one regression test each:
 * - 2: checkout and the saved cart refuse a lithophane that cannot be made (photo count, crop
 *   outside the photo, a photo that is not stored), with a 422 naming the line;
 * - 5: an e-mail change needs the password (or a fresh sign-in); a password change cancels a
 *   pending change; the old address can undo it for 7 days;
 * - 6: NUL bytes are a 400 at validation and request values never reach the log; impossible
 *   calendar dates are refused; Better Auth's user-writing endpoints follow the shop's schema;
 * - 7: a TOTP code works once; sign-up does the same work for a new and a known address;
 *   verification and reset mails are capped per recipient.
 */

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  emailChanges,
  orders,
  sessions,
  twoFactors,
  users,
} from "../../../src/server/db/schema.js";
import { createLogger } from "../../../src/server/lib/logger.js";
import { ACCOUNT_MESSAGES } from "../../../src/shared/account-messages.js";
import { CHECKOUT_MESSAGES } from "../../../src/shared/checkout-messages.js";
import { CREATOR_MESSAGES } from "../../../src/shared/creator-messages.js";
import { EMAIL_CHANGE_UNDO_TEXTS } from "../../../src/shared/email-change-texts";
import {
  asUser,
  authPost,
  createUser,
  DEFAULT_PASSWORD,
  openLink,
  signIn,
  signUp,
  type TestUser,
  uniqueEmail,
  verificationLink,
} from "../../support/accounts.js";
import {
  ACCESSORIES,
  accessoryItem,
  lithophaneItem,
  postCheckout,
  shippingInfo,
} from "../../support/checkout.js";
import { mergeCookies } from "../../support/cookies.js";
import { latestMailTo, readMails } from "../../support/mail.js";
import { randomIp } from "../../support/requests.js";
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

// ---------------------------------------------------------------------------- item 2

describe("the server checks that an order can be made", () => {
  let customer: TestUser;
  let main: UploadedPhoto;
  let extra: UploadedPhoto[];

  beforeAll(async () => {
    customer = await createUser(shop);
    main = await uploadTestPhoto(shop, { width: 64, height: 48 });
    extra = [await uploadTestPhoto(shop), await uploadTestPhoto(shop)];
  });

  function line(
    bundle: "starter" | "gift" | "family",
    photos: {
      additional?: string[];
      cropPixels?: { x: number; y: number; width: number; height: number };
    } = {},
  ) {
    const base = lithophaneItem(bundle);
    return {
      ...base,
      imageUrl: main.url,
      originalImageUrl: main.originalUrl,
      additionalImages: photos.additional ?? [],
      config: { ...base.config, ...(photos.cropPixels ? { cropPixels: photos.cropPixels } : {}) },
    };
  }

  type Refusal = {
    error: string;
    message: string;
    items: Array<{ id: string; name: string; message: string }>;
  };

  async function refusedAtCheckout(item: ReturnType<typeof line>): Promise<Refusal> {
    const before = await shop.ctx.database.db.select({ id: orders.id }).from(orders);
    const res = await postCheckout(shop, { cartItems: [item], shippingInfo: shippingInfo() });
    expect(res.status).toBe(422);
    const body = (await res.json()) as Refusal;
    expect(body.items.map((i) => i.id)).toEqual([item.id]);
    // Nothing was written.
    expect(await shop.ctx.database.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    return body;
  }

  async function refusedInSavedCart(item: ReturnType<typeof line>): Promise<Refusal> {
    const res = await asUser(shop, customer.cookie).put("/api/cart", { items: [item] });
    expect(res.status).toBe(422);
    const body = (await res.json()) as Refusal;
    expect(body.error).toBe("item_invalid");
    expect(body.items.map((i) => i.id)).toEqual([item.id]);
    const rows = await shop.ctx.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, customer.userId));
    expect(rows.map((r) => r.itemId)).not.toContain(item.id);
    return body;
  }

  it("accepts lines that can be made, with a crop inside the photo", async () => {
    const ok = [
      line("starter", { cropPixels: { x: 16, y: 0, width: 48, height: 48 } }),
      line("gift", { additional: extra.map((e) => e.url) }),
    ];
    expect((await postCheckout(shop, { cartItems: ok, shippingInfo: shippingInfo() })).status).toBe(201);
    expect((await asUser(shop, customer.cookie).put("/api/cart", { items: ok })).status).toBe(200);
  });

  it("refuses a photo count other than the bundle's lithophane count minus one, naming the line", async () => {
    const keepsakeWithNone = line("gift");
    const body = await refusedAtCheckout(keepsakeWithNone);
    expect(body.error).toBe("item_unavailable");
    expect(body.items[0]?.name).toBe("Lithophane (Keepsake Collection)");
    expect(body.message).toBe(
      `Lithophane (Keepsake Collection): ${CREATOR_MESSAGES.creator.lineProblems.photoCount("Keepsake Collection", 2, 0)}`,
    );
    const essentialsWithFour = line("starter", { additional: [...extra, ...extra].map((e) => e.url) });
    expect((await refusedAtCheckout(essentialsWithFour)).message).toContain("takes 0 additional photos");
    expect((await refusedInSavedCart(line("gift"))).items[0]?.message).toContain("takes 2 additional photos");
    await refusedInSavedCart(essentialsWithFour);
  });

  it("refuses a crop outside the photo's pixels (1e308, past the edge, negative)", async () => {
    for (const cropPixels of [
      { x: 1e308, y: 0, width: 10, height: 10 },
      { x: 0, y: 0, width: 1e308, height: 1e308 },
      { x: 20, y: 0, width: 48, height: 48 },
      { x: 0, y: 1, width: 64, height: 48 },
    ]) {
      const item = line("starter", { cropPixels });
      expect((await refusedAtCheckout(item)).message).toContain(
        CREATOR_MESSAGES.creator.lineProblems.cropOutside,
      );
      expect((await refusedInSavedCart(item)).message).toContain(
        CREATOR_MESSAGES.creator.lineProblems.cropOutside,
      );
    }
  });

  it("refuses image URLs with no stored upload behind them", async () => {
    const ghost = "/api/media/lightbox-images/1700000000000-nobody-0badf00d.jpg";
    const ghostPreview = "/api/media/lightbox-images/1700000000000-nobody-0badf00d-preview.webp";
    for (const item of [
      { ...line("starter"), imageUrl: ghostPreview, originalImageUrl: ghost },
      line("gift", { additional: [extra[0]!.url, ghostPreview] }),
      // The preview as the "original": the print would be cut from a different image than the crop.
      { ...line("starter"), originalImageUrl: main.url },
      // Someone else's preview shown beside this original.
      { ...line("starter"), imageUrl: extra[0]!.url },
    ]) {
      expect((await refusedAtCheckout(item)).message).toContain(CREATOR_MESSAGES.creator.imageNotUploaded);
      expect((await refusedInSavedCart(item)).message).toContain(CREATOR_MESSAGES.creator.imageNotUploaded);
    }
  });
});

// ---------------------------------------------------------------------------- item 6

describe("edges that answered 500 or accepted nonsense", () => {
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    customer = await createUser(shop, { firstName: "Nuala" });
    admin = await createUser(shop, { role: "admin", mfa: true });
  });

  async function expectNulRefused(res: Response) {
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      CHECKOUT_MESSAGES.validation.nulCharacter,
    );
  }

  it("refuses a NUL byte in any text field with 400: contact, profile, checkout, admin search, auth", async () => {
    await expectNulRefused(
      await asUser(shop, undefined).post("/api/contact", {
        name: "Nell",
        email: "nell@example.com",
        message: "Hello\u0000there",
      }),
    );
    await expectNulRefused(
      await asUser(shop, customer.cookie).put("/api/profile", { city: "Bel\u0000fast" }),
    );
    await expectNulRefused(
      await postCheckout(shop, {
        cartItems: [accessoryItem(ACCESSORIES.adapter)],
        shippingInfo: shippingInfo({ addressLine1: "1 Main\u0000 Street" }),
      }),
    );
    await expectNulRefused(await asUser(shop, admin.cookie).get("/api/admin/orders?q=%00abc"));
    await expectNulRefused(
      await authPost(shop, "/sign-in/email", { email: "a\u0000@example.com", password: "x" }),
    );
    // The profile is as it was.
    const profile = (await (await asUser(shop, customer.cookie).get("/api/profile")).json()) as {
      profile: { city: string | null };
    };
    expect(profile.profile.city ?? "").not.toContain("\u0000");
  });

  it("never logs request values when a query fails", async () => {
    const lines: string[] = [];
    const original = shop.ctx.log;
    shop.ctx.log = createLogger("info", { write: (line: string) => void lines.push(line) });
    const db = shop.ctx.database.db;
    await db.execute(
      sql.raw(`create or replace function test_refuse_profile() returns trigger language plpgsql as $$
        begin
          if new.city = 'Secret-City-4711' then raise exception 'refused by test'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(
        "create trigger test_refuse_profile before update on profiles for each row execute function test_refuse_profile()",
      ),
    );
    try {
      const res = await asUser(shop, customer.cookie).put("/api/profile", {
        city: "Secret-City-4711",
        addressLine1: "Secret-Street-0815",
      });
      expect(res.status).toBe(500);
    } finally {
      shop.ctx.log = original;
      await db.execute(sql.raw("drop trigger test_refuse_profile on profiles"));
      await db.execute(sql.raw("drop function test_refuse_profile()"));
    }
    const logged = lines.join("\n");
    expect(logged).toContain("request failed");
    expect(logged).toContain("Failed query");
    expect(logged).not.toContain("Secret-City-4711");
    expect(logged).not.toContain("Secret-Street-0815");
    expect(logged).not.toContain(customer.userId);
  });

  it("validates calendar dates strictly: 2026-02-30 is a 400, not a 500 or an empty export", async () => {
    const a = asUser(shop, admin.cookie);
    for (const path of [
      "/api/admin/orders?from=2026-02-30",
      "/api/admin/orders?to=2025-13-01",
      "/api/admin/export/orders?from=2026-02-30",
      "/api/admin/analytics?from=2026-04-31",
      "/api/admin/activity?to=2023-02-29",
    ]) {
      const res = await a.get(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: string }).message, path).toBe(
        CHECKOUT_MESSAGES.validation.notARealDate,
      );
    }
    expect((await a.get("/api/admin/orders?from=2024-02-29&to=2024-03-01")).status).toBe(200);
  });

  it("applies the shop's schema to Better Auth's update-user: name length, http(s) images only", async () => {
    const update = (json: unknown) => authPost(shop, "/update-user", json, { cookie: customer.cookie });
    const huge = await update({ name: "N".repeat(200_000) });
    expect(huge.status).toBe(400);
    expect(huge.headers.getSetCookie()).toHaveLength(0);
    expect((await update({ name: "N".repeat(202) })).status).toBe(400);
    for (const image of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "file:///etc/passwd",
      "not a url",
    ]) {
      const res = await update({ image });
      expect(res.status, image).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        CHECKOUT_MESSAGES.validation.invalidImageUrl,
      );
    }
    const [row] = await shop.ctx.database.db.select().from(users).where(eq(users.id, customer.userId));
    expect(row?.name.length).toBeLessThan(202);
    expect(row?.image ?? null).toBeNull();
    expect((await update({ image: "https://example.com/me.png", name: "Nuala Customer" })).status).toBe(200);
    const signUpWithScript = await signUp(shop, { email: uniqueEmail("img") });
    expect(signUpWithScript.status).toBe(200);
    const evil = await authPost(shop, "/sign-up/email", {
      email: uniqueEmail("img"),
      password: DEFAULT_PASSWORD,
      name: "x",
      firstName: "Img",
      lastName: "Evil",
      image: "javascript:alert(1)",
    });
    expect(evil.status).toBe(400);
  });
});

// ---------------------------------------------------------------------------- item 5

describe("a stolen session is not a stolen account", () => {
  const changeEmail = (user: TestUser, json: Record<string, unknown>) =>
    authPost(shop, "/change-email", { callbackURL: "/account", ...json }, { cookie: user.cookie });

  /** Makes the user's sessions look signed in 10 minutes ago. */
  async function ageSessions(user: TestUser) {
    await shop.ctx.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(sessions.userId, user.userId));
  }

  const undoLink = (mail: { text: string }) => {
    const match = /https?:\/\/\S+\/api\/account\/email-change\/undo\?token=[\w-]+/.exec(mail.text);
    if (!match) throw new Error("no undo link");
    return new URL(match[0]);
  };

  const emailOf = async (userId: string) =>
    (await shop.ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]
      ?.email;

  it("needs the current password unless the sign-in is at most 5 minutes old", async () => {
    const user = await createUser(shop, { password: "the owner's own 9" });
    await ageSessions(user);
    const target = uniqueEmail("thief");
    const sessionOnly = await changeEmail(user, { newEmail: target });
    expect(sessionOnly.status).toBe(403);
    expect(((await sessionOnly.json()) as { message: string }).message).toBe(
      ACCOUNT_MESSAGES.email.passwordRequired,
    );
    const wrong = await changeEmail(user, { newEmail: target, currentPassword: "a guess" });
    expect(wrong.status).toBe(400);
    expect(readMails(shop).filter((m) => m.to === target)).toEqual([]);
    expect(
      await shop.ctx.database.db.select().from(emailChanges).where(eq(emailChanges.userId, user.userId)),
    ).toEqual([]);

    const right = await changeEmail(user, { newEmail: target, currentPassword: "the owner's own 9" });
    expect(right.status).toBe(200);
    expect(latestMailTo(shop, target).subject).toContain("Confirm");

    // Just signed in: the session alone is enough.
    const fresh = await createUser(shop);
    expect((await changeEmail(fresh, { newEmail: uniqueEmail("fresh") })).status).toBe(200);
  });

  it("a password change cancels a pending e-mail change: its link no longer works", async () => {
    const user = await createUser(shop);
    const target = uniqueEmail("pending");
    expect((await changeEmail(user, { newEmail: target, currentPassword: user.password })).status).toBe(200);
    const link = verificationLink(latestMailTo(shop, target));
    const changed = await authPost(
      shop,
      "/change-password",
      { currentPassword: user.password, newPassword: "a brand new one 5", revokeOtherSessions: false },
      { cookie: user.cookie },
    );
    expect(changed.status).toBe(200);
    const followed = await openLink(shop, link);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toContain("error=EMAIL_CHANGE_CANCELLED");
    expect(await emailOf(user.userId)).toBe(user.email);
  });

  it("the old address gets a notice whose link undoes the change for 7 days and signs everyone out", async () => {
    const user = await createUser(shop);
    const target = uniqueEmail("taken");
    expect((await changeEmail(user, { newEmail: target, currentPassword: user.password })).status).toBe(200);
    const notice = latestMailTo(shop, user.email);
    expect(notice.subject).toContain("is being changed");
    const undo = undoLink(notice);
    // The new address confirms: the account is now the other address.
    expect((await openLink(shop, verificationLink(latestMailTo(shop, target)))).status).toBe(302);
    expect(await emailOf(user.userId)).toBe(target);

    // Opening the link only shows a page; the button undoes it.
    const pageRes = await shop.request(`${undo.pathname}${undo.search}`);
    expect(pageRes.status).toBe(200);
    const html = await pageRes.text();
    expect(html).toContain(user.email);
    expect(html).toContain(target);
    expect(await emailOf(user.userId)).toBe(target);
    const token = undo.searchParams.get("token") ?? "";
    const undone = await shop.request(undo.pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(undone.status).toBe(200);
    expect(await undone.text()).toContain(
      EMAIL_CHANGE_UNDO_TEXTS.restored(user.email).replaceAll("'", "&#39;"),
    );
    expect(await emailOf(user.userId)).toBe(user.email);
    expect(
      await shop.ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.userId)),
    ).toEqual([]);
    expect((await asUser(shop, user.cookie).get("/api/me")).status).toBe(401);
    // Once only.
    expect((await asUser(shop, undefined).post(undo.pathname, { token })).status).toBe(400);
  });

  it("the undo link expires after 7 days", async () => {
    const user = await createUser(shop);
    expect(
      (await changeEmail(user, { newEmail: uniqueEmail("late"), currentPassword: user.password })).status,
    ).toBe(200);
    const token = undoLink(latestMailTo(shop, user.email)).searchParams.get("token") ?? "";
    await shop.ctx.database.db
      .update(emailChanges)
      .set({ undoExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, user.userId));
    const res = await asUser(shop, undefined).post("/api/account/email-change/undo", { token });
    expect(res.status).toBe(400);
  });
});

// ---------------------------------------------------------------------------- item 7

describe("auth details", () => {
  it("accepts a TOTP code once: a replay in its window is refused", async () => {
    const user = await createUser(shop, { mfa: true });
    const secret = user.totpSecret ?? "";
    const code = totpCode(secret);
    const first = await signIn(shop, user.email, user.password);
    const ok = await authPost(shop, "/two-factor/verify-totp", { code }, { cookie: first.cookie });
    expect(ok.status).toBe(200);
    const again = await signIn(shop, user.email, user.password);
    expect(again.body.twoFactorRedirect).toBe(true);
    const replay = await authPost(shop, "/two-factor/verify-totp", { code }, { cookie: again.cookie });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { message: string }).message).toBe("Invalid verification code");
    expect(mergeCookies(again.cookie, replay)).not.toContain("session_token");
    // Also where the shop checks a code itself (deleting the factor).
    const session = mergeCookies(first.cookie, ok);
    const reset = await asUser(shop, session).post("/api/mfa/reset", { password: user.password, code });
    expect(reset.status).toBe(400);
    const [factor] = await shop.ctx.database.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, user.userId));
    expect(factor?.lastTotpStep).toBeGreaterThan(0);
  });

  it("sign-up answers alike for a new and a known address: the mail goes out after the answer", async () => {
    const known = await createUser(shop);
    const fresh = uniqueEmail("new");
    const send = shop.ctx.mail.send.bind(shop.ctx.mail);
    // Mails wait at a gate that opens only after both answers: a sign-up that waited for its
    // mail would never answer (and the test would time out), whatever the machine's speed.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    shop.ctx.mail.send = async (message) => {
      await gate;
      await send(message);
    };
    try {
      const signUp = async (email: string) => {
        // Straight to the app: the harness would wait for the mail.
        const res = await shop.app.request("/api/auth/sign-up/email", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: "http://localhost:3000",
            "x-forwarded-for": randomIp(),
          },
          body: JSON.stringify({
            email,
            password: DEFAULT_PASSWORD,
            name: "A B",
            firstName: "A",
            lastName: "B",
          }),
        });
        return { status: res.status, body: await res.json() };
      };
      const mailsBefore = readMails(shop).filter((m) => m.to === fresh || m.to === known.email).length;
      const newOne = await signUp(fresh);
      const knownOne = await signUp(known.email);
      expect(newOne.status).toBe(200);
      expect(knownOne.status).toBe(200);
      expect(Object.keys(newOne.body as object).sort()).toEqual(Object.keys(knownOne.body as object).sort());
      // Both answered while their mails were still held.
      expect(readMails(shop).filter((m) => m.to === fresh || m.to === known.email)).toHaveLength(mailsBefore);
      openGate();
      await shop.ctx.background.idle();
    } finally {
      shop.ctx.mail.send = send;
    }
    // Both addresses got exactly one mail: a confirmation, and a notice to the owner.
    expect(readMails(shop).filter((m) => m.to === fresh)).toHaveLength(1);
    expect(latestMailTo(shop, known.email).subject).toContain("already have");
  });

  it("caps verification and reset mails per recipient, whatever the client address", async () => {
    const user = await createUser(shop);
    const before = readMails(shop).filter((m) => m.to === user.email).length;
    for (let i = 0; i < 8; i++) {
      expect(
        (
          await authPost(shop, "/request-password-reset", {
            email: user.email,
            redirectTo: "/auth/reset-password",
          })
        ).status,
      ).toBe(200);
    }
    const resets = readMails(shop).filter((m) => m.to === user.email).length - before;
    expect(resets).toBe(5);

    const unverified = uniqueEmail("unverified");
    expect((await signUp(shop, { email: unverified })).status).toBe(200);
    for (let i = 0; i < 8; i++) {
      await authPost(shop, "/send-verification-email", {
        email: unverified,
        callbackURL: "/auth?verified=1",
      });
    }
    expect(readMails(shop).filter((m) => m.to === unverified)).toHaveLength(5);
  });
});
