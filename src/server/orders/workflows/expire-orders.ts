/**
 * expireOrder: an unpaid order whose payment time ran out (orders.payment_expires_at, set from
 * ORDER_PAYMENT_MINUTES when it was placed) is cancelled, so its stock and code use go back.
 *
 * Every server sweeps (OrderExpirySweeper, every ORDER_EXPIRY_SWEEP_SECONDS, 60 by default). A sweep takes due orders with
 * FOR UPDATE SKIP LOCKED, so three servers sweeping at once each take different orders, and
 * the cancel workflow re-checks the status under the lock, so an order paid meanwhile (or
 * expired by another server) is left alone: each order is released once.
 *
 * The sweep waits EXPIRY_GRACE_MS past the deadline: Stripe's page closes at the deadline, and a
 * payment made in its last second reaches us by webhook a moment later.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import { orders } from "../../db/schema.js";
import { BackgroundLoop } from "../../lib/background-loop.js";
import { type AfterCommit, runWorkflow } from "../../platform/index.js";
import type { OrderServices } from "../services.js";
import { CHANGED_BY } from "../transitions.js";
import { cancelOrder } from "./cancel-order.js";

export const EXPIRY_GRACE_MS = 2 * 60_000;
const BATCH = 50;

/** When an order placed at `at` stops waiting for its payment. */
export function paymentExpiry(at: Date, minutes: number): Date {
  return new Date(at.getTime() + minutes * 60_000);
}

/**
 * One batch: up to BATCH due orders expired in one transaction. Answers how many were expired
 * (fewer than BATCH: nothing more is due now).
 */
export async function expireDueOrders(ctx: OrderServices, now: Date = new Date()): Promise<number> {
  const due = new Date(now.getTime() - EXPIRY_GRACE_MS);
  const result = await runWorkflow(ctx, async (tx) => {
    const rows = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, "pending"), lt(orders.paymentExpiresAt, due)))
      .orderBy(asc(orders.paymentExpiresAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const effects: AfterCommit[] = [];
    for (const { id } of rows) {
      const { effects: owed } = await cancelOrder(ctx, tx, {
        orderId: id,
        cause: "expiry",
        by: CHANGED_BY.system,
        note: "Not paid in time: the order expired",
      });
      effects.push(...owed);
    }
    return { count: rows.length, effects };
  });
  if (result.count > 0) ctx.log.info({ expired: result.count }, "unpaid orders expired");
  return result.count;
}

/** Every server's sweep of unpaid orders past their time (safe to run on several at once). */
export class OrderExpirySweeper {
  private readonly loop: BackgroundLoop;

  constructor(ctx: OrderServices, pollMs = ctx.config.orders.expirySweepSeconds * 1000) {
    this.loop = new BackgroundLoop({
      name: "order expiry",
      log: ctx.log,
      intervalMs: pollMs,
      round: async () => (await expireDueOrders(ctx)) >= BATCH,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
