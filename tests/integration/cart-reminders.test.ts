/**
 * Abandoned-cart reminders with consent (issue 33) through the real app: only opted-in
 * addresses, at most two reminders at the owner's idle times, stopped by a purchase, an emptied
 * cart or the RFC 8058 one-click unsubscribe; the signed restore link; the dashboard's figures.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CUSTOMER_MAIL_DEFAULTS } from "@shared/customer-mail";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartReminders, emailOptOuts } from "../../src/server/db/schema.js";
import { cartRestoreToken } from "../../src/server/messaging/index.js";
import { restoreRemindedCart, sendDueCustomerMail } from "../../src/server/orders/index.js";
import { setCustomerMailSettings } from "../../src/server/platform/index.js";
import { dashboardSummary } from "../../src/server/reporting/index.js";
import { randomIp, readMails } from "./auth-helpers.js";
import {
  ACCESSORIES,
  accessoryItem,
  checkout,
  lithophaneItem,
  pressTestButton,
  shippingInfo,
  storeFixturePhotos,
} from "./checkout-helpers.js";
import { createTestShop, type TestShop } from "./harness.js";

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

async function consent(email: string, items = [lithophaneItem("gift"), accessoryItem(ACCESSORIES.dimmer)]) {
  const res = await shop.request("/api/cart-reminders", {
    method: "POST",
    json: { email, items, consent: true },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { handle: string | null };
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

    // Ticking the box again later keeps nothing for this address.
    expect((await consent(email)).handle).toBeNull();
    await idleFor(email, 30 * HOUR);
    await sendDueCustomerMail(shop.ctx);
    expect(remindersTo(email)).toHaveLength(1);
  });
});
