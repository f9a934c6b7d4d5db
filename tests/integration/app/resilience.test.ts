/**
 * Resilience of the real server process (src/server/main.ts), on PGlite by default and on
 * PostgreSQL when DATABASE_URL is set:
 * - kill -9 in the middle of a stream of checkouts and test-page payments, restart on the
 *   same data, replay every completion: every acknowledged order and payment survived, every
 *   order exists once with its items, paid exactly once;
 * - the same with signed Stripe webhooks (the real SDK against a local fake Stripe), replayed
 *   after the crash and again as duplicates;
 * - SIGTERM while a request is still arriving: the request completes, the process exits 0;
 * - /api/ready fails while the database is unavailable (refused or hanging) and recovers;
 * - the database runs with durable commits.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer, type Server, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../../src/server/db/client.js";
import { markDraining } from "../../../src/server/routes/health.js";
import { ACCESSORIES, accessoryItem, lithophaneItem, shippingInfo } from "../../support/checkout.js";
import { type FreshDatabase, freshDatabase } from "../../support/database.js";
import {
  type FakeSession,
  sessionEvent,
  startFakeStripe,
  WEBHOOK_SECRET,
} from "../../support/fake-stripe.js";
import { freePort } from "../../support/ports.js";
import { type ServerProcess, spawnServer, waitForServer } from "../../support/server-process.js";
import { createTestShop } from "../../support/test-shop.js";

const BASE_URL = process.env.DATABASE_URL;
const temps: string[] = [];
const databases: FreshDatabase[] = [];
/** Every server started here: none outlives the file, whatever fails. */
const servers = new Set<ServerProcess>();

afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

// ---------------------------------------------------------------- helpers

interface Store {
  dataDir: string;
  databaseUrl?: string;
}

async function freshStore(): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-crash-"));
  temps.push(dataDir);
  if (!BASE_URL) return { dataDir };
  const database = await freshDatabase(BASE_URL, "lithobox_rs");
  databases.push(database);
  return { dataDir, databaseUrl: database.url };
}

interface Running extends ServerProcess {
  base: string;
}

async function startShop(store: Store, port: number, env: Record<string, string> = {}): Promise<Running> {
  const base = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: store.dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    // Every request names its own client (X-Forwarded-For) so the per-IP limits stay out of the way.
    TRUSTED_PROXIES: "127.0.0.1",
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (store.databaseUrl) childEnv.DATABASE_URL = store.databaseUrl;
  if (env.DATABASE_URL) childEnv.DATABASE_URL = env.DATABASE_URL;
  const server = spawnServer({ env: childEnv });
  servers.add(server);
  await waitForServer(server, base, { path: "/api/health", accept: (res) => res.status === 200 });
  return { ...server, base };
}

async function stop(server: Running, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  server.child.kill(signal);
  return server.exited;
}

const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

interface Created {
  orderId: string;
  url: string;
  token: string;
  orderTotal: number;
}

/** A photo uploaded to the server at `base` (a lithophane's photos must be the shop's own uploads). */
async function photoOn(base: string): Promise<{ url: string; originalUrl: string }> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#808080" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(png)], "photo.png", { type: "image/png" }));
  form.set("kind", "main");
  const res = await fetch(`${base}/api/uploads`, {
    method: "POST",
    body: form,
    headers: { origin: base, "x-forwarded-for": ip() },
  });
  if (res.status !== 201) throw new Error(`upload ${res.status}: ${await res.text()}`);
  return (await res.json()) as { url: string; originalUrl: string };
}

async function postCheckout(base: string, n: number): Promise<Created> {
  let cartItems: unknown[] = [accessoryItem(ACCESSORIES.dimmer)];
  if (n % 3 === 0) {
    const photo = await photoOn(base);
    const line = {
      ...lithophaneItem("gift"),
      imageUrl: photo.url,
      originalImageUrl: photo.originalUrl,
      additionalImages: [photo.url, photo.url],
    };
    cartItems = [line, accessoryItem(ACCESSORIES.adapter)];
  }
  const res = await fetch(`${base}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, "x-forwarded-for": ip() },
    body: JSON.stringify({
      cartItems,
      shippingInfo: shippingInfo(),
      currency: "GBP",
      shippingMethod: n % 2 ? "express" : "standard",
    }),
  });
  if (res.status !== 201) throw new Error(`checkout ${res.status}: ${await res.text()}`);
  return (await res.json()) as Created;
}

/** Presses Pay on the built-in test payment page; the redirect's target, or throws. */
async function pay(base: string, order: Created): Promise<string> {
  const url = new URL(order.url);
  const res = await fetch(`${base}${url.pathname}/pay${url.search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
    body: "",
    redirect: "manual",
  });
  if (res.status !== 303) throw new Error(`pay ${res.status}`);
  return res.headers.get("location") ?? "";
}

