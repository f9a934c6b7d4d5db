/**
 * Issue 28, finding 4, for real: the compiled server in a child process is killed (kill -9)
 * while Stripe is answering a refund it asked for. Stripe made the refund at once (the fake
 * Stripe holds its answer back), so Stripe has it and the shop does not. The server restarts on
 * the same database (PGlite in its own DATA_DIR, or a fresh PostgreSQL database when
 * DATABASE_URL is set), then Stripe's signed charge.refunded arrives and the admin presses
 * Refund again with the same dialog (the same idempotency key), in either order. The refund is
 * recorded once, under Stripe's refund id: one refund row, one credit note, the ledger agreeing
 * with Stripe, and the order still paid (a partial refund).
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutRequest, DIMMER } from "../../../bench/_checkout-client.js";
import { openDatabase } from "../../../src/server/db/client.js";
import { invoiceDocuments, orderRefunds, orderStatusHistory, orders } from "../../../src/server/db/schema.js";
import { acquireDataDirLock } from "../../../src/server/lib/lock.js";
import { buildAccessoryCartItem } from "../../../src/shared/cart.js";
import { DEFAULT_PASSWORD, verificationLink } from "../../support/accounts.js";
import { type ServerHome, type ServerProcess, serverHome } from "../../support/compiled-server.js";
import { mergeCookies } from "../../support/cookies.js";
import { type FakeStripe, sessionEvent, startFakeStripe, WEBHOOK_SECRET } from "../../support/fake-stripe.js";
import { waitForMailIn } from "../../support/mail.js";
import { type Json, randomIp } from "../../support/requests.js";
import { enrolTotp } from "../../support/totp.js";
import { until } from "../../support/wait.js";

const ADMIN_EMAIL = "crash-admin@example.com";
/** Stripe "answers" a refund only after this long: the server is killed well before. */
const STRIPE_ANSWER_DELAY_MS = 60_000;

let stripe: FakeStripe;
let home: ServerHome;
let base = "";
let dataDir = "";
let server: ServerProcess | undefined;

/** The compiled server (plain node, as production runs it) on the test's data folder and database. */
function startShop(): Promise<ServerProcess> {
  return home.start({ ADMIN_EMAILS: ADMIN_EMAIL, PRINT_WORKER: "off", ...stripe.env() });
}

async function call(
  pathname: string,
  init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: base, "x-forwarded-for": randomIp(), ...init.headers };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return fetch(`${base}${pathname}`, {
    method: init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    redirect: "manual",
  });
}

/** Posts `event` to the webhook, signed with the shop's secret as Stripe signs it. */
async function deliver(event: unknown): Promise<Json> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await call("/api/payments/stripe/webhook", {
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

/** The admin (ADMIN_EMAILS) signs up, follows the verification mail, enrols TOTP: its cookie. */
async function signInAdmin(): Promise<string> {
  const ip = randomIp();
  const auth = (endpoint: string, json: unknown, cookie = "") =>
    call(`/api/auth${endpoint}`, { json, headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) } });
  const up = await auth("/sign-up/email", {
    email: ADMIN_EMAIL,
    password: DEFAULT_PASSWORD,
    name: "Crash Admin",
    firstName: "Crash",
    lastName: "Admin",
  });
  expect(up.ok).toBe(true);
  const mail = await waitForMailIn(path.join(dataDir, "mail"), ADMIN_EMAIL);
  const link = verificationLink(mail);
  expect((await call(`${link.pathname}${link.search}`)).status).toBe(302);
  const signIn = await auth("/sign-in/email", { email: ADMIN_EMAIL, password: DEFAULT_PASSWORD });
  expect(signIn.status).toBe(200);
  const enrolled = await enrolTotp(auth, { password: DEFAULT_PASSWORD, cookie: mergeCookies("", signIn) });
  return enrolled.cookie;
}

interface PaidOrder {
  orderId: string;
  paymentIntent: string;
  total: number;
}

