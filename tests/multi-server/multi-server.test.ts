/**
 * Three shop servers (the compiled server, plain node) on one PostgreSQL database, one Redis
 * database and one S3 bucket (s3rver), each with its own DATA_DIR (nothing shared on disk), with
 * requests round-robined across them as a load balancer would. Proves:
 * - a rate limit of N per minute holds across the three (the shop's and Better Auth's), not 3N;
 * - an admin's price change on server A is served by B and C within a second (LISTEN/NOTIFY);
 * - 50 parallel checkouts, each paid on other servers than the one that created it (the
 *   event delivered to two servers at once), give every order once, paid once, one
 *   confirmation e-mail and one print job per panel;
 * - a photo uploaded on A is printed by B and C (A's print worker is off) from the bucket;
 * - a resumable upload created on A goes on with chunks sent to B and C and is stored;
 * - unpaid orders past their time are expired by the three servers' sweeps at once
 *   (ORDER_EXPIRY_SWEEP_SECONDS=1): each once, every unit of stock and code use given back once;
 * - kill -9 of one server in the middle of a burst loses no order that was acknowledged.
 *
 * Runs in `.ci/run` (`npx vitest run --project multi-server`). Needs PostgreSQL (base URL:
 * MULTI_SERVER_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 * a fresh database `<name>_ms_<random>` is created beside it and dropped after) and Redis
 * (MULTI_SERVER_REDIS_URL, else redis://127.0.0.1:6379/1); skipped, saying why, when either
 * does not answer. Storage: an s3rver bucket in a temporary folder, as production's S3.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import S3rver from "s3rver";
import sharp from "sharp";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADAPTER,
  checkoutRequest,
  DIMMER,
  lithophaneCartItem,
  type UploadedPhoto,
  uploadCheckoutPhoto,
} from "../../bench/_checkout-client.js";
import { loadConfig } from "../../src/server/config.js";
import { SEED_PRODUCTS } from "../../src/server/db/catalogue.js";
import { S3Storage } from "../../src/server/platform/index.js";
import { buildAccessoryCartItem, type CartItem } from "../../src/shared/cart.js";
import { RESUMABLE_UPLOADS_PATH } from "../../src/shared/upload-copy.js";
import { buildServer } from "../support/compiled-server.js";
import { mergeCookies } from "../support/cookies.js";
import { type FreshDatabase, freshDatabase } from "../support/database.js";
import { type FakeStripe, sessionEvent, startFakeStripe, WEBHOOK_SECRET } from "../support/fake-stripe.js";
import { freePort } from "../support/ports.js";
import { type ServerProcess, startServer } from "../support/server-process.js";
import { enrolTotp } from "../support/totp.js";
import { until } from "../support/wait.js";

const PG_BASE =
  process.env.MULTI_SERVER_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.MULTI_SERVER_REDIS_URL ?? "redis://127.0.0.1:6379/1";

function answers(url: string, defaultPort: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(u.port || defaultPort), u.hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    setTimeout(() => done(false), 2000).unref();
  });
}

const pgUp = await answers(PG_BASE, 5432);
const redisUp = await answers(REDIS_URL, 6379);
const skipReason = !pgUp
  ? `PostgreSQL does not answer at ${new URL(PG_BASE).host}`
  : !redisUp
    ? `Redis does not answer at ${new URL(REDIS_URL).host}`
    : null;
if (skipReason) console.log(`multi-server test skipped: ${skipReason}`);

const ADMIN_EMAIL = "admin-multi@example.com";
const PASSWORD = "correct horse 42";

interface Server extends ServerProcess {
  name: string;
  base: string;
}

let database: FreshDatabase | undefined;
let dbUrl = "";
let dataDir = "";
let s3rver: S3rver | undefined;
let s3Env: Record<string, string> = {};
const BUCKET = "lithobox-multi";
/** One secret for the three, as a deployment sets it: sessions made on A serve on B and C. */
const AUTH_SECRET = randomBytes(32).toString("base64url");
let build: { mainJs: string; remove(): void } | undefined;
let publicUrl = "";
let stripe: FakeStripe;
let servers: Server[] = [];
let sql: pg.Client;
let next = 0;

function ip(i: number): string {
  return `10.77.${(i >> 8) & 255}.${i & 255}`;
}

/** The next server in turn: what a round-robin load balancer does. */
function roundRobin(): Server {
  const live = servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
  const server = live[next++ % live.length];
  if (!server) throw new Error("no server left");
  return server;
}

