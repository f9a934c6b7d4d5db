/**
 * The order e-mails with a durable record (an outbox): the confirmation when an order becomes
 * paid and the dispatch notice when it is dispatched.
 *
 * - The status change's own transaction writes one order_emails row (queueOrderEmail); the
 *   primary key (order, kind) means a replayed webhook or a second completion can never owe a
 *   second e-mail.
 * - After commit the e-mail is sent at once (sendNow). Every send first CLAIMS the row with one
 *   conditional UPDATE (still pending, not claimed by a send in progress), so two processes, or
 *   the request and the runner, never send the same e-mail; `sent_at` is set once the mail
 *   service accepted the message.
 * - A failed send is retried by a background loop (the same BackgroundLoop as the print-file
 *   runner): at start (every unsent e-mail, backoff ignored: a restart often follows a fixed
 *   mail setting), then every minute for the e-mails whose backoff is over (2 min, 6, 18, …
 *   at most 6 h apart), at most MAX_ATTEMPTS tries (about a day), 25 per round, and a round
 *   stops after 3 failures (the mail service is down). Then the row is 'failed' and logged.
 * - An e-mail that no longer makes sense is 'skipped', not sent: the order was anonymised (its
 *   customer deleted their account), a confirmation for an order since cancelled or refunded,
 *   a dispatch notice for one since delivered, cancelled or refunded.
 * - The one case of a second e-mail: the process dies after the mail service accepted a
 *   message and before `sent_at` was written (milliseconds). The claim then expires (15 min;
 *   with PGlite at the next start, as the server holding the data directory is the only one)
 *   and the e-mail is sent again, with the same Message-ID (order and kind), which mail clients
 *   use to show it once. Sending twice then is preferred to never.
 */
import { isPaidStatus } from "@shared/order-lifecycle";
import type { OrderEmailKind } from "@shared/statuses";
import { and, asc, eq, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database, DbOrTx, Tx } from "../db/client.js";
import { orderEmails, orderItems, orders } from "../db/schema.js";
import { BackgroundLoop } from "../lib/background-loop.js";
import type { Logger } from "../lib/logger.js";
import { type OrderEmailData, orderConfirmationEmail, orderDispatchedEmail } from "./emails/order-emails.js";
import { isPermanentMailFailure, type Mailer } from "./mail.js";

export type { OrderEmailKind, OrderEmailStatus } from "@shared/statuses";
export type OrderEmailRow = typeof orderEmails.$inferSelect;

/** Sends of one e-mail before it is given up (~1 day with the backoff below). */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 2 * 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** A claim older than this belongs to a send that never finished (a crash). */
const CLAIM_LEASE_MS = 15 * 60_000;
const BATCH = 25;
const MAX_FAILURES_PER_ROUND = 3;
const POLL_MS = 60_000;

/** The wait after the n-th failed attempt: 2 min, 6, 18, 54, 2 h 42, then 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 3 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * In the transaction of the status change that owes it: records the e-mail to send. The
 * runner leaves it to the send right after commit for a first FIRST_RETRY_MS.
 */
export async function queueOrderEmail(tx: Tx, orderId: string, kind: OrderEmailKind): Promise<void> {
  await tx.execute(queueOrderEmailStatement(orderId, kind));
}

/**
 * queueOrderEmail's statement, also run with another one in a single round trip (markOrderPaid
 * puts it after the status history's insert in one WITH statement).
 */
export function queueOrderEmailStatement(orderId: string, kind: OrderEmailKind): SQL {
  const due = new Date(Date.now() + FIRST_RETRY_MS).toISOString();
  return sql`insert into ${orderEmails} (order_id, kind, next_attempt_at)
             values (${orderId}, ${kind}, ${due}::timestamptz)
             on conflict do nothing`;
}

/** The outbox rows of an order (admin views, tests). */
export async function listOrderEmails(db: DbOrTx, orderId: string): Promise<OrderEmailRow[]> {
  return db.select().from(orderEmails).where(eq(orderEmails.orderId, orderId)).orderBy(asc(orderEmails.kind));
}

