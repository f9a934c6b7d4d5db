/**
 * Stripe: Checkout Sessions created through the real SDK against a local fake Stripe, and
 * signed webhooks (signature failures, duplicates, out-of-order events, amounts).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartItems, orders, paymentEvents } from "../../../src/server/db/schema.js";
import { getStatusHistory } from "../../../src/server/orders/orders.js";
import { replaceSavedCart } from "../../../src/server/orders/saved-cart.js";
import { stripeIdempotencyKey } from "../../../src/server/payments/stripe.js";
import { setEnvironmentMode } from "../../../src/server/platform/settings.js";
import { CHECKOUT_MESSAGES } from "../../../src/shared/checkout-messages.js";
import { createUser } from "../../support/accounts.js";
import {
  ACCESSORIES,
  accessoryItem,
  type CheckoutAnswer,
  checkout,
  lithophaneItem,
  postCheckout,
  shippingInfo,
  storeFixturePhotos,
} from "../../support/checkout.js";
import {
  deliverEvent,
  type FakeSession,
  type FakeStripe,
  sessionEvent,
  startFakeStripe,
} from "../../support/fake-stripe.js";
import { readMails } from "../../support/mail.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let stripe: FakeStripe;
const db = () => shop.ctx.database.db;

beforeAll(async () => {
  stripe = await startFakeStripe();
  shop = await createTestShop(stripe.env());
  await storeFixturePhotos(shop);
});
afterAll(async () => {
  await shop?.close();
  await stripe?.close();
});
beforeEach(async () => {
  await setEnvironmentMode(db(), "production");
});

async function orderRow(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("order missing");
  return row;
}

function sessionFor(answer: CheckoutAnswer): FakeSession {
  const session = [...stripe.sessions.values()].find((s) => s.metadata.orderId === answer.orderId);
  if (!session) throw new Error("no session for the order");
  return session;
}

function confirmations(email: string) {
  return readMails(shop).filter((m) => m.to === email && m.subject.includes("confirmed"));
}

async function deliver(event: unknown) {
  const res = await deliverEvent(shop, event);
  expect(res.status).toBe(200);
  return (await res.json()) as { received: true; action: string; orderId: string | null };
}

describe("create-checkout with Stripe", () => {
  it("creates a GBP Checkout Session with the order's lines, e-mail, return URLs, metadata and idempotency key", async () => {
    const info = shippingInfo();
    const res = await postCheckout(shop, {
      cartItems: [accessoryItem(ACCESSORIES.adapter, 5), lithophaneItem("gift")],
      shippingInfo: info,
      currency: "USD",
      shippingMethod: "express",
    });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as CheckoutAnswer;
    const session = sessionFor(answer);
    expect(answer.url).toBe(session.url);
    expect(answer.orderTotal).toBe(999 + 9315 + 1999);
    expect(answer.testMode).toBe(false);
    expect(session.amount_total).toBe(answer.orderTotal);

    const request = stripe.requests.find((r) => r.params.client_reference_id === answer.orderId);
    expect(request?.authorization).toBe("Bearer sk_test_lithobox_fake");
    expect(request?.idempotencyKey).toBe(stripeIdempotencyKey(answer.orderId));
    expect(request?.idempotencyKey).toContain(answer.orderId);
    expect(request?.params).toMatchObject({
      mode: "payment",
      customer_email: info.email,
      success_url: `http://localhost:3000/checkout/success?order=${answer.orderId}`,
      cancel_url: `http://localhost:3000/checkout/cancel?order=${answer.orderId}`,
      metadata: { orderId: answer.orderId, orderNumber: answer.displayNumber },
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "gbp", unit_amount: "999", product_data: { name: "USB-C Power Adapter" } },
        },
        {
          quantity: "1",
          price_data: { currency: "gbp", unit_amount: "9315", product_data: { name: "Lithophane" } },
        },
      ],
      shipping_options: [{ shipping_rate_data: { fixed_amount: { amount: "1999", currency: "gbp" } } }],
    });

    const order = await orderRow(answer.orderId);
    expect(order).toMatchObject({
      status: "pending",
      paymentProvider: "stripe",
      paymentSessionId: session.id,
      testMode: false,
      displayCurrency: "USD",
    });
  });

  it("is a test order when the shop is in test mode", async () => {
    await setEnvironmentMode(db(), "test");
    const answer = await checkout(shop);
    expect(answer.testMode).toBe(true);
    expect((await orderRow(answer.orderId)).testMode).toBe(true);
  });

  it("answers 503 and cancels the order when Stripe cannot be reached", async () => {
    stripe.failNext(3, 500);
    const info = shippingInfo();
    const res = await postCheckout(shop, {
      cartItems: [accessoryItem(ACCESSORIES.adapter)],
      shippingInfo: info,
    });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: string; message: string };
    expect(body).toEqual({
      error: "payment_unavailable",
      message: CHECKOUT_MESSAGES.checkout.paymentUnavailable,
    });
    const rows = await db().select().from(orders).where(eq(orders.shippingEmail, info.email));
    expect(rows.map((r) => r.status)).toEqual(["cancelled"]);
  });

  it("offers no built-in test page for a Stripe order", async () => {
    const answer = await checkout(shop);
    const res = await shop.request(`/api/payments/test/${answer.orderId}?token=${answer.token}`);
    expect(res.status).toBe(404);
    // Nor can its Pay button be pressed: the payment's transaction refuses another provider's order.
    const pay = await shop.request(`/api/payments/test/${answer.orderId}/pay?token=${answer.token}`, {
      method: "POST",
    });
    expect(pay.status).toBe(404);
    const [row] = await shop.ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, answer.orderId));
    expect(row?.status).toBe("pending");
  });
});

describe("POST /api/payments/stripe/webhook", () => {
  it("refuses a bad, missing or stale signature and changes nothing", async () => {
    const answer = await checkout(shop);
    const event = sessionEvent("checkout.session.completed", sessionFor(answer));
    const wrongSecret = await deliverEvent(shop, event, { secret: "whsec_someone_else" });
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toMatchObject({ error: "invalid_signature" });
    expect((await deliverEvent(shop, event, { signature: null })).status).toBe(400);
    expect((await deliverEvent(shop, event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    const stale = await deliverEvent(shop, event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(400);
    // A body changed after signing.
    const { generateTestHeaderString } = (await import("stripe")).default.webhooks;
    const signature = generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: "whsec_test_lithobox_integration_secret",
    });
    const tampered = await shop.request("/api/payments/stripe/webhook", {
      method: "POST",
      body: JSON.stringify({ ...event, id: "evt_tampered" }),
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
    expect(tampered.status).toBe(400);
    expect((await orderRow(answer.orderId)).status).toBe("pending");
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.orderId, answer.orderId))).toEqual(
      [],
    );
  });

  it("marks the order paid on checkout.session.completed, once, however often the event comes", async () => {
    const alice = await createUser(shop);
    await replaceSavedCart(shop.ctx, alice.userId, [accessoryItem(ACCESSORIES.adapter)]);
    const answer = await checkout(
      shop,
      { shippingInfo: shippingInfo({ email: alice.email }) },
      { cookie: alice.cookie },
    );
    const session = sessionFor(answer);
    const event = sessionEvent("checkout.session.completed", session);
    expect(await deliver(event)).toEqual({ received: true, action: "paid", orderId: answer.orderId });
    expect(await deliver(event)).toEqual({ received: true, action: "duplicate", orderId: answer.orderId });
    // Several redeliveries at once.
    const parallel = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(parallel.every((r) => r.action === "duplicate")).toBe(true);

    const order = await orderRow(answer.orderId);
    expect(order.status).toBe("paid");
    expect(order.paymentReference).toBe(`pi_${session.id.slice(-16)}`);
    expect(order.paidAt).toBeInstanceOf(Date);
    expect((await getStatusHistory(db(), answer.orderId)).map((h) => [h.toStatus, h.changedBy])).toEqual([
      ["pending", `user:${alice.userId}`],
      ["paid", "stripe"],
    ]);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, alice.userId))).toEqual([]);
    expect(confirmations(alice.email)).toHaveLength(1);
    expect(confirmations(alice.email)[0]?.subject).toBe(
      `Your Lithobox order #${answer.displayNumber} is confirmed`,
    );
  });

  it("never un-pays: expired or failed after completed changes nothing", async () => {
    const info = shippingInfo();
    const answer = await checkout(shop, { shippingInfo: info });
    const session = sessionFor(answer);
    await deliver(sessionEvent("checkout.session.completed", session));
    expect(await deliver(sessionEvent("checkout.session.expired", session))).toMatchObject({
      action: "no_change",
    });
    expect(await deliver(sessionEvent("checkout.session.async_payment_failed", session))).toMatchObject({
      action: "no_change",
    });
    expect(await deliver(sessionEvent("checkout.session.async_payment_succeeded", session))).toMatchObject({
      action: "no_change",
    });
    expect((await orderRow(answer.orderId)).status).toBe("paid");
    expect((await getStatusHistory(db(), answer.orderId)).map((h) => h.toStatus)).toEqual([
      "pending",
      "paid",
    ]);
    expect(confirmations(info.email)).toHaveLength(1);
  });

  it("waits for a delayed payment: completed unpaid, then async_payment_succeeded", async () => {
    const answer = await checkout(shop, { cartItems: [lithophaneItem("starter")] });
    const session = sessionFor(answer);
    expect(
      await deliver(
        sessionEvent("checkout.session.completed", session, {
          payment_status: "unpaid",
          payment_intent: "pi_delayed",
        }),
      ),
    ).toMatchObject({ action: "awaiting_payment" });
    expect((await orderRow(answer.orderId)).status).toBe("pending");
    expect(await deliver(sessionEvent("checkout.session.async_payment_succeeded", session))).toMatchObject({
      action: "paid",
    });
    expect((await orderRow(answer.orderId)).status).toBe("paid");
  });

  it("cancels on async_payment_failed and on expired; a late payment is recorded for a refund, the order stays cancelled", async () => {
    const failed = await checkout(shop);
    await deliver(
      sessionEvent("checkout.session.completed", sessionFor(failed), { payment_status: "unpaid" }),
    );
    expect(
      await deliver(sessionEvent("checkout.session.async_payment_failed", sessionFor(failed))),
    ).toMatchObject({
      action: "cancelled",
    });
    expect((await orderRow(failed.orderId)).status).toBe("cancelled");

    const info = shippingInfo();
    const expired = await checkout(shop, { shippingInfo: info });
    expect(await deliver(sessionEvent("checkout.session.expired", sessionFor(expired)))).toMatchObject({
      action: "cancelled",
    });
    expect(await deliver(sessionEvent("checkout.session.completed", sessionFor(expired)))).toMatchObject({
      action: "late_payment",
    });
    const order = await orderRow(expired.orderId);
    expect(order.status).toBe("cancelled");
    // The money is on the order (the ledger shows it, a refund gives it back), not the order revived.
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(order.paymentReference).toMatch(/^pi_/);
    expect(confirmations(info.email)).toHaveLength(0);
    const history = await getStatusHistory(db(), expired.orderId);
    expect(history.map((h) => [h.toStatus, h.note])).toEqual([
      ["pending", "Order placed"],
      ["cancelled", "Checkout session expired"],
      ["cancelled", "Payment received after the order was cancelled: refund it"],
    ]);
  });

  it("does not mark paid when Stripe's amount differs from the order's", async () => {
    const answer = await checkout(shop);
    const result = await deliver(
      sessionEvent("checkout.session.completed", sessionFor(answer), { amount_total: 1 }),
    );
    expect(result.action).toBe("amount_mismatch");
    expect((await orderRow(answer.orderId)).status).toBe("pending");
  });

  it("acknowledges events for unknown orders and event types it does not handle", async () => {
    const answer = await checkout(shop);
    const session = { ...sessionFor(answer), id: "cs_test_unknown", metadata: {}, client_reference_id: null };
    expect(await deliver(sessionEvent("checkout.session.completed", session))).toMatchObject({
      action: "unknown_order",
    });
    const other = {
      id: "evt_other",
      object: "event",
      type: "customer.created",
      data: { object: { id: "cus_1" } },
    };
    expect(await deliver(other)).toMatchObject({ action: "ignored" });
  });

  it("finds the order by session id when metadata is missing", async () => {
    const answer = await checkout(shop);
    const session = { ...sessionFor(answer), metadata: {}, client_reference_id: null };
    expect(await deliver(sessionEvent("checkout.session.completed", session))).toMatchObject({
      action: "paid",
      orderId: answer.orderId,
    });
  });
});
