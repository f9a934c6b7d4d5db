/**
 * Print files through the real app: paying an order queues one job per lithophane panel in the
 * payment's transaction; the background runner turns each into a 3MF (with the customer's crop,
 * shape and size) that admins list, download and, after a failure, retry; a job left running by
 * a crash resumes on the next start; a photo that is not one of the shop's uploads is refused at
 * checkout and never fetched; non-admins get 403 on every new endpoint.
 *
 * PRINT_RESOLUTION_MM=1 keeps the panels small (181 x 181 grid) so the suite is quick; the
 * restart test runs at the shop's default 0.2 mm. Both write the grid (PRINT_MAX_ERROR_MM=0): these
 * flat photos' adaptive meshes are a few dozen triangles, and the checks read the relief from the
 * vertices; the twin's tests (print-twin, proofs) run the adaptive default through the worker.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, printJobs, userActivityLogs } from "../../../src/server/db/schema.js";
import type { OrderPrintJobs } from "../../../src/server/fulfilment/print-jobs/admin.js";
import { ADMIN_MESSAGE_TEXTS } from "../../../src/shared/admin-messages";
import { CREATOR_MESSAGES } from "../../../src/shared/creator-messages.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import {
  ACCESSORIES,
  accessoryItem,
  type CheckoutAnswer,
  checkout,
  lithophaneItem,
  postCheckout,
  pressTestButton,
  shippingInfo,
} from "../../support/checkout.js";
import { freshDatabase } from "../../support/database.js";
import { paidOrder } from "../../support/orders.js";
import { printFiles as orderPrintFiles, settled as settledPrintFiles } from "../../support/print-files.js";
import { createTestShop, openPersistentShop, type TestShop } from "../../support/test-shop.js";

const MODEL_PATH = "3D/3dmodel.model";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;

interface Uploaded {
  url: string;
  originalUrl: string;
}

/** A 200 x 200 PNG: left half black, right half white (so the crop visibly matters). */
async function halfBlackPhoto(): Promise<Buffer> {
  const size = 200;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++)
      pixels.fill(x < size / 2 ? 0 : 255, (y * size + x) * 3, (y * size + x) * 3 + 3);
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

async function flatPhoto(grey: number): Promise<Buffer> {
  return sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: grey, g: grey, b: grey } },
  })
    .png()
    .toBuffer();
}

async function upload(
  target: TestShop,
  photo: Buffer,
  kind: "main" | "additional",
  index = 0,
): Promise<Uploaded> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(photo)], { type: "image/png" }), `photo-${kind}-${index}.png`);
  form.set("kind", kind);
  if (kind === "additional") form.set("index", String(index));
  const res = await target.request("/api/uploads", { method: "POST", body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Uploaded;
}

/** A lithophane cart line using real uploads; `cropPixels` in the original's pixels. */
function lithophaneWith(
  bundle: "starter" | "gift",
  main: Uploaded,
  extra: Uploaded[],
  cropPixels?: { x: number; y: number; width: number; height: number },
) {
  const base = lithophaneItem(bundle);
  return {
    ...base,
    imageUrl: main.url,
    originalImageUrl: main.originalUrl,
    additionalImages: extra.map((e) => e.url),
    config: { ...base.config, ...(cropPixels ? { cropPixels } : {}) },
  };
}

function adminGet(target: TestShop, pathname: string, cookie = admin.cookie): Promise<Response> {
  return target.request(pathname, { headers: { cookie } });
}

function printFiles(target: TestShop, orderId: string, cookie = admin.cookie): Promise<OrderPrintJobs> {
  return orderPrintFiles(target, orderId, cookie);
}

/** Polls until no job is pending or running. */
function settled(target: TestShop, orderId: string, cookie = admin.cookie, timeoutMs = 60_000) {
  return settledPrintFiles(target, orderId, cookie, timeoutMs);
}

/**
 * Pays an order on the test payment page as if it were a live one: test orders never queue
 * print files by themselves (an admin asks, see security-hardening-runtime.test.ts), so the
 * order is made live first and the test page stands in for Stripe.
 */
async function payAsLive(target: TestShop, answer: CheckoutAnswer): Promise<Response> {
  await target.ctx.database.db.update(orders).set({ testMode: false }).where(eq(orders.id, answer.orderId));
  return pressTestButton(target, answer, "pay");
}

/** Every vertex of a 3MF model: [x, y, z] in mm. */
function vertices(model: string): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (const m of model.matchAll(/<vertex x="([^"]+)" y="([^"]+)" z="([^"]+)"/g)) {
    out.push([Number(m[1]), Number(m[2]), Number(m[3])]);
  }
  return out;
}

