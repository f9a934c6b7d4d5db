/**
 * The outbox of every e-mail other than the order confirmation and dispatch notice (those keep
 * order_emails, decision 006): alerts to the owner, replies to contact messages, refund and
 * cancellation notices, messages an admin writes to a customer. Decision 050.
 *
 * - The change that owes an e-mail queues it in its own transaction (queueMail), rendered
 *   there: what was true at that moment is what is sent. `dedupe_key` is unique, so a replayed
 *   webhook, a double click or a second runner queues nothing twice.
 * - After commit the e-mail is sent at once (sendNow / flush); a send first claims its row in
 *   one conditional UPDATE, as the order outbox does; failures are retried by a background loop
 *   with the same backoff (2 min, 6, 18, … ≤ 6 h, MAX_ATTEMPTS tries), then the row is 'failed'
 *   and the owner is alerted (unless the e-mail was itself an alert: no loops).
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client.js";
import { outboxEmails } from "../db/schema.js";
import { BackgroundLoop } from "../lib/background-loop.js";
import type { Logger } from "../lib/logger.js";
import { isPermanentMailFailure, type Mailer, type MailMessage } from "./mail.js";
import { MAX_ATTEMPTS, retryDelayMs } from "./order-email-outbox.js";

export type OutboxKind =
  | "owner_alert"
  | "message_reply"
  | "refund"
  | "cancellation"
  | "customer_message"
  | "photo_request"
  | "review_request";

export interface QueuedMail {
  /** One e-mail per key, ever (e.g. `alert:paid:<orderId>`, `refund:<refundId>`). */
  dedupeKey: string;
  kind: OutboxKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const FIRST_RETRY_MS = 2 * 60_000;
const CLAIM_LEASE_MS = 15 * 60_000;
const BATCH = 25;
const MAX_FAILURES_PER_ROUND = 3;
const POLL_MS = 60_000;

/** Records an e-mail to send (inside the transaction of the change that owes it). Returns its id, or null if the key was queued before. */
export async function queueMail(db: DbOrTx, mail: QueuedMail): Promise<string | null> {
  const [row] = await db
    .insert(outboxEmails)
    .values({
      dedupeKey: mail.dedupeKey,
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      nextAttemptAt: new Date(Date.now() + FIRST_RETRY_MS),
    })
    .onConflictDoNothing()
    .returning({ id: outboxEmails.id });
  return row?.id ?? null;
}

export interface MailOutboxOptions {
  database: Database;
  log: Logger;
  publicUrl: string;
  mailer: () => Mailer;
  /** Told when an e-mail is given up (the owner's failed-e-mail alert). */
  onGivenUp?: (mail: { kind: string; to: string; subject: string; error: string }) => Promise<void>;
  pollMs?: number;
}

export class MailOutbox {
  private readonly db;
  private readonly loop: BackgroundLoop;
  private readonly startedAt = new Date();
  private readonly domain: string;
  onGivenUp: MailOutboxOptions["onGivenUp"];

