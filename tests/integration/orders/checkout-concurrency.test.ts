/**
 * 50 checkouts at once, then 50 payments at once (the built-in test page), and the same with
 * Stripe webhooks delivered twice each at once and a late `expired` after: every order exists
 * exactly once, with the right total, paid once, with one confirmation e-mail, one invoice and
 * one owner's alert (queued in the payment's transaction, sent after the response).
 */
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  invoiceDocuments,
  orderItems,
  orderStatusHistory,
  orders,
  outboxEmails,
} from "../../../src/server/db/schema.js";
import type { CartItem } from "../../../src/shared/cart.js";
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
import { deliverEvent, type FakeStripe, sessionEvent, startFakeStripe } from "../../support/fake-stripe.js";
import { readMails } from "../../support/mail.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const N = 50;
const OWNER = "owner@example.com";

/** Four kinds of cart (client prices tampered) and the total the server must charge. */
function cartFor(i: number): { items: CartItem[]; method: "standard" | "express"; total: number } {
  switch (i % 4) {
    case 0:
      return { items: [accessoryItem(ACCESSORIES.adapter, 1)], method: "standard", total: 999 + 899 };
    case 1:
      return { items: [lithophaneItem("gift", { price: 2 })], method: "standard", total: 9315 };
    case 2:
      return {
        items: [accessoryItem(ACCESSORIES.adapter, 0), accessoryItem(ACCESSORIES.dimmer, 0)],
        method: "standard",
        total: 999 + 1499 + 899,
      };
    default:
      return { items: [lithophaneItem("family", { price: 3 })], method: "express", total: 12963 + 1999 };
  }
}

interface Placed {
  answer: CheckoutAnswer;
  email: string;
  total: number;
  lines: number;
}

async function placeOrders(shop: TestShop, tag: string): Promise<Placed[]> {
  return Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const cart = cartFor(i);
      const email = `${tag}-${i}@example.com`;
      const answer = await checkout(shop, {
        cartItems: cart.items,
        shippingInfo: shippingInfo({ email }),
        shippingMethod: cart.method,
      });
      return { answer, email, total: cart.total, lines: cart.items.length };
    }),
  );
}

async function expectAllPaidOnce(shop: TestShop, placed: Placed[]) {
  const db = shop.ctx.database.db;
  const ids = placed.map((p) => p.answer.orderId);
  expect(new Set(ids).size).toBe(N);
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  expect(rows).toHaveLength(N);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids));
  const history = await db
    .select({
      orderId: orderStatusHistory.orderId,
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
    })
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, ids))
    // In the order the changes happened, as orders.ts lists them: without an ORDER BY the database
    // may answer the rows in any order (PostgreSQL once put a paid row before its pending one).
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  const invoices = await db
    .select({ orderId: invoiceDocuments.orderId, number: invoiceDocuments.number })
    .from(invoiceDocuments)
    .where(inArray(invoiceDocuments.orderId, ids));
  expect(new Set(invoices.map((i) => i.number)).size, "invoice numbers are distinct").toBe(invoices.length);
  const outbox = await db
    .select({ orderId: outboxEmails.orderId, kind: outboxEmails.kind, status: outboxEmails.status })
    .from(outboxEmails)
    .where(inArray(outboxEmails.orderId, ids));
  const alerts = await db
    .select({ key: outboxEmails.dedupeKey, status: outboxEmails.status })
    .from(outboxEmails)
    .where(
      inArray(
        outboxEmails.dedupeKey,
        ids.map((id) => `alert:paid:${id}`),
      ),
    );
  const mails = readMails(shop);
  for (const p of placed) {
    const id = p.answer.orderId;
    expect(
      invoices.filter((i) => i.orderId === id),
      "one invoice",
    ).toHaveLength(1);
    expect(outbox.filter((e) => e.orderId === id)).toEqual([
      { orderId: id, kind: "order_confirmation", status: "sent" },
    ]);
    expect(alerts.filter((a) => a.key === `alert:paid:${id}`)).toEqual([
      { key: `alert:paid:${id}`, status: "sent" },
    ]);
    expect(
      mails.filter(
        (m) =>
          m.to === OWNER && m.text.includes(`paid £`) && m.text.includes(`order #${p.answer.displayNumber}`),
      ),
      "one owner's alert",
    ).toHaveLength(1);
    const row = byId.get(p.answer.orderId);
    expect(row?.totalAmount, p.email).toBe(p.total);
    expect(p.answer.orderTotal).toBe(p.total);
    expect(row?.shippingEmail).toBe(p.email);
    expect(row?.status).toBe("paid");
    expect(items.filter((it) => it.orderId === p.answer.orderId)).toHaveLength(p.lines);
    // The status moves (a note on the timeline, such as the proof sent, moves nothing).
    expect(history.filter((h) => h.orderId === p.answer.orderId && h.from !== h.to).map((h) => h.to)).toEqual(
      ["pending", "paid"],
    );
    expect(
      mails.filter((m) => m.to === p.email && m.subject.includes(`#${p.answer.displayNumber} is confirmed`)),
    ).toHaveLength(1);
  }
}

describe("built-in test payments", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ OWNER_EMAIL: OWNER });
    await storeFixturePhotos(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("50 parallel checkouts, then 50 parallel payments (each pressed twice)", async () => {
    const placed = await placeOrders(shop, "parallel");
    const responses = await Promise.all(
      placed.flatMap((p) => [pressTestButton(shop, p.answer, "pay"), pressTestButton(shop, p.answer, "pay")]),
    );
    for (const res of responses) {
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/^\/checkout\/success\?order=/);
    }
    await expectAllPaidOnce(shop, placed);
  });
});

describe("Stripe webhooks", () => {
  let shop: TestShop;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    shop = await createTestShop({ ...stripe.env(), OWNER_EMAIL: OWNER });
    await storeFixturePhotos(shop);
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.close();
  });

  it("50 parallel checkouts, then every completion delivered twice at once, then late expiries", async () => {
    const placed = await placeOrders(shop, "stripe");
    const sessions = placed.map((p) => {
      const session = [...stripe.sessions.values()].find((s) => s.metadata.orderId === p.answer.orderId);
      if (!session) throw new Error("missing session");
      return session;
    });
    const deliverAll = async (events: unknown[]) => {
      const responses = await Promise.all(events.map((event) => deliverEvent(shop, event)));
      expect(responses.every((r) => r.status === 200)).toBe(true);
      return Promise.all(responses.map((r) => r.json() as Promise<{ action: string }>));
    };
    const completions = sessions.flatMap((session) => {
      const completed = sessionEvent("checkout.session.completed", session);
      return [completed, completed];
    });
    const first = await deliverAll(completions);
    expect(first.filter((o) => o.action === "paid")).toHaveLength(N);
    expect(first.filter((o) => o.action === "duplicate")).toHaveLength(N);
    const late = await deliverAll(
      sessions.map((session) => sessionEvent("checkout.session.expired", session)),
    );
    expect(late.every((o) => o.action === "no_change")).toBe(true);
    const cancelled = await shop.ctx.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.status, "cancelled"));
    expect(cancelled).toEqual([]);
    await expectAllPaidOnce(shop, placed);
  });
});
