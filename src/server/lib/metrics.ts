/**
 * The shop's Prometheus metrics (prom-client), served at GET /metrics behind METRICS_TOKEN.
 * One registry per AppContext (tests run several shops in one process).
 *
 * Counted as it happens, by small calls where the event is decided:
 * - `http_request_duration_seconds{method,route,status}`: every request, by its route pattern
 *   (never the path itself: no ids, tokens or e-mail addresses in labels);
 * - `lithobox_checkouts_total`, `lithobox_payments_total`, `lithobox_refunds_total`;
 * - `lithobox_rate_limit_refusals_total{limiter}`.
 * Read from the database when scraped (the same figure on every server: they share it):
 * - `lithobox_outbox_emails{outbox,status}`: pending (the backlog) and failed e-mails of the order
 *   e-mail outbox and the general outbox;
 * - `lithobox_print_jobs{status}`: pending and running (the queue's depth) and failed print jobs.
 * Plus prom-client's process metrics (CPU, memory, event loop lag, GC).
 */
import { count, sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.js";
import { outboxEmails, printJobs } from "../db/schema.js";

/** Request durations in seconds: 5 ms .. 10 s (checkout is ~20 ms, a print-file PDF ~100 ms). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export interface Metrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<"method" | "route" | "status">;
  readonly checkouts: Counter;
  readonly payments: Counter;
  readonly refunds: Counter;
  readonly rateLimitRefusals: Counter<"limiter">;
  /** Records one finished request. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its response, by route pattern",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const counter = (name: string, help: string) => new Counter({ name, help, registers: [registry] });
  const rateLimitRefusals = new Counter({
    name: "lithobox_rate_limit_refusals_total",
    help: "Requests refused by a rate limit (429), by limiter",
    labelNames: ["limiter"] as const,
    registers: [registry],
  });
  const db = database.db;
  /** Rows per status of `table` among `statuses`, every status present (0 when none). */
  async function countByStatus(
    table: typeof outboxEmails | typeof printJobs,
    statuses: readonly string[],
  ): Promise<Map<string, number>> {
    const status = sql<string>`${table.status}`;
    const rows = await db
      .select({ status, n: count() })
      .from(table)
      .where(sql`${table.status} in ${statuses}`)
      .groupBy(status);
    const counts = new Map(statuses.map((status) => [status, 0]));
    for (const row of rows) counts.set(row.status, Number(row.n));
    return counts;
  }
  new Gauge({
    name: "lithobox_outbox_emails",
    help: "E-mails waiting (pending) or given up (failed) in the one mail outbox",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      for (const [status, n] of await countByStatus(outboxEmails, ["pending", "failed"]))
        this.set({ status }, n);
    },
  });
  new Gauge({
    name: "lithobox_print_jobs",
    help: "Print jobs queued (pending), being made (running) or failed",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const jobs = await countByStatus(printJobs, ["pending", "running", "failed"]);
      for (const [status, n] of jobs) this.set({ status }, n);
    },
  });
  return {
    registry,
    httpDuration,
    checkouts: counter("lithobox_checkouts_total", "Orders created at checkout (pending payment)"),
    payments: counter("lithobox_payments_total", "Orders that became paid (Stripe or the test page)"),
    refunds: counter(
      "lithobox_refunds_total",
      "Refunds recorded (admin or Stripe; a repeated request is not counted)",
    ),
    rateLimitRefusals,
    observeRequest(method, route, status, seconds) {
      httpDuration.observe(
        { method: METHODS.has(method) ? method : "OTHER", route, status: String(status) },
        seconds,
      );
    },
  };
}