async function call(
  server: Server,
  pathname: string,
  init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: publicUrl, ...init.headers };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.base}${pathname}`, {
    method: init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    redirect: "manual",
  });
}

/** A server's own DATA_DIR: its mail and scratch files; the shop's files are in the bucket. */
function serverDir(name: string): string {
  return path.join(dataDir, `server-${name}`);
}

/** The bucket the three servers store in, read directly as an operator would. */
function bucket(): S3Storage {
  const s3 = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...s3Env }).s3;
  if (!s3) throw new Error("no S3 settings");
  return new S3Storage(s3);
}

async function startShop(name: string, port: number): Promise<Server> {
  mkdirSync(serverDir(name), { recursive: true });
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({
    entry: build?.mainJs ?? "",
    base,
    timeoutMs: 90_000,
    intervalMs: 100,
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl,
      DATABASE_URL: dbUrl,
      REDIS_URL,
      DATA_DIR: serverDir(name),
      WEB_DIST: path.join(dataDir, "no-web"),
      BETTER_AUTH_SECRET: AUTH_SECRET,
      ...s3Env,
      // A takes uploads but makes no print file: B and C must print A's photo from the bucket.
      PRINT_WORKER: name === "A" ? "off" : "on",
      // Each simulated visitor names itself in X-Forwarded-For, as behind a load balancer.
      TRUSTED_PROXIES: "127.0.0.1",
      ADMIN_EMAILS: ADMIN_EMAIL,
      PRINT_RESOLUTION_MM: "1",
      // Every server sweeps for expired unpaid orders each second: three sweeps race.
      ORDER_EXPIRY_SWEEP_SECONDS: "1",
      ...stripe.env(),
    },
  });
  return { ...server, name, base };
}

/** A verified admin with TOTP, signed in on `server`: its cookie. */
async function signInAdmin(server: Server): Promise<string> {
  const auth = (endpoint: string, json: unknown, cookie = "") =>
    call(server, `/api/auth${endpoint}`, {
      json,
      headers: { "x-forwarded-for": "10.99.0.1", ...(cookie ? { cookie } : {}) },
    });
  const up = await auth("/sign-up/email", {
    email: ADMIN_EMAIL,
    password: PASSWORD,
    name: "Multi Admin",
    firstName: "Multi",
    lastName: "Admin",
  });
  expect(up.ok).toBe(true);
  await sql.query("update users set email_verified = true where email = $1", [ADMIN_EMAIL]);
  const signIn = await auth("/sign-in/email", { email: ADMIN_EMAIL, password: PASSWORD });
  expect(signIn.status).toBe(200);
  const enrolled = await enrolTotp(auth, { password: PASSWORD, cookie: mergeCookies("", signIn) });
  return enrolled.cookie;
}

let adminCookie: Promise<string> | undefined;

/** The admin signed in once (on `server`); the session serves on every server. */
function adminSession(server: Server): Promise<string> {
  adminCookie ??= signInAdmin(server);
  return adminCookie;
}

let photo: UploadedPhoto;

const lithophane = () => lithophaneCartItem(photo);

/** Cart i: one panel and an accessory (even i) or two panels (odd i). */
function cartFor(i: number): { items: CartItem[]; panels: number } {
  return i % 2 === 0
    ? { items: [lithophane(), buildAccessoryCartItem(DIMMER)], panels: 1 }
    : { items: [lithophane(), lithophane()], panels: 2 };
}

function checkoutBody(i: number, items: CartItem[]) {
  return checkoutRequest(
    { firstName: "Multi", lastName: `Customer${i}`, email: `multi-${i}@example.com` },
    items,
  );
}

describe.skipIf(skipReason !== null)("three shop servers on one PostgreSQL and one Redis", () => {
  beforeAll(async () => {
    const baseName = new URL(PG_BASE).pathname.replace(/^\//, "") || "postgres";
    database = await freshDatabase(PG_BASE, `${baseName}_ms`);
    dbUrl = database.url;
    // Counts of an earlier run must not count against this one.
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys("lithobox:rl:*");
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();

    dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-multi-"));
    const s3Dir = path.join(dataDir, "s3");
    mkdirSync(s3Dir);
    s3rver = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const s3Address: AddressInfo = await s3rver.run();
    s3Env = {
      S3_BUCKET: BUCKET,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
    build = buildServer("multi-server");
    stripe = await startFakeStripe();
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    publicUrl = `http://127.0.0.1:${ports[0]}`;
    // All three start at once on the empty database: one migrates and seeds, the others wait.
    servers = await Promise.all(["A", "B", "C"].map((name, i) => startShop(name, ports[i] ?? 0)));
    sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(async (s) => {
        if (s.child.exitCode === null && s.child.signalCode === null) {
          s.child.kill("SIGTERM");
          await s.exited;
        }
      }),
    );
    await sql?.end();
    await stripe?.close();
    await s3rver?.close();
    await database?.drop();
    build?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrated and seeded the database once though the three started together", async () => {
    const { rows } = await sql.query<{ n: number }>("select count(*)::int as n from products");
    expect(rows[0]?.n).toBe(SEED_PRODUCTS.length);
  });

  it("holds a rate limit of N per minute across the three servers (shop and Better Auth)", async () => {
    // Order tracking: 10 per minute per client IP (TRACK_RATE_LIMIT).
    const track = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(roundRobin(), "/api/track", {
          json: { orderNumber: "LB-00000000", email: "nobody@example.com" },
          headers: { "x-forwarded-for": "10.88.0.1" },
        }),
      ),
    );
    const limited = track.filter((r) => r.status === 429);
    expect(track.length - limited.length).toBe(10);
    for (const r of limited) {
      const retry = Number(r.headers.get("retry-after"));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
    }
    // Sign-in: AUTH_SIGN_IN_RATE_LIMIT (5) per minute per client IP, counted by Better Auth.
    const signIns: Response[] = [];
    for (let i = 0; i < 15; i++) {
      signIns.push(
        await call(roundRobin(), "/api/auth/sign-in/email", {
          json: { email: "nobody@example.com", password: "wrong password" },
          headers: { "x-forwarded-for": "10.88.0.2" },
        }),
      );
    }
    expect(signIns.filter((r) => r.status !== 429)).toHaveLength(5);
    expect(signIns.slice(5).every((r) => r.status === 429)).toBe(true);
  });

  it("serves an admin's price change made on A from B and C within a second", async () => {
    const [a, b, c] = servers as [Server, Server, Server];
    const cookie = await adminSession(a);
    const priceOn = async (server: Server) => {
      const res = await call(server, "/api/catalog/products");
      const { products } = (await res.json()) as { products: Array<{ id: string; pricePence: number }> };
      return products.find((p) => p.id === "remote-dimmer")?.pricePence;
    };
    expect(await priceOn(b)).toBe(1499);
    expect(await priceOn(c)).toBe(1499);
    const changedAt = Date.now();
    const patch = await call(a, "/api/admin/products/remote-dimmer", {
      method: "PATCH",
      json: { pricePence: 1599 },
      headers: { cookie },
    });
    expect(patch.status).toBe(200);
    const seen = await Promise.all(
      [b, c].map(async (server) => {
        while ((await priceOn(server)) !== 1599) {
          if (Date.now() - changedAt > 3_000) break;
          await new Promise((r) => setTimeout(r, 10));
        }
        return Date.now() - changedAt;
      }),
    );
    for (const ms of seen) expect(ms).toBeLessThan(1_000);
    // Back to the seeded price for the checkouts below (their totals are checked).
    const back = await call(a, "/api/admin/products/remote-dimmer", {
      method: "PATCH",
      json: { pricePence: 1499 },
      headers: { cookie },
    });
    expect(back.status).toBe(200);
  });

  it("takes 50 parallel checkouts paid on other servers: each order once, paid once, one e-mail, one print job per panel", async () => {
    // Uploaded on A, whose print worker is off: the print files are B's and C's work.
    photo = await uploadCheckoutPhoto((servers[0] as Server).base, {
      origin: publicUrl,
      "x-forwarded-for": "10.66.0.1",
    });

    const N = 50;
    const created = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const server = servers[i % 3] as Server;
        const cart = cartFor(i);
        const res = await call(server, "/api/checkout", {
          json: checkoutBody(i, cart.items),
          headers: { "x-forwarded-for": ip(i) },
        });
        const body = (await res.json()) as { orderId: string; url: string };
        expect(res.status, JSON.stringify(body)).toBe(201);
        return { i, orderId: body.orderId, sessionId: body.url.split("/").pop() ?? "", panels: cart.panels };
      }),
    );
    // Stripe tells the shop; here the same event reaches the two servers that did not create
    // the order, at the same moment (a retry racing the first delivery).
    await Promise.all(
      created.map(async ({ i, sessionId }) => {
        const session = stripe.sessions.get(sessionId);
        if (!session) throw new Error(`no Stripe session for order ${i}`);
        const payload = JSON.stringify(sessionEvent("checkout.session.completed", session));
        const deliveries = [1, 2].map((k) => {
          const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
          return call(servers[(i + k) % 3] as Server, "/api/payments/stripe/webhook", {
            body: payload,
            headers: { "content-type": "application/json", "stripe-signature": signature },
          });
        });
        for (const res of await Promise.all(deliveries)) expect(res.status).toBe(200);
      }),
    );

    const ids = created.map((c) => c.orderId);
    expect(new Set(ids).size).toBe(N);
    const { rows: orders } = await sql.query<{ id: string; status: string; paid: number; jobs: number }>(
      `select o.id, o.status,
              (select count(*)::int from order_status_history h where h.order_id = o.id and h.to_status = 'paid' and h.from_status is distinct from 'paid') as paid,
              (select count(*)::int from print_jobs j where j.order_id = o.id) as jobs
         from orders o where o.id = any($1::uuid[])`,
      [ids],
    );
    expect(orders).toHaveLength(N);
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const c of created) {
      expect(byId.get(c.orderId)).toMatchObject({ status: "paid", paid: 1, jobs: c.panels });
    }
    // One confirmation e-mail per order: the .eml files all three servers wrote to DATA_DIR/mail.
    const confirmations = await until("the confirmation e-mails", 60_000, async () => {
      const { rows } = await sql.query<{ n: number }>(
        "select count(*)::int as n from outbox_emails where template = 'confirmation' and status = 'sent' and order_id = any($1::uuid[])",
        [ids],
      );
      return rows[0]?.n === N ? rows[0].n : undefined;
    });
    expect(confirmations).toBe(N);
    const perRecipient = new Map<string, number>();
    const mailFiles = servers.flatMap((s) => {
      const mailDir = path.join(serverDir(s.name), "mail");
      return existsSync(mailDir) ? readdirSync(mailDir).map((f) => path.join(mailDir, f)) : [];
    });
    for (const file of mailFiles) {
      const text = readFileSync(file, "utf8");
      if (!/Subject: .*is confirmed/.test(text)) continue;
      const to = /^To: (.+)$/m.exec(text)?.[1]?.trim() ?? "";
      perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    for (let i = 0; i < N; i++) expect(perRecipient.get(`multi-${i}@example.com`), `multi-${i}`).toBe(1);
    // The print jobs are shared out among the three servers' workers (rows claimed with SKIP
    // LOCKED): none is started twice. Generating them all is the print bench's business; the
    // first ones done are enough here.
    const jobs = await until("the first print files", 60_000, async () => {
      const { rows } = await sql.query<{ status: string; attempts: number; file_key: string | null }>(
        "select status, attempts, file_key from print_jobs where order_id = any($1::uuid[])",
        [ids],
      );
      return rows.filter((r) => r.status === "done").length >= 3 ? rows : undefined;
    });
    const tally = new Map<string, number>();
    for (const j of jobs)
      tally.set(`${j.status}/${j.attempts}`, (tally.get(`${j.status}/${j.attempts}`) ?? 0) + 1);
    console.log(`print jobs (status/attempts): ${JSON.stringify(Object.fromEntries(tally))}`);
    expect(jobs.every((j) => j.attempts <= 1)).toBe(true);
    expect(jobs.filter((j) => j.status === "failed")).toHaveLength(0);
    // The photo went to the bucket through A; B and C read it from there and put the print files
    // back: each done job's 3MF is in the bucket, and no server kept a shop file on its own disk.
    const store = bucket();
    const photoKey = new URL(photo.originalUrl).pathname.replace(`/${BUCKET}/`, "");
    expect(await store.list(photoKey)).toEqual([photoKey]);
    const done = jobs.filter((j) => j.status === "done");
    for (const job of done) {
      expect(job.file_key).toBeTruthy();
      const file = await store.get(job.file_key ?? "");
      expect(file?.body.byteLength ?? 0).toBeGreaterThan(1000);
      // A 3MF is a zip: it starts with "PK".
      expect(
        Buffer.from(file?.body ?? [])
          .subarray(0, 2)
          .toString(),
      ).toBe("PK");
    }
    for (const s of servers) expect(existsSync(path.join(serverDir(s.name), "uploads")), s.name).toBe(false);
  }, 150_000);

  it("expires unpaid orders past their time once, though three servers sweep at once", async () => {
    const cookie = await adminSession(servers[0] as Server);
    const DUE = 30;
    const NOT_DUE = 3;
    const stocked = await call(roundRobin(), `/api/admin/products/${ADAPTER.id}/stock`, {
      method: "PUT",
      json: { onHand: 40 },
      headers: { cookie },
    });
    expect(stocked.status).toBe(200);
    const code = await call(roundRobin(), "/api/admin/discounts", {
      json: { code: "SWEEP", kind: "fixed", value: 100, maxUses: DUE + NOT_DUE },
      headers: { cookie },
    });
    expect(code.status).toBe(201);
    const codeId = ((await code.json()) as { id: string }).id;
    const codeUsable = async () => {
      const res = await call(roundRobin(), "/api/discounts/check", {
        json: { code: "SWEEP", cartItems: [buildAccessoryCartItem(ADAPTER)] },
        headers: { "x-forwarded-for": "10.55.0.1" },
      });
      return ((await res.json()) as { ok: boolean }).ok;
    };

    // Unpaid Stripe checkouts, placed on the three servers in turn, each holding a unit and a use.
    const place = async (i: number) => {
      const res = await call(servers[i % 3] as Server, "/api/checkout", {
        json: { ...checkoutBody(2000 + i, [buildAccessoryCartItem(ADAPTER)]), discountCode: "SWEEP" },
        headers: { "x-forwarded-for": ip(2000 + i) },
      });
      const body = (await res.json()) as { orderId: string };
      expect(res.status, JSON.stringify(body)).toBe(201);
      return body.orderId;
    };
    const due: string[] = [];
    for (let i = 0; i < DUE; i++) due.push(await place(i));
    const notDue: string[] = [];
    for (let i = DUE; i < DUE + NOT_DUE; i++) notDue.push(await place(i));
    const holds = async () => {
      const { rows: stock } = await sql.query<{ on_hand: number; reserved: number }>(
        "select on_hand, reserved from product_stock where product_id = $1",
        [ADAPTER.id],
      );
      const { rows: uses } = await sql.query<{ order_id: string; status: string }>(
        "select order_id, status from discount_redemptions where code_id = $1",
        [codeId],
      );
      return { stock: stock[0], uses: new Map(uses.map((u) => [u.order_id, u.status])) };
    };
    const before = await holds();
    expect(before.stock).toEqual({ on_hand: 40, reserved: DUE + NOT_DUE });
    expect([...before.uses.values()].filter((s) => s === "reserved")).toHaveLength(DUE + NOT_DUE);
    expect(await codeUsable()).toBe(false);

    // The due ones' payment time ran out 10 minutes ago (past the sweep's grace); the servers'
    // own sweeps, every second, find them.
    await sql.query(
      "update orders set payment_expires_at = now() - interval '10 minutes' where id = any($1::uuid[])",
      [due],
    );
    await until("the due orders to expire", 60_000, async () => {
      const { rows } = await sql.query<{ n: number }>(
        "select count(*)::int as n from orders where id = any($1::uuid[]) and status = 'cancelled'",
        [due],
      );
      return rows[0]?.n === DUE ? true : undefined;
    });
    // A few more sweeps by all three: nothing left to take twice.
    await new Promise((r) => setTimeout(r, 3_000));

    const { rows: moves } = await sql.query<{
      order_id: string;
      from_status: string | null;
      to_status: string;
    }>(
      "select order_id, from_status, to_status from order_status_history where order_id = any($1::uuid[]) and to_status <> 'pending'",
      [[...due, ...notDue]],
    );
    for (const id of due)
      expect(
        moves.filter((m) => m.order_id === id).map((m) => `${m.from_status}->${m.to_status}`),
        id,
      ).toEqual(["pending->cancelled"]);
    for (const id of notDue)
      expect(
        moves.filter((m) => m.order_id === id),
        id,
      ).toEqual([]);
    const { rows: statuses } = await sql.query<{ id: string; status: string }>(
      "select id, status from orders where id = any($1::uuid[])",
      [notDue],
    );
    expect(statuses.map((o) => o.status)).toEqual(["pending", "pending", "pending"]);
    // Each unit back once: a second release of any order would eat the not-due orders' units.
    const after = await holds();
    expect(after.stock).toEqual({ on_hand: 40, reserved: NOT_DUE });
    for (const id of due) expect(after.uses.get(id), id).toBe("released");
    for (const id of notDue) expect(after.uses.get(id), id).toBe("reserved");
    expect(await codeUsable()).toBe(true);
    // Each expired order's Stripe payment page was closed.
    const sessions = [...stripe.sessions.values()].filter((s) => due.includes(s.metadata.orderId ?? ""));
    expect(sessions).toHaveLength(DUE);
    expect(sessions.every((s) => s.status === "expired")).toBe(true);
  }, 120_000);

  it("resumes a photo's upload on whichever server the next chunk reaches: created on A, chunks on B and C, stored in the bucket", async () => {
    const tus = { "Tus-Resumable": "1.0.0", origin: publicUrl, "x-forwarded-for": "10.66.0.9" };
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 90, g: 140, b: 200 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const fields = { filename: "phone.jpg", kind: "main" };
    const created = await fetch(`${(servers[0] as Server).base}${RESUMABLE_UPLOADS_PATH}`, {
      method: "POST",
      headers: {
        ...tus,
        "Upload-Length": String(photo.byteLength),
        "Upload-Metadata": Object.entries(fields)
          .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
          .join(","),
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    expect(location.startsWith(RESUMABLE_UPLOADS_PATH)).toBe(true);
    const third = Math.ceil(photo.byteLength / 3);
    const patchOn = (server: Server, offset: number, end: number) =>
      fetch(`${server.base}${location}`, {
        method: "PATCH",
        headers: {
          ...tus,
          "Upload-Offset": String(offset),
          "Content-Type": "application/offset+octet-stream",
        },
        body: new Uint8Array(photo.subarray(offset, end)),
      });
    expect((await patchOn(servers[1] as Server, 0, third)).status).toBe(204);
    // The phone asks where to go on from: C answers from the database.
    const head = await fetch(`${(servers[2] as Server).base}${location}`, { method: "HEAD", headers: tus });
    expect(head.headers.get("upload-offset")).toBe(String(third));
    expect((await patchOn(servers[2] as Server, third, 2 * third)).status).toBe(204);
    const last = await patchOn(servers[0] as Server, 2 * third, photo.byteLength);
    expect(last.status, await last.clone().text()).toBe(200);
    const stored = (await last.json()) as { originalUrl: string; width: number; height: number };
    expect([stored.width, stored.height]).toEqual([900, 600]);
    const key = bucket().keyFromUrl(stored.originalUrl) ?? "";
    expect(key.startsWith("lightbox-images/")).toBe(true);
    expect((await bucket().get(key))?.body.byteLength).toBeGreaterThan(0);
    // Nothing of it is left in progress.
    const gone = await fetch(`${(servers[1] as Server).base}${location}`, { method: "HEAD", headers: tus });
    expect(gone.status).toBe(404);
  });

  it("loses no acknowledged order when one server is killed (kill -9) mid-burst", async () => {
    const victim = servers[2] as Server;
    const acknowledged: string[] = [];
    let failed = 0;
    let killed = false;
    const TOTAL = 60;
    let started = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (;;) {
          const i = started++;
          if (i >= TOTAL) return;
          if (!killed && acknowledged.length >= 15) {
            killed = true;
            victim.child.kill("SIGKILL");
          }
          const target = servers[i % 3] as Server;
          try {
            const res = await call(target, "/api/checkout", {
              json: checkoutBody(1000 + i, [buildAccessoryCartItem(DIMMER)]),
              headers: { "x-forwarded-for": ip(1000 + i) },
            });
            const body = (await res.json()) as { orderId?: string };
            if (res.status === 201 && body.orderId) acknowledged.push(body.orderId);
            else failed++;
          } catch {
            failed++; // The killed server's connection: never acknowledged.
          }
        }
      }),
    );
    await victim.exited;
    expect(killed).toBe(true);
    expect(failed).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(TOTAL * (2 / 3) - 1);
    const { rows } = await sql.query<{ id: string; items: number; total: number }>(
      `select o.id, o.total_amount as total, (select count(*)::int from order_items i where i.order_id = o.id) as items
         from orders o where o.id = any($1::uuid[])`,
      [acknowledged],
    );
    expect(rows).toHaveLength(acknowledged.length);
    for (const row of rows) expect(row.items).toBe(1);
    // The two left carry on.
    const res = await call(servers[0] as Server, "/api/ready");
    expect(res.status).toBe(200);
  }, 120_000);
});
