/**
 * The one mail outbox (decision 285, after 006 and 050): every e-mail the shop sends is a row
 * of outbox_emails, sent by one claim/retry loop. Order confirmations and dispatch notices,
 * alerts to the owner, replies to contact messages, refund and cancellation notices, messages
 * an admin writes, photo and review requests, and the account e-mails (verification, password
 * reset, e-mail change notices).
 *
 * - The change that owes an e-mail queues it in its own transaction: an order e-mail as an
 *   order reference and template (queueOrderEmail, rendered when sent from the order as it is
 *   then, skipped when it no longer makes sense: order-email-content.ts), any other e-mail
 *   rendered there (queueMail: what was true at that moment is what is sent). `dedupe_key` is
 *   unique, so a replayed webhook, a double click or a second runner queues nothing twice.
 * - After commit the e-mail is sent at once (sendNow by id, sendKeys by key). Every send first
 *   CLAIMS the row with one conditional UPDATE (still pending, under MAX_ATTEMPTS, not claimed
 *   by a send in progress), so two processes, or the request and the runner, never send the
 *   same e-mail; `sent_at` is set once the mail service accepted the message.
 * - A failed send is retried by a background loop: at start (every unsent e-mail, backoff
 *   ignored: a restart often follows a fixed mail setting), then every minute for the e-mails
 *   whose backoff is over (2 min, 6, 18, … at most 6 h apart), at most MAX_ATTEMPTS tries
 *   (about a day), 25 per round, and a round stops after 3 failures (the mail service is down).
 *   Then the row is 'failed', logged, and the owner is alerted (unless the e-mail was itself an
 *   alert: no loops).
 * - An e-mail carrying a credential (a reset or verification link) has `expires_at`: it is
 *   skipped rather than sent after it, and its bodies are blanked once it is sent, skipped or
 *   given up, and by every round for any row past it (decision 285).
 * - The one case of a second e-mail: the process dies after the mail service accepted a
 *   message and before `sent_at` was written (milliseconds). The claim then expires (15 min;
 *   with PGlite at the next start, as the server holding the data directory is the only one)
 *   and the e-mail is sent again with the same Message-ID, which mail clients use to show it
 *   once. Sending twice then is preferred to never.
 */
import { listUnsubscribeHeaders } from "@shared/customer-mail";
import type { OrderEmailKind, OutboxEmailKind } from "@shared/statuses";
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database, DbOrTx, Tx } from "../db/client.js";
import { outboxEmails } from "../db/schema.js";
import { BackgroundLoop } from "../lib/background-loop.js";
import type { Logger } from "../lib/logger.js";
import { isPermanentMailFailure, type Mailer, type MailMessage } from "./mail.js";
import { renderOrderEmails } from "./order-email-content.js";

export type { OrderEmailKind, OutboxEmailKind, OutboxEmailStatus } from "@shared/statuses";
export type OutboxEmailRow = typeof outboxEmails.$inferSelect;
/** The kinds queued rendered (queueMail); order e-mails are queued by queueOrderEmail. */
export type OutboxKind = Exclude<OutboxEmailKind, "order_confirmation" | "order_dispatch">;