async function outcome(base: string, order: Created): Promise<string> {
  const res = await fetch(
    `${base}/api/checkout/status/${order.orderId}?token=${encodeURIComponent(order.token)}`,
    {
      headers: { "x-forwarded-for": ip() },
    },
  );
  if (res.status !== 200) return `http ${res.status}`;
  return ((await res.json()) as { outcome: string }).outcome;
}

/** Runs `tasks` with at most `limit` in flight; each settles on its own. */
async function settleAll<T>(
  tasks: Array<() => Promise<T>>,
  limit: number,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      try {
        results[i] = { status: "fulfilled", value: await (tasks[i] as () => Promise<T>)() };
      } catch (reason) {
        results[i] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** The shop's own view after the process stopped: opens its database (PGlite is single-process). */
async function withDatabase<T>(store: Store, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(store);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

interface OrderFacts {
  id: string;
  status: string;
  total: number;
  subtotal: number;
  shipping: number;
  items: number;
  itemsSum: number;
  paidTransitions: number;
}

async function orderFacts(database: Database): Promise<OrderFacts[]> {
  const result = (await database.db.execute(sql`
    select o.id, o.status, o.total_amount as total, o.subtotal_amount as subtotal, o.shipping_amount as shipping,
      (select count(*) from order_items i where i.order_id = o.id)::int as items,
      (select coalesce(sum(i.price * i.quantity), 0) from order_items i where i.order_id = o.id)::int as "itemsSum",
      (select count(*) from order_status_history h where h.order_id = o.id and h.to_status = 'paid' and h.from_status is distinct from 'paid')::int as "paidTransitions"
    from orders o`)) as unknown as { rows: OrderFacts[] };
  return result.rows.map((r) => ({
    ...r,
    total: Number(r.total),
    subtotal: Number(r.subtotal),
    shipping: Number(r.shipping),
  }));
}

function expectWhole(facts: OrderFacts[]) {
  for (const f of facts) {
    // An order and its items were written together, or not at all.
    expect(f.items, `order ${f.id} has no items`).toBeGreaterThan(0);
    expect(f.itemsSum, `order ${f.id} items`).toBe(f.subtotal);
    expect(f.total, `order ${f.id} total`).toBe(f.subtotal + f.shipping);
    expect(f.paidTransitions, `order ${f.id} paid transitions`).toBe(
      f.status === "pending" || f.status === "cancelled" ? 0 : 1,
    );
  }
}

// ---------------------------------------------------------------- crash mid-checkout

describe("a crash in the middle of checkouts and payments", () => {
  it("loses no acknowledged order or payment, and replayed completions change nothing twice", {
    timeout: 600_000,
  }, async () => {
    const store = await freshStore();
    const port = await freePort();
    let server = await startShop(store, port);

    const orders: Created[] = [];
    for (let i = 0; i < 16; i++) orders.push(await postCheckout(server.base, i));

    // Payments and new checkouts stream in; the process is killed -9 after a few answers.
    let answers = 0;
    const killed = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (answers >= 4) {
          clearInterval(check);
          server.child.kill("SIGKILL");
          resolve();
        }
      }, 1);
    });
    const acked = { pays: new Set<string>(), created: [] as Created[] };
    const tasks: Array<() => Promise<void>> = [];
    for (const order of orders) {
      tasks.push(async () => {
        await pay(server.base, order);
        acked.pays.add(order.orderId);
        answers++;
      });
    }
    for (let i = 0; i < 8; i++) {
      tasks.push(async () => {
        const created = await postCheckout(server.base, 100 + i);
        acked.created.push(created);
        answers++;
      });
    }
    const results = await settleAll(tasks, 6);
    await killed;
    expect(await server.exited).toBeNull(); // killed by the signal
    expect(server.child.signalCode).toBe("SIGKILL");
    expect(
      results.some((r) => r.status === "rejected"),
      "the crash cut some requests off",
    ).toBe(true);

    // Restart on the same data (the dead process's lock is taken over).
    server = await startShop(store, port);
    for (const order of orders) {
      if (acked.pays.has(order.orderId))
        expect(await outcome(server.base, order), order.orderId).toBe("paid");
    }
    for (const created of acked.created) expect(await outcome(server.base, created)).toBe("pending");

    // Replay every completion (twice for good measure), then pay the orders created in the crash.
    for (const order of [...orders, ...orders, ...acked.created]) {
      expect(await pay(server.base, order)).toContain("/checkout/success");
    }
    for (const order of [...orders, ...acked.created]) expect(await outcome(server.base, order)).toBe("paid");
    expect(await stop(server)).toBe(0);

    await withDatabase(store, async (database) => {
      const facts = await orderFacts(database);
      const ids = new Set(facts.map((f) => f.id));
      expect(ids.size).toBe(facts.length);
      for (const order of [...orders, ...acked.created]) expect(ids.has(order.orderId)).toBe(true);
      // At most the checkouts in flight at the crash exist beyond the acknowledged ones.
      expect(facts.length).toBeLessThanOrEqual(orders.length + 8);
      expectWhole(facts);
      for (const order of [...orders, ...acked.created]) {
        expect(facts.find((f) => f.id === order.orderId)?.paidTransitions).toBe(1);
      }
    });
  });
});

