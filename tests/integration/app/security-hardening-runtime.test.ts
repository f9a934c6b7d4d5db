/**
 * Issue 14 (hardening), the runtime findings, each with the regression that failed before:
 *   1. no free orders in production: a start without Stripe keys is refused unless
 *      TEST_PAYMENTS=on (a test shop, which says so), and test orders never queue print files
 *      by themselves (an admin can ask);
 *   3. anonymous uploads and contact messages are limited per client, uploads have a
 *      per-visitor quota, and orphan uploads are swept in the background;
 *   4. DATA_DIR is private (0700, no group/world access on its files, fixed at start);
 *   8. local mode accepts forms from localhost, 127.0.0.1 and [::1] on the shop's port;
 *   9. /api/health reports unwritable storage and the mail outbox's backlog.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/server/config.js";
import {
  cartItems,
  outboxEmails,
  printJobs,
  uploads,
  userActivityLogs,
} from "../../../src/server/db/schema.js";
import { sweepOrphanUploads, uploadClientKey } from "../../../src/server/platform/upload-hygiene.js";
import { CHECKOUT_MESSAGES } from "../../../src/shared/checkout-messages.js";
import { CREATOR_MESSAGES } from "../../../src/shared/creator-messages.js";
import { MESSAGES } from "../../../src/shared/messages.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { checkout, lithophaneItem, pressTestButton } from "../../support/checkout.js";
import { insertOrder } from "../../support/orders.js";
import { freePort } from "../../support/ports.js";
import { randomIp } from "../../support/requests.js";
import { type ServerProcess, spawnServer, waitForServer } from "../../support/server-process.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { uploadTestPhoto } from "../../support/uploads.js";

const usesPostgres = Boolean(process.env.DATABASE_URL);

/** The real entry point as a process, with exactly `env` (plus PATH/HOME) and no inherited settings. */
function startShop(env: Record<string, string>): ServerProcess {
  return spawnServer({
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...env,
    },
  });
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#808080" } })
    .png()
    .toBuffer();
}

function uploadForm(photo: Buffer): FormData {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(photo)], "photo.png", { type: "image/png" }));
  form.set("kind", "main");
  return form;
}