export interface QueuedMail {
  /** One e-mail per key, ever (e.g. `alert:paid:<orderId>`, `refund:<refundId>`). */
  dedupeKey: string;
  kind: OutboxKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The end of a credential the e-mail carries (a reset or verification link): it is not sent
   * after this, and its bodies are blanked once sent or past it.
   */
  expiresAt?: Date;
  /** The one-click unsubscribe address: sent as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  listUnsubscribe?: string;
}

/** Sends of one e-mail before it is given up (~1 day with the backoff below). */
export const MAX_ATTEMPTS = 8;
/** The runner leaves a new e-mail this long to the send right after commit. */
const FIRST_RETRY_MS = 2 * 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** A claim older than this belongs to a send that never finished (a crash). */
const CLAIM_LEASE_MS = 15 * 60_000;
const BATCH = 25;
/** First sends claimed, rendered and marked together at most (sendSoon). */
const SEND_BATCH = 50;
const MAX_FAILURES_PER_ROUND = 3;
const POLL_MS = 60_000;

/** The wait after the n-th failed attempt: 2 min, 6, 18, 54, 2 h 42, then 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 3 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

function firstDue(): Date {
  return new Date(Date.now() + FIRST_RETRY_MS);
}

/** Records an e-mail to send (inside the transaction of the change that owes it). Returns its id, or null if the key was queued before. */
export async function queueMail(db: DbOrTx, mail: QueuedMail): Promise<string | null> {
  const [queued] = await queueMails(db, [mail]);
  return queued?.id ?? null;
}

/**
 * Records several e-mails in one statement (a sweep's batch). Answers the ones queued now, by
 * key; a key queued before is left as it was and not answered.
 */
export async function queueMails(
  db: DbOrTx,
  mails: readonly QueuedMail[],
): Promise<Array<{ id: string; dedupeKey: string }>> {
  if (mails.length === 0) return [];
  const due = firstDue();
  return db
    .insert(outboxEmails)
    .values(
      mails.map((mail) => ({
        dedupeKey: mail.dedupeKey,
        kind: mail.kind,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        expiresAt: mail.expiresAt ?? null,
        listUnsubscribe: mail.listUnsubscribe ?? null,
        nextAttemptAt: due,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: outboxEmails.id, dedupeKey: outboxEmails.dedupeKey });
}

/** The dedupe key of an order's e-mail: one confirmation and one dispatch notice per order, ever. */
export function orderEmailKey(orderId: string, kind: OrderEmailKind): string {
  return `order:${kind}:${orderId}`;
}

/**
 * In the transaction of the status change that owes it: records the order e-mail to send
 * (rendered when sent). Returns its id, or null when the order already had it.
 */
export async function queueOrderEmail(tx: Tx, orderId: string, kind: OrderEmailKind): Promise<string | null> {
  const [row] = await tx
    .insert(outboxEmails)
    .values({
      dedupeKey: orderEmailKey(orderId, kind),
      kind: `order_${kind}`,
      orderId,
      template: kind,
      nextAttemptAt: firstDue(),
    })
    .onConflictDoNothing()
    .returning({ id: outboxEmails.id });
  return row?.id ?? null;
}

/**
 * queueOrderEmail's statement, also run with another one in a single round trip (completePayment
 * puts it after the status history's insert in one WITH statement).
 */
export function queueOrderEmailStatement(orderId: string, kind: OrderEmailKind): SQL {
  return sql`insert into ${outboxEmails} (dedupe_key, kind, order_id, template, next_attempt_at)
             values (${orderEmailKey(orderId, kind)}, ${`order_${kind}`}, ${orderId}, ${kind},
                     ${firstDue().toISOString()}::timestamptz)
             on conflict do nothing`;
}

/** The outbox rows that name this order (its confirmation and dispatch notice): admin views, tests. */
export async function listOrderEmails(db: DbOrTx, orderId: string): Promise<OutboxEmailRow[]> {
  return db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.orderId, orderId))
    .orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.kind));
}

/** Blanks the bodies of a row that carries a credential (kept otherwise). */
const BLANK_CREDENTIAL_BODIES = {
  textBody: sql`case when ${outboxEmails.expiresAt} is null then ${outboxEmails.textBody} else '' end`,
  htmlBody: sql`case when ${outboxEmails.expiresAt} is null then ${outboxEmails.htmlBody} else '' end`,
};

export type SendOutcome = "sent" | "failed" | "skipped" | "not_due";

export interface RetryResult {
  sent: number;
  failed: number;
  skipped: number;
  /** More e-mails may be due: the runner goes on at once. */
  more: boolean;
}

export interface GivenUpMail {
  kind: string;
  to: string;
  subject: string;
  error: string;
}

export interface MailOutboxOptions {
  database: Database;
  log: Logger;
  publicUrl: string;
  /** The signed link of a paid order's invoice PDF, for the confirmation (issue 18). */
  invoiceUrl?: (orderId: string) => string;
  /** The signed /track link of an order, for its e-mails (issue 30). */
  trackUrl?: (order: { id: string; orderNumber: number }) => string;
  /** Read at each send (tests may swap the mailer). */
  mailer: () => Mailer;
  /** Told when an e-mail is given up (the owner's failed-e-mail alert). Errors are logged only. */
  onGivenUp?: (mail: GivenUpMail) => Promise<void>;
  pollMs?: number;
}

/** Which row a send claims: by id (queueMail's answer) or by dedupe key. */
type Target = { id: string } | { key: string };

