/**
 * A local stand-in for the Stripe API on 127.0.0.1, enough for Checkout Sessions: the shop's
 * real Stripe SDK is pointed at it through STRIPE_API_BASE. It records every request (with
 * its Idempotency-Key), answers a repeated key with the same session (as Stripe does), and
 * can be told to fail. Events are signed with the SDK's own generateTestHeaderString.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { TestShop } from "./test-shop.js";

export const WEBHOOK_SECRET = "whsec_test_lithobox_integration_secret";
export const STRIPE_TEST_KEY = "sk_test_lithobox_fake";

type Params = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  params: Params;
}

export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  payment_intent: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  line_items_params: Params[];
}

/** Stripe's form encoding ("line_items[0][price_data][unit_amount]=5450") back to objects and arrays. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return arraysFromIndexedObjects(root) as Params;
}

function arraysFromIndexedObjects(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [k, arraysFromIndexedObjects(v)] as const,
  );
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const num = (v: unknown) => Number(v ?? 0);

export interface FakeStripe {
  /** "http://127.0.0.1:<port>": give it to the shop as STRIPE_API_BASE. */
  baseUrl: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  /** The next N session creations answer this HTTP status with a Stripe error. */
  failNext(count: number, status?: number): void;
  /** Refunds answer only after this many ms (the refund is made at once, as Stripe makes it). */
  delayRefunds(ms: number): void;
  /** A refund made in Stripe's dashboard: it exists in Stripe only (charge.refunded tells the shop). */
  refundInDashboard(paymentIntent: string, amount: number): { id: string };
  /** Every refund made on a payment intent, oldest first. */
  refundsOf(paymentIntent: string): Array<{ id: string; amount: number }>;
  /** The env a test shop needs to use this fake. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, FakeSession>();
  const refundsByKey = new Map<string, unknown>();
  const refundsByIntent = new Map<
    string,
    Array<{ id: string; amount: number; object: "refund"; status: string }>
  >();
  let refundDelayMs = 0;
  const makeRefund = (paymentIntent: string, amount: number, metadata: Record<string, string> = {}) => {
    const refund = {
      id: `re_${randomBytes(12).toString("hex")}`,
      object: "refund" as const,
      amount,
      currency: "gbp",
      payment_intent: paymentIntent,
      status: "succeeded",
      metadata,
    };
    refundsByIntent.set(paymentIntent, [...(refundsByIntent.get(paymentIntent) ?? []), refund]);
    return refund;
  };
  let failures: { count: number; status: number } = { count: 0, status: 500 };

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const params = parseStripeForm(body);
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      idempotencyKey,
      authorization: req.headers.authorization,
      params,
    });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${randomBytes(6).toString("hex")}`,
      });
      res.end(JSON.stringify(json));
    };
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        return send(failures.status, {
          error: { type: "api_error", message: "The fake Stripe was told to fail." },
        });
      }
      const repeated = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (repeated) return send(200, repeated);
      const lineItems = (params.line_items as Params[] | undefined) ?? [];
      const subtotal = lineItems.reduce(
        (sum, li) => sum + num((li.price_data as Params | undefined)?.unit_amount) * num(li.quantity ?? 1),
        0,
      );
      const shippingRate = ((params.shipping_options as Params[] | undefined)?.[0]?.shipping_rate_data ??
        {}) as Params;
      const shipping = num((shippingRate.fixed_amount as Params | undefined)?.amount);
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const session: FakeSession = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        amount_subtotal: subtotal,
        amount_total: subtotal + shipping,
        currency: String((lineItems[0]?.price_data as Params | undefined)?.currency ?? "gbp"),
        customer_email: (params.customer_email as string | undefined) ?? null,
        client_reference_id: (params.client_reference_id as string | undefined) ?? null,
        success_url: String(params.success_url ?? ""),
        cancel_url: String(params.cancel_url ?? ""),
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        line_items_params: lineItems,
      };
      sessions.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      return send(200, session);
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const repeated = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (repeated) return send(200, repeated);
      // The money moves at once; the answer may be slow (a server killed meanwhile never hears it).
      const refund = makeRefund(
        String(params.payment_intent ?? ""),
        num(params.amount),
        (params.metadata as Record<string, string> | undefined) ?? {},
      );
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
      if (refundDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, refundDelayMs));
      return send(200, refund);
    }
    if (req.method === "GET" && url.pathname === "/v1/refunds") {
      const intent = url.searchParams.get("payment_intent") ?? "";
      return send(200, {
        object: "list",
        url: "/v1/refunds",
        has_more: false,
        data: refundsByIntent.get(intent) ?? [],
      });
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (req.method === "POST" && expire) {
      const session = sessions.get(decodeURIComponent(expire[1] ?? ""));
      if (!session)
        return send(404, { error: { type: "invalid_request_error", message: "No such session" } });
      if (session.status !== "open")
        return send(400, {
          error: { type: "invalid_request_error", message: "Only open sessions can be expired." },
        });
      session.status = "expired";
      return send(200, session);
    }
    return send(404, {
      error: { type: "invalid_request_error", message: `No fake for ${req.method} ${url.pathname}` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    requests,
    sessions,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    delayRefunds(ms) {
      refundDelayMs = ms;
    },
    refundInDashboard(paymentIntent, amount) {
      return { id: makeRefund(paymentIntent, amount).id };
    },
    refundsOf(paymentIntent) {
      return (refundsByIntent.get(paymentIntent) ?? []).map((r) => ({ id: r.id, amount: r.amount }));
    },
    env: () => ({
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: baseUrl,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------- events

export type SessionEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired";

/** A Stripe event about `session`, as Stripe would send it; `overrides` change the session. */
export function sessionEvent(
  type: SessionEventType,
  session: FakeSession,
  overrides: Partial<FakeSession> = {},
): { id: string; object: "event"; type: SessionEventType; data: { object: unknown } } {
  const paid = type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded";
  const { line_items_params: _ignored, ...rest } = session;
  return {
    id: `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    type,
    data: {
      object: {
        ...rest,
        status: type === "checkout.session.expired" ? "expired" : "complete",
        payment_status: paid ? "paid" : "unpaid",
        payment_intent: paid ? `pi_${session.id.slice(-16)}` : null,
        ...overrides,
      },
    },
  };
}

/** Posts an event to the shop's webhook, signed with `secret` (the shop's by default). */
export function deliverEvent(
  shop: TestShop,
  event: unknown,
  opts: { secret?: string; signature?: string | null; timestamp?: number } = {},
): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: opts.secret ?? WEBHOOK_SECRET,
          ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
        })
      : opts.signature;
  return shop.request("/api/payments/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: {
      "content-type": "application/json",
      ...(signature !== null ? { "stripe-signature": signature } : {}),
    },
  });
}