/** Why an e-mail should not go out (any more), or null. */
function skipReason(
  order: { status: string; anonymisedAt: Date | null } | null,
  kind: OrderEmailKind,
): string | null {
  if (!order) return "order not found";
  if (order.anonymisedAt) return "order anonymised: the customer deleted their account";
  if (kind === "confirmation" && !isPaidStatus(order.status)) return `order is ${order.status}`;
  if (kind === "dispatch" && order.status !== "dispatched" && order.status !== "in_transit")
    return `order is ${order.status}`;
  return null;
}

export type SendOutcome = "sent" | "failed" | "skipped" | "not_due";

export interface RetryResult {
  sent: number;
  failed: number;
  skipped: number;
  /** More e-mails may be due: the runner goes on at once. */
  more: boolean;
}

export interface OrderEmailOutboxOptions {
  database: Database;
  log: Logger;
  publicUrl: string;
  /** The signed link of a paid order's invoice PDF, for the confirmation (issue 18). */
  invoiceUrl?: (orderId: string) => string;
  /** Read at each send (tests may swap the mailer). */
  mailer: () => Mailer;
  /** Told when an e-mail is given up (the owner's failed-e-mail alert). Errors are logged only. */
  onGivenUp?: (mail: { kind: string; to: string; subject: string; error: string }) => Promise<void>;
  pollMs?: number;
}

export class OrderEmailOutbox {
  private readonly db;
  private readonly loop: BackgroundLoop;
  /** With PGlite this process alone uses the database: an older claim is a crashed send. */
  private readonly startedAt = new Date();
  private readonly messageIdDomain: string;

  constructor(private readonly options: OrderEmailOutboxOptions) {
    this.db = options.database.db;
    this.messageIdDomain = hostOf(options.publicUrl);
    this.loop = new BackgroundLoop({
      name: "order e-mail outbox",
      log: options.log,
      intervalMs: options.pollMs ?? POLL_MS,
      round: async (reason) => (await this.retryDue({ ignoreBackoff: reason === "start" })).more,
    });
  }

  /** Sends what an earlier run left unsent, then the retries as they fall due. */
  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** After the commit that queued it: the e-mail's first send. Never throws. */
  async sendNow(orderId: string, kind: OrderEmailKind): Promise<SendOutcome> {
    try {
      return await this.deliver(orderId, kind, { dueOnly: false });
    } catch (error) {
      // The order is safe and the row stays pending: the runner tries again.
      this.options.log.error({ err: error, orderId, kind }, "order email could not be sent");
      return "failed";
    }
  }

  /**
   * One round: the unsent e-mails whose backoff is over (all unsent ones with
   * `ignoreBackoff`), oldest due first, at most BATCH of them.
   */
  async retryDue(opts: { ignoreBackoff?: boolean } = {}): Promise<RetryResult> {
    const now = new Date();
    const due = await this.db
      .select({ orderId: orderEmails.orderId, kind: orderEmails.kind })
      .from(orderEmails)
      .where(
        and(
          eq(orderEmails.status, "pending"),
          lt(orderEmails.attempts, MAX_ATTEMPTS),
          opts.ignoreBackoff ? undefined : lte(orderEmails.nextAttemptAt, now),
          this.claimFree(now),
        ),
      )
      .orderBy(asc(orderEmails.nextAttemptAt))
      .limit(BATCH);
    const result: RetryResult = { sent: 0, failed: 0, skipped: 0, more: false };
    for (const row of due) {
      if (this.loop.stopped) break;
      const outcome = await this.deliver(row.orderId, row.kind, {
        dueOnly: !opts.ignoreBackoff,
      }).catch((error: unknown): SendOutcome => {
        this.options.log.error(
          { err: error, orderId: row.orderId, kind: row.kind },
          "order email retry failed",
        );
        return "failed";
      });
      if (outcome === "sent") result.sent++;
      else if (outcome === "skipped") result.skipped++;
      else if (outcome === "failed") result.failed++;
      if (result.failed >= MAX_FAILURES_PER_ROUND) break;
    }
    result.more = due.length === BATCH && result.failed < MAX_FAILURES_PER_ROUND && !this.loop.stopped;
    if (result.sent + result.failed + result.skipped > 0) {
      this.options.log.info(result, "order e-mails retried");
    }
    return result;
  }

  /** Not claimed, or claimed by a send that can no longer be running. */
  private claimFree(now: Date): SQL {
    const stale =
      this.options.database.kind === "pglite"
        ? new Date(Math.max(this.startedAt.getTime(), now.getTime() - CLAIM_LEASE_MS))
        : new Date(now.getTime() - CLAIM_LEASE_MS);
    return or(isNull(orderEmails.claimedAt), lt(orderEmails.claimedAt, stale)) as SQL;
  }