interface WaitingSend {
  target: Target;
  resolve: (outcome: SendOutcome) => void;
}

export class MailOutbox {
  private readonly db;
  private readonly loop: BackgroundLoop;
  /** With PGlite this process alone uses the database: an older claim is a crashed send. */
  private readonly startedAt = new Date();
  private readonly domain: string;
  /** First sends waiting for the batch on its way (sendSoon). */
  private readonly waiting: WaitingSend[] = [];
  private flushing = false;
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

  /** Sends what an earlier run left unsent, then the retries as they fall due. */
  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** After commit: the first send of these e-mails (ids from queueMail / queueOrderEmail). Never throws. */
  sendNow(ids: ReadonlyArray<string | null | undefined>): Promise<SendOutcome[]> {
    return Promise.all(ids.filter((id): id is string => Boolean(id)).map((id) => this.sendSoon({ id })));
  }

  /** After commit: the first send of the e-mails queued under these keys (e.g. orderEmailKey). Never throws. */
  sendKeys(keys: readonly string[]): Promise<SendOutcome[]> {
    return Promise.all(keys.map((key) => this.sendSoon({ key })));
  }

  /**
   * Joins the next batch of first sends. One batch is sent at a time: what is asked for while
   * one is on its way goes in the next, so many payments at once share their round trips (the
   * claim, the orders read, the sent mark) instead of making four each (decision 353).
   */
  private sendSoon(target: Target): Promise<SendOutcome> {
    return new Promise((resolve) => {
      this.waiting.push({ target, resolve });
      if (this.flushing) return;
      this.flushing = true;
      setImmediate(() => void this.flush());
    });
  }

  /** Sends one batch; the next one (what was asked for meanwhile) starts once it is sent. */
  private async flush(): Promise<void> {
    const batch = this.waiting.splice(0, SEND_BATCH);
    const result = await this.deliver(
      batch.map((w) => w.target),
      false,
    ).catch((error: unknown) => {
      // The changes are committed and the rows stay pending: the runner tries again.
      this.options.log.error({ err: error, count: batch.length }, "e-mails could not be sent");
      return { outcomes: batch.map((): SendOutcome => "failed"), givenUp: [] };
    });
    if (this.waiting.length > 0) setImmediate(() => void this.flush());
    else this.flushing = false;
    // After the next batch may start: an alert is sent through it, and its sender waits for this one.
    await this.alertGivenUp(result.givenUp);
    for (const [i, w] of batch.entries()) w.resolve(result.outcomes[i] ?? "failed");
  }

  /**
   * One round: the unsent e-mails whose backoff is over (all unsent ones with
   * `ignoreBackoff`), oldest due first, at most BATCH of them; then blanks what expired.
   */
  async retryDue(opts: { ignoreBackoff?: boolean } = {}): Promise<RetryResult> {
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
    const result: RetryResult = { sent: 0, failed: 0, skipped: 0, more: false };
    for (const row of due) {
      if (this.loop.stopped) break;
      const { outcomes, givenUp } = await this.deliver([{ id: row.id }], !opts.ignoreBackoff).catch(
        (error: unknown) => {
          this.options.log.error({ err: error, id: row.id }, "e-mail retry failed");
          return { outcomes: ["failed" as const], givenUp: [] };
        },
      );
      await this.alertGivenUp(givenUp);
      const outcome = outcomes[0];
      if (outcome === "sent") result.sent++;
      else if (outcome === "skipped") result.skipped++;
      else if (outcome === "failed") result.failed++;
      if (result.failed >= MAX_FAILURES_PER_ROUND) break;
    }
    result.more = due.length === BATCH && result.failed < MAX_FAILURES_PER_ROUND && !this.loop.stopped;
    if (result.sent + result.failed + result.skipped > 0) {
      this.options.log.info(result, "outbox e-mails retried");
    }
    await this.blankExpiredCredentials(now);
    return result;
  }

  /**
   * Any row past its credential's end keeps no body (a row whose send crashed, or one left
   * pending: it is skipped when claimed). One UPDATE on a partial index of such rows.
   */
  private async blankExpiredCredentials(now: Date): Promise<void> {
    await this.db
      .update(outboxEmails)
      .set({ textBody: "", htmlBody: "" })
      .where(
        and(
          isNotNull(outboxEmails.expiresAt),
          lte(outboxEmails.expiresAt, now),
          ne(outboxEmails.textBody, ""),
        ),
      );
  }