  constructor(private readonly options: MailOutboxOptions) {
    this.db = options.database.db;
    this.onGivenUp = options.onGivenUp;
    try {
      this.domain = new URL(options.publicUrl).hostname || "localhost";
    } catch {
      this.domain = "localhost";
    }
    this.loop = new BackgroundLoop({
      name: "mail outbox",
      log: options.log,
      intervalMs: options.pollMs ?? POLL_MS,
      round: async (reason) => (await this.retryDue({ ignoreBackoff: reason === "start" })).more,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** After commit: the first send of these e-mails (ids from queueMail). Never throws. */
  async sendNow(ids: ReadonlyArray<string | null | undefined>): Promise<void> {
    for (const id of ids) {
      if (!id) continue;
      await this.deliver(id, false).catch((error: unknown) => {
        this.options.log.error({ err: error, id }, "outbox e-mail could not be sent");
      });
    }
  }

  /** After commit: the first send of the e-mails queued under these keys. Never throws. */
  async sendKeys(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const rows = await this.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(inArray(outboxEmails.dedupeKey, [...keys]))
      .catch(() => []);
    await this.sendNow(rows.map((r) => r.id));
  }

  async retryDue(
    opts: { ignoreBackoff?: boolean } = {},
  ): Promise<{ sent: number; failed: number; more: boolean }> {
    const now = new Date();
    const due = await this.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.status, "pending"),
          lt(outboxEmails.attempts, MAX_ATTEMPTS),
          opts.ignoreBackoff ? undefined : lte(outboxEmails.nextAttemptAt, now),
          this.claimFree(now),
        ),
      )
      .orderBy(asc(outboxEmails.nextAttemptAt))
      .limit(BATCH);
    let sent = 0;
    let failed = 0;
    for (const row of due) {
      if (this.loop.stopped) break;
      const outcome = await this.deliver(row.id, !opts.ignoreBackoff).catch(() => "failed" as const);
      if (outcome === "sent") sent++;
      else if (outcome === "failed") failed++;
      if (failed >= MAX_FAILURES_PER_ROUND) break;
    }
    if (sent + failed > 0) this.options.log.info({ sent, failed }, "outbox e-mails retried");
    return {
      sent,
      failed,
      more: due.length === BATCH && failed < MAX_FAILURES_PER_ROUND && !this.loop.stopped,
    };
  }

  private claimFree(now: Date): SQL {
    const stale =
      this.options.database.kind === "pglite"
        ? new Date(Math.max(this.startedAt.getTime(), now.getTime() - CLAIM_LEASE_MS))
        : new Date(now.getTime() - CLAIM_LEASE_MS);
    return or(isNull(outboxEmails.claimedAt), lt(outboxEmails.claimedAt, stale)) as SQL;
  }

  private async deliver(id: string, dueOnly: boolean): Promise<"sent" | "failed" | "not_due"> {
    const now = new Date();
    const [row] = await this.db
      .update(outboxEmails)
      .set({ attempts: sql`${outboxEmails.attempts} + 1`, claimedAt: now })
      .where(
        and(
          eq(outboxEmails.id, id),
          eq(outboxEmails.status, "pending"),
          lt(outboxEmails.attempts, MAX_ATTEMPTS),
          dueOnly ? lte(outboxEmails.nextAttemptAt, now) : undefined,
          this.claimFree(now),
        ),
      )
      .returning();
    if (!row) return "not_due";
    const message: MailMessage = {
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      messageId: `<${row.kind}-${row.id}@${this.domain}>`,
    };
    try {
      await this.options.mailer().send(message);
    } catch (error) {
      await this.recordFailure(row, error);
      return "failed";
    }
    await this.db
      .update(outboxEmails)
      .set({ status: "sent", sentAt: new Date(), claimedAt: null, lastError: null })
      .where(eq(outboxEmails.id, id));
    return "sent";
  }

  private async recordFailure(row: typeof outboxEmails.$inferSelect, error: unknown): Promise<void> {
    const giveUp = row.attempts >= MAX_ATTEMPTS || isPermanentMailFailure(error);
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await this.db
      .update(outboxEmails)
      .set({
        status: giveUp ? "failed" : "pending",
        claimedAt: null,
        nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
        lastError: message,
      })
      .where(and(eq(outboxEmails.id, row.id), eq(outboxEmails.status, "pending")))
      .catch((updateError: unknown) => {
        this.options.log.error({ err: updateError, id: row.id }, "could not record a failed outbox e-mail");
      });
    this.options.log.error(
      { err: error, id: row.id, kind: row.kind, attempt: row.attempts, giveUp },
      giveUp
        ? isPermanentMailFailure(error)
          ? "outbox e-mail given up: the mail server refused it"
          : "outbox e-mail given up after repeated failures"
        : "outbox e-mail failed; it will be retried",
    );
    if (giveUp && row.kind !== "owner_alert") {
      await this.onGivenUp?.({ kind: row.kind, to: row.toAddress, subject: row.subject, error: message });
    }
  }
}
