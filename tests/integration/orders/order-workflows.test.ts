/**
 * Issue 28's findings, each through the real app: money and stock never drift from what
 * happened to an order.
 *   1. unpaid orders expire and give back every unit of stock and every code use (three sweepers
 *      at once release each order once);
 *   2. a paid order reaches cancelled or refunded only through a refund;
 *   3. money paid for an order the shop had cancelled is recorded, alerted and refundable;
 *   4. a refund whose commit was lost is recorded once, by Stripe's refund id;
 *   5. a line is refunded at most once;
 *   7. charge.refunded finds the order by its payment, never by metadata.
 * (6, the VAT CSV's numbers, is in invoices.test.ts; 7's discount check in commerce-controls.)
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppContext, createContext } from "../../../src/server/context.js";
import {
  discountRedemptions,
  invoiceDocuments,
  orderRefunds,
  orderStatusHistory,
  orders,
  outboxEmails,
  productStock,
} from "../../../src/server/db/schema.js";
import { expireDueOrders } from "../../../src/server/orders/index.js";
import type { StripePaymentProvider } from "../../../src/server/payments/index.js";
import { lineRefundShares } from "../../../src/shared/refunds.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import {
  ACCESSORIES,
  accessoryItem,
  type CheckoutAnswer,
  checkout,
  pressTestButton,
  shippingInfo,
} from "../../support/checkout.js";
import { deliverEvent, type FakeStripe, sessionEvent, startFakeStripe } from "../../support/fake-stripe.js";
import { type Json, jsonRequest, randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const key = () => randomBytes(12).toString("hex");
const MINUTE = 60_000;

function adminCall(shop: TestShop, admin: TestUser, method: string, path: string, json?: unknown) {
  return jsonRequest(shop, method, `/api/admin${path}`, json, admin.cookie);
}

async function ledgerOf(shop: TestShop, admin: TestUser, orderId: string) {
  const order = (await adminCall(shop, admin, "GET", `/orders/${orderId}`)).body.order as Json;
  return { status: order.status as string, ledger: (order.money as Json).ledger as Json };
}

describe("orders that are never paid (built-in test payments)", () => {
  let shop: TestShop;
  let admin: TestUser;
  const db = () => shop.ctx.database.db;
  const stock = async () =>
    (await db().select().from(productStock).where(eq(productStock.productId, ACCESSORIES.dimmer.id)))[0];
  const heldUses = async (codeId: string) =>
    (
      await db()
        .select()
        .from(discountRedemptions)
        .where(and(eq(discountRedemptions.codeId, codeId), eq(discountRedemptions.status, "reserved")))
    ).length;

  beforeAll(async () => {
    shop = await createTestShop({ PRINT_WORKER: "off" });
    admin = await createUser(shop, { email: uniqueEmail("expiry-admin"), role: "admin", mfa: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("50 unpaid orders expire after their time and give back every unit and every code use", async () => {
    expect(
      (await adminCall(shop, admin, "PUT", `/products/${ACCESSORIES.dimmer.id}/stock`, { onHand: 60 }))
        .status,
    ).toBe(200);
    const created = await adminCall(shop, admin, "POST", "/discounts", {
      code: "FIFTY",
      kind: "fixed",
      value: 100,
      maxUses: 50,
    });
    expect(created.status).toBe(201);
    const codeId = created.body.id as string;
    const answers: CheckoutAnswer[] = [];
    for (let i = 0; i < 50; i++) {
      answers.push(
        await checkout(
          shop,
          {
            cartItems: [accessoryItem(ACCESSORIES.dimmer)],
            shippingInfo: shippingInfo({ email: `unpaid-${i}@example.com` }),
            discountCode: "FIFTY",
          },
          { ip: randomIp() },
        ),
      );
    }
    expect(await stock()).toMatchObject({ onHand: 60, reserved: 50 });
    expect(await heldUses(codeId)).toBe(50);
    // The code is used up by orders nobody pays: the 51st customer is refused, for now.
    const refused = await shop.request("/api/discounts/check", {
      method: "POST",
      json: { code: "FIFTY", cartItems: [accessoryItem(ACCESSORIES.dimmer)] },
    });
    expect(((await refused.json()) as Json).ok).toBe(false);

    // Not yet due: nothing moves.
    expect(await expireDueOrders(shop.ctx, new Date(Date.now() + 29 * MINUTE))).toBe(0);
    // The clock passes the 30 minutes (and the sweep's grace): every order expires, in batches.
    const later = new Date(Date.now() + 33 * MINUTE);
    let expired = 0;
    for (let n = await expireDueOrders(shop.ctx, later); n > 0; n = await expireDueOrders(shop.ctx, later))
      expired += n;
    expect(expired).toBe(50);
    expect(await stock()).toMatchObject({ onHand: 60, reserved: 0 });
    expect(await heldUses(codeId)).toBe(0);
    const statuses = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          answers.map((a) => a.orderId),
        ),
      );
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(["cancelled"]));
    // An expired order's payment page no longer pays it.
    const late = answers[0] as CheckoutAnswer;
    expect((await pressTestButton(shop, late, "pay")).headers.get("location")).toBe(
      `/checkout/cancel?order=${late.orderId}`,
    );
    expect((await db().select().from(orders).where(eq(orders.id, late.orderId)))[0]?.status).toBe(
      "cancelled",
    );
    // ... and the code works again.
    const again = await shop.request("/api/discounts/check", {
      method: "POST",
      json: { code: "FIFTY", cartItems: [accessoryItem(ACCESSORIES.dimmer)] },
    });
    expect(((await again.json()) as Json).ok).toBe(true);
  });

  it("three sweepers at once release each order once", async () => {
    expect(
      (await adminCall(shop, admin, "PUT", `/products/${ACCESSORIES.dimmer.id}/stock`, { onHand: 40 }))
        .status,
    ).toBe(200);
    const due: string[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await checkout(
        shop,
        { cartItems: [accessoryItem(ACCESSORIES.dimmer)], shippingInfo: shippingInfo() },
        { ip: randomIp() },
      );
      due.push(answer.orderId);
    }
    // Three orders placed "later" are not due: a double release would eat their reservation.
    await db()
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 10 * MINUTE) })
      .where(inArray(orders.id, due));
    for (let i = 0; i < 3; i++)
      await checkout(
        shop,
        { cartItems: [accessoryItem(ACCESSORIES.dimmer)], shippingInfo: shippingInfo() },
        { ip: randomIp() },
      );
    expect(await stock()).toMatchObject({ reserved: 15 });
    const others: AppContext[] = [];
    for (let i = 0; i < 2; i++) {
      const config = { ...shop.ctx.config, printFiles: { ...shop.ctx.config.printFiles, worker: false } };
      others.push(await createContext(config, { database: shop.ctx.database, log: shop.ctx.log }));
    }
    try {
      const counts = await Promise.all([shop.ctx, ...others].map((ctx) => expireDueOrders(ctx)));
      // Each server's own background sweep may have taken some first: never more than 12 in all.
      expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(12);
    } finally {
      for (const ctx of others) for (const fn of [...ctx.onClose].reverse()) await fn();
    }
    expect(await stock()).toMatchObject({ onHand: 40, reserved: 3 });
    const moves = await db()
      .select()
      .from(orderStatusHistory)
      .where(and(inArray(orderStatusHistory.orderId, due), eq(orderStatusHistory.toStatus, "cancelled")));
    expect(moves).toHaveLength(12);
  });

  it("never sets a paid order to cancelled or refunded without a refund; the refund still works after", async () => {
    const answer = await checkout(shop, { shippingInfo: shippingInfo() }, { ip: randomIp() });
    await pressTestButton(shop, answer, "pay");
    for (const status of ["cancelled", "refunded"]) {
      const res = await adminCall(shop, admin, "POST", `/orders/${answer.orderId}/status`, { status });
      expect(res.status, status).toBe(409);
    }
    const bulk = await adminCall(shop, admin, "POST", "/orders/bulk-status", {
      ids: [answer.orderId],
      status: "refunded",
    });
    expect(bulk.body).toMatchObject({ changed: 0, failed: 1 });
    const before = await ledgerOf(shop, admin, answer.orderId);
    expect(before).toMatchObject({ status: "paid", ledger: { refunded: 0 } });
    expect((before.ledger as Json).paid).toBeGreaterThan(0);
    const detail = (await adminCall(shop, admin, "GET", `/orders/${answer.orderId}`)).body.order as Json;
    expect(detail.nextStatuses).not.toContain("cancelled");
    expect(detail.nextStatuses).not.toContain("refunded");
    const refund = await adminCall(shop, admin, "POST", `/orders/${answer.orderId}/refund`, {
      amount: (before.ledger as Json).paid,
      reason: "Customer cancelled within 24 hours",
      idempotencyKey: key(),
      cancelOrder: true,
    });
    expect(refund.status).toBe(201);
    expect(await ledgerOf(shop, admin, answer.orderId)).toMatchObject({
      status: "cancelled",
      ledger: { net: 0 },
    });
  });

  it("refunds a line once: the same line again is refused, whatever the key", async () => {
    const answer = await checkout(
      shop,
      {
        cartItems: [accessoryItem(ACCESSORIES.adapter), accessoryItem(ACCESSORIES.dimmer)],
        shippingInfo: shippingInfo(),
      },
      { ip: randomIp() },
    );
    await pressTestButton(shop, answer, "pay");
    const detail = (await adminCall(shop, admin, "GET", `/orders/${answer.orderId}`)).body.order as Json;
    const lineId = ((detail.items as Json[])[0] as Json).id as string;
    const refundLine = () =>
      adminCall(shop, admin, "POST", `/orders/${answer.orderId}/refund`, {
        lineIds: [lineId],
        reason: "Broken in transit",
        idempotencyKey: key(),
      });
    const first = await refundLine();
    expect(first.status).toBe(201);
    // Issue 47 item 6: the line comes back with its share of the shipping (lineRefundShares).
    const totals = detail.totals as { shipping: number; discount: number; total: number };
    expect(totals.shipping).toBeGreaterThan(0);
    const items = detail.items as Array<{ id: string; price: number; quantity: number }>;
    const shares = lineRefundShares(items, totals);
    const share = shares.get(lineId);
    expect(share?.shipping).toBeGreaterThan(0);
    expect(first.body.amount).toBe(share?.amount);
    const again = await refundLine();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("That line has already been refunded.");
    const rows = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, answer.orderId));
    expect(rows).toHaveLength(1);
    // The other line with its share: everything paid is given back, to the penny.
    const otherId = items.find((i) => i.id !== lineId)?.id ?? "";
    const rest = await adminCall(shop, admin, "POST", `/orders/${answer.orderId}/refund`, {
      lineIds: [otherId],
      reason: "Broken in transit too",
      idempotencyKey: key(),
    });
    expect(rest.status).toBe(201);
    expect(rest.body.amount).toBe(shares.get(otherId)?.amount);
    expect(await ledgerOf(shop, admin, answer.orderId)).toMatchObject({
      status: "refunded",
      ledger: { refunded: totals.total, net: 0 },
    });
  });
});

describe("Stripe payments and refunds", () => {
  let stripe: FakeStripe;
  let shop: TestShop;
  let admin: TestUser;
  const db = () => shop.ctx.database.db;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    shop = await createTestShop({ ...stripe.env(), PRINT_WORKER: "off", OWNER_EMAIL: "owner@lithobox.test" });
    admin = await createUser(shop, { email: uniqueEmail("stripe-admin"), role: "admin", mfa: true });
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.close();
  });

  async function stripeCheckout() {
    const answer = await checkout(shop, { shippingInfo: shippingInfo() }, { ip: randomIp() });
    const session = [...stripe.sessions.values()].find((s) => s.metadata.orderId === answer.orderId);
    if (!session) throw new Error("no session");
    return { answer, session };
  }

  it("gives Stripe's session the order's expiry", async () => {
    const before = Date.now();
    const { session } = await stripeCheckout();
    const created = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").pop();
    const expiresAt = Number(created?.params.expires_at) * 1000;
    expect(session.id).toMatch(/^cs_test_/);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * MINUTE - 1000);
    // Stripe refuses less than 30 minutes from its own clock: at most a minute later than the order's.
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 31 * MINUTE);
  });

  it("records money paid for an order the shop had cancelled, alerts the owner, and refunds it", async () => {
    const { answer, session } = await stripeCheckout();
    const cancelled = await adminCall(shop, admin, "POST", `/orders/${answer.orderId}/cancel`, {
      reason: "Out of gold frames",
    });
    expect(cancelled.status).toBe(200);
    // Cancelling closed Stripe's payment page.
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
    // The customer had paid a moment before: Stripe's completed event arrives afterwards.
    const paid = sessionEvent("checkout.session.completed", session);
    const res = await deliverEvent(shop, paid);
    expect(await res.json()).toMatchObject({ action: "late_payment", orderId: answer.orderId });
    await shop.ctx.background.idle();
    const { status, ledger } = await ledgerOf(shop, admin, answer.orderId);
    expect(status).toBe("cancelled");
    expect(ledger).toMatchObject({ paid: session.amount_total, refunded: 0, net: session.amount_total });
    const alerts = await db()
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.dedupeKey, `alert:late-payment:${answer.orderId}`));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toContain(`Payment received for cancelled order #${answer.displayNumber}`);
    // A replay records nothing more.
    expect(await (await deliverEvent(shop, paid)).json()).toMatchObject({ action: "duplicate" });
    const refund = await adminCall(shop, admin, "POST", `/orders/${answer.orderId}/refund`, {
      amount: session.amount_total,
      reason: "Paid after cancellation",
      idempotencyKey: key(),
    });
    expect(refund.status).toBe(201);
    const paymentIntent = (paid.data.object as Json).payment_intent as string;
    expect(stripe.refundsOf(paymentIntent)).toEqual([
      { id: expect.any(String), amount: session.amount_total },
    ]);
    expect(await ledgerOf(shop, admin, answer.orderId)).toMatchObject({
      status: "refunded",
      ledger: { net: 0 },
    });
  });

  it("records a refund once when its commit was lost: the webhook first, then the admin's retry", async () => {
    const { answer, session } = await stripeCheckout();
    const paid = sessionEvent("checkout.session.completed", session);
    expect(await (await deliverEvent(shop, paid)).json()).toMatchObject({ action: "paid" });
    const paymentIntent = (paid.data.object as Json).payment_intent as string;
    const click = key();
    // The server that asked Stripe for this refund died before its commit: Stripe has it, we don't.
    await (shop.ctx.payments as StripePaymentProvider).refund({
      paymentIntentId: paymentIntent,
      amountPence: 500,
      orderId: answer.orderId,
      key: `admin:${answer.orderId}:${click}`,
    });
    const charge = (metadata: Json) => ({
      id: `evt_${key()}`,
      object: "event",
      type: "charge.refunded",
      data: {
        object: {
          id: `ch_${key()}`,
          object: "charge",
          amount: session.amount_total,
          amount_refunded: 500,
          currency: "gbp",
          payment_intent: paymentIntent,
          metadata,
        },
      },
    });
    expect(await (await deliverEvent(shop, charge({}))).json()).toMatchObject({ action: "refund_recorded" });
    // The admin presses Refund again with the same dialog: Stripe answers its same refund.
    const retry = await adminCall(shop, admin, "POST", `/orders/${answer.orderId}/refund`, {
      amount: 500,
      reason: "Scratched frame",
      idempotencyKey: click,
    });
    expect(retry.status).toBe(200);
    expect(retry.body.duplicate).toBe(true);
    const rows = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, answer.orderId));
    expect(rows.map((r) => r.amount)).toEqual([500]);
    expect(stripe.refundsOf(paymentIntent)).toHaveLength(1);
    const notes = await db()
      .select()
      .from(invoiceDocuments)
      .where(and(eq(invoiceDocuments.orderId, answer.orderId), eq(invoiceDocuments.kind, "credit_note")));
    expect(notes).toHaveLength(1);
    expect((await ledgerOf(shop, admin, answer.orderId)).ledger).toMatchObject({ refunded: 500 });
  });

  it("finds a refunded charge's order by its payment, never by the metadata it carries", async () => {
    const victim = await stripeCheckout();
    expect(
      await (await deliverEvent(shop, sessionEvent("checkout.session.completed", victim.session))).json(),
    ).toMatchObject({ action: "paid" });
    // A charge on some other payment names the victim's order in its metadata.
    const forged = {
      id: `evt_${key()}`,
      object: "event",
      type: "charge.refunded",
      data: {
        object: {
          id: `ch_${key()}`,
          object: "charge",
          amount: 9999,
          amount_refunded: 9999,
          currency: "gbp",
          payment_intent: `pi_${key()}`,
          metadata: { orderId: victim.answer.orderId },
        },
      },
    };
    expect(await (await deliverEvent(shop, forged)).json()).toMatchObject({ action: "unknown_order" });
    expect(
      await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, victim.answer.orderId)),
    ).toEqual([]);
  });

  it("expires an unpaid Stripe order with its session", async () => {
    const { answer, session } = await stripeCheckout();
    await db()
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 10 * MINUTE) })
      .where(eq(orders.id, answer.orderId));
    expect(await expireDueOrders(shop.ctx)).toBeGreaterThanOrEqual(1);
    expect((await db().select().from(orders).where(eq(orders.id, answer.orderId)))[0]?.status).toBe(
      "cancelled",
    );
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
  });
});
