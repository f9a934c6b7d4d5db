/**
 * Create-checkout through the real app (no Stripe key: the built-in test payment page), the
 * test page's Pay and Cancel, the status endpoint, the order lifecycle and its e-mails.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cartItems,
  orderItems,
  orderStatusHistory,
  orders,
  products,
} from "../../../src/server/db/schema.js";
import { changeOrderStatus, getStatusHistory } from "../../../src/server/orders/index.js";
import { replaceSavedCart } from "../../../src/server/orders/saved-cart.js";
import { setEnvironmentMode } from "../../../src/server/platform/settings.js";
import { CHECKOUT_MESSAGES } from "../../../src/shared/checkout-messages.js";
import { CREATOR_MESSAGES } from "../../../src/shared/creator-messages.js";
import { MESSAGES } from "../../../src/shared/messages.js";
import { createUser } from "../../support/accounts.js";
import {
  ACCESSORIES,
  accessoryItem,
  checkout,
  lithophaneItem,
  postCheckout,
  pressTestButton,
  shippingInfo,
  storeFixturePhotos,
  testPagePath,
} from "../../support/checkout.js";
import { mailsTo } from "../../support/mail.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
const db = () => shop.ctx.database.db;

beforeAll(async () => {
  shop = await createTestShop();
  await storeFixturePhotos(shop);
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await setEnvironmentMode(db(), "production");
  await db()
    .update(products)
    .set({ status: "available", isActive: true })
    .where(eq(products.id, ACCESSORIES.dimmer.id));
});

async function orderRow(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("order missing");
  return row;
}

describe("POST /api/checkout", () => {
  it("creates a pending guest order at catalogue prices, whatever price the client sent", async () => {
    const info = shippingInfo();
    const res = await postCheckout(shop, {
      cartItems: [accessoryItem(ACCESSORIES.adapter, 1), lithophaneItem("gift", { price: 0 })],
      shippingInfo: info,
      currency: "EUR",
      shippingMethod: "standard",
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    const orderId = String(body.orderId);
    expect(body).toEqual({
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      displayNumber: expect.stringMatching(/^[0-9]{4,}$/),
      url: `http://localhost:3000/api/payments/test/${orderId}?token=${body.token}`,
      orderTotal: 999 + 9315, // over £75: standard shipping is free
      itemCount: 2,
      token: expect.any(String),
      testMode: true,
    });

    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: "pending",
      userId: null,
      subtotalAmount: 10314,
      shippingAmount: 0,
      totalAmount: 10314,
      shippingMethod: "standard",
      displayCurrency: "EUR",
      shippingEmail: info.email,
      shippingFirstName: "Aoife",
      shippingPostalCode: "BT1 4AA",
      shippingCountry: "United Kingdom",
      testMode: true, // no Stripe key: built-in test payments
      paymentProvider: "test",
      paymentSessionId: `test_${orderId}`,
      paidAt: null,
    });
    const items = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
    expect(
      items.map((i) => [i.kind, i.price, i.size, i.shape, i.frameColor, i.productId, i.bundleId]),
    ).toEqual([
      ["accessory", 999, "Standard", "Rectangle", "USB-C Power Adapter", "usb-c-power-adapter", null],
      ["lithophane", 9315, "7 inch x 7 inch", "Keepsake Collection", "White · 3 × Square", null, "gift"],
    ]);
    expect(items[1]?.additionalImages).toHaveLength(2);
    const history = await getStatusHistory(db(), orderId);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedBy])).toEqual([[null, "pending", "guest"]]);
  });

  it("charges shipping on the server: £8.99 standard up to £75, £19.99 express always", async () => {
    const standard = await checkout(shop, { cartItems: [accessoryItem(ACCESSORIES.adapter)] });
    expect(standard.orderTotal).toBe(999 + 899);
    const express = await checkout(shop, {
      cartItems: [lithophaneItem("family")],
      shippingMethod: "express",
    });
    expect(express.orderTotal).toBe(12963 + 1999);
    expect((await orderRow(express.orderId)).shippingAmount).toBe(1999);
  });

  it("records the signed-in buyer and lets them read the status without the token", async () => {
    const alice = await createUser(shop);
    const answer = await checkout(
      shop,
      { shippingInfo: shippingInfo({ email: alice.email }) },
      { cookie: alice.cookie },
    );
    expect((await orderRow(answer.orderId)).userId).toBe(alice.userId);
    const own = await shop.request(`/api/checkout/status/${answer.orderId}`, {
      headers: { cookie: alice.cookie },
    });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ status: "pending", outcome: "pending" });
    const bob = await createUser(shop);
    const other = await shop.request(`/api/checkout/status/${answer.orderId}`, {
      headers: { cookie: bob.cookie },
    });
    expect(other.status).toBe(404);
  });

  it("marks orders test_mode when the shop's environment mode is 'test'", async () => {
    await setEnvironmentMode(db(), "test");
    const answer = await checkout(shop);
    expect((await orderRow(answer.orderId)).testMode).toBe(true);
  });

  it("refuses coming-soon, disabled and unknown items with a 422 naming them, and stores nothing", async () => {
    await db().update(products).set({ status: "disabled" }).where(eq(products.id, ACCESSORIES.dimmer.id));
    const before = (await db().select({ id: orders.id }).from(orders)).length;
    const comingSoon = accessoryItem(ACCESSORIES.oakStand);
    const disabled = accessoryItem(ACCESSORIES.dimmer);
    const unknown = accessoryItem({ id: "no-such-product", name: "Mystery Box", price: 100 });
    const res = await postCheckout(shop, {
      cartItems: [accessoryItem(ACCESSORIES.adapter), comingSoon, disabled, unknown],
      shippingInfo: shippingInfo(),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      error: string;
      message: string;
      items: Array<Record<string, string>>;
    };
    expect(body.error).toBe("item_unavailable");
    expect(body.items.map((i) => [i.id, i.name, i.reason])).toEqual([
      [comingSoon.id, "Solid Oak Desk Stand", "unavailable"],
      [disabled.id, "Remote Control Dimmer", "unavailable"],
      [unknown.id, "Mystery Box", "unknown"],
    ]);
    expect(body.items[0]?.message).toBe(`Solid Oak Desk Stand: ${MESSAGES.products.comingSoon.description}`);
    expect(body.items[1]?.message).toBe(
      CHECKOUT_MESSAGES.checkout.itemUnavailable(
        "Remote Control Dimmer",
        CREATOR_MESSAGES.pricing.productUnavailable,
      ),
    );
    expect(body.message).toContain("Solid Oak Desk Stand");
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(before);
  });

  it("refuses a draft product without naming it (issue 46)", async () => {
    await db()
      .insert(products)
      .values({
        id: "spring-preview-lamp",
        name: "Secret Spring Lamp",
        description: "Not on sale yet.",
        category: "Accessories",
        price: 2500,
        status: "disabled",
        isActive: false,
      })
      .onConflictDoNothing();
    const guess = accessoryItem({ id: "spring-preview-lamp", name: "Guessed", price: 100 });
    const res = await postCheckout(shop, { cartItems: [guess], shippingInfo: shippingInfo() });
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(text).not.toMatch(/Secret Spring Lamp|Not on sale yet/);
    const body = JSON.parse(text) as { items: Array<{ message: string }> };
    expect(body.items[0]?.message).toBe(
      CHECKOUT_MESSAGES.checkout.itemUnavailable("Guessed", CREATOR_MESSAGES.pricing.productUnavailable),
    );
  });

  it("refuses a lithophane with a coming-soon size", async () => {
    const res = await postCheckout(shop, {
      cartItems: [lithophaneItem("starter", { sizeId: "9x9" })],
      shippingInfo: shippingInfo(),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { items: Array<{ name: string; message: string }> };
    expect(body.items[0]?.name).toBe("Lithophane (Essentials Collection)");
    expect(body.items[0]?.message).toBe(
      `Lithophane (Essentials Collection): ${CREATOR_MESSAGES.pricing.lithophaneUnavailable}`,
    );
  });

  it("answers the spec's texts for missing information and an empty cart", async () => {
    for (const field of [
      "firstName",
      "lastName",
      "email",
      "addressLine1",
      "city",
      "state",
      "postalCode",
    ] as const) {
      const res = await postCheckout(shop, {
        cartItems: [accessoryItem(ACCESSORIES.adapter)],
        shippingInfo: shippingInfo({ [field]: "  " }),
      });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { message: string; fields: Record<string, string> };
      expect(body.message).toBe(CHECKOUT_MESSAGES.checkout.missingInformation.description);
      expect(body.fields[`shippingInfo.${field}`]).toBe("Please fill in all required fields.");
    }
    const empty = await postCheckout(shop, { cartItems: [], shippingInfo: shippingInfo() });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(
      CHECKOUT_MESSAGES.checkout.cartEmpty.description,
    );
    const abroad = await postCheckout(shop, {
      cartItems: [accessoryItem(ACCESSORIES.adapter)],
      shippingInfo: shippingInfo({ country: "Ireland" as "United Kingdom" }),
    });
    expect(abroad.status).toBe(400);
  });

  it("points orders of 5 or more units to support", async () => {
    const res = await postCheckout(shop, {
      cartItems: Array.from({ length: 5 }, () => accessoryItem(ACCESSORIES.adapter)),
      shippingInfo: shippingInfo(),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: "bulk_order",
      message: CHECKOUT_MESSAGES.checkout.bulkOrder.description,
    });
  });

  it("rate-limits checkouts per client address", async () => {
    const ip = randomIp();
    const bad = { cartItems: [accessoryItem(ACCESSORIES.oakStand)], shippingInfo: shippingInfo() };
    for (let i = 0; i < 20; i++) expect((await postCheckout(shop, bad, { ip })).status).toBe(422);
    const limited = await postCheckout(shop, bad, { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({
      error: "rate_limited",
      message: CHECKOUT_MESSAGES.checkout.tooManyRequests,
    });
    expect((await postCheckout(shop, bad, { ip: randomIp() })).status).toBe(422);
  });
});

/** The token with its first character changed (never to itself). */
function tamper(token: string): string {
  return `${token.startsWith("x") ? "y" : "x"}${token.slice(1)}`;
}

