/**
 * Status columns hold only the values of their list in src/shared/statuses.ts: the database's
 * CHECK constraints name exactly those values, and a write outside them is refused (on PGlite,
 * and on PostgreSQL when DATABASE_URL is set).
 */
import {
  DISCOUNT_REDEMPTION_STATUSES,
  EMAIL_CHANGE_STATUSES,
  MESSAGE_AUTHORS,
  MESSAGE_STATUSES,
  ORDER_EMAIL_KINDS,
  ORDER_STATUSES,
  OUTBOX_EMAIL_KINDS,
  OUTBOX_EMAIL_STATUSES,
  PRINT_JOB_STATUSES,
} from "@shared/statuses";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOrder } from "../../support/orders.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const CHECKED: Array<[constraint: string, values: readonly string[]]> = [
  ["orders_status_check", ORDER_STATUSES],
  ["order_status_history_from_check", ORDER_STATUSES],
  ["order_status_history_to_check", ORDER_STATUSES],
  ["print_jobs_status_check", PRINT_JOB_STATUSES],
  ["outbox_emails_status_check", OUTBOX_EMAIL_STATUSES],
  ["outbox_emails_kind_check", OUTBOX_EMAIL_KINDS],
  ["outbox_emails_template_check", ORDER_EMAIL_KINDS],
  ["contact_messages_status_check", MESSAGE_STATUSES],
  ["contact_replies_author_check", MESSAGE_AUTHORS],
  ["email_changes_status_check", EMAIL_CHANGE_STATUSES],
  ["discount_redemptions_status_check", DISCOUNT_REDEMPTION_STATUSES],
];

describe("status columns", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => {
    await shop.close();
  });

  it("each CHECK constraint allows exactly the values of its shared list", async () => {
    const result = (await shop.ctx.database.db.execute(
      sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where contype = 'c'`,
    )) as unknown as { rows: Array<{ name: string; definition: string }> };
    const definitions = new Map(result.rows.map((row) => [row.name, row.definition]));
    for (const [name, values] of CHECKED) {
      const definition = definitions.get(name);
      expect(definition, name).toBeDefined();
      const allowed = [...(definition ?? "").matchAll(/'([^']*)'/g)].map((m) => m[1]);
      expect(allowed.sort(), name).toEqual([...values].sort());
    }
  });

  /** The database's reason for refusing `query` (drizzle wraps it as the error's cause). */
  async function refusal(query: SQL): Promise<string> {
    try {
      await shop.ctx.database.db.execute(query);
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return cause instanceof Error ? cause.message : String(cause);
    }
    return "accepted";
  }

  it("refuses a status outside the list, and takes one inside it", async () => {
    const db = shop.ctx.database.db;
    const orderId = await insertOrder(shop, { userId: null, email: "status@example.com" });
    expect(await refusal(sql`update orders set status = 'shipped' where id = ${orderId}`)).toMatch(
      /orders_status_check/,
    );
    await db.execute(sql`update orders set status = 'processing' where id = ${orderId}`);
    expect(
      await refusal(
        sql`insert into contact_messages (name, email, message, status) values ('A', 'a@example.com', 'Hi', 'spam')`,
      ),
    ).toMatch(/contact_messages_status_check/);
    // An outbox e-mail is rendered at send time from an order, or rendered when queued.
    expect(
      await refusal(sql`insert into outbox_emails (dedupe_key, kind) values ('test:nothing', 'refund')`),
    ).toMatch(/outbox_emails_rendered_check/);
    expect(
      await refusal(
        sql`insert into outbox_emails (dedupe_key, kind, template) values ('test:no-order', 'order_dispatch', 'dispatch')`,
      ),
    ).toMatch(/outbox_emails_rendered_check/);
    await db.execute(
      sql`insert into outbox_emails (dedupe_key, kind, order_id, template) values ('test:order', 'order_dispatch', ${orderId}, 'dispatch')`,
    );
  });
});