async function download(target: TestShop, orderId: string, jobId: string) {
  const res = await adminGet(target, `/api/admin/orders/${orderId}/print-jobs/${jobId}/file`);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, zip: unzipSync(bytes) };
}

beforeAll(async () => {
  // On the grid (PRINT_MAX_ERROR_MM=0): the checks below read the relief from its vertices.
  shop = await createTestShop({ PRINT_RESOLUTION_MM: "1", PRINT_MAX_ERROR_MM: "0" });
  admin = await createUser(shop, { email: uniqueEmail("print-admin"), role: "admin", mfa: true });
  customer = await createUser(shop, { email: uniqueEmail("print-customer") });
});
afterAll(async () => {
  await shop?.close();
});

describe("print files of a paid order", () => {
  let answer: CheckoutAnswer;
  let main: Uploaded;
  let extras: Uploaded[];

  it("before payment: no jobs, and the screen can say why", async () => {
    main = await upload(shop, await halfBlackPhoto(), "main");
    extras = [
      await upload(shop, await flatPhoto(90), "additional", 0),
      await upload(shop, await flatPhoto(200), "additional", 1),
    ];
    // The accessory first: the lithophane is item 2 of the order.
    answer = await checkout(shop, {
      cartItems: [
        accessoryItem(ACCESSORIES.adapter),
        // The crop keeps only the white right-hand part of the main photo.
        lithophaneWith("gift", main, extras, { x: 120, y: 40, width: 70, height: 70 }),
      ],
    });
    const before = await printFiles(shop, answer.orderId);
    expect(before).toMatchObject({ paid: false, orderStatus: "pending", panelCount: 3, jobs: [] });
  });

  it("paying queues one job per panel in the same transaction, and each becomes a 3MF", async () => {
    expect((await payAsLive(shop, answer)).status).toBe(303);
    // The rows exist as soon as the payment is committed.
    const rows = await shop.ctx.database.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.orderId, answer.orderId));
    expect(rows).toHaveLength(3);
    const byPanel = new Map(rows.map((r) => [r.panelIndex, r]));
    // Printed from the full-size originals, not the web previews.
    expect(byPanel.get(0)?.imageUrl).toBe(main.originalUrl);
    expect(byPanel.get(1)?.imageUrl).toBe(extras[0]?.originalUrl);
    expect(byPanel.get(2)?.imageUrl).toBe(extras[1]?.originalUrl);

    const files = await settled(shop, answer.orderId);
    expect(files.paid).toBe(true);
    expect(files.jobs.map((j) => [j.itemNumber, j.panelNumber, j.status])).toEqual([
      [2, 1, "done"],
      [2, 2, "done"],
      [2, 3, "done"],
    ]);
    for (const job of files.jobs) {
      expect(job.progress).toBe(1);
      expect(job.error).toBeNull();
      expect(job.triangles).toBeGreaterThan(10_000);
      expect(job.fileName).toBe(`order-${answer.displayNumber}-item-2-panel-${job.panelNumber}.3mf`);

      const { res, bytes, zip } = await download(shop, answer.orderId, job.id);
      expect(res.headers.get("content-type")).toBe("model/3mf");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${job.fileName}"`);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(bytes.byteLength).toBe(job.bytes);
      expect(Object.keys(zip)).toContain(MODEL_PATH);
      expect(Object.keys(zip)).toContain("[Content_Types].xml");
      const model = new TextDecoder().decode(zip[MODEL_PATH]);
      expect(model).toContain('unit="millimeter"');
      expect((model.match(/<triangle /g) ?? []).length).toBe(job.triangles);
    }

    // 7x7 in = 180 x 180 mm, and the crop was applied: inside the 3 mm lip the cropped
    // (white) area is thin everywhere. Uncropped, the black half would be ~3 mm thick.
    const first = files.jobs[0];
    if (!first) throw new Error("no job");
    const points = vertices(
      new TextDecoder().decode((await download(shop, answer.orderId, first.id)).zip[MODEL_PATH]),
    );
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(180, 3);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(180, 3);
    const inner = points.filter(([x, y]) => x > 10 && x < 170 && y > 10 && y < 170);
    expect(inner.length).toBeGreaterThan(1000);
    expect(Math.max(...inner.map((p) => p[2]))).toBeLessThan(1.2);
    // A uniform mid-grey photo (panel 2) is mid-thick inside the lip.
    const second = files.jobs[1];
    if (!second) throw new Error("no job");
    const grey = vertices(
      new TextDecoder().decode((await download(shop, answer.orderId, second.id)).zip[MODEL_PATH]),
    )
      .filter(([x, y]) => x > 10 && x < 170 && y > 10 && y < 170)
      .map((p) => p[2]);
    expect(Math.min(...grey)).toBeGreaterThan(1.2);

    // Every download was audit-logged; print files are never public media.
    const downloads = await shop.ctx.database.db
      .select()
      .from(userActivityLogs)
      .where(eq(userActivityLogs.actionType, "print_file.download"));
    expect(downloads.length).toBeGreaterThanOrEqual(3);
    const [stored] = await shop.ctx.database.db.select().from(printJobs).where(eq(printJobs.id, first.id));
    const key = stored?.fileKey ?? "";
    expect(key).toMatch(/^print-files\//);
    expect((await shop.request(`/api/media/${key}`)).status).toBe(404);
    expect((await shop.request(`/api/media/lightbox-images/${path.basename(key)}`)).status).toBe(404);
  });

  it("paying twice (a replayed payment) adds no jobs", async () => {
    expect((await payAsLive(shop, answer)).status).toBeLessThan(500);
    const rows = await shop.ctx.database.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.orderId, answer.orderId));
    expect(rows).toHaveLength(3);
  });
});