  /** Not claimed, or claimed by a send that can no longer be running. */
  private claimFree(now: Date): SQL {
    const stale =
      this.options.database.kind === "pglite"
        ? new Date(Math.max(this.startedAt.getTime(), now.getTime() - CLAIM_LEASE_MS))
        : new Date(now.getTime() - CLAIM_LEASE_MS);
    return or(isNull(outboxEmails.claimedAt), lt(outboxEmails.claimedAt, stale)) as SQL;
  }

  /**
   * Claims the e-mails (one UPDATE, so only one sender wins each), renders them (the order
   * e-mails' orders in one read), sends them one by one and records the outcomes: the sent ones
   * in one UPDATE at the end. Answers an outcome per target, in their order.
   */
  private async deliver(
    targets: readonly Target[],
    dueOnly: boolean,
  ): Promise<{ outcomes: SendOutcome[]; givenUp: GivenUpMail[] }> {
    const now = new Date();
    const ids = targets.flatMap((t) => ("id" in t ? [t.id] : []));
    const keys = targets.flatMap((t) => ("key" in t ? [t.key] : []));
    const claimed = await this.db
      .update(outboxEmails)
      .set({ attempts: sql`${outboxEmails.attempts} + 1`, claimedAt: now })
      .where(
        and(
          or(
            ids.length > 0 ? inArray(outboxEmails.id, ids) : undefined,
            keys.length > 0 ? inArray(outboxEmails.dedupeKey, keys) : undefined,
          ),
          eq(outboxEmails.status, "pending"),
          lt(outboxEmails.attempts, MAX_ATTEMPTS),
          dueOnly ? lte(outboxEmails.nextAttemptAt, now) : undefined,
          this.claimFree(now),
        ),
      )
      .returning();
    const rowFor = (t: Target) =>
      claimed.find((row) => ("id" in t ? row.id === t.id : row.dedupeKey === t.key));
    // A target named twice (by id and key, or twice) is sent once: its first mention.
    const rows = [...new Set(targets.map(rowFor).filter((row): row is OutboxEmailRow => row !== undefined))];
    const givenUp: GivenUpMail[] = [];
    const failed = async (row: OutboxEmailRow, message: MailMessage | null, error: unknown) => {
      const mail = await this.recordFailure(row, message, error);
      if (mail) givenUp.push(mail);
    };
    const contents = await this.render(rows, now).catch(async (error: unknown) => {
      for (const row of rows) await failed(row, null, error);
      return null;
    });
    const outcomes = new Map<string, SendOutcome>();
    const sent: OutboxEmailRow[] = [];
    for (const [i, row] of rows.entries()) {
      const content = contents?.[i];
      if (!content) {
        outcomes.set(row.id, "failed");
        continue;
      }
      if ("skip" in content) {
        await this.db
          .update(outboxEmails)
          .set({ status: "skipped", claimedAt: null, lastError: content.skip, ...BLANK_CREDENTIAL_BODIES })
          .where(and(eq(outboxEmails.id, row.id), eq(outboxEmails.status, "pending")));
        this.options.log.info(
          { id: row.id, kind: row.kind, orderId: row.orderId ?? undefined, reason: content.skip },
          "e-mail skipped",
        );
        outcomes.set(row.id, "skipped");
        continue;
      }
      try {
        await this.options.mailer().send(content.message);
      } catch (error) {
        await failed(row, content.message, error);
        outcomes.set(row.id, "failed");
        continue;
      }
      sent.push(row);
      outcomes.set(row.id, "sent");
    }
    if (sent.length > 0) {
      // Accepted by the mail service: from here on they must never be sent again.
      await this.db
        .update(outboxEmails)
        .set({
          status: "sent",
          sentAt: new Date(),
          claimedAt: null,
          lastError: null,
          ...BLANK_CREDENTIAL_BODIES,
        })
        .where(
          inArray(
            outboxEmails.id,
            sent.map((row) => row.id),
          ),
        );
      for (const row of sent) {
        this.options.log.info(
          { id: row.id, kind: row.kind, orderId: row.orderId ?? undefined, attempt: row.attempts },
          "e-mail sent",
        );
      }
    }
    // A row's outcome goes to its first mention; a later one in the same batch answers as it
    // would in the next batch (already handled: not due), so one send is never counted twice.
    const answered = new Set<string>();
    const answers = targets.map((t): SendOutcome => {
      const row = rowFor(t);
      if (!row || answered.has(row.id)) return "not_due";
      answered.add(row.id);
      return outcomes.get(row.id) ?? "not_due";
    });
    return { outcomes: answers, givenUp };
  }