// ---------------------------------------------------------------- Stripe webhooks

describe("a crash while Stripe webhooks arrive", () => {
  it("replayed and duplicated webhooks after a kill -9 leave every order paid once", {
    timeout: 600_000,
  }, async () => {
    const stripe = await startFakeStripe();
    try {
      const store = await freshStore();
      const port = await freePort();
      let server = await startShop(store, port, stripe.env());

      const orders: Created[] = [];
      for (let i = 0; i < 12; i++) orders.push(await postCheckout(server.base, i));
      const sessionFor = (order: Created): FakeSession => {
        const session = [...stripe.sessions.values()].find((s) => s.metadata.orderId === order.orderId);
        if (!session) throw new Error("no session");
        return session;
      };
      const events = orders.map((order) => sessionEvent("checkout.session.completed", sessionFor(order)));
      const deliver = async (event: unknown) => {
        const payload = JSON.stringify(event);
        const res = await fetch(`${server.base}/api/payments/stripe/webhook`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
          },
          body: payload,
        });
        if (res.status !== 200) throw new Error(`webhook ${res.status}: ${await res.text()}`);
        return (await res.json()) as { action: string };
      };

      let answers = 0;
      const delivered = new Set<number>();
      const kill = setInterval(() => {
        if (answers >= 3) {
          clearInterval(kill);
          server.child.kill("SIGKILL");
        }
      }, 1);
      await settleAll(
        events.map((event, i) => async () => {
          await deliver(event);
          delivered.add(i);
          answers++;
        }),
        4,
      );
      clearInterval(kill);
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
      await server.exited;

      server = await startShop(store, port, stripe.env());
      for (const i of delivered) expect(await outcome(server.base, orders[i] as Created)).toBe("paid");
      // Stripe retries until it gets a 200: every event again, then all of them once more.
      for (const event of [...events, ...events]) await deliver(event);
      for (const order of orders) expect(await outcome(server.base, order)).toBe("paid");
      expect(await stop(server)).toBe(0);

      await withDatabase(store, async (database) => {
        const facts = await orderFacts(database);
        expect(facts.length).toBe(orders.length);
        expectWhole(facts);
        for (const f of facts) expect(f.paidTransitions).toBe(1);
        const seen = (await database.db.execute(
          sql`select id, count(*)::int as n from payment_events group by id`,
        )) as unknown as { rows: Array<{ id: string; n: number }> };
        expect(seen.rows.length).toBe(events.length);
        expect(seen.rows.every((r) => r.n === 1)).toBe(true);
      });
    } finally {
      await stripe.close();
    }
  });
});

// ---------------------------------------------------------------- graceful shutdown

describe("graceful shutdown", () => {
  it("finishes a request that is still arriving when SIGTERM comes, then exits 0", {
    timeout: 600_000,
  }, async () => {
    const store = await freshStore();
    const port = await freePort();
    const server = await startShop(store, port, { LOG_LEVEL: "info" });
    const body = JSON.stringify({
      cartItems: [accessoryItem(ACCESSORIES.wallMount)],
      shippingInfo: shippingInfo(),
      currency: "GBP",
      shippingMethod: "standard",
    });
    const half = Math.floor(body.length / 2);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/api/checkout",
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            origin: server.base,
            "x-forwarded-for": ip(),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d) => {
            text += d;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, half));
      // The rest arrives after the signal.
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(half)), 700);
      }, 400);
    });
    const res = await answer;
    expect(res.status, res.text).toBe(201);
    const created = JSON.parse(res.text) as Created;
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("closed cleanly");

    // The order it created is there after a restart.
    const again = await startShop(store, port);
    expect(await outcome(again.base, created)).toBe("pending");
    expect(await stop(again)).toBe(0);
  });
});

// ---------------------------------------------------------------- readiness

