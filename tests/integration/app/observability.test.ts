/**
 * Issue 29 item 3: what an operator sees of the running shop.
 * - a request id on every request (X-Request-Id honoured when sensible), in the response header
 *   and in every log line written for that request, with one access line (method, route
 *   pattern, status, ms) and no personal data;
 * - GET /metrics in Prometheus format behind METRICS_TOKEN: latency histogram per route,
 *   checkouts, payments, refusals by rate limits, outbox and print queue gauges;
 * - e-mail addresses never reach the log;
 * - SENTRY_DSN: a 500's error reaches a (local) Sentry endpoint through @sentry/node, tagged with
 *   the request id and without the request's cookies, addresses or body.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/server/lib/logger.js";
import { uniqueEmail } from "../../support/accounts.js";
import {
  ACCESSORIES,
  accessoryItem,
  checkout,
  pressTestButton,
  shippingInfo,
} from "../../support/checkout.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const METRICS_TOKEN = "metrics-token-for-the-tests-0123";
let shop: TestShop;
const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];

beforeAll(async () => {
  const log = createLogger("info", {
    write: (line: string) => {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  shop = await createTestShop({ METRICS_TOKEN, PRINT_WORKER: "off" }, { log });
});
afterAll(async () => {
  await shop?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("request ids and the access log", () => {
  it("answers every request with its id: the proxy's when sensible, else a new one", async () => {
    const given = await shop.request("/api/health", { headers: { "x-request-id": "edge-7f3a.42" } });
    expect(given.headers.get("x-request-id")).toBe("edge-7f3a.42");
    const made = await shop.request("/api/health");
    expect(made.headers.get("x-request-id")).toMatch(UUID);
    const odd = await shop.request("/api/health", { headers: { "x-request-id": "a b<script>" } });
    expect(odd.headers.get("x-request-id")).toMatch(UUID);
    // Errors and unknown paths too.
    const missing = await shop.request("/api/no-such-thing", { headers: { "x-request-id": "req-404" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-request-id")).toBe("req-404");
  });

  it("stamps every log line of one checkout with the same id, with one access line and no personal data", async () => {
    const email = uniqueEmail("observed");
    const requestId = "checkout-trace-0001";
    const before = lines.length;
    const res = await shop.request("/api/checkout", {
      method: "POST",
      json: {
        currency: "GBP",
        cartItems: [accessoryItem(ACCESSORIES.adapter)],
        shippingInfo: shippingInfo({ email }),
      },
      headers: { "x-request-id": requestId, "x-forwarded-for": randomIp() },
    });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const mine = lines.slice(before).filter((l) => l.reqId === requestId);
    const access = mine.filter((l) => l.msg === "request");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      method: "POST",
      route: "/api/checkout",
      status: 201,
      reqId: requestId,
    });
    expect(typeof access[0]?.ms).toBe("number");
    // Lines the request wrote besides the access line carry its id as well.
    expect(mine.length).toBeGreaterThan(1);
    // Every line written since belongs to this request (nothing else ran) and none holds the
    // customer's address or the order's id (the access line names the route, not the path).
    const since = raw.slice(before).join("\n");
    expect(lines.slice(before).every((l) => l.reqId === requestId)).toBe(true);
    expect(since).not.toContain(email);
    expect(access[0]?.route).not.toContain(orderId);
  });

  it("keeps e-mail addresses out of the log, including the mail sent for an order", async () => {
    const email = uniqueEmail("mailed");
    const before = raw.length;
    const answer = await checkout(shop, { shippingInfo: shippingInfo({ email }) }, { ip: randomIp() });
    expect((await pressTestButton(shop, answer, "pay")).status).toBe(303);
    const since = raw.slice(before).join("\n");
    expect(since).toContain("mail written to outbox");
    expect(since).not.toContain(email);
  });
});

describe("GET /metrics", () => {
  const scrape = (token?: string) =>
    shop.request("/metrics", token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it("asks for the token", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("wrong-token-wrong-token-000")).status).toBe(401);
    const off = await createTestShop();
    try {
      expect((await off.request("/metrics")).status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it("counts checkouts, payments and refusals, with the latency histogram per route and the queues", async () => {
    const value = (text: string, series: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    const first = await (await scrape(METRICS_TOKEN)).text();
    const checkouts = value(first, "lithobox_checkouts_total") ?? 0;
    const payments = value(first, "lithobox_payments_total") ?? 0;

    const answer = await checkout(shop, {}, { ip: randomIp() });
    expect((await pressTestButton(shop, answer, "pay")).status).toBe(303);
    // The tracking limit (10 a minute) refuses the eleventh try from one address.
    const ip = randomIp();
    for (let i = 0; i < 11; i += 1) {
      await shop.request("/api/track", {
        method: "POST",
        json: { orderNumber: "LB-000000", email: "nobody@example.com" },
        headers: { "x-forwarded-for": ip },
      });
    }

    const res = await scrape(METRICS_TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(value(text, "lithobox_checkouts_total")).toBe(checkouts + 1);
    expect(value(text, "lithobox_payments_total")).toBe(payments + 1);
    expect(value(text, 'lithobox_rate_limit_refusals_total{limiter="track"}')).toBe(1);
    expect(
      value(text, 'http_request_duration_seconds_count{method="POST",route="/api/checkout",status="201"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.1",method="POST",route="/api/checkout"',
    );
    expect(value(text, 'lithobox_outbox_emails{status="failed"}')).toBe(0);
    expect(value(text, 'lithobox_print_jobs{status="failed"}')).toBe(0);
    expect(value(text, 'lithobox_print_jobs{status="pending"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain("process_cpu_seconds_total");
    // No path of a request is a label: the order's id appears nowhere.
    expect(text).not.toContain(answer.orderId);
  });
});

describe("SENTRY_DSN", () => {
  let sentry: TestShop;
  const envelopes: string[] = [];
  const receiver = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      envelopes.push((req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
      res.writeHead(200).end("{}");
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    sentry = await createTestShop({
      SENTRY_DSN: `http://publickey@127.0.0.1:${port}/1`,
      PRINT_WORKER: "off",
    });
  });
  afterAll(async () => {
    await sentry?.close();
    receiver.close();
  });

  it("reports a 500's error with the request id, and nothing of the request", async () => {
    expect(sentry.ctx.errors.enabled).toBe(true);
    // Storage fails: the upload's route throws and the app answers 500.
    sentry.ctx.storage.put = async () => {
      throw new Error("storage refused the write (test)");
    };
    const form = new FormData();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    form.set("file", new File([new Uint8Array(png)], "dot.png", { type: "image/png" }));
    form.set("kind", "main");
    const res = await sentry.request("/api/uploads", {
      method: "POST",
      body: form,
      headers: {
        "x-request-id": "upload-fails-1",
        cookie: "secret-cookie=abc",
        "x-forwarded-for": "10.9.8.7",
      },
    });
    expect(res.status).toBe(500);
    await sentry.ctx.errors.flush(5_000);
    const event = envelopes.find((e) => e.includes("storage refused the write (test)"));
    expect(event, "the envelope Sentry received").toBeDefined();
    expect(event).toContain('"requestId":"upload-fails-1"');
    expect(event).toContain('"route":"/api/uploads"');
    expect(event).not.toContain("secret-cookie");
    expect(event).not.toContain("10.9.8.7");
  });
});