/** Two gentle ramps, dark on the left and light on the right: detail local contrast brings out. */
async function twoRampsPhoto(): Promise<Buffer> {
  const size = 200;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const ramp = Math.round((y / (size - 1)) * 40);
      pixels.fill(x < size / 2 ? 40 + ramp : 180 + ramp, (y * size + x) * 3, (y * size + x) * 3 + 3);
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * Spread (max - min) of the relief surface inside the dark half, away from the lip and the middle
 * seam. The flat front mirrors the photo in model space, so the photo's left half is at high x;
 * the flat face's own vertices (z = 0) are left out.
 */
function darkHalfSpread(model: string): number {
  const z = vertices(model)
    .filter(([x, y, z]) => z > 0.05 && y > 20 && y < 160 && x > 110 && x < 170)
    .map((p) => p[2]);
  return Math.max(...z) - Math.min(...z);
}

describe("local contrast chosen in the creator", () => {
  it("travels from the cart line to the order and into the print file", async () => {
    const photo = await upload(shop, await twoRampsPhoto(), "main");
    const plain = lithophaneWith("starter", photo, []);
    const contrasted = { ...plain, id: `${plain.id}-lc`, config: { ...plain.config, localContrast: true } };
    const answer = await paidOrder(shop, { body: { cartItems: [plain, contrasted] }, live: true });
    const items = await shop.ctx.database.db
      .select({ config: orderItems.config })
      .from(orderItems)
      .where(eq(orderItems.orderId, answer.orderId));
    expect(items.map((i) => i.config.localContrast === true).sort()).toEqual([false, true]);

    const files = await settled(shop, answer.orderId);
    expect(files.jobs.map((j) => j.status)).toEqual(["done", "done"]);
    const [first, second] = await Promise.all(
      files.jobs.map(async (job) =>
        new TextDecoder().decode((await download(shop, answer.orderId, job.id)).zip[MODEL_PATH]),
      ),
    );
    // Item 1 without, item 2 with: CLAHE (clip-limited) stretches the dark half's faint ramp into
    // more relief: measured 0.55 mm without, 0.60 mm with.
    expect(darkHalfSpread(second ?? "")).toBeGreaterThan(darkHalfSpread(first ?? "") * 1.05);
  });
});

describe("a failed print file", () => {
  it("shows failed with the reason, and an admin's retry works once the photo is back", async () => {
    const main = await upload(shop, await flatPhoto(128), "main");
    const key = shop.ctx.storage.keyFromUrl(main.originalUrl);
    if (!key) throw new Error("no key");
    const stored = await shop.ctx.storage.get(key);
    if (!stored) throw new Error("not stored");
    const answer = await checkout(shop, { cartItems: [lithophaneWith("starter", main, [])] });
    // The photo disappears from storage before the order is paid.
    await shop.ctx.storage.delete(key);
    expect((await payAsLive(shop, answer)).status).toBe(303);

    const failed = await settled(shop, answer.orderId);
    expect(failed.jobs).toHaveLength(1);
    const job = failed.jobs[0];
    if (!job) throw new Error("no job");
    expect(job.status).toBe("failed");
    expect(job.error).toBe(ADMIN_MESSAGE_TEXTS.printFiles.imageMissing(key));
    expect(job.bytes).toBeNull();
    // Nothing to download yet.
    expect(
      (await adminGet(shop, `/api/admin/orders/${answer.orderId}/print-jobs/${job.id}/file`)).status,
    ).toBe(404);

    // Refused for non-admins (and changes nothing).
    const retryPath = `/api/admin/orders/${answer.orderId}/print-jobs/${job.id}/retry`;
    expect(
      (await shop.request(retryPath, { method: "POST", headers: { cookie: customer.cookie } })).status,
    ).toBe(403);
    expect((await shop.request(retryPath, { method: "POST" })).status).toBe(403);
    expect((await printFiles(shop, answer.orderId)).jobs[0]?.status).toBe("failed");

    await shop.ctx.storage.put(key, stored.body, stored.contentType);
    const retry = await shop.request(retryPath, { method: "POST", headers: { cookie: admin.cookie } });
    expect(retry.status).toBe(200);
    const after = ((await retry.json()) as { printFiles: OrderPrintJobs }).printFiles;
    expect(["pending", "running", "done"]).toContain(after.jobs[0]?.status);

    const done = await settled(shop, answer.orderId);
    expect(done.jobs[0]).toMatchObject({ status: "done", error: null, attempts: 1 });
    const { zip } = await download(shop, answer.orderId, job.id);
    expect(Object.keys(zip)).toContain(MODEL_PATH);

    // The retry is in the audit trail, with the state before and after.
    const [audit] = await shop.ctx.database.db
      .select()
      .from(userActivityLogs)
      .where(
        sql`${userActivityLogs.actionType} = 'print_job.retry' and ${userActivityLogs.recordId} = ${job.id}`,
      );
    expect(audit).toMatchObject({ success: true, userId: admin.userId, tableName: "print_jobs" });
    expect(audit?.oldValues).toMatchObject({ status: "failed" });
    expect(audit?.newValues).toMatchObject({ status: "pending", orderId: answer.orderId });

    // Only a failed job can be retried.
    const again = await shop.request(retryPath, { method: "POST", headers: { cookie: admin.cookie } });
    expect(again.status).toBe(409);
  });
});

describe("photos from elsewhere", () => {
  let server: Server;
  let hits = 0;
  let foreign = "";

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { "content-type": "image/png" });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    foreign = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/photo.png`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a lithophane whose photo is not one of our uploads is refused at checkout", async () => {
    for (const item of [
      { ...lithophaneItem("starter"), imageUrl: foreign, originalImageUrl: foreign },
      { ...lithophaneItem("gift"), additionalImages: [foreign, foreign] },
      // Our media path, but not the customers' image folder.
      { ...lithophaneItem("starter"), originalImageUrl: "http://localhost:3000/api/media/print-files/x.png" },
    ]) {
      const res = await postCheckout(shop, { cartItems: [item], shippingInfo: shippingInfo() });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: string; message: string; items: Array<{ id: string }> };
      expect(body.error).toBe("item_unavailable");
      expect(body.message).toContain(CREATOR_MESSAGES.creator.imageNotUploaded);
      expect(body.items.map((i) => i.id)).toEqual([item.id]);
    }
  });

  it("and the worker never fetches one that reached an order some other way", async () => {
    const main = await upload(shop, await flatPhoto(60), "main");
    const answer = await checkout(shop, { cartItems: [lithophaneWith("starter", main, [])] });
    await shop.ctx.database.db
      .update(orderItems)
      .set({ imageUrl: foreign, originalImageUrl: foreign })
      .where(eq(orderItems.orderId, answer.orderId));
    expect((await payAsLive(shop, answer)).status).toBe(303);
    const files = await settled(shop, answer.orderId);
    expect(files.jobs[0]).toMatchObject({
      status: "failed",
      error: ADMIN_MESSAGE_TEXTS.printFiles.imageNotInShop,
    });
    expect(hits).toBe(0);
  });
});

describe("a job another server stopped hearing about", () => {
  it("is taken back once its heartbeat is stale, not before", async () => {
    const main = await upload(shop, await flatPhoto(180), "main");
    const answer = await paidOrder(shop, {
      body: { cartItems: [lithophaneWith("starter", main, [])] },
      live: true,
    });
    const first = await settled(shop, answer.orderId);
    const id = first.jobs[0]?.id ?? "";
    expect(first.jobs[0]).toMatchObject({ status: "done", attempts: 1 });
    const db = shop.ctx.database.db;
    // "Running" on a live server (fresh heartbeat): left alone.
    await db.update(printJobs).set({ status: "running", updatedAt: new Date() }).where(eq(printJobs.id, id));
    expect(await shop.ctx.printJobs.recover(false)).toBe(0);
    // Silent for an hour: back in the queue, and generated again.
    await db
      .update(printJobs)
      .set({ updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(printJobs.id, id));
    expect(await shop.ctx.printJobs.recover(false)).toBe(1);
    shop.ctx.printJobs.wake();
    const again = await settled(shop, answer.orderId);
    expect(again.jobs[0]).toMatchObject({ status: "done", attempts: 2 });
  });
});

describe("the admin endpoints", () => {
  it("answer 403 to anonymous callers and to customers", async () => {
    const answer = await paidOrder(shop, {
      body: { cartItems: [accessoryItem(ACCESSORIES.dimmer)] },
      live: true,
    });
    const id = answer.orderId;
    const job = "00000000-0000-4000-8000-000000000000";
    for (const [method, pathname] of [
      ["GET", `/api/admin/orders/${id}/print-jobs`],
      ["GET", `/api/admin/orders/${id}/print-jobs/${job}/file`],
      ["POST", `/api/admin/orders/${id}/print-jobs/${job}/retry`],
    ] as const) {
      expect((await shop.request(pathname, { method })).status, pathname).toBe(403);
      expect(
        (await shop.request(pathname, { method, headers: { cookie: customer.cookie } })).status,
        pathname,
      ).toBe(403);
    }
    // An accessory-only order has nothing to print.
    expect(await printFiles(shop, id)).toMatchObject({ paid: true, panelCount: 0, jobs: [] });
    expect(
      (await adminGet(shop, "/api/admin/orders/00000000-0000-4000-8000-000000000000/print-jobs")).status,
    ).toBe(404);
  });
});

// ---------------------------------------------------------------- restart

describe("a restart", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-print-restart-"));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    const base = process.env.DATABASE_URL;
    if (!base) return;
    const database = await freshDatabase(base, "lithobox_pj");
    databaseUrl = database.url;
    dropDatabase = database.drop;
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("resumes the work a crash left running (and gives up on a job that keeps crashing)", async () => {
    // First life: the order is paid; this process does not run the queue, then "crashes"
    // with one job mid-generation and one that has already crashed the server three times.
    const first = await openPersistentShop(dataDir, databaseUrl, { PRINT_WORKER: "off" });
    let orderId = "";
    let firstAdmin: TestUser;
    try {
      firstAdmin = await createUser(first, { email: uniqueEmail("restart-admin"), role: "admin", mfa: true });
      const main = await upload(first, await flatPhoto(100), "main");
      const extras = [
        await upload(first, await flatPhoto(150), "additional", 0),
        await upload(first, await flatPhoto(30), "additional", 1),
      ];
      const answer = await paidOrder(first, {
        body: { cartItems: [lithophaneWith("gift", main, extras)] },
        live: true,
      });
      orderId = answer.orderId;
      const db = first.ctx.database.db;
      const long = new Date(Date.now() - 3_600_000);
      await db
        .update(printJobs)
        .set({ status: "running", attempts: 1, progress: 0.4, updatedAt: long })
        .where(sql`${printJobs.orderId} = ${orderId} and ${printJobs.panelIndex} = 1`);
      await db
        .update(printJobs)
        .set({ status: "running", attempts: 3, progress: 0.2, updatedAt: long })
        .where(sql`${printJobs.orderId} = ${orderId} and ${printJobs.panelIndex} = 2`);
      const before = await printFiles(first, orderId, firstAdmin.cookie);
      expect(before.jobs.map((j) => j.status)).toEqual(["pending", "running", "running"]);
    } finally {
      await first.close();
    }

    // Second life on the same data: the default resolution (0.2 mm), on the grid (the adaptive mesh
    // off) so the triangle count shows the panel's full size.
    const second = await openPersistentShop(dataDir, databaseUrl, { PRINT_MAX_ERROR_MM: "0" });
    try {
      const signedIn = await createUser(second, {
        email: uniqueEmail("restart-admin-2"),
        role: "admin",
        mfa: true,
      });
      const files = await settled(second, orderId, signedIn.cookie, 120_000);
      expect(files.jobs.map((j) => [j.panelNumber, j.status, j.attempts])).toEqual([
        [1, "done", 1],
        [2, "done", 2],
        [3, "failed", 3],
      ]);
      expect(files.jobs[2]?.error).toBe(ADMIN_MESSAGE_TEXTS.printFiles.interrupted(3));
      const resumed = files.jobs[1];
      if (!resumed) throw new Error("no job");
      // 180 x 180 mm at 0.2 mm: a full-size panel (901 x 901 grid).
      expect(resumed.triangles).toBeGreaterThan(1_500_000);
      const res = await second.request(`/api/admin/orders/${orderId}/print-jobs/${resumed.id}/file`, {
        headers: { cookie: signedIn.cookie },
      });
      expect(res.status).toBe(200);
      const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
      expect(Object.keys(zip)).toContain(MODEL_PATH);
    } finally {
      await second.close();
    }
  }, 180_000);

  it("a shutdown mid-generation stops at once and leaves the job queued for the next start", async () => {
    // 0.1 mm on the grid: a long job (several seconds), so the stop lands in the middle of it.
    const running = await openPersistentShop(dataDir, databaseUrl, {
      PRINT_RESOLUTION_MM: "0.1",
      PRINT_MAX_ERROR_MM: "0",
    });
    let orderId = "";
    let closedInMs = 0;
    try {
      const main = await upload(running, await flatPhoto(120), "main");
      orderId = (
        await paidOrder(running, { body: { cartItems: [lithophaneWith("starter", main, [])] }, live: true })
      ).orderId;
      const db = running.ctx.database.db;
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [job] = await db.select().from(printJobs).where(eq(printJobs.orderId, orderId));
        if (job?.status === "running") break;
        if (job?.status === "done" || Date.now() > deadline)
          throw new Error(`job not running: ${job?.status}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      const started = Date.now();
      await running.close();
      closedInMs = Date.now() - started;
    }
    expect(closedInMs).toBeLessThan(3_000);

    const after = await openPersistentShop(dataDir, databaseUrl, { PRINT_WORKER: "off" });
    try {
      const [job] = await after.ctx.database.db
        .select()
        .from(printJobs)
        .where(eq(printJobs.orderId, orderId));
      expect(job).toMatchObject({ status: "pending", attempts: 0, fileKey: null });
    } finally {
      await after.close();
    }
  }, 120_000);
});
