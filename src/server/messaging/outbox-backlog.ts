/**
 * The mail outbox's backlog, for the health check: e-mails not yet sent, when the oldest was
 * queued, and how many were given up in the last 24 hours.
 */
import { and, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { outboxEmails } from "../db/schema.js";

export interface OutboxBacklog {
  pending: number;
  oldestPendingAt: Date | null;
  failedLast24h: number;
}

export async function outboxBacklog(db: DbOrTx): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${outboxEmails.status} = 'pending')::int`,
      oldest: sql<
        string | null
      >`min(${outboxEmails.createdAt}) filter (where ${outboxEmails.status} = 'pending')`,
      failed: sql<number>`count(*) filter (where ${outboxEmails.status} = 'failed')::int`,
    })
    .from(outboxEmails)
    .where(
      and(
        sql`${outboxEmails.status} in ('pending', 'failed')`,
        // Failed e-mails count for a day (an admin sees them on the order); pending ones always.
        sql`(${outboxEmails.status} = 'pending' or ${gt(outboxEmails.createdAt, sql`now() - interval '24 hours'`)})`,
      ),
    );
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingAt: row?.oldest ? new Date(row.oldest) : null,
    failedLast24h: Number(row?.failed ?? 0),
  };
}
