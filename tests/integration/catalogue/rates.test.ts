import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRatesService,
  RATES_FETCH_TIMEOUT_MS,
  RATES_RETRY_MS,
} from "../../../src/server/catalogue/rates.js";
import { FALLBACK_RATES, RATES_CACHE_MS } from "../../../src/shared/currency.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

/** A stand-in rates source on 127.0.0.1 whose answer each test chooses. */
let source: Server;
let sourceUrl: string;
let hits = 0;
let respond: (req: IncomingMessage, res: ServerResponse) => void;

const LIVE = { GBP: 1, EUR: 1.17, USD: 1.27, CAD: 1.74, AUD: 1.93, MXN: 23.1, BRL: 6.9, JPY: 190.2 };

function json(body: unknown, status = 200) {
  return (_req: IncomingMessage, res: ServerResponse) => {
    // No keep-alive: a socket closed by one test must not be reused by the next.
    res.writeHead(status, { "content-type": "application/json", connection: "close" });
    res.end(JSON.stringify(body));
  };
}
const goodAnswer = json({
  result: "success",
  base_code: "GBP",
  time_last_update_unix: 1732233601,
  rates: LIVE,
});

let shop: TestShop;

beforeAll(async () => {
  source = createServer((req, res) => {
    hits++;
    respond(req, res);
  });
  await new Promise<void>((resolve) => source.listen(0, "127.0.0.1", resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/v6/latest/GBP`;
  shop = await createTestShop({ RATES_URL: sourceUrl });
});
afterAll(async () => {
  await shop?.close();
  source?.closeAllConnections();
  await new Promise((resolve) => source?.close(resolve));
});
beforeEach(() => {
  hits = 0;
  respond = goodAnswer;
});

interface RatesBody {
  success: boolean;
  rates: Record<string, number>;
  timestamp: number;
  source: "live" | "fallback";
}

describe("GET /api/rates", () => {
  it("serves the live rates (GBP 1, only supported codes) and caches them: the source is asked once", async () => {
    const before = Date.now();
    const res = await shop.request("/api/rates");
    expect(res.status).toBe(200);
    const body = (await res.json()) as RatesBody;
    expect(body).toEqual({
      success: true,
      source: "live",
      timestamp: expect.any(Number),
      rates: { GBP: 1, EUR: 1.17, USD: 1.27, CAD: 1.74, AUD: 1.93, MXN: 23.1, BRL: 6.9 },
    });
    expect(body.timestamp).toBeGreaterThanOrEqual(before);
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d+/);

    respond = json({ result: "success", base_code: "GBP", rates: { ...LIVE, EUR: 1.5 } });
    const again = await Promise.all([shop.request("/api/rates"), shop.request("/api/rates")]);
    for (const r of again) expect(((await r.json()) as RatesBody).rates.EUR).toBe(1.17);
    expect(hits).toBe(1);
  });

  it("answers the spec's fallback rates when the source is down", async () => {
    const live = shop.ctx.rates;
    // Routes read ctx.rates on each request, so a fresh service pointed at a closed port stands in.
    shop.ctx.rates = createRatesService({ url: "http://127.0.0.1:9/unreachable" });
    try {
      const res = await shop.request("/api/rates");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        success: false,
        source: "fallback",
        timestamp: expect.any(Number),
        rates: { ...FALLBACK_RATES },
      });
    } finally {
      shop.ctx.rates = live;
    }
  });
});

describe("rates service", () => {
  const nonsense: Array<[string, (req: IncomingMessage, res: ServerResponse) => void]> = [
    ["rates quoted per USD", json({ result: "success", base_code: "USD", rates: { ...LIVE, GBP: 0.79 } })],
    [
      "a currency missing",
      json({ result: "success", base_code: "GBP", rates: { GBP: 1, EUR: 1.17, USD: 1.27 } }),
    ],
    [
      "a rate out by a factor of 100",
      json({ result: "success", base_code: "GBP", rates: { ...LIVE, USD: 127 } }),
    ],
    ["a negative rate", json({ result: "success", base_code: "GBP", rates: { ...LIVE, CAD: -1.7 } })],
    ["rates as strings", json({ result: "success", base_code: "GBP", rates: { ...LIVE, EUR: "1.17" } })],
    ["an error result", json({ result: "error", "error-type": "quota-reached" })],
    ["no rates at all", json({ hello: "world" })],
    ["a JSON array", json([1, 2, 3])],
    [
      "an HTML page",
      (_req, res) => {
        res.writeHead(200, { "content-type": "text/html", connection: "close" });
        res.end("<html><body>Service unavailable</body></html>");
      },
    ],
    ["an HTTP 500", json({ error: "boom" }, 500)],
    ["an HTTP 429", json({ error: "slow down" }, 429)],
    [
      "a dropped connection",
      (req) => {
        req.socket.destroy();
      },
    ],
  ];

  it.each(nonsense)("falls back on %s", async (_name, answer) => {
    respond = answer;
    const rates = createRatesService({ url: sourceUrl });
    const result = await rates.getRates();
    expect(result).toMatchObject({ success: false, source: "fallback", rates: FALLBACK_RATES });
    expect(hits).toBe(1);
  });

  it("accepts the common {base, rates} shape without GBP in the map", async () => {
    const { GBP: _gbp, ...rest } = LIVE;
    respond = json({ base: "GBP", date: "2024-11-22", rates: rest });
    const result = await createRatesService({ url: sourceUrl }).getRates();
    expect(result).toMatchObject({ success: true, source: "live", rates: { GBP: 1, EUR: 1.17 } });
  });

  it("gives up on a source that never answers after about 3 seconds", async () => {
    respond = () => {
      // Never answer.
    };
    const started = Date.now();
    const result = await createRatesService({ url: sourceUrl }).getRates();
    const took = Date.now() - started;
    expect(result.source).toBe("fallback");
    expect(took).toBeGreaterThanOrEqual(RATES_FETCH_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(RATES_FETCH_TIMEOUT_MS + 2000);
    source.closeAllConnections();
  }, 15_000);

  it("keeps the fallback for a few minutes after a failure, then tries the source again", async () => {
    let now = 1_000_000;
    respond = json({}, 503);
    const rates = createRatesService({ url: sourceUrl, now: () => now });
    expect((await rates.getRates()).source).toBe("fallback");
    now += RATES_RETRY_MS - 1;
    expect((await rates.getRates()).source).toBe("fallback");
    expect(hits).toBe(1);

    respond = goodAnswer;
    now += 2;
    const recovered = await rates.getRates();
    expect(recovered).toMatchObject({ success: true, source: "live", timestamp: now });
    expect(hits).toBe(2);
  });

  it("refreshes live rates after 4 hours", async () => {
    let now = 5_000_000;
    const rates = createRatesService({ url: sourceUrl, now: () => now });
    expect((await rates.getRates()).rates.EUR).toBe(1.17);
    respond = json({ result: "success", base_code: "GBP", rates: { ...LIVE, EUR: 1.2 } });
    now += RATES_CACHE_MS - 1;
    expect((await rates.getRates()).rates.EUR).toBe(1.17);
    now += 1;
    expect((await rates.getRates()).rates.EUR).toBe(1.2);
    expect(hits).toBe(2);
  });
});
