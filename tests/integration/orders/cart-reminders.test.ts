/**
 * Abandoned-cart reminders with consent (issues 33 and 46) through the real app and its mail
 * outbox: only addresses confirmed by e-mail (double opt-in) or a signed-in customer's own
 * verified address, at most two reminders at the owner's idle times, stopped by a purchase, an
 * emptied cart or the RFC 8058 one-click unsubscribe; the signed restore link; the dashboard's
 * figures; the attack of issue 46 (someone else's address, another IP) sends no reminder.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  CUSTOMER_MAIL_DEFAULTS,
  CUSTOMER_MAIL_TEXTS,
  REMINDER_CONFIRM_LINK_DAYS,
} from "@shared/customer-mail";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartReminders, emailOptOuts } from "../../../src/server/db/schema.js";
import { cartRestoreToken } from "../../../src/server/messaging/index.js";
import { restoreRemindedCart, sendDueCustomerMail } from "../../../src/server/orders/index.js";
import { setCustomerMailSettings } from "../../../src/server/platform/index.js";
import { dashboardSummary } from "../../../src/server/reporting/index.js";
import { createUser } from "../../support/accounts.js";
import {
  ACCESSORIES,
  accessoryItem,
  checkout,
  lithophaneItem,
  pressTestButton,
  shippingInfo,
  storeFixturePhotos,
} from "../../support/checkout.js";
import { readMails } from "../../support/mail.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await storeFixturePhotos(shop);
});
afterAll(async () => {
  await shop?.close();
});

let n = 0;
function address(prefix: string): string {
  n += 1;
  return `${prefix}-${n}-${Date.now()}@example.test`;
}

interface ConsentAnswer {
  handle: string | null;
  state: "active" | "pending" | "limited" | "unsubscribed";
  message: string;
}

/** The box ticked at checkout, from `ip` (a fresh client by default), signed in with `cookie`. */
async function ask(
  email: string,
  items: unknown[] = [lithophaneItem("gift"), accessoryItem(ACCESSORIES.dimmer)],
  opts: { ip?: string; cookie?: string; handle?: string | null } = {},
): Promise<ConsentAnswer> {
  const res = await shop.request("/api/cart-reminders", {
    method: "POST",
    json: { email, items, consent: true, handle: opts.handle ?? null },
    headers: { "x-forwarded-for": opts.ip ?? randomIp(), ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ConsentAnswer;
}

const confirmationsTo = (email: string) =>
  readMails(shop).filter((m) => m.to === email && m.text.includes("/cart/confirm-reminders?token="));

/** The token in the newest confirmation e-mail to `email`, as the real outbox sent it. */
function confirmationToken(email: string): string {
  const mail = confirmationsTo(email).at(-1);
  const match = /\/cart\/confirm-reminders\?token=([^\s"<&]+)/.exec(mail?.text ?? "");
  if (!match?.[1]) throw new Error(`no confirmation e-mail to ${email}`);
  return decodeURIComponent(match[1]);
}

function confirm(token: string) {
  return shop.request("/api/cart-reminders/confirm", {
    method: "POST",
    json: { token },
    headers: { "x-forwarded-for": randomIp() },
  });
}

/** Asks and follows the confirmation e-mail's link: the address's owner opted in. */
async function consent(email: string, items?: unknown[]) {
  const answer = await ask(email, items);
  expect(answer.state).toBe("pending");
  const res = await confirm(confirmationToken(email));
  expect(res.status).toBe(200);
  return answer;
}

async function rowFor(email: string) {
  const rows = await shop.ctx.database.db
    .select()
    .from(cartReminders)
    .where(sql`lower(${cartReminders.email}) = ${email.toLowerCase()}`);
  return rows;
}

/** Moves the idle clock: the row last changed `ms` before now. */
async function idleFor(email: string, ms: number) {
  await shop.ctx.database.db
    .update(cartReminders)
    .set({ lastActivityAt: new Date(Date.now() - ms) })
    .where(sql`lower(${cartReminders.email}) = ${email.toLowerCase()}`);
}

const remindersTo = (email: string) =>
  readMails(shop).filter((m) => m.to === email && m.text.includes("/cart/restore?token="));

/** The message's headers, unfolded. */
function rawMail(file: string): string {
  const raw = readFileSync(path.join(shop.ctx.mail.outbox ?? "", file), "utf8");
  return raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
}

describe("consent", () => {
  it("refuses a request without the ticked box, and never writes to a buyer who did not opt in", async () => {
    const email = address("no-consent");
    const refused = await shop.request("/api/cart-reminders", {
      method: "POST",
      json: { email, items: [accessoryItem(ACCESSORIES.adapter)], consent: false },
    });
    expect(refused.status).toBe(400);
    // A checkout left unpaid, with no box ticked: nothing is kept, nothing is sent.
    await checkout(shop, { shippingInfo: shippingInfo({ email }) }, { ip: randomIp() });
    await sendDueCustomerMail(shop.ctx, new Date(Date.now() + 48 * HOUR));
    expect(await rowFor(email)).toHaveLength(0);
    expect(readMails(shop).filter((m) => m.to === email && /cart/i.test(m.subject))).toHaveLength(0);
  });
});

describe("reminders", () => {
  it("sends at most two, at the idle times, with the panels as thumbnails and the RFC 8058 headers", async () => {
    const email = address("twice");
    expect((await consent(email)).handle).toBeTruthy();
    await idleFor(email, 30 * MINUTE);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(0);

    await idleFor(email, CUSTOMER_MAIL_DEFAULTS.firstReminderMinutes * MINUTE + MINUTE);
    await sendDueCustomerMail(shop.ctx);
    const first = remindersTo(email);
    expect(first).toHaveLength(1);
    // The gift bundle's three panels and the accessory (no picture) are listed; images are absolute.
    expect(first[0]?.html.match(/<img src="http:\/\/localhost:3000\/api\/media\//g)).toHaveLength(3);
    expect(first[0]?.text).toContain("Keepsake Collection");
    const raw = rawMail(first[0]?.file ?? "");
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/unsubscribe\?token=[^>]+>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // Again at once: nothing more (the first is not repeated, the second is not due).
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(1);

    await idleFor(email, 25 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(2);
    await idleFor(email, 30 * 24 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(2);
  });

  it("follows the owner's settings, and sends none while reminders are off", async () => {
    const email = address("settings");
    await consent(email);
    await setCustomerMailSettings(shop.ctx.database.db, {
      ...CUSTOMER_MAIL_DEFAULTS,
      cartRemindersEnabled: false,
    });
    await idleFor(email, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(0);
    await setCustomerMailSettings(shop.ctx.database.db, {
      ...CUSTOMER_MAIL_DEFAULTS,
      firstReminderMinutes: 180,
    });
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(0);
    await idleFor(email, 181 * MINUTE);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(1);
    await setCustomerMailSettings(shop.ctx.database.db, { ...CUSTOMER_MAIL_DEFAULTS });
  });

  it("stops when the cart is emptied", async () => {
    const email = address("emptied");
    const { handle } = await consent(email);
    const res = await shop.request("/api/cart-reminders", { method: "PUT", json: { handle, items: [] } });
    expect(await res.json()).toEqual({ active: false });
    await idleFor(email, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(0);
    expect((await rowFor(email))[0]?.status).toBe("emptied");
  });

  it("stops on a purchase; counted as recovered with the order's total after a reminder", async () => {
    const email = address("buyer");
    await consent(email);
    await idleFor(email, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(1);
    const before = await dashboardSummary(shop.ctx.database.db);

    const answer = await checkout(shop, { shippingInfo: shippingInfo({ email }) }, { ip: randomIp() });
    expect((await pressTestButton(shop, answer, "pay")).status).toBe(303);
    const [row] = await rowFor(email);
    expect(row?.status).toBe("recovered");
    expect(row?.orderId).toBe(answer.orderId);
    expect(row?.recoveredPence).toBeGreaterThan(0);

    await idleFor(email, 30 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(1);
    const after = await dashboardSummary(shop.ctx.database.db);
    expect(after.cartRecovery.test.carts).toBe(before.cartRecovery.test.carts + 1);
    expect(after.cartRecovery.test.revenue).toBe(
      before.cartRecovery.test.revenue + (row?.recoveredPence ?? 0),
    );
    expect(after.cartRecovery.remindersSent).toBeGreaterThanOrEqual(1);
  });

  it("a purchase before any reminder ends the row as purchased, not recovered", async () => {
    const email = address("quick");
    await consent(email);
    const answer = await checkout(shop, { shippingInfo: shippingInfo({ email }) }, { ip: randomIp() });
    await pressTestButton(shop, answer, "pay");
    const [row] = await rowFor(email);
    expect(row?.status).toBe("purchased");
    expect(row?.recoveredPence).toBeNull();
  });
});

describe("the restore link", () => {
  it("restores exactly the kept cart; a changed or expired link is refused", async () => {
    const email = address("restore");
    const items = [lithophaneItem("starter"), accessoryItem(ACCESSORIES.wallMount)];
    await consent(email, items);
    await idleFor(email, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    const [mail] = remindersTo(email);
    const token = decodeURIComponent(/\/cart\/restore\?token=([^\s"<]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    const res = await shop.request(`/api/cart-reminders/restore?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Array<{ id: string; price: number }>; handle: string | null };
    expect(body.items.map((i) => i.id)).toEqual(items.map((i) => i.id));
    expect(body.items.every((i) => i.price > 1)).toBe(true); // the server's prices
    expect(body.handle).toBeTruthy();

    const [id, exp, sig] = token.split(".");
    for (const bad of [
      `${id}.${Number(exp) + 60}.${sig}`,
      `${id}.${exp}.${sig?.slice(1)}x`,
      "nonsense-token-x",
    ]) {
      const refused = await shop.request(`/api/cart-reminders/restore?token=${encodeURIComponent(bad)}`);
      expect(refused.status).toBe(400);
    }
    const [row] = await rowFor(email);
    const old = cartRestoreToken(shop.ctx.config.authSecret, row?.id ?? "", Date.now() - 8 * 24 * HOUR);
    const expired = await shop.request(`/api/cart-reminders/restore?token=${encodeURIComponent(old)}`);
    expect(expired.status).toBe(410);
    await expect(restoreRemindedCart(shop.ctx, token, Date.now() + 8 * 24 * HOUR)).rejects.toMatchObject({
      status: 410,
    });
  });
});

describe("one-click unsubscribe", () => {
  it("takes the RFC 8058 POST without an Origin, stops the reminders and keeps the address off", async () => {
    const email = address("unsub");
    await consent(email);
    await idleFor(email, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    const [mail] = remindersTo(email);
    const raw = rawMail(mail?.file ?? "");
    const target = /^List-Unsubscribe: <([^>]+)>$/m.exec(raw)?.[1] ?? "";
    const url = new URL(target);

    const tampered = await shop.request(`${url.pathname}?token=${url.searchParams.get("token")}x`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(tampered.status).toBe(400);
    // What a mail provider sends: a form POST from no page of ours.
    const res = await shop.request(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect((await rowFor(email))[0]?.status).toBe("unsubscribed");
    const optOuts = await shop.ctx.database.db
      .select()
      .from(emailOptOuts)
      .where(eq(emailOptOuts.email, email.toLowerCase()));
    expect(optOuts).toHaveLength(1);

    // A GET (a client opening the address) only leads to the page; it changes nothing.
    const get = await shop.request(`${url.pathname}${url.search}`);
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toMatch(/^\/unsubscribe\?token=/);

    // Ticking the box again later keeps nothing for this address, and asks nothing of it.
    const again = await ask(email);
    expect(again).toMatchObject({ handle: null, state: "unsubscribed" });
    expect(confirmationsTo(email)).toHaveLength(1);
    await idleFor(email, 30 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(1);
  });
});

/** The reminder row id a handle or token stands for (`<id>.<expiry>.<signature>`). */
const tokenId = (token: string | null) => token?.split(".")[0] ?? "";

const EVIL_PIXEL = "https://evil.example/pixel.png";

describe("double opt-in (issue 46)", () => {
  it("sends one confirmation e-mail through the outbox and nothing else until its link is followed", async () => {
    const email = address("confirm");
    const answer = await ask(email);
    expect(answer.state).toBe("pending");
    expect(answer.handle).toBeTruthy();
    expect(answer.message).toContain(email);
    const [mail, ...more] = confirmationsTo(email);
    expect(more).toHaveLength(0);
    // The confirmation shows nothing the request sent: no cart, no picture.
    expect(mail?.html).not.toMatch(/<img/);
    expect(mail?.text).not.toContain("Keepsake Collection");
    expect(rawMail(mail?.file ?? "")).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/unsubscribe/m,
    );

    // Idle for two days, unconfirmed: no reminder.
    await idleFor(email, 47 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(0);
    expect((await rowFor(email))[0]?.status).toBe("pending");

    const token = confirmationToken(email);
    const [id, exp, sig] = token.split(".");
    expect((await confirm(`${id}.${Number(exp) + 60}.${sig}`)).status).toBe(400);
    // A handle is not a confirmation: only the e-mail's link confirms.
    expect((await confirm(answer.handle ?? "")).status).toBe(400);
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()) as { message: string }).toEqual({
      message: CUSTOMER_MAIL_TEXTS.confirmed,
    });
    expect((await confirm(token)).status).toBe(200);
    expect((await rowFor(email))[0]).toMatchObject({ status: "active" });

    await idleFor(email, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(1);
    expect(confirmationsTo(email)).toHaveLength(1);
  });

  it("the attack: someone else's address from another IP sends no reminder and leaves theirs alone", async () => {
    // The victim opted in and confirmed, from their own browser.
    const victim = address("victim");
    const own = await consent(victim, [lithophaneItem("starter")]);
    const [victimRow] = await rowFor(victim);
    const evil = { ...lithophaneItem("family"), imageUrl: EVIL_PIXEL, additionalImages: [EVIL_PIXEL] };

    // An anonymous request for the victim's address, from elsewhere, with a tracking pixel.
    const attack = await ask(victim, [evil], { ip: randomIp() });
    expect(attack.state).toBe("pending");
    expect(attack.handle).not.toBe(own.handle);
    expect(tokenId(attack.handle)).not.toBe(victimRow?.id);
    const [stillTheirs] = (await rowFor(victim)).filter((r) => r.id === victimRow?.id);
    expect(stillTheirs?.status).toBe("active");
    expect(stillTheirs?.items).toEqual(victimRow?.items);

    // Withdrawing with the handle the attacker got ends only the attacker's own request.
    const withdraw = await shop.request("/api/cart-reminders/withdraw", {
      method: "POST",
      json: { handle: attack.handle },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(withdraw.status).toBe(204);
    expect((await rowFor(victim)).find((r) => r.id === victimRow?.id)?.status).toBe("active");

    // A stranger who never asked: only the one confirmation e-mail, never a reminder.
    const stranger = address("stranger");
    const probe = await ask(stranger, [evil], { ip: randomIp() });
    await shop.request("/api/cart-reminders/withdraw", { method: "POST", json: { handle: probe.handle } });
    await ask(stranger, [evil], { ip: randomIp() });

    await idleFor(victim, 2 * HOUR);
    await idleFor(stranger, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    await sendDueCustomerMail(shop.ctx, new Date(Date.now() + 30 * HOUR));
    const reminders = remindersTo(victim);
    expect(reminders).toHaveLength(2);
    // The victim's own cart, with the shop's own picture.
    expect(reminders[0]?.text).toContain("Essentials Collection");
    expect(reminders[0]?.text).not.toContain("Everlasting Collection");
    expect(remindersTo(stranger)).toHaveLength(0);
    expect(confirmationsTo(stranger)).toHaveLength(2);
    const everything = readMails(shop).filter((m) => m.to === victim || m.to === stranger);
    expect(everything.some((m) => m.html.includes("evil.example") || m.text.includes("evil.example"))).toBe(
      false,
    );
  });

  it("sends one address at most two confirmation e-mails a day, whoever asks", async () => {
    const email = address("flooded");
    const first = await ask(email, undefined, { ip: randomIp() });
    const second = await ask(email, undefined, { ip: randomIp() });
    const third = await ask(email, undefined, { ip: randomIp() });
    expect([first.state, second.state, third.state]).toEqual(["pending", "pending", "limited"]);
    expect(third).toMatchObject({ handle: null, message: CUSTOMER_MAIL_TEXTS.optInConfirmLimited });
    expect(confirmationsTo(email)).toHaveLength(2);
    // The same browser changing its cart (its own handle, same address) sends nothing new.
    const again = await ask(email, [lithophaneItem("starter")], { handle: first.handle });
    expect(again).toMatchObject({ state: "pending", handle: expect.any(String) });
    expect(tokenId(again.handle)).toBe(tokenId(first.handle));
    expect(confirmationsTo(email)).toHaveLength(2);
    // A day later the address may be asked again.
    await shop.ctx.database.db
      .update(cartReminders)
      .set({ confirmationSentAt: new Date(Date.now() - 25 * HOUR) })
      .where(sql`lower(${cartReminders.email}) = ${email}`);
    expect((await ask(email)).state).toBe("pending");
    expect(confirmationsTo(email)).toHaveLength(3);
  });

  it("a signed-in customer's own verified address needs no confirmation; any other address does", async () => {
    const user = await createUser(shop, { verify: "direct" });
    const own = await ask(user.email, undefined, { cookie: user.cookie });
    expect(own).toMatchObject({ state: "active", message: CUSTOMER_MAIL_TEXTS.optInActive });
    expect(confirmationsTo(user.email)).toHaveLength(0);
    const other = address("gift-for");
    expect((await ask(other, undefined, { cookie: user.cookie })).state).toBe("pending");
    expect(confirmationsTo(other)).toHaveLength(1);
    await idleFor(user.email, 2 * HOUR);
    await idleFor(other, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(user.email)).toHaveLength(1);
    expect(remindersTo(other)).toHaveLength(0);
  });

  it("a request never confirmed ends after its link's days; the late link is refused", async () => {
    const email = address("late");
    await ask(email);
    const token = confirmationToken(email);
    await sendDueCustomerMail(shop.ctx, new Date(Date.now() + (REMINDER_CONFIRM_LINK_DAYS * 24 + 1) * HOUR));
    expect((await rowFor(email))[0]).toMatchObject({ status: "unconfirmed", items: [] });
    const late = await confirm(token);
    expect(late.status).toBe(410);
  });

  it("shows only pictures the shop stored and recorded, never a URL from the request", async () => {
    const email = address("pictures");
    const item = lithophaneItem("gift");
    await consent(email, [
      {
        ...item,
        imageUrl: EVIL_PIXEL,
        // One of the shop's recorded uploads, one path on the shop's media that it never recorded.
        additionalImages: [item.additionalImages[0], "/api/media/lightbox-images/1700000000000-nobody.webp"],
      },
    ]);
    await idleFor(email, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    const [mail] = remindersTo(email);
    expect(mail?.html).not.toContain("evil.example");
    expect(mail?.html).not.toContain("nobody.webp");
    expect(mail?.html.match(/<img src="http:\/\/localhost:3000\/api\/media\//g)).toHaveLength(1);
  });
});

describe("the owner's send now, and the greeting (issue 47 items 11 and 12)", () => {
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    admin = await createUser(shop, { role: "admin", mfa: true });
  });
  const waiting = async () => {
    const res = await shop.request("/api/admin/customer-mail/waiting", { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    return (
      (await res.json()) as { waiting: Array<{ id: string; email: string; next: number; items: number }> }
    ).waiting;
  };
  const sendNow = (id: string) =>
    shop.request(`/api/admin/customer-mail/reminders/${id}/send`, {
      method: "POST",
      headers: { cookie: admin.cookie },
    });

  it("lists only confirmed carts and sends the next reminder at once, never a third, never unconfirmed", async () => {
    const unconfirmed = address("not-yet");
    expect((await ask(unconfirmed)).state).toBe("pending");
    const [pending] = await rowFor(unconfirmed);
    expect((await waiting()).map((w) => w.id)).not.toContain(pending?.id);
    const refused = await sendNow(pending?.id ?? "");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(CUSTOMER_MAIL_TEXTS.notWaiting);
    expect(remindersTo(unconfirmed)).toHaveLength(0);

    const email = address("send-now");
    await consent(email);
    const [row] = await rowFor(email);
    const listed = (await waiting()).find((w) => w.id === row?.id);
    expect(listed).toMatchObject({ next: 1, items: 2 });
    expect(listed?.email).toMatch(/^s\*\*\*@example\.test$/);

    const first = await sendNow(row?.id ?? "");
    expect(first.status).toBe(200);
    expect(remindersTo(email)).toHaveLength(1);
    // A guest: no name known, a neutral greeting rather than a bare "Hello,".
    expect(remindersTo(email)[0]?.text).toMatch(/^Hello there,$/m);
    expect((await waiting()).find((w) => w.id === row?.id)).toMatchObject({ next: 2 });
    // The sweep does not send the first again.
    await idleFor(email, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(1);

    expect((await sendNow(row?.id ?? "")).status).toBe(200);
    expect(remindersTo(email)).toHaveLength(2);
    expect((await waiting()).map((w) => w.id)).not.toContain(row?.id);
    expect((await sendNow(row?.id ?? "")).status).toBe(409);
    expect(remindersTo(email)).toHaveLength(2);
  });

  it("greets a signed-in buyer by their first name", async () => {
    const user = await createUser(shop, { verify: "direct", firstName: "Zoë" });
    expect((await ask(user.email, undefined, { cookie: user.cookie })).state).toBe("active");
    await idleFor(user.email, 2 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(user.email)[0]?.text).toMatch(/^Hello Zoë,$/m);
  });

  it("refuses send now to anyone but an admin", async () => {
    const res = await shop.request("/api/admin/customer-mail/waiting");
    expect([401, 403]).toContain(res.status);
  });
});
