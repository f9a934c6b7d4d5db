/**
 * Issue 47 item 7: one admin Settings page. Its backups panel reads what the scheduled backups
 * wrote into storage (nothing yet: an empty state; then the newest one's time and size); the
 * payments mode is one answer (GET /admin/shop-mode with the environment switch); every owner
 * alert links to the Settings page by an absolute address from PUBLIC_URL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "../../../src/server/db/schema.js";
import { shopModeReason } from "../../../src/shared/test-orders.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { checkout, pressTestButton, shippingInfo } from "../../support/checkout.js";
import { jsonRequest, randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop({
    BACKUP_INTERVAL_HOURS: "24",
    PRINT_WORKER: "off",
    OWNER_EMAIL: "owner@lithobox.test",
    PUBLIC_URL: "https://shop.example",
  });
  admin = await createUser(shop, { email: uniqueEmail("settings-admin"), role: "admin", mfa: true });
});
afterAll(async () => {
  await shop?.close();
});

function adminGet(path: string) {
  return jsonRequest(shop, "GET", `/api/admin${path}`, undefined, admin.cookie);
}

describe("the admin's Settings page", () => {
  it("shows no backup before the first, then the newest one's time and size", async () => {
    const empty = await adminGet("/settings/backups");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ intervalHours: 24, retention: 14, storage: "local", count: 0, last: null });

    const before = Date.now();
    const key = await shop.ctx.backups.runNow();
    const written = await adminGet("/settings/backups");
    expect(written.body).toMatchObject({ count: 1, last: { bytes: expect.any(Number) } });
    const last = written.body.last as { at: string; bytes: number };
    expect(last.bytes).toBeGreaterThan(1000);
    // The time is the one in the backup's name (to the second).
    expect(new Date(last.at).getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(key).toContain(last.at.slice(0, 10).replaceAll("-", ""));
  }, 60_000);

  it("refuses the backups to anyone but an admin", async () => {
    const res = await shop.request("/api/admin/settings/backups");
    expect([401, 403]).toContain(res.status);
  });

  it("answers the shop's mode with the environment switch, so the header and Data management agree", async () => {
    const first = await adminGet("/shop-mode");
    expect(first.body).toMatchObject({ livePayments: false, environmentMode: "production" });
    expect(shopModeReason(first.body as never)).toBe("testPayments");
    const switched = await shop.request("/api/admin/data/environment", {
      method: "PUT",
      headers: { cookie: admin.cookie },
      json: { mode: "test" },
    });
    expect(switched.status).toBeLessThan(300);
    expect((await adminGet("/shop-mode")).body).toMatchObject({ environmentMode: "test" });
    await shop.request("/api/admin/data/environment", {
      method: "PUT",
      headers: { cookie: admin.cookie },
      json: { mode: "production" },
    });
  });

  it("links every owner alert to the Settings page, absolute from PUBLIC_URL", async () => {
    const answer = await checkout(shop, { shippingInfo: shippingInfo() }, { ip: randomIp() });
    await pressTestButton(shop, answer, "pay");
    const [alert] = await shop.ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.dedupeKey, `alert:paid:${answer.orderId}`));
    expect(alert?.toAddress).toBe("owner@lithobox.test");
    expect(alert?.textBody).toContain(
      "Choose which alerts you get in the admin's Settings: https://shop.example/admin/settings#alerts",
    );
    expect(alert?.htmlBody).toContain('<a href="https://shop.example/admin/settings#alerts"');
  });
});
