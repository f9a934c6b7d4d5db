/**
 * POST /api/track: an order is shown only when its number AND e-mail match; every mismatch
 * gets the same answer; requests are rate limited per client address.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../../src/server/db/schema.js";
import { changeOrderStatus } from "../../../src/server/orders/index.js";
import { CHECKOUT_MESSAGES } from "../../../src/shared/checkout-messages.js";
import {
  ACCESSORIES,
  accessoryItem,
  type CheckoutAnswer,
  checkout,
  lithophaneItem,
  pressTestButton,
  shippingInfo,
  storeFixturePhotos,
} from "../../support/checkout.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let paid: CheckoutAnswer;
let pending: CheckoutAnswer;
const email = "Siobhan.Kelly@Example.com";

beforeAll(async () => {
  shop = await createTestShop();
  await storeFixturePhotos(shop);
  paid = await checkout(shop, {
    cartItems: [lithophaneItem("gift"), accessoryItem(ACCESSORIES.wallMount)],
    shippingInfo: shippingInfo({ email }),
  });
  await pressTestButton(shop, paid, "pay");
  pending = await checkout(shop, { shippingInfo: shippingInfo({ email }) });
});
afterAll(async () => {
  await shop?.close();
});

function track(body: unknown, ip: string = randomIp()) {
  return shop.request("/api/track", { method: "POST", json: body, headers: { "x-forwarded-for": ip } });
}

describe("POST /api/track", () => {
  it("shows a paid order on the guide at Processing", async () => {
    const res = await track({ orderNumber: paid.displayNumber, email });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { order } = (await res.json()) as { order: Record<string, unknown> };
    expect(order).toEqual({
      orderNumber: paid.displayNumber,
      status: "paid",
      statusLabel: "Processing",
      stage: "processing",
      progressPercent: 25,
      placedAt: expect.any(String),
      estimatedDelivery: null,
      deliveryWindow: expect.stringMatching(
        /^[A-Z][a-z]{2} \d{1,2}( [A-Z][a-z]{2})? – [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}$/,
      ),
      trackingNumber: null,
      carrier: null,
      trackingUrl: null,
      shippingMethod: "standard",
      shippingLabel: "Standard Delivery (5-7 business days)",
      testMode: true,
      items: [
        {
          title: "Lithophane",
          details: "Keepsake Collection · Greyscale · 3 panels · Square 7″ x 7″ · White frame",
        },
        { title: "Wall Mounting Kit", details: "Standard" },
      ],
    });
  });

  it("accepts the number in capitals or with '#', and the e-mail in any case", async () => {
    const res = await track({
      orderNumber: ` #${paid.displayNumber.toUpperCase()} `,
      email: email.toLowerCase(),
    });
    expect(res.status).toBe(200);
  });

  it("answers the same 404 for a wrong e-mail and for an unknown number", async () => {
    const wrongEmail = await track({ orderNumber: paid.displayNumber, email: "someone.else@example.com" });
    const unknown = paid.displayNumber === "00000000" ? "11111111" : "00000000";
    const wrongNumber = await track({ orderNumber: unknown, email });
    expect(wrongEmail.status).toBe(404);
    expect(wrongNumber.status).toBe(404);
    const a = await wrongEmail.json();
    const b = await wrongNumber.json();
    expect(a).toEqual({ error: "not_found", message: CHECKOUT_MESSAGES.track.notFound });
    expect(b).toEqual(a);
  });

  it("needs both fields", async () => {
    const noNumber = await track({ orderNumber: "  ", email });
    expect(noNumber.status).toBe(400);
    expect(((await noNumber.json()) as { message: string }).message).toBe(
      CHECKOUT_MESSAGES.validation.orderNumberRequired,
    );
    const noEmail = await track({ orderNumber: paid.displayNumber, email: "" });
    expect(noEmail.status).toBe(400);
    expect(((await noEmail.json()) as { message: string }).message).toBe(
      CHECKOUT_MESSAGES.validation.emailRequired,
    );
  });

  it("shows an unpaid order as awaiting payment, off the guide", async () => {
    const res = await track({ orderNumber: pending.displayNumber, email });
    const { order } = (await res.json()) as { order: Record<string, unknown> };
    expect(order).toMatchObject({
      status: "pending",
      statusLabel: CHECKOUT_MESSAGES.track.awaitingPayment,
      stage: null,
      progressPercent: 0,
    });
  });

  it("follows the order through dispatch with its tracking number and estimated delivery", async () => {
    const answer = await checkout(shop, { shippingInfo: shippingInfo({ email }) });
    await pressTestButton(shop, answer, "pay");
    const eta = new Date("2031-06-20T12:00:00.000Z");
    await changeOrderStatus(shop.ctx, answer.orderId, "a", {
      status: "dispatched",
      trackingNumber: "RM987654321GB",
    });
    // An estimate from before the carrier's window (older orders kept one).
    await shop.ctx.database.db
      .update(orders)
      .set({ estimatedDelivery: eta })
      .where(eq(orders.id, answer.orderId));
    let body = (await (await track({ orderNumber: answer.displayNumber, email })).json()) as {
      order: Record<string, unknown>;
    };
    expect(body.order).toMatchObject({
      status: "dispatched",
      statusLabel: "Dispatched",
      stage: "dispatched",
      progressPercent: 50,
      trackingNumber: "RM987654321GB",
      estimatedDelivery: eta.toISOString(),
    });
    await changeOrderStatus(shop.ctx, answer.orderId, "a", { status: "in_transit" });
    body = (await (await track({ orderNumber: answer.displayNumber, email })).json()) as {
      order: Record<string, unknown>;
    };
    expect(body.order).toMatchObject({
      statusLabel: "In Transit",
      progressPercent: 75,
      carrier: null,
      trackingUrl: null,
    });
    // With the carrier named at dispatch (the admin's Carrier field), /track links to its page.
    await shop.ctx.database.db
      .update(orders)
      .set({ carrier: "royal_mail" })
      .where(eq(orders.id, answer.orderId));
    body = (await (await track({ orderNumber: answer.displayNumber, email })).json()) as {
      order: Record<string, unknown>;
    };
    expect(body.order).toMatchObject({
      carrier: "Royal Mail",
      trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/RM987654321GB",
    });
    await changeOrderStatus(shop.ctx, answer.orderId, "a", { status: "delivered" });
    body = (await (await track({ orderNumber: answer.displayNumber, email })).json()) as {
      order: Record<string, unknown>;
    };
    expect(body.order).toMatchObject({ statusLabel: "Delivered", progressPercent: 100 });
  });

  it("allows 10 lookups a minute per client address", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await track({ orderNumber: "abcdef12", email: "guess@example.com" }, ip)).status).toBe(404);
    }
    const limited = await track({ orderNumber: paid.displayNumber, email }, ip);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: "rate_limited",
      message: CHECKOUT_MESSAGES.track.tooManyAttempts,
    });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await track({ orderNumber: paid.displayNumber, email }, randomIp())).status).toBe(200);
  });
});