  /** Claims the e-mail (one UPDATE, so only one sender wins), sends it and records the outcome. */
  private async deliver(
    orderId: string,
    kind: OrderEmailKind,
    opts: { dueOnly: boolean },
  ): Promise<SendOutcome> {
    const now = new Date();
    const where = and(eq(orderEmails.orderId, orderId), eq(orderEmails.kind, kind));
    const [claimed] = await this.db
      .update(orderEmails)
      .set({ attempts: sql`${orderEmails.attempts} + 1`, claimedAt: now })
      .where(
        and(
          where,
          eq(orderEmails.status, "pending"),
          lt(orderEmails.attempts, MAX_ATTEMPTS),
          opts.dueOnly ? lte(orderEmails.nextAttemptAt, now) : undefined,
          this.claimFree(now),
        ),
      )
      .returning({ attempts: orderEmails.attempts });
    if (!claimed) return "not_due";

    try {
      const order = await this.loadOrder(orderId);
      const skip = skipReason(order, kind);
      if (skip || !order) {
        await this.db
          .update(orderEmails)
          .set({ status: "skipped", claimedAt: null, lastError: skip })
          .where(and(where, eq(orderEmails.status, "pending")));
        this.options.log.info({ orderId, kind, reason: skip }, "order email skipped");
        return "skipped";
      }
      const build = kind === "confirmation" ? orderConfirmationEmail : orderDispatchedEmail;
      const invoiceUrl = kind === "confirmation" ? (this.options.invoiceUrl?.(orderId) ?? null) : null;
      const message = build({ ...order, invoiceUrl }, this.options.publicUrl);
      await this.options.mailer().send({
        ...message,
        messageId: `<order-${orderId}-${kind}@${this.messageIdDomain}>`,
      });
    } catch (error) {
      await this.recordFailure(orderId, kind, claimed.attempts, error);
      return "failed";
    }
    // Accepted by the mail service: from here on it must never be sent again.
    await this.db
      .update(orderEmails)
      .set({ status: "sent", sentAt: new Date(), claimedAt: null, lastError: null })
      .where(where);
    this.options.log.info({ orderId, kind, attempt: claimed.attempts }, "order email sent");
    return "sent";
  }

  private async recordFailure(orderId: string, kind: OrderEmailKind, attempts: number, error: unknown) {
    const giveUp = attempts >= MAX_ATTEMPTS || isPermanentMailFailure(error);
    const retryAt = new Date(Date.now() + retryDelayMs(attempts));
    const message = error instanceof Error ? error.message : String(error);
    try {
      await this.db
        .update(orderEmails)
        .set({
          status: giveUp ? "failed" : "pending",
          claimedAt: null,
          nextAttemptAt: retryAt,
          lastError: message.slice(0, 1000),
        })
        .where(
          and(
            eq(orderEmails.orderId, orderId),
            eq(orderEmails.kind, kind),
            eq(orderEmails.status, "pending"),
          ),
        );
    } catch (updateError) {
      // The claim expires and the runner tries again.
      this.options.log.error({ err: updateError, orderId, kind }, "could not record a failed order email");
    }
    if (giveUp) {
      this.options.log.error(
        { err: error, orderId, kind, attempts },
        isPermanentMailFailure(error)
          ? "order email given up: the mail server refused it"
          : "order email given up after repeated failures",
      );
      await this.options
        .onGivenUp?.({ kind, to: `order ${orderId}`, subject: `order ${kind}`, error: message })
        .catch((alertError: unknown) => {
          this.options.log.error({ err: alertError, orderId, kind }, "failed-e-mail alert not queued");
        });
    } else {
      this.options.log.error(
        { err: error, orderId, kind, attempt: attempts, retryAt: retryAt.toISOString() },
        "order email could not be sent; it will be retried",
      );
    }
  }

  private async loadOrder(
    orderId: string,
  ): Promise<(OrderEmailData & { status: string; anonymisedAt: Date | null }) | null> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order) return null;
    const items = await this.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
    return { ...order, items };
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "localhost";
  } catch {
    return "localhost";
  }
}
