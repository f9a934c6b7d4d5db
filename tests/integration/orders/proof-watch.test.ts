/**
 * Watching a proof never throttles the customer (issue 44 item 3): three clients behind one
 * address (the success page, the track page and the e-mail's link, or a household) ask for the
 * proof's status every 5 s for 10 minutes (a faked clock) and get no 429; the answer is an ETag
 * (304 while nothing changed), a change (a new crop) is seen by every client at its next ask, and
 * only then is the whole proof fetched. The proof's limits are its own: past them the refusal is
 * the proof's message, not checkout's, and checkout's limit is untouched by the watching.
 */
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { PROOF_POLL_SECONDS, PROOF_STATUS_LIMIT_PER_MINUTE, PROOF_TEXTS } from "@shared/proofs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orderItems } from "../../../src/server/db/schema.js";
import { uniqueEmail } from "../../support/accounts.js";
import { type CheckoutAnswer, checkout, lithophaneItem, storeFixturePhotos } from "../../support/checkout.js";
import { paidPanelWithProof } from "../../support/proofs.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({});
  await storeFixturePhotos(shop);
});
afterAll(async () => {
  vi.useRealTimers();
  await shop?.close();
});

/** A paid order of one panel, its proof mailed (its window starts) before the watching begins: the mail moves the version too. */
function proofOrder(): Promise<CheckoutAnswer> {
  return paidPanelWithProof(shop, { email: uniqueEmail("proof-watch") });
}

/** The proof's signed token, as the order page's card receives it. */
async function proofToken(order: CheckoutAnswer, ip: string): Promise<string> {
  const res = await shop.request(
    `/api/orders/${order.orderId}/proof?token=${encodeURIComponent(order.token)}`,
    { headers: { "x-forwarded-for": ip } },
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { proof: { token: string } };
  return body.proof.token;
}

describe("watching a proof (issue 44 item 3)", () => {
  it("three clients behind one address, every 5 s for 10 minutes: no 429, 304 while unchanged", async () => {
    const order = await proofOrder();
    const ip = randomIp();
    const token = await proofToken(order, ip);
    const [item] = await shop.ctx.database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.orderId));
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    const seen = { 200: 0, 304: 0, other: [] as number[] };
    const views: number[] = [];
    const etags = ["", "", ""];
    const versions = ["", "", ""];
    const ticks = (10 * 60) / PROOF_POLL_SECONDS;
    try {
      for (let tick = 0; tick < ticks; tick++) {
        vi.setSystemTime(start + tick * PROOF_POLL_SECONDS * 1000);
        if (tick === ticks / 2) {
          // Half way: the customer changes the crop from one of the tabs.
          const crop = await shop.request("/api/proofs/crop", {
            method: "POST",
            json: {
              token,
              itemId: item?.id,
              cropPixels: { x: 400, y: 200, width: 800, height: 800 },
              crop: { x: -40, y: 10, zoom: 2 },
            },
            headers: { "x-forwarded-for": ip },
          });
          expect(crop.status).toBe(200);
        }
        for (let client = 0; client < 3; client++) {
          const res = await shop.request(`/api/proofs/status?token=${encodeURIComponent(token)}`, {
            headers: { "x-forwarded-for": ip, ...(etags[client] ? { "if-none-match": etags[client]! } : {}) },
          });
          if (res.status === 304) {
            seen[304] += 1;
            continue;
          }
          if (res.status !== 200) {
            seen.other.push(res.status);
            continue;
          }
          seen[200] += 1;
          etags[client] = res.headers.get("etag") ?? "";
          expect(res.headers.get("cache-control")).toContain("no-cache");
          const status = (await res.json()) as { version: string; open: boolean };
          expect(status.open).toBe(true);
          if (status.version !== versions[client]) {
            // The card refetches the whole proof only when the version moves.
            versions[client] = status.version;
            const view = await shop.request(`/api/proofs?token=${encodeURIComponent(token)}`, {
              headers: { "x-forwarded-for": ip },
            });
            views.push(view.status);
          }
        }
      }
    } finally {
      vi.useRealTimers();
    }
    expect(seen.other).toEqual([]);
    // Each client: its first answer, and one more after the crop changed the proof.
    expect(seen[200]).toBe(6);
    expect(seen[304]).toBe(3 * ticks - 6);
    expect(views).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(versions).size).toBe(1);
  });

  it("the proof's limits are its own: past them, the proof's message; checkout is not counted", async () => {
    const order = await proofOrder();
    const ip = randomIp();
    const token = await proofToken(order, ip);
    let refused: Response | null = null;
    for (let i = 0; i <= PROOF_STATUS_LIMIT_PER_MINUTE && !refused; i++) {
      const res = await shop.request(`/api/proofs/status?token=${encodeURIComponent(token)}`, {
        headers: { "x-forwarded-for": ip },
      });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused, "the status has a limit").not.toBeNull();
    const body = (await refused?.json()) as { message: string };
    expect(body.message).toBe(PROOF_TEXTS.tooManyRequests);
    expect(body.message).not.toBe(CHECKOUT_MESSAGES.checkout.tooManyRequests);
    // The status's limit spent does not touch the proof's other requests, nor checkout's.
    const view = await shop.request(`/api/proofs?token=${encodeURIComponent(token)}`, {
      headers: { "x-forwarded-for": ip },
    });
    expect(view.status).toBe(200);
    const placed = await checkout(shop, { cartItems: [lithophaneItem("starter")] }, { ip });
    expect(placed.orderId).toBeTruthy();
  });
});
