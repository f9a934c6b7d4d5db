/**
 * Issue 29, what a hostile probe found at the edges, one regression test each:
 * - a deeply nested JSON body (24 KB of brackets) answered 500 "Maximum call stack size
 *   exceeded" on every JSON endpoint before sign-in: now a 400, at any depth;
 * - invoice and credit-note links never expired and had no rate limit: now they expire like
 *   every other signed link (410) and one address gets INVOICE_RATE_LIMIT downloads a minute;
 * - a review could attach another customer's upload id, and the review then deleted that
 *   customer's photo: a review photo must be the reviewer's own upload, and no upload that a
 *   cart or order uses is ever deleted (review, site image).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewToken } from "../../../src/server/messaging/index.js";
import { CHANGED_BY, completeOrderPayment } from "../../../src/server/orders/index.js";
import { INVOICE_LINK_DAYS, invoiceToken } from "../../../src/server/payments/invoices.js";
import { INVOICE_RATE_LIMIT } from "../../../src/server/routes/invoices.js";
import { CHECKOUT_MESSAGES } from "../../../src/shared/checkout-messages.js";
import { COMMERCE_MESSAGES } from "../../../src/shared/commerce-messages.js";
import { REVIEW_TEXTS } from "../../../src/shared/review-texts.js";
import { MAX_REQUEST_DEPTH } from "../../../src/shared/schemas.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { lithophaneItem } from "../../support/checkout.js";
import { insertOrder } from "../../support/orders.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { type UploadedPhoto, uploadTestPhoto } from "../../support/uploads.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ PRINT_WORKER: "off" });
});
afterAll(async () => {
  await shop?.close();
});

/** Sends a raw body (not JSON.stringify'd: the point is what a client can send). */
function postRaw(path: string, body: string, ip = randomIp()) {
  return shop.request(path, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
  });
}