/** A Stripe checkout of the remote dimmer (over £10 with shipping), paid by a signed event. */
async function paidStripeOrder(n: number): Promise<PaidOrder> {
  const res = await call("/api/checkout", {
    json: checkoutRequest({ firstName: "Crash", lastName: `Customer${n}`, email: `crash-${n}@example.com` }, [
      buildAccessoryCartItem(DIMMER),
    ]),
  });
  const body = (await res.json()) as { orderId: string; url: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  const session = stripe.sessions.get(body.url.split("/").pop() ?? "");
  if (!session) throw new Error("no Stripe session");
  expect(session.amount_total).toBeGreaterThan(1000);
  const paid = sessionEvent("checkout.session.completed", session);
  expect(await deliver(paid)).toMatchObject({ action: "paid", orderId: body.orderId });
  return {
    orderId: body.orderId,
    paymentIntent: (paid.data.object as Json).payment_intent as string,
    total: session.amount_total,
  };
}

/** Stripe's charge.refunded for a payment: the refunds are listed from Stripe, by payment intent. */
function chargeRefunded(order: PaidOrder) {
  return {
    id: `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    type: "charge.refunded",
    data: {
      object: {
        id: `ch_${randomBytes(12).toString("hex")}`,
        object: "charge",
        amount: order.total,
        amount_refunded: stripe.refundsOf(order.paymentIntent).reduce((sum, r) => sum + r.amount, 0),
        currency: "gbp",
        payment_intent: order.paymentIntent,
        metadata: { orderId: order.orderId },
      },
    },
  };
}

describe("a refund whose server was killed while Stripe answered (kill -9, restart)", () => {
  beforeAll(async () => {
    home = await serverHome("refund-crash");
    ({ base, dataDir } = home);
    stripe = await startFakeStripe();
  }, 180_000);

  afterAll(async () => {
    await home?.remove();
    await stripe?.close();
  });

  it("records it once, by Stripe's refund id, whether the webhook or the admin's retry comes first", {
    timeout: 400_000,
  }, async () => {
    server = await startShop();
    const cookie = await signInAdmin();
    // A: charge.refunded arrives first, then the retry. B: the retry first, then charge.refunded.
    const a = await paidStripeOrder(1);
    const b = await paidStripeOrder(2);
    const clickA = randomBytes(12).toString("hex");
    const clickB = randomBytes(12).toString("hex");
    const refund = (order: PaidOrder, click: string) =>
      call(`/api/admin/orders/${order.orderId}/refund`, {
        json: { amount: 500, reason: "Scratched frame", idempotencyKey: click },
        headers: { cookie },
      });

    const ledgerOf = async (order: PaidOrder) =>
      (
        (await (await call(`/api/admin/orders/${order.orderId}`, { headers: { cookie } })).json()) as {
          order: { status: string; money: { ledger: Json; refunds: Json[] } };
        }
      ).order;

    /**
     * The admin presses Refund £5; Stripe makes the refund at once and holds its answer; the
     * server is killed (kill -9) before the answer comes, and restarted on the same data.
     * (One refund per crash: PGlite runs one transaction at a time, and Stripe's SDK gives up
     * waiting after 20 s and asks again, so the kill comes as soon as Stripe has the refund.)
     */
    const crashWhileStripeAnswers = async (order: PaidOrder, click: string) => {
      stripe.delayRefunds(STRIPE_ANSWER_DELAY_MS);
      const pressed = refund(order, click).then(
        (res) => `answered ${res.status}`,
        () => "no answer",
      );
      await until("Stripe to make the refund", 60_000, async () =>
        stripe.refundsOf(order.paymentIntent).length === 1 ? true : undefined,
      );
      await server?.kill();
      expect(await pressed).toBe("no answer");
      stripe.delayRefunds(0);
      // Restarted on the same data folder and database (PGlite: the dead process's .lock is stale).
      server = await startShop();
      // Stripe has the refund; the shop lost it with its transaction.
      expect((await ledgerOf(order)).money.ledger).toMatchObject({ refunded: 0 });
    };

    // A: Stripe's charge.refunded first (it records the refund the shop lacks), then the retry.
    await crashWhileStripeAnswers(a, clickA);
    expect(await deliver(chargeRefunded(a))).toMatchObject({ action: "refund_recorded", orderId: a.orderId });
    const retryA = await refund(a, clickA);
    expect(retryA.status).toBe(200);
    expect(await retryA.json()).toMatchObject({ duplicate: true, amount: 500 });

    // B: the retry first (Stripe answers its same refund for the same key), then charge.refunded.
    await crashWhileStripeAnswers(b, clickB);
    const retryB = await refund(b, clickB);
    expect(retryB.status).toBe(201);
    expect(await retryB.json()).toMatchObject({ duplicate: false, amount: 500 });
    expect(await deliver(chargeRefunded(b))).toMatchObject({ action: "no_change", orderId: b.orderId });
    // A second retry of B is the same refund again.
    const againB = await refund(b, clickB);
    expect(againB.status).toBe(200);
    expect(await againB.json()).toMatchObject({ duplicate: true });

    for (const order of [a, b]) {
      // Stripe refunded £5 once: the retries got its same refund back.
      expect(stripe.refundsOf(order.paymentIntent)).toEqual([{ id: expect.any(String), amount: 500 }]);
      const detail = await ledgerOf(order);
      expect(detail.status).toBe("paid");
      expect(detail.money.ledger).toMatchObject({
        paid: order.total,
        refunded: 500,
        net: order.total - 500,
      });
      expect(detail.money.refunds).toHaveLength(1);
    }

    // The rows themselves, read once the server has stopped (PGlite: one process per data folder).
    await server.stop(60_000);
    const { databaseUrl } = home;
    const release = databaseUrl ? () => {} : acquireDataDirLock(dataDir);
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      const db = database.db;
      for (const order of [a, b]) {
        const stripeRefund = stripe.refundsOf(order.paymentIntent)[0];
        const rows = await db
          .select({ amount: orderRefunds.amount, providerRefundId: orderRefunds.providerRefundId })
          .from(orderRefunds)
          .where(eq(orderRefunds.orderId, order.orderId));
        expect(rows).toEqual([{ amount: 500, providerRefundId: stripeRefund?.id }]);
        const notes = await db
          .select({ total: invoiceDocuments.totalAmount })
          .from(invoiceDocuments)
          .where(and(eq(invoiceDocuments.orderId, order.orderId), eq(invoiceDocuments.kind, "credit_note")));
        expect(notes).toHaveLength(1);
        const [row] = await db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, order.orderId));
        expect(row?.status).toBe("paid");
        const moves = await db
          .select({ from: orderStatusHistory.fromStatus, to: orderStatusHistory.toStatus })
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, order.orderId))
          .orderBy(asc(orderStatusHistory.id));
        // Paid once, the £5 noted once (by whichever recorded it), never cancelled or refunded.
        expect(moves.filter((m) => m.from !== "paid" && m.to === "paid")).toHaveLength(1);
        expect(moves.filter((m) => m.from === "paid")).toEqual([{ from: "paid", to: "paid" }]);
      }
    } finally {
      await database.close();
      release();
    }
  });
});