  /** The messages as they go out now, each with a Message-ID that stays the same across retries. */
  private async render(
    rows: readonly OutboxEmailRow[],
    now: Date,
  ): Promise<Array<{ message: MailMessage } | { skip: string }>> {
    const orderRows = rows.flatMap((row) =>
      row.template && row.orderId ? [{ orderId: row.orderId, kind: row.template }] : [],
    );
    const orderContents = await renderOrderEmails(this.db, orderRows, this.options);
    let next = 0;
    return rows.map((row) => {
      if (row.template && row.orderId) {
        const content = orderContents[next++] ?? { skip: "order not found" };
        if ("skip" in content) return content;
        return {
          message: { ...content.message, messageId: `<order-${row.orderId}-${row.template}@${this.domain}>` },
        };
      }
      return this.storedMessage(row, now);
    });
  }

  /** A row rendered when it was queued, as it goes out. */
  private storedMessage(row: OutboxEmailRow, now: Date): { message: MailMessage } | { skip: string } {
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
      return { skip: "the link it carries has expired" };
    }
    if (row.toAddress === null || row.subject === null || row.textBody === null || row.htmlBody === null) {
      // The rendered check constraint makes this impossible; a row like it cannot be sent.
      return { skip: "nothing to send: the row has no rendered message" };
    }
    return {
      message: {
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId: `<${row.kind}-${row.id}@${this.domain}>`,
        ...(row.listUnsubscribe ? { headers: listUnsubscribeHeaders(row.listUnsubscribe) } : {}),
      },
    };
  }

  /** Records a failed send; answers the e-mail when it is given up and the owner is to be told. */
  private async recordFailure(
    row: OutboxEmailRow,
    message: MailMessage | null,
    error: unknown,
  ): Promise<GivenUpMail | null> {
    // A 5xx answer (the address does not exist, the message is refused) will not change on a retry.
    const giveUp = row.attempts >= MAX_ATTEMPTS || isPermanentMailFailure(error);
    const retryAt = new Date(Date.now() + retryDelayMs(row.attempts));
    const text = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await this.db
      .update(outboxEmails)
      .set({
        status: giveUp ? "failed" : "pending",
        claimedAt: null,
        nextAttemptAt: retryAt,
        lastError: text,
        ...(giveUp ? BLANK_CREDENTIAL_BODIES : {}),
      })
      .where(and(eq(outboxEmails.id, row.id), eq(outboxEmails.status, "pending")))
      .catch((updateError: unknown) => {
        // The claim expires and the runner tries again.
        this.options.log.error({ err: updateError, id: row.id }, "could not record a failed e-mail");
      });
    const fields = { err: error, id: row.id, kind: row.kind, orderId: row.orderId ?? undefined };
    if (!giveUp) {
      this.options.log.error(
        { ...fields, attempt: row.attempts, retryAt: retryAt.toISOString() },
        "e-mail could not be sent; it will be retried",
      );
      return null;
    }
    this.options.log.error({ ...fields, attempts: row.attempts }, "e-mail given up after repeated failures");
    if (row.kind === "owner_alert") return null;
    return {
      kind: row.kind,
      to: message?.to ?? row.toAddress ?? `order ${row.orderId}`,
      subject: message?.subject ?? row.subject ?? `order ${row.template}`,
      error: text,
    };
  }

  /**
   * Tells the owner about e-mails given up. Never from inside a batch: the alert is itself sent
   * through sendNow, which would wait for the batch that is waiting for it.
   */
  private async alertGivenUp(mails: readonly GivenUpMail[]): Promise<void> {
    for (const mail of mails) {
      await this.onGivenUp?.(mail).catch((alertError: unknown) => {
        this.options.log.error({ err: alertError, kind: mail.kind }, "failed-e-mail alert not queued");
      });
    }
  }
}