describe("readiness", () => {
  it("answers 503 while the database does not answer (failing or hanging) or the shop is draining, and recovers", {
    timeout: 300_000,
  }, async () => {
    const shop = await createTestShop();
    try {
      const ready = async () => {
        const started = Date.now();
        const res = await shop.request("/api/ready");
        return {
          status: res.status,
          body: (await res.json()) as Record<string, unknown>,
          ms: Date.now() - started,
        };
      };
      expect((await ready()).status).toBe(200);
      const realPing = shop.ctx.database.ping;
      shop.ctx.database.ping = async () => false;
      expect(await ready()).toMatchObject({
        status: 503,
        body: { ready: false, reason: "database_unavailable" },
      });
      shop.ctx.database.ping = () => new Promise<boolean>(() => {});
      const hung = await ready();
      expect(hung.status).toBe(503);
      expect(hung.ms).toBeLessThan(5_000);
      shop.ctx.database.ping = () => Promise.reject(new Error("connection refused"));
      expect((await ready()).status).toBe(503);
      expect((await shop.request("/api/health")).status).toBe(503);
      shop.ctx.database.ping = realPing;
      expect(await ready()).toMatchObject({ status: 200, body: { ready: true } });
      markDraining(shop.ctx);
      expect(await ready()).toMatchObject({ status: 503, body: { reason: "shutting_down" } });
    } finally {
      await shop.close();
    }
  });

  it.runIf(Boolean(BASE_URL))(
    "the real server's /api/ready fails while PostgreSQL is unreachable and recovers after",
    { timeout: 600_000 },
    async () => {
      const store = await freshStore();
      const upstream = new URL(store.databaseUrl as string);
      // A TCP relay between the shop and PostgreSQL that the test can cut, blackhole and restore.
      const sockets = new Set<Socket>();
      let mode: "forward" | "blackhole" = "forward";
      const relayPort = await freePort();
      let relay: Server | null = null;
      const openRelay = () =>
        new Promise<void>((resolve) => {
          relay = createServer((client) => {
            sockets.add(client);
            client.on("close", () => sockets.delete(client));
            client.on("error", () => {});
            if (mode === "blackhole") return; // Accepts, never answers: a hung database host.
            const db = new Socket();
            sockets.add(db);
            db.on("close", () => sockets.delete(db));
            db.on("error", () => client.destroy());
            client.on("error", () => db.destroy());
            db.connect(Number(upstream.port || 5432), upstream.hostname, () => {
              client.pipe(db);
              db.pipe(client);
            });
          });
          relay.listen(relayPort, "127.0.0.1", () => resolve());
        });
      const closeRelay = () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          relay?.close(() => resolve());
        });
      await openRelay();
      const viaRelay = new URL(upstream);
      viaRelay.port = String(relayPort);
      const port = await freePort();
      const server = await startShop(store, port, { DATABASE_URL: viaRelay.toString() });
      try {
        const ready = async () => (await fetch(`${server.base}/api/ready`)).status;
        expect(await ready()).toBe(200);

        await closeRelay(); // The database goes away: connections reset, new ones refused.
        await new Promise((r) => setTimeout(r, 300));
        expect(await ready()).toBe(503);
        expect((await fetch(`${server.base}/api/catalog/products`)).status).toBe(500);

        mode = "blackhole";
        await openRelay(); // Reachable but silent.
        const started = Date.now();
        expect(await ready()).toBe(503);
        expect(Date.now() - started).toBeLessThan(5_000);
        await closeRelay();

        mode = "forward";
        await openRelay(); // Back.
        let status = 0;
        for (let i = 0; i < 50 && status !== 200; i++) {
          status = await ready();
          if (status !== 200) await new Promise((r) => setTimeout(r, 200));
        }
        expect(status).toBe(200);
        expect((await fetch(`${server.base}/api/catalog/products`)).status).toBe(200);
        expect(server.child.exitCode).toBeNull();
      } finally {
        await stop(server, "SIGKILL");
        await closeRelay();
      }
    },
  );
});

// ---------------------------------------------------------------- durability settings

describe("durable commits", () => {
  /**
   * PostgreSQL: every commit is flushed to disk before it is acknowledged. PGlite: commits
   * are synchronous, but its Postgres runs with fsync off (PGlite's own start parameters) and
   * its Node file system has no fsync, so a commit survives a crash of the process (the kill
   * -9 tests above) but not necessarily a power cut or kernel crash: production uses PostgreSQL.
   */
  it("acknowledges a commit only once it is durable (PostgreSQL: fsync and synchronous_commit on)", {
    timeout: 300_000,
  }, async () => {
    const store = await freshStore();
    await withDatabase(store, async (database) => {
      const show = async (name: string) =>
        (
          (await database.db.execute(sql.raw(`show ${name}`))) as unknown as {
            rows: Array<Record<string, string>>;
          }
        ).rows[0]?.[name];
      expect(await show("synchronous_commit")).toBe("on");
      if (database.kind === "postgres") {
        expect(await show("fsync")).toBe("on");
        expect(await show("full_page_writes")).toBe("on");
      }
    });
  });
});
