/**
 * Photo review through the real app (issue 17): the owner asks for a better photo for a panel
 * of a paid order; the customer gets an e-mail with a signed link and, without an account,
 * uploads a replacement (size and crop checked); the order line takes it, the panel's print job
 * is made again from it (a new 3MF), the owner is alerted, and the order's timeline and the
 * audit trail record each step. While the request is open the order cannot be dispatched.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { PHOTO_PAGE_TEXTS } from "@shared/photo-review";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, printJobs, userActivityLogs } from "../../../src/server/db/schema.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { type CheckoutAnswer, checkout, lithophaneItem, shippingInfo } from "../../support/checkout.js";
import { readMails } from "../../support/mail.js";
import { pay } from "../../support/orders.js";
import { type Json, jsonRequest, randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;

interface Uploaded {
  url: string;
  originalUrl: string;
  /** The uploader's address: a photo replacement is accepted only from its uploader. */
  ip: string;
}

async function photo(size: number, grey: number): Promise<Buffer> {
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: grey, g: grey, b: grey } },
  })
    .png()
    .toBuffer();
}

async function upload(image: Buffer, kind: "main" | "additional" = "main", index = 0): Promise<Uploaded> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "photo.png");
  form.set("kind", kind);
  if (kind === "additional") form.set("index", String(index));
  const ip = randomIp();
  const res = await shop.request("/api/uploads", {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": ip },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { ...((await res.json()) as Omit<Uploaded, "ip">), ip };
}

function api(
  method: string,
  path: string,
  json?: unknown,
  cookie: string | null = admin.cookie,
  ip = randomIp(),
) {
  return jsonRequest(shop, method, path, json, cookie, ip);
}

async function jobsOf(orderId: string) {
  return shop.ctx.database.db.select().from(printJobs).where(eq(printJobs.orderId, orderId));
}

async function settled(orderId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await jobsOf(orderId);
    if (jobs.length > 0 && jobs.every((j) => j.status === "done" || j.status === "failed")) return jobs;
    if (Date.now() > deadline) throw new Error(`print jobs did not finish: ${JSON.stringify(jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

function photoLink(text: string): string {
  const match = /\/photo\?token=([^\s]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no photo link in: ${text}`);
  return decodeURIComponent(match[1]);
}

beforeAll(async () => {
  shop = await createTestShop({ PRINT_RESOLUTION_MM: "1", OWNER_EMAIL: "owner@example.com" });
  admin = await createUser(shop, { email: uniqueEmail("photo-admin"), role: "admin", mfa: true });
});
afterAll(async () => {
  await shop?.close();
});

describe("photo review round trip", () => {
  let answer: CheckoutAnswer;
  let itemId: string;
  let token: string;
  let firstFileKey: string | null;
  let firstFile: Buffer | undefined;
  const customerEmail = uniqueEmail("photo-customer");

  it("a paid Keepsake's panel 2 is asked for again: e-mail with a signed link, waiting for photo, audited", async () => {
    const main = await upload(await photo(600, 120));
    const extras = [
      await upload(await photo(600, 30), "additional", 0),
      await upload(await photo(600, 200), "additional", 1),
    ];
    const base = lithophaneItem("gift");
    answer = await checkout(shop, {
      cartItems: [
        {
          ...base,
          imageUrl: main.url,
          originalImageUrl: main.originalUrl,
          additionalImages: extras.map((e) => e.url),
        },
      ],
      shippingInfo: shippingInfo({ email: customerEmail }),
    });
    // Paid as a live order, so its print files are made (test orders wait for the admin).
    await pay(shop, answer, { live: true });
    const done = await settled(answer.orderId);
    expect(done.map((j) => j.status)).toEqual(["done", "done", "done"]);
    firstFileKey = done.find((j) => j.panelIndex === 1)?.fileKey ?? null;
    expect(firstFileKey).toBeTruthy();
    firstFile = (await shop.ctx.storage.get(firstFileKey ?? ""))?.body;
    expect(firstFile?.byteLength).toBeGreaterThan(1000);

    const [item] = await shop.ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, answer.orderId));
    if (!item) throw new Error("no item");
    itemId = item.id;
    const body = {
      itemId,
      panelIndex: 1,
      reason: "too_dark",
      note: "The faces are in shadow.",
      idempotencyKey: "photo-req-0001",
    };
    const first = await api("POST", `/api/admin/orders/${answer.orderId}/photo-requests`, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // A double click asks once.
    const again = await api("POST", `/api/admin/orders/${answer.orderId}/photo-requests`, body);
    expect(again.status).toBe(200);
    expect(again.body.requestId).toBe(first.body.requestId);
    // A second request for the same panel is refused while the first is open.
    const other = await api("POST", `/api/admin/orders/${answer.orderId}/photo-requests`, {
      ...body,
      idempotencyKey: "photo-req-0002",
    });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(ADMIN_MESSAGE_TEXTS.photoReview.alreadyRequested);

    const order = first.body.order as Json;
    expect(order.waitingForPhoto).toBe(true);
    expect((order.notes as Array<{ body: string }>)[0]?.body).toBe(
      "Asked the customer for a better photo (Item 1 · panel 2 of 3, too dark): The faces are in shadow.",
    );

    const mails = readMails(shop).filter((m) => m.to === customerEmail && m.subject.includes("better photo"));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    if (!mail) throw new Error("no mail");
    expect(mail.text).toContain("Item 1 · panel 2 of 3: The photo is quite dark");
    expect(mail.text).toContain("The faces are in shadow.");
    token = photoLink(mail.text);

    const audit = await shop.ctx.database.db
      .select()
      .from(userActivityLogs)
      .where(eq(userActivityLogs.actionType, "order.photo_request"));
    expect(audit.filter((a) => a.success)).toHaveLength(2);
    expect(audit[0]?.operationContext).toBe("manual");
  });

  it("the order waits: it cannot be dispatched while the photo is awaited", async () => {
    const res = await api("POST", `/api/admin/orders/${answer.orderId}/status`, {
      status: "dispatched",
      trackingNumber: "AB123456789GB",
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ADMIN_MESSAGE_TEXTS.photoReview.dispatchWaiting);
  });

  it("the link shows the panel without an account; a forged or wrong-purpose token is refused", async () => {
    const page = await api("GET", `/api/photo-requests?token=${encodeURIComponent(token)}`, undefined, null);
    expect(page.status).toBe(200);
    expect(page.body.page).toMatchObject({
      orderNumber: answer.displayNumber,
      panelIndex: 1,
      panelCount: 3,
      // Every panel is positioned with the crop tool (issue 30 item 13), the extra ones too.
      cropped: true,
      aspectRatio: "1:1",
      minShortSidePx: 450,
      note: "The faces are in shadow.",
    });
    const [id, exp] = token.split(".");
    const forged = await api("GET", `/api/photo-requests?token=${id}.${exp}.AAAA`, undefined, null);
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe(PHOTO_PAGE_TEXTS.invalid);
  });

  it("a photo too small for the 18 cm panel, or not the shop's, is refused and changes nothing", async () => {
    const small = await upload(await photo(300, 220), "additional", 0);
    const tooSmall = await api(
      "POST",
      "/api/photo-requests",
      { token, originalUrl: small.originalUrl },
      null,
      small.ip,
    );
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.message).toBe(PHOTO_PAGE_TEXTS.tooSmall(450));
    const foreign = await api(
      "POST",
      "/api/photo-requests",
      { token, originalUrl: "https://example.com/x.jpg" },
      null,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(PHOTO_PAGE_TEXTS.notStored);
    // A shop upload, but another visitor's (another order's photo, say): refused the same way.
    const someoneElses = await upload(await photo(800, 230), "additional", 0);
    const taken = await api(
      "POST",
      "/api/photo-requests",
      { token, originalUrl: someoneElses.originalUrl },
      null,
      randomIp(),
    );
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(PHOTO_PAGE_TEXTS.notStored);
    // An extra panel's crop is checked as the main one's: outside the photo, or too small once cut.
    const big = await upload(await photo(800, 230), "additional", 0);
    const outside = await api(
      "POST",
      "/api/photo-requests",
      { token, originalUrl: big.originalUrl, cropPixels: { x: 500, y: 0, width: 600, height: 600 } },
      null,
      big.ip,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(PHOTO_PAGE_TEXTS.cropOutside);
    const tinyCrop = await api(
      "POST",
      "/api/photo-requests",
      { token, originalUrl: big.originalUrl, cropPixels: { x: 0, y: 0, width: 200, height: 200 } },
      null,
      big.ip,
    );
    expect(tinyCrop.status).toBe(400);
    expect(tinyCrop.body.message).toBe(PHOTO_PAGE_TEXTS.tooSmall(450));
    const jobs = await jobsOf(answer.orderId);
    expect(jobs.find((j) => j.panelIndex === 1)?.fileKey).toBe(firstFileKey);
  });

  it("the new photo replaces the panel, its print file is made again, the owner is alerted, once", async () => {
    const better = await upload(await photo(800, 230), "additional", 0);
    const crop = { x: 100, y: 50, width: 600, height: 600 };
    const sent = await api(
      "POST",
      "/api/photo-requests",
      { token, originalUrl: better.originalUrl, cropPixels: crop, crop: { x: 3, y: -2, zoom: 1.3 } },
      null,
      better.ip,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    const [item] = await shop.ctx.database.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(item?.additionalImages[0]).toBe(better.url);
    // The panel's crop is kept for its print file (panel 2 = the first extra photo); the others stay centred.
    expect(item?.config.additionalCropPixels).toEqual([crop, null]);
    const [job] = await shop.ctx.database.db
      .select()
      .from(printJobs)
      .where(and(eq(printJobs.orderItemId, itemId), eq(printJobs.panelIndex, 1)));
    expect(job?.imageUrl).toBe(better.originalUrl);
    const done = await settled(answer.orderId);
    const remade = done.find((j) => j.panelIndex === 1);
    expect(remade?.status).toBe("done");
    expect(remade?.fileKey).toBeTruthy();
    // A new 3MF from the new (light) photo: not the file of the dark one.
    const remadeFile = (await shop.ctx.storage.get(remade?.fileKey ?? ""))?.body;
    expect(remadeFile?.byteLength).toBeGreaterThan(1000);
    expect(remadeFile?.equals(firstFile ?? Buffer.alloc(0))).toBe(false);
    expect(remade?.attempts).toBe(1);
    // The other panels were not touched.
    expect(done.filter((j) => j.panelIndex !== 1).every((j) => j.attempts === 1)).toBe(true);

    const owner = readMails(shop).filter(
      (m) => m.to === "owner@example.com" && m.subject.includes("A new photo"),
    );
    expect(owner).toHaveLength(1);
    expect(owner[0]?.subject).toBe(`[Lithobox] A new photo for order #${answer.displayNumber}`);

    const detail = await api("GET", `/api/admin/orders/${answer.orderId}`);
    const view = detail.body.order as Json;
    expect(view.waitingForPhoto).toBe(false);
    expect((view.photoRequests as Array<Json>)[0]).toMatchObject({
      status: "replaced",
      newImageUrl: better.url,
    });
    expect((view.notes as Array<{ body: string }>)[0]?.body).toBe(
      "The customer sent a new photo for panel 2. Its print file is being made again.",
    );
    const audit = await shop.ctx.database.db
      .select()
      .from(userActivityLogs)
      .where(eq(userActivityLogs.actionType, "order.photo_replaced"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userEmail: customerEmail,
      userRole: "customer",
      operationContext: "customer",
    });

    // The link works once.
    const replay = await api(
      "POST",
      "/api/photo-requests",
      { token, originalUrl: better.originalUrl },
      null,
      better.ip,
    );
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe(PHOTO_PAGE_TEXTS.used);
  });

  it("a withdrawn request's link stops working; non-admins cannot ask", async () => {
    const body = { itemId, panelIndex: 0, reason: "too_small", idempotencyKey: "photo-req-0003" };
    const asked = await api("POST", `/api/admin/orders/${answer.orderId}/photo-requests`, body);
    expect(asked.status).toBe(201);
    const mail = readMails(shop)
      .filter((m) => m.to === customerEmail && m.subject.includes("better photo"))
      .at(-1);
    const link = photoLink(mail?.text ?? "");
    const withdrawn = await api(
      "POST",
      `/api/admin/orders/${answer.orderId}/photo-requests/${asked.body.requestId}/withdraw`,
    );
    expect(withdrawn.status).toBe(200);
    expect((withdrawn.body.order as Json).waitingForPhoto).toBe(false);
    const page = await api("GET", `/api/photo-requests?token=${encodeURIComponent(link)}`, undefined, null);
    expect(page.status).toBe(409);
    expect(page.body.message).toBe(PHOTO_PAGE_TEXTS.withdrawn);

    const customer = await createUser(shop, { email: uniqueEmail("photo-plain") });
    const refused = await api(
      "POST",
      `/api/admin/orders/${answer.orderId}/photo-requests`,
      { ...body, idempotencyKey: "photo-req-0004" },
      customer.cookie,
    );
    expect(refused.status).toBe(403);
  });
});