describe("deeply nested JSON", () => {
  // What the probe sent: 12,000 arrays inside each other, 24 KB.
  const brackets = `${"[".repeat(12_000)}${"]".repeat(12_000)}`;
  const deepObject = `${'{"a":'.repeat(12_000)}1${"}".repeat(12_000)}`;

  it("is a 400 on the shop's JSON endpoints and Better Auth's, before sign-in", async () => {
    for (const path of ["/api/contact", "/api/track", "/api/checkout", "/api/auth/sign-in/email"]) {
      for (const body of [brackets, `{"message":${brackets}}`, deepObject]) {
        const res = await postRaw(path, body);
        expect(res.status, `${path} ${body.slice(0, 12)}`).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe(
          CHECKOUT_MESSAGES.validation.tooDeep,
        );
      }
    }
  });

  it("is refused just past MAX_REQUEST_DEPTH, and a NUL inside it is still named", async () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}`;
    const past = await postRaw("/api/contact", nested(MAX_REQUEST_DEPTH + 1));
    expect(past.status).toBe(400);
    expect(((await past.json()) as { message: string }).message).toBe(CHECKOUT_MESSAGES.validation.tooDeep);
    // Within the depth the schema decides as before (a contact message is not nested).
    const within = await postRaw("/api/contact", nested(MAX_REQUEST_DEPTH));
    expect(within.status).toBe(400);
    expect(((await within.json()) as { message: string }).message).not.toBe(
      CHECKOUT_MESSAGES.validation.tooDeep,
    );
    const nul = await postRaw("/api/contact", JSON.stringify({ a: [{ b: "x\u0000" }] }));
    expect(((await nul.json()) as { fields: Record<string, string> }).fields).toEqual({
      "a.0.b": CHECKOUT_MESSAGES.validation.nulCharacter,
    });
  });
});

describe("invoice and credit-note links", () => {
  let orderId: string;
  let otherId: string;

  beforeAll(async () => {
    orderId = await insertOrder(shop, { userId: null, email: uniqueEmail("guest"), status: "pending" });
    otherId = await insertOrder(shop, { userId: null, email: uniqueEmail("other"), status: "pending" });
    for (const id of [orderId, otherId]) {
      await completeOrderPayment(shop.ctx, {
        orderId: id,
        by: CHANGED_BY.system,
        cause: "payment",
        paymentReference: `pi_${id}`,
      });
    }
  });

  const get = (id: string, token: string, ip = randomIp()) =>
    shop.request(`/api/orders/${id}/invoice.pdf?token=${encodeURIComponent(token)}`, {
      headers: { "x-forwarded-for": ip },
    });

  it("expire like other signed links: 410 once their time is up, 404 for another order", async () => {
    const secret = shop.ctx.config.authSecret;
    const fresh = await get(orderId, invoiceToken(secret, orderId));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("content-type")).toBe("application/pdf");
    const day = 24 * 3600_000;
    const nearlyOld = invoiceToken(secret, orderId, Date.now() - (INVOICE_LINK_DAYS - 1) * day);
    expect((await get(orderId, nearlyOld)).status).toBe(200);
    const old = invoiceToken(secret, orderId, Date.now() - (INVOICE_LINK_DAYS + 1) * day);
    const expired = await get(orderId, old);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toBe(
      COMMERCE_MESSAGES.invoices.linkExpired,
    );
    // One order's link never opens another's, and a credit note's path checks the same link.
    expect((await get(otherId, invoiceToken(secret, orderId))).status).toBe(404);
    const note = await shop.request(
      `/api/orders/${orderId}/credit-notes/1.pdf?token=${encodeURIComponent(old)}`,
      { headers: { "x-forwarded-for": randomIp() } },
    );
    expect(note.status).toBe(410);
  });

  it(`answer 429 after ${INVOICE_RATE_LIMIT} downloads a minute from one address`, async () => {
    const ip = randomIp();
    const token = invoiceToken(shop.ctx.config.authSecret, orderId);
    const statuses: number[] = [];
    for (let i = 0; i <= INVOICE_RATE_LIMIT; i += 1) statuses.push((await get(orderId, token, ip)).status);
    expect(statuses.slice(0, INVOICE_RATE_LIMIT).every((s) => s === 200)).toBe(true);
    const refused = await get(orderId, token, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(((await refused.json()) as { message: string }).message).toBe(
      COMMERCE_MESSAGES.invoices.tooManyDownloads,
    );
    // Another address is not held up.
    expect((await get(orderId, token)).status).toBe(200);
  });
});

describe("review photos", () => {
  let victim: TestUser;
  const victimIp = randomIp();
  let victimPhoto: UploadedPhoto;

  /** A delivered guest order and its review link's token. */
  async function deliveredOrder(): Promise<string> {
    const id = await insertOrder(shop, { userId: null, email: uniqueEmail("reviewer"), status: "delivered" });
    return reviewToken(shop.ctx.config.authSecret, id);
  }

  async function review(token: string, photoUploadId: string, ip: string, cookie?: string) {
    return shop.request("/api/reviews", {
      method: "POST",
      json: { token, rating: 5, body: "It glows beautifully on our landing.", name: "Niamh", photoUploadId },
      headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
    });
  }

  const stored = async (photo: UploadedPhoto) =>
    (await shop.request(new URL(photo.originalUrl).pathname)).status === 200;

  beforeAll(async () => {
    victim = await createUser(shop, { verify: "direct" });
    victimPhoto = await uploadTestPhoto(shop, {
      cookie: victim.cookie,
      ip: victimIp,
      width: 400,
      height: 400,
    });
    const cart = await shop.request("/api/cart", {
      method: "PUT",
      json: {
        items: [
          {
            ...lithophaneItem("starter"),
            imageUrl: victimPhoto.url,
            originalImageUrl: victimPhoto.originalUrl,
          },
        ],
      },
      headers: { cookie: victim.cookie, "x-forwarded-for": victimIp },
    });
    expect(cart.status).toBe(200);
    expect(((await cart.json()) as { dropped: unknown[] }).dropped).toEqual([]);
  });

  it("must be the reviewer's own upload: another customer's upload id is answered as gone", async () => {
    const token = await deliveredOrder();
    const res = await review(token, victimPhoto.id, randomIp());
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(REVIEW_TEXTS.photoGone);
    expect(await stored(victimPhoto)).toBe(true);
    // The reviewer's own upload (same address) is taken, and consumed: nothing else uses it.
    const ip = randomIp();
    const own = await uploadTestPhoto(shop, { ip, width: 400, height: 400 });
    expect((await review(token, own.id, ip)).status).toBe(201);
    expect(await stored(own)).toBe(false);
  });

  it("never deletes an upload a cart uses, even the reviewer's own", async () => {
    const token = await deliveredOrder();
    // Signed in, from another address: the account is the same visitor.
    expect((await review(token, victimPhoto.id, randomIp(), victim.cookie)).status).toBe(201);
    expect(await stored(victimPhoto)).toBe(true);
  });

  it("never deletes an upload a cart uses when the owner makes a site image of it", async () => {
    const admin = await createUser(shop, { role: "admin", mfa: true, verify: "direct" });
    const res = await shop.request("/api/admin/site-images", {
      method: "POST",
      json: {
        slot: "home_hero",
        uploadId: victimPhoto.id,
        alt: "A lit lightbox",
        enabled: true,
        sortOrder: 0,
      },
      headers: { cookie: admin.cookie, "x-forwarded-for": randomIp() },
    });
    expect(res.status).toBe(201);
    expect(await stored(victimPhoto)).toBe(true);
  });
});