describe("GET /api/checkout/status/:orderId", () => {
  it("answers only with the order's token", async () => {
    const answer = await checkout(shop);
    const ok = await shop.request(`/api/checkout/status/${answer.orderId}?token=${answer.token}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      orderId: answer.orderId,
      displayNumber: answer.displayNumber,
      status: "pending",
      outcome: "pending",
      deliveryWindow: expect.stringMatching(/ – /),
    });
    expect((await shop.request(`/api/checkout/status/${answer.orderId}`)).status).toBe(404);
    expect(
      (await shop.request(`/api/checkout/status/${answer.orderId}?token=${tamper(answer.token)}`)).status,
    ).toBe(404);
    expect((await shop.request("/api/checkout/status/not-a-uuid?token=abc")).status).toBe(404);
  });
});

describe("the built-in test payment page", () => {
  it("shows TEST MODE, the order number and total, with a strict no-script policy", async () => {
    const answer = await checkout(shop, { cartItems: [accessoryItem(ACCESSORIES.adapter)] });
    const res = await shop.request(testPagePath(answer));
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    const html = await res.text();
    expect(html).toContain("TEST MODE");
    expect(html).toContain(`Order #${answer.displayNumber}`);
    expect(html).toContain("USB-C Power Adapter");
    expect(html).toContain("£18.98");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`action="/api/payments/test/${answer.orderId}/pay?token=${answer.token}"`);
  });

  it("refuses a wrong or missing token", async () => {
    const answer = await checkout(shop);
    const url = new URL(answer.url);
    expect((await shop.request(url.pathname)).status).toBe(404);
    expect((await shop.request(`${url.pathname}?token=nope`)).status).toBe(404);
    const pay = await shop.request(`${url.pathname}/pay?token=nope`, { method: "POST" });
    expect(pay.status).toBe(404);
    expect((await orderRow(answer.orderId)).status).toBe("pending");
  });

  it("Pay completes the order once, clears the saved cart and sends one confirmation", async () => {
    const alice = await createUser(shop);
    await replaceSavedCart(shop.ctx, alice.userId, [accessoryItem(ACCESSORIES.adapter)]);
    const cart = [accessoryItem(ACCESSORIES.adapter), lithophaneItem("starter")];
    const answer = await checkout(
      shop,
      { cartItems: cart, shippingInfo: shippingInfo({ email: alice.email }) },
      { cookie: alice.cookie },
    );
    const res = await pressTestButton(shop, answer, "pay");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout/success?order=${answer.orderId}`);
    const again = await pressTestButton(shop, answer, "pay");
    expect(again.headers.get("location")).toBe(`/checkout/success?order=${answer.orderId}`);
    const cancelLate = await pressTestButton(shop, answer, "cancel");
    expect(cancelLate.headers.get("location")).toBe(`/checkout/success?order=${answer.orderId}`);
    // The status moves (a note on the timeline, such as the proof sent, moves nothing).
    const moves = (await getStatusHistory(db(), answer.orderId))
      .filter((h) => h.fromStatus !== h.toStatus)
      .map((h) => `${h.fromStatus}->${h.toStatus}`);
    expect(moves).toEqual(["null->pending", "pending->paid"]);

    const order = await orderRow(answer.orderId);
    expect(order.status).toBe("paid");
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(order.paymentReference).toMatch(/^test_pay_/);
    expect(
      (await getStatusHistory(db(), answer.orderId))
        .filter((h) => h.fromStatus !== h.toStatus)
        .map((h) => [h.fromStatus, h.toStatus, h.changedBy]),
    ).toEqual([
      [null, "pending", `user:${alice.userId}`],
      ["pending", "paid", "test-payment"],
    ]);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, alice.userId))).toEqual([]);

    const mails = mailsTo(shop, alice.email).filter((m) => m.subject.includes("confirmed"));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`[TEST] Your Lithobox order #${answer.displayNumber} is confirmed`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(`#${answer.displayNumber}`);
      expect(part).toContain("USB-C Power Adapter");
      expect(part).toContain("Essentials Collection");
      expect(part).toContain("£73.48"); // 999 + 5450 + 899 shipping
      expect(part).toContain("/track?order=");
    }
    expect(mail.html).toContain("TEST ORDER");

    const status = await shop.request(`/api/checkout/status/${answer.orderId}?token=${answer.token}`);
    expect(await status.json()).toMatchObject({ status: "paid", outcome: "paid" });
    // A paid order's page sends the customer on to the success page.
    const revisit = await shop.request(testPagePath(answer));
    expect(revisit.status).toBe(303);
  });

  it("Cancel cancels a pending order; a later Pay does not revive it", async () => {
    const info = shippingInfo();
    const answer = await checkout(shop, { shippingInfo: info });
    const res = await pressTestButton(shop, answer, "cancel");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout/cancel?order=${answer.orderId}`);
    const pay = await pressTestButton(shop, answer, "pay");
    expect(pay.headers.get("location")).toBe(`/checkout/cancel?order=${answer.orderId}`);
    expect((await orderRow(answer.orderId)).status).toBe("cancelled");
    expect(mailsTo(shop, info.email)).toEqual([]);
    const status = await shop.request(`/api/checkout/status/${answer.orderId}?token=${answer.token}`);
    expect(await status.json()).toMatchObject({ status: "cancelled", outcome: "cancelled" });
  });

  it("still completes the payment when the e-mail cannot be sent", async () => {
    const answer = await checkout(shop);
    const send = shop.ctx.mail.send;
    shop.ctx.mail.send = async () => {
      throw new Error("SMTP down");
    };
    try {
      const res = await pressTestButton(shop, answer, "pay");
      expect(res.status).toBe(303);
    } finally {
      shop.ctx.mail.send = send;
    }
    expect((await orderRow(answer.orderId)).status).toBe("paid");
  });
});

describe("order lifecycle", () => {
  it("records every change, sends the dispatch e-mail with tracking, and refuses going back", async () => {
    const info = shippingInfo();
    const answer = await checkout(shop, { shippingInfo: info });
    await pressTestButton(shop, answer, "pay");
    await changeOrderStatus(shop.ctx, answer.orderId, "admin-1", { status: "processing" });
    await changeOrderStatus(shop.ctx, answer.orderId, "admin-1", {
      status: "dispatched",
      trackingNumber: "RM123456789GB",
      note: "Royal Mail Tracked 48",
    });
    const history = await getStatusHistory(db(), answer.orderId);
    expect(history.map((h) => h.toStatus)).toEqual(["pending", "paid", "processing", "dispatched"]);
    expect(history.every((h) => h.createdAt instanceof Date)).toBe(true);
    const order = await orderRow(answer.orderId);
    expect(order.trackingNumber).toBe("RM123456789GB");

    const dispatch = mailsTo(shop, info.email).find((m) => m.subject.includes("dispatched"));
    expect(dispatch?.subject).toBe(`[TEST] Your Lithobox order #${answer.displayNumber} has been dispatched`);
    for (const part of [dispatch?.text ?? "", dispatch?.html ?? ""]) {
      expect(part).toContain("RM123456789GB");
      expect(part).toContain(`http://localhost:3000/track?order=${answer.displayNumber}`);
      expect(part).toContain("USB-C Power Adapter");
      expect(part).toContain("£18.98");
    }

    await expect(
      changeOrderStatus(shop.ctx, answer.orderId, "admin-1", { status: "pending" }),
    ).rejects.toMatchObject({ status: 409, code: "invalid_status_change" });
    // A paid order is cancelled or refunded only by a refund, with the money (issue 28).
    await expect(
      changeOrderStatus(shop.ctx, answer.orderId, "admin-1", { status: "cancelled" }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      changeOrderStatus(shop.ctx, answer.orderId, "admin-1", { status: "refunded" }),
    ).rejects.toMatchObject({ status: 409 });
    const rows = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, answer.orderId));
    expect(rows).toHaveLength(4);
  });
});
