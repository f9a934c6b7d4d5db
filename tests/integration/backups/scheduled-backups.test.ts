/**
 * Issue 29 item 4: backups that happen. The running shop writes a backup into its own storage
 * when one is due (not again until the interval has passed), keeps BACKUP_RETENTION of them, and
 * the restore drill: the latest scheduled backup, taken from storage, restored into an empty
 * DATA_DIR, holds the order and the customer's photo.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupTime, listScheduledBackups, restoreBackup } from "../../../src/server/backups/index.js";
import { loadConfig } from "../../../src/server/config.js";
import { openDatabase } from "../../../src/server/db/client.js";
import { orderItems, orders } from "../../../src/server/db/schema.js";
import { createStorage } from "../../../src/server/platform/index.js";
import { lithophaneItem, postCheckout, shippingInfo } from "../../support/checkout.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { uploadTestPhoto } from "../../support/uploads.js";

let shop: TestShop;
const target = mkdtempSync(path.join(tmpdir(), "lithobox-restore-drill-"));

beforeAll(async () => {
  shop = await createTestShop({ BACKUP_INTERVAL_HOURS: "24", BACKUP_RETENTION: "2", PRINT_WORKER: "off" });
});
afterAll(async () => {
  await shop?.close();
  rmSync(target, { recursive: true, force: true });
});

describe("scheduled backups", () => {
  it("are on by default (daily, 14 kept) and off in tests unless asked for", () => {
    expect(
      loadConfig({
        NODE_ENV: "production",
        TEST_PAYMENTS: "on",
        BETTER_AUTH_SECRET: "x".repeat(32),
        PUBLIC_URL: "https://shop.example",
      }).backups,
    ).toEqual({
      intervalHours: 24,
      retention: 14,
    });
    expect(loadConfig({ NODE_ENV: "test", DATA_DIR: target }).backups.intervalHours).toBe(0);
    expect(shop.ctx.config.backups).toEqual({ intervalHours: 24, retention: 2 });
  });

  it("back up when due, keep the newest BACKUP_RETENTION, and restore into an empty shop with the order and its photo", async () => {
    const ip = randomIp();
    const photo = await uploadTestPhoto(shop, { width: 300, height: 300, ip });
    const placed = await postCheckout(
      shop,
      {
        cartItems: [
          { ...lithophaneItem("starter"), imageUrl: photo.url, originalImageUrl: photo.originalUrl },
        ],
        shippingInfo: shippingInfo({ email: "drill@example.com" }),
      },
      { ip },
    );
    expect(placed.status).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };

    const backups = shop.ctx.backups;
    const day = 24 * 3600_000;
    const t0 = Date.now() - 3 * day;
    const first = await backups.runIfDue(new Date(t0));
    expect(first).not.toBeNull();
    // Not due again within the interval; due again after it.
    expect(await backups.runIfDue(new Date(t0 + day - 60_000))).toBeNull();
    const second = await backups.runIfDue(new Date(t0 + day));
    const third = await backups.runIfDue(new Date(t0 + 2 * day));
    const kept = await listScheduledBackups(shop.ctx.storage);
    expect(kept).toEqual([second, third]);
    expect(backupTime(third ?? "")?.getTime()).toBe(Math.floor((t0 + 2 * day) / 1000) * 1000);

    // The restore drill: the latest backup, out of storage, into an empty DATA_DIR.
    const latest = kept[kept.length - 1] ?? "";
    const stored = await shop.ctx.storage.get(latest);
    if (!stored) throw new Error("the latest backup is not in storage");
    const file = path.join(target, "latest.tar.gz");
    writeFileSync(file, stored.body);
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: path.join(target, "data"),
      PUBLIC_URL: "http://localhost:3000",
      // Given, so loading the config does not make a local secret the backup's would clash with.
      BETTER_AUTH_SECRET: "restore-drill-secret-0123456789abcdef",
    });
    const restored = await restoreBackup(config, file, { force: false });
    expect(restored.files).toBeGreaterThanOrEqual(2);

    const database = await openDatabase(config);
    try {
      const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.shippingEmail).toBe("drill@example.com");
      const [line] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(line?.imageUrl).toBe(photo.url);
    } finally {
      await database.close();
    }
    const storage = createStorage(config);
    const key = storage.keyFromUrl(photo.originalUrl);
    expect(key).not.toBeNull();
    const original = await storage.get(key ?? "");
    expect(original?.body.equals((await shop.ctx.storage.get(key ?? ""))?.body ?? Buffer.alloc(0))).toBe(
      true,
    );
    // Backups are not inside backups.
    expect(await storage.list("backups/")).toEqual([]);
  }, 180_000);
});
