/**
 * What the cart reminders brought back (issue 33): reminders sent, carts bought after a
 * reminder ("recovered") and those orders' totals, live and test orders apart.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { cartReminders, outboxEmails } from "../db/schema.js";

export interface RecoveryFigures {
  remindersSent: number;
  live: { carts: number; revenue: number };
  test: { carts: number; revenue: number };
}

/**
 * The figures for reminders sent and carts closed within the range (conditions built by the
 * caller on each table's own time column).
 */
export async function cartRecoveryFigures(
  db: DbOrTx,
  range: { sent: (column: SQL) => SQL[]; closed: (column: SQL) => SQL[] },
): Promise<RecoveryFigures> {
  const [sent, recovered] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.kind, "cart_reminder"),
          eq(outboxEmails.status, "sent"),
          ...range.sent(sql`${outboxEmails.sentAt}`),
        ),
      ),
    db
      .select({
        testMode: cartReminders.testMode,
        carts: sql<number>`count(*)::int`,
        revenue: sql<number>`coalesce(sum(${cartReminders.recoveredPence}), 0)::int`,
      })
      .from(cartReminders)
      .where(and(eq(cartReminders.status, "recovered"), ...range.closed(sql`${cartReminders.closedAt}`)))
      .groupBy(cartReminders.testMode),
  ]);
  const of = (test: boolean) => {
    const row = recovered.find((r) => Boolean(r.testMode) === test);
    return { carts: row?.carts ?? 0, revenue: row?.revenue ?? 0 };
  };
  return { remindersSent: sent[0]?.n ?? 0, live: of(false), test: of(true) };
}
