/**
 * Migration 0025 (issue 47 item 13) on a shop that already has orders: they are numbered from
 * 1001 in the order they were created (not in the table's physical order), and the next order
 * created takes the number after the last.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../../src/server/db/client.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag` (its journal cut there). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lithobox-migrations-"));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("migration 0025_order_numbers", () => {
  it("numbers the orders already placed in creation order from 1001; new orders continue", async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore("0025_order_numbers") });
    const insert = (email: string, createdAt: string) =>
      client.query(
        `insert into orders (total_amount, subtotal_amount, shipping_amount, shipping_email, shipping_first_name,
          shipping_last_name, shipping_address_line_1, shipping_city, shipping_state, shipping_postal_code, created_at)
         values (100, 100, 0, $1, 'A', 'B', '1 Main St', 'Belfast', '', 'BT1 1AA', $2::timestamptz)`,
        [email, createdAt],
      );
    // Inserted out of order: the numbers follow created_at, not the insertion.
    await insert("second@example.com", "2026-02-01T10:00:00Z");
    await insert("first@example.com", "2026-01-01T10:00:00Z");
    await insert("third@example.com", "2026-03-01T10:00:00Z");

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const numbered = await client.query<{ shipping_email: string; order_number: number }>(
      "select shipping_email, order_number from orders order by order_number",
    );
    expect(numbered.rows).toEqual([
      { shipping_email: "first@example.com", order_number: 1001 },
      { shipping_email: "second@example.com", order_number: 1002 },
      { shipping_email: "third@example.com", order_number: 1003 },
    ]);
    await insert("next@example.com", "2026-04-01T10:00:00Z");
    const next = await client.query<{ order_number: number }>(
      "select order_number from orders where shipping_email = 'next@example.com'",
    );
    expect(next.rows[0]?.order_number).toBe(1004);
    await client.close();
  });
});