function contactMessage() {
  return { name: "Aoife", email: "aoife@example.com", message: "Do you ship to Cork?" };
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

// ---------------------------------------------------------------------------- 1. no free orders

describe("1. production without Stripe", () => {
  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://shop.lithobox.test",
    BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
  };

  it("refuses to load, naming STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; TEST_PAYMENTS=on is a test shop", () => {
    expect(() => loadConfig(production)).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    const live = loadConfig({
      ...production,
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(live.testShop).toBe(false);
    const test = loadConfig({ ...production, TEST_PAYMENTS: "on" });
    expect(test.testShop).toBe(true);
    expect(test.stripe).toBeUndefined();
    // One payment mode: a test shop with a live key is a mistake, refused.
    expect(() =>
      loadConfig({
        ...production,
        TEST_PAYMENTS: "on",
        STRIPE_SECRET_KEY: "sk_live_x",
        STRIPE_WEBHOOK_SECRET: "w",
      }),
    ).toThrow(/TEST_PAYMENTS/);
  });

  it("the real server exits 1 with a message naming the missing keys", { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-nostripe-"));
    const server = startShop({ ...production, DATA_DIR: dataDir, PORT: String(await freePort()) });
    try {
      const code = await Promise.race([
        server.exited,
        new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), 45_000)),
      ]);
      expect(code, server.output()).toBe(1);
      expect(server.output()).toContain("STRIPE_SECRET_KEY");
      expect(server.output()).toContain("STRIPE_WEBHOOK_SECRET");
      expect(server.output()).toContain("TEST_PAYMENTS=on");
    } finally {
      // A server that started (the finding itself) must not outlive the test.
      await server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("1. a test shop", () => {
  let shop: TestShop;
  let testShop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await createTestShop({ PRINT_WORKER: "off" });
    testShop = await createTestShop({ TEST_PAYMENTS: "on", PRINT_WORKER: "off" });
    admin = await createUser(shop, { email: uniqueEmail("h14-admin"), role: "admin", mfa: true });
  });
  afterAll(async () => {
    await shop?.close();
    await testShop?.close();
  });

  it("tells every page to show the test-shop banner (only when TEST_PAYMENTS=on)", async () => {
    expect(await (await testShop.request("/api/shop-info")).json()).toEqual({ testShop: true });
    expect(await (await shop.request("/api/shop-info")).json()).toEqual({ testShop: false });
    expect(MESSAGES.testShop.banner).toMatch(/test shop/i);
  });

  it("a paid test order queues no print files; an admin's request does, audited", async () => {
    const photo = await uploadTestPhoto(shop);
    const item = { ...lithophaneItem("starter"), imageUrl: photo.url, originalImageUrl: photo.originalUrl };
    const answer = await checkout(shop, { cartItems: [item] });
    expect(answer.testMode).toBe(true);
    const db = shop.ctx.database.db;
    const jobsOf = () => db.select().from(printJobs).where(eq(printJobs.orderId, answer.orderId));

    // Not paid yet: nothing to generate.
    const early = await shop.request(`/api/admin/orders/${answer.orderId}/print-jobs`, {
      method: "POST",
      headers: { cookie: admin.cookie },
    });
    expect(early.status).toBe(409);

    expect((await pressTestButton(shop, answer, "pay")).status).toBe(303);
    expect(await jobsOf()).toEqual([]);
    const listed = await shop.request(`/api/admin/orders/${answer.orderId}/print-jobs`, {
      headers: { cookie: admin.cookie },
    });
    expect(await listed.json()).toMatchObject({ printFiles: { paid: true, testMode: true, jobs: [] } });

    // A customer or a stranger cannot ask.
    expect(
      (await shop.request(`/api/admin/orders/${answer.orderId}/print-jobs`, { method: "POST" })).status,
    ).toBe(403);

    const asked = await shop.request(`/api/admin/orders/${answer.orderId}/print-jobs`, {
      method: "POST",
      headers: { cookie: admin.cookie },
    });
    expect(asked.status).toBe(200);
    const body = (await asked.json()) as { printFiles: { jobs: Array<{ status: string }> } };
    expect(body.printFiles.jobs.map((j) => j.status)).toEqual(["pending"]);
    expect(await jobsOf()).toHaveLength(1);
    // The refused early request left a failure row; the successful one its own.
    const audits = await db
      .select()
      .from(userActivityLogs)
      .where(
        and(
          eq(userActivityLogs.actionType, "print_jobs.generate"),
          eq(userActivityLogs.recordId, answer.orderId),
        ),
      );
    expect(audits.map((a) => a.newValues)).toContainEqual({ orderId: answer.orderId, jobsAdded: 1 });

    // Asking again adds nothing.
    await shop.request(`/api/admin/orders/${answer.orderId}/print-jobs`, {
      method: "POST",
      headers: { cookie: admin.cookie },
    });
    expect(await jobsOf()).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------- 3. uploads and contact

describe("3. uploads and messages cannot fill the disk or the inbox", () => {
  let shop: TestShop;
  let photo: Buffer;

  beforeAll(async () => {
    shop = await createTestShop({ PRINT_WORKER: "off", UPLOAD_QUOTA_MB: "1" });
    photo = await png(40, 30);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("limits uploads to 12 a minute per client", async () => {
    expect(shop.ctx.config.abuse.uploadsPerMinute).toBe(12);
    const ip = randomIp();
    for (let i = 0; i < 12; i++) {
      const res = await shop.request("/api/uploads", {
        method: "POST",
        body: uploadForm(photo),
        headers: { "x-forwarded-for": ip },
      });
      expect(res.status, `upload ${i + 1}`).toBe(201);
    }
    const refused = await shop.request("/api/uploads", {
      method: "POST",
      body: uploadForm(photo),
      headers: { "x-forwarded-for": ip },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({
      error: "rate_limited",
      message: CREATOR_MESSAGES.upload.tooManyUploads.description,
    });
    // Another client is not held up.
    const other = await shop.request("/api/uploads", {
      method: "POST",
      body: uploadForm(photo),
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(other.status).toBe(201);
  });

  it("limits contact messages to a few a minute per client", async () => {
    const ip = randomIp();
    const send = () =>
      shop.request("/api/contact", {
        method: "POST",
        json: contactMessage(),
        headers: { "x-forwarded-for": ip },
      });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: "rate_limited",
      message: CHECKOUT_MESSAGES.contact.tooManyMessages.description,
    });
  });

  it("keeps a per-visitor quota over 24 hours, keyed without storing the IP", async () => {
    const ip = randomIp();
    const db = shop.ctx.database.db;
    const first = await shop.request("/api/uploads", {
      method: "POST",
      body: uploadForm(photo),
      headers: { "x-forwarded-for": ip },
    });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
    expect(row?.clientKey).toBe(uploadClientKey(shop.ctx.config.authSecret, ip));
    expect(row?.clientKey).not.toContain(ip);

    // The visitor's uploads of the day reach 1 MB (UPLOAD_QUOTA_MB=1).
    await db
      .update(uploads)
      .set({ bytes: 1024 * 1024 })
      .where(eq(uploads.id, id));
    const over = await shop.request("/api/uploads", {
      method: "POST",
      body: uploadForm(photo),
      headers: { "x-forwarded-for": ip },
    });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({
      error: "upload_quota_exceeded",
      message: CREATOR_MESSAGES.upload.quotaExceeded.description,
    });
    // Another visitor still uploads; a day later the quota is free again.
    const other = await shop.request("/api/uploads", {
      method: "POST",
      body: uploadForm(photo),
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(other.status).toBe(201);
    await db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(uploads.id, id));
    const later = await shop.request("/api/uploads", {
      method: "POST",
      body: uploadForm(photo),
      headers: { "x-forwarded-for": ip },
    });
    expect(later.status).toBe(201);
  });

  it("sweeps uploads nothing uses after 24 hours, in the background, keeping used and recent ones", async () => {
    const db = shop.ctx.database.db;
    const storage = shop.ctx.storage;
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    const make = async (name: string, createdAt: Date) => {
      const originalKey = `lightbox-images/1700000000000-${name}-aa11bb22.png`;
      const previewKey = `lightbox-images/1700000000000-${name}-aa11bb22-preview.webp`;
      await storage.put(originalKey, new Uint8Array([1, 2, 3]), "image/png");
      await storage.put(previewKey, new Uint8Array([4, 5, 6]), "image/webp");
      const [row] = await db
        .insert(uploads)
        .values({ originalKey, previewKey, width: 10, height: 10, bytes: 3, createdAt })
        .returning();
      if (!row) throw new Error("upload insert failed");
      return row;
    };
    const orphan = await make("sweep-orphan", dayAgo);
    const recent = await make("sweep-recent", new Date(Date.now() - 3600_000));
    const inCart = await make("sweep-in-cart", dayAgo);
    const owner = await createUser(shop, { email: uniqueEmail("h14-sweep"), verify: "direct" });
    await db.insert(cartItems).values({
      userId: owner.userId,
      itemId: "sweep-item",
      imageUrl: storage.publicUrl(inCart.previewKey),
      size: "7x7",
      shape: "square",
      frameColor: "white",
      price: 5450,
      config: {},
    });
    const inOrder = await make("sweep-in-order", dayAgo);
    const orderId = await insertOrder(shop, { userId: null, email: "sweep@example.com" });
    await db.execute(
      sql`update order_items set original_image_url = ${storage.publicUrl(inOrder.originalKey)} where order_id = ${orderId}`,
    );

    // The shop's own background loop does it (woken here instead of waiting an hour).
    shop.ctx.uploadSweeper.wake();
    const deadline = Date.now() + 10_000;
    // Rows go in the sweep's transaction, files right after its commit.
    while (
      (await db.select().from(uploads).where(eq(uploads.id, orphan.id))).length > 0 ||
      (await storage.get(orphan.previewKey)) !== null
    ) {
      if (Date.now() > deadline) throw new Error("the sweep did not run");
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await storage.get(orphan.originalKey)).toBeNull();
    expect(await storage.get(orphan.previewKey)).toBeNull();
    for (const kept of [recent, inCart, inOrder]) {
      expect(await db.select().from(uploads).where(eq(uploads.id, kept.id)), kept.originalKey).toHaveLength(
        1,
      );
      expect(await storage.get(kept.originalKey), kept.originalKey).not.toBeNull();
    }
    // Nothing left to sweep: a second pass removes nothing.
    const again = await sweepOrphanUploads({
      database: shop.ctx.database,
      storage,
      log: shop.ctx.log,
    });
    expect(again.uploadsDeleted).toBe(0);
  });
});

// ---------------------------------------------------------------------------- 4. DATA_DIR private

describe("4. DATA_DIR is private", () => {
  it("the server makes an existing world-readable DATA_DIR private at start and logs it", {
    timeout: 240_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-private-"));
    mkdirSync(path.join(dataDir, "mail"), { recursive: true });
    writeFileSync(path.join(dataDir, "mail", "reset.eml"), "a reset link");
    chmodSync(path.join(dataDir, "mail", "reset.eml"), 0o666);
    chmodSync(path.join(dataDir, "mail"), 0o777);
    chmodSync(dataDir, 0o777);
    const port = await freePort();
    const server = startShop({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      WEB_DIST: path.join(dataDir, "no-web"),
      PRINT_WORKER: "off",
    });
    try {
      await waitForServer(server, `http://127.0.0.1:${port}`, {
        path: "/api/health",
        timeoutMs: 200_000,
        accept: (res) => res.status === 200,
      });
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, "mail"))).toBe(0o700);
      expect(modeOf(path.join(dataDir, "mail", "reset.eml"))).toBe(0o600);
      expect(modeOf(path.join(dataDir, "auth-secret"))).toBe(0o600);
      if (!usesPostgres) {
        // PGlite writes its files 0666 itself: fixed once the database is open.
        expect(modeOf(path.join(dataDir, "pgdata"))).toBe(0o700);
        expect(modeOf(path.join(dataDir, "pgdata", "PG_VERSION")) & 0o077).toBe(0);
      }
      // A file the server writes later (the storage probe's folder) gets no group/world bits.
      expect(modeOf(path.join(dataDir, "uploads")) & 0o077).toBe(0);
      expect(server.output()).toContain("removed group and world access");
      expect(server.output()).toMatch(/mail\/reset\.eml/);
    } finally {
      await server.stop(60_000);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------- 8. loopback origins

describe("8. local mode works from any loopback name", () => {
  let local: TestShop;
  let production: TestShop;

  beforeAll(async () => {
    // No PUBLIC_URL: local mode on port 3000.
    local = await createTestShop({ PUBLIC_URL: "", PORT: "3000", PRINT_WORKER: "off" });
    production = await createTestShop({ PUBLIC_URL: "https://shop.lithobox.test", PRINT_WORKER: "off" });
  });
  afterAll(async () => {
    await local?.close();
    await production?.close();
  });

  const post = (shop: TestShop, origin: string) =>
    shop.request("/api/contact", {
      method: "POST",
      json: contactMessage(),
      headers: { origin, "x-forwarded-for": randomIp() },
    });

  it("accepts forms from localhost, 127.0.0.1 and [::1] on the shop's port, and nothing else", async () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      expect((await post(local, origin)).status, origin).toBe(201);
    }
    for (const origin of ["http://127.0.0.1:3001", "http://evil.test", "https://localhost:3000", "null"]) {
      const res = await post(local, origin);
      expect(res.status, origin).toBe(403);
    }
  });

  it("uploads and Better Auth's forms work from 127.0.0.1 too", async () => {
    const upload = await local.request("/api/uploads", {
      method: "POST",
      body: uploadForm(await png(40, 30)),
      headers: { origin: "http://127.0.0.1:3000" },
    });
    expect(upload.status).toBe(201);
    const signUp = (origin: string) =>
      local.request("/api/auth/sign-up/email", {
        method: "POST",
        json: {
          email: uniqueEmail("h14-loopback"),
          password: "correct horse 42",
          name: "Loop Back",
          firstName: "Loop",
          lastName: "Back",
        },
        headers: { origin, "x-forwarded-for": randomIp() },
      });
    const fromLoopback = await signUp("http://127.0.0.1:3000");
    expect(fromLoopback.status, await fromLoopback.clone().text()).toBe(200);
    expect((await signUp("http://evil.test")).status).toBe(403);
  });

  it("with PUBLIC_URL only that exact origin is trusted", async () => {
    expect((await post(production, "https://shop.lithobox.test")).status).toBe(201);
    for (const origin of ["http://127.0.0.1:3000", "http://localhost:3000", "http://shop.lithobox.test"]) {
      expect((await post(production, origin)).status, origin).toBe(403);
    }
  });
});

// ---------------------------------------------------------------------------- 9. health

describe("9. health tells the truth", () => {
  let shop: TestShop;
  let broken: TestShop;

  beforeAll(async () => {
    shop = await createTestShop({ PRINT_WORKER: "off" });
    broken = await createTestShop({ PRINT_WORKER: "off" });
  });
  afterAll(async () => {
    await shop?.close();
    await broken?.close();
  });

  it("reports storage that cannot be written: 503 on /health and /ready", async () => {
    // DATA_DIR/uploads is a file: nothing can be stored under it.
    rmSync(path.join(broken.dataDir, "uploads"), { recursive: true, force: true });
    writeFileSync(path.join(broken.dataDir, "uploads"), "not a folder");
    const health = await broken.request("/api/health");
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "degraded", database: "up", storage: "unwritable" });
    const ready = await broken.request("/api/ready");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, reason: "storage_unwritable" });
  });

  it("reports the mail outbox's backlog", async () => {
    const fine = await shop.request("/api/health");
    expect(await fine.json()).toMatchObject({
      status: "ok",
      storage: "writable",
      mailOutbox: { status: "ok", pending: 0, failedLast24h: 0 },
    });
    const db = shop.ctx.database.db;
    const stuck = await insertOrder(shop, { userId: null, email: "backlog@example.com" });
    const failed = await insertOrder(shop, { userId: null, email: "failed@example.com" });
    await db.insert(outboxEmails).values([
      {
        dedupeKey: `order:confirmation:${stuck}`,
        orderId: stuck,
        kind: "order_confirmation",
        template: "confirmation",
        status: "pending",
        attempts: 4,
        createdAt: new Date(Date.now() - 3 * 3600_000),
        nextAttemptAt: new Date(Date.now() + 3600_000),
      },
      {
        dedupeKey: `order:confirmation:${failed}`,
        orderId: failed,
        kind: "order_confirmation",
        template: "confirmation",
        status: "failed",
        attempts: 8,
      },
    ]);
    const res = await shop.request("/api/health");
    // The shop still sells: 200, but it says what is wrong.
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; mailOutbox: Record<string, unknown> };
    expect(body.status).toBe("degraded");
    expect(body.mailOutbox).toMatchObject({ status: "backlog", pending: 1, failedLast24h: 1 });
    expect(body.mailOutbox.oldestPendingMinutes).toBeGreaterThanOrEqual(179);
  });
});
