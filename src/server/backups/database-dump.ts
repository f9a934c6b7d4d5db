/**
 * Logical backups of the shop's database, the same on PGlite and PostgreSQL (so a backup of
 * the embedded database also moves a shop onto PostgreSQL).
 *
 * The dump is line-oriented text, written inside one read-only REPEATABLE READ transaction
 * (one consistent snapshot; on PGlite the transaction holds the only connection):
 *   H\t{"format":"lithobox-database","version":1,...}   header: source, migrations
 *   T\t{"name":"orders","columns":[...]}                 a table, in foreign-key order
 *   R\t<the row as Postgres's row_to_json>               its rows, never parsed in JS (exact numbers)
 *   S\t{"name":"..._id_seq","lastValue":"12","isCalled":true}  sequence positions
 *   E\t{"tables":17,"rows":1234}                         the end: a dump without it is cut short
 * Restoring inserts the rows with json_populate_recordset in one transaction, then sets the
 * sequences. Tables and columns come from the database's catalogue, so new tables are
 * included without changes here.
 */

import { pluralise } from "@shared/messages";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";

export const DUMP_FORMAT = "lithobox-database";
export const DUMP_VERSION = 1;
const FETCH_ROWS = 500;
const INSERT_BATCH_BYTES = 4 * 1024 * 1024;
const INSERT_BATCH_ROWS = 2_000;

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: number;
  createdAt: string;
  source: "pglite" | "postgres";
  /** drizzle's applied migrations (their journal time and hash). */
  migrations: Array<{ createdAt: string; hash: string }>;
}

export interface DumpSummary {
  tables: Record<string, number>;
  rows: number;
}

type Row = Record<string, unknown>;

async function rows<T extends Row>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Tables kept by triggers from other tables' writes, not data: neither dumped nor restored
 * (restoring the catalogue's rows raises catalog_version again; migration 0015).
 */
const DERIVED_TABLES: ReadonlySet<string> = new Set(["catalog_version"]);

/**
 * Tables of work in progress that means nothing once restored: the bytes of unfinished
 * resumable uploads (decision 350; they expire within the hour and are anonymous visitors'
 * data). Not dumped; a restore empties them in the target and passes over their rows in a
 * dump made before they were left out.
 */
export const TRANSIENT_TABLES: ReadonlySet<string> = new Set([
  "resumable_uploads",
  "resumable_upload_chunks",
]);

/** The public schema's data tables, parents before children (foreign keys), then by name. */
export async function listTables(db: DbOrTx): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    )
  )
    .map((r) => r.name)
    .filter((name) => !DERIVED_TABLES.has(name) && !TRANSIENT_TABLES.has(name));
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql`select tc.relname as child, tp.relname as parent from pg_constraint k
        join pg_class tc on tc.oid = k.conrelid join pg_class tp on tp.oid = k.confrelid
        join pg_namespace n on n.oid = tc.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and tc.relname <> tp.relname`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)),
    );
    // A cycle (none today): keep going in name order rather than loop for ever.
    const next = ready.length > 0 ? ready : tables.filter((t) => !placed.has(t)).slice(0, 1);
    for (const t of next) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

async function listColumns(db: DbOrTx, table: string): Promise<string[]> {
  return (
    await rows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`,
    )
  ).map((r) => r.name);
}

async function listSequences(db: DbOrTx): Promise<string[]> {
  return (
    await rows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
    )
  ).map((r) => r.name);
}

/** drizzle's record of applied migrations; empty when the database was never migrated. */
export async function appliedMigrations(db: DbOrTx): Promise<DumpHeader["migrations"]> {
  const exists = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists[0]?.present) return [];
  return (
    await rows<{ created_at: string | number; hash: string }>(
      db,
      sql`select created_at, hash from drizzle.__drizzle_migrations order by created_at, id`,
    )
  ).map((r) => ({ createdAt: String(r.created_at), hash: r.hash }));
}

/**
 * Writes the whole database as dump lines through `write` (awaited, so a slow reader
 * applies back-pressure). Returns the row counts.
 */
export async function dumpDatabase(
  db: Db,
  source: DumpHeader["source"],
  write: (text: string) => Promise<void> | void,
): Promise<DumpSummary> {
  return db.transaction(
    async (tx) => {
      // Timestamps are written in UTC whatever the server's zone, so dumps compare byte for byte.
      await tx.execute(sql.raw("set local time zone 'UTC'"));
      const header: DumpHeader = {
        format: DUMP_FORMAT,
        version: DUMP_VERSION,
        createdAt: new Date().toISOString(),
        source,
        migrations: await appliedMigrations(tx),
      };
      await write(`H\t${JSON.stringify(header)}\n`);
      const summary: DumpSummary = { tables: {}, rows: 0 };
      for (const table of await listTables(tx)) {
        const columns = await listColumns(tx, table);
        await write(`T\t${JSON.stringify({ name: table, columns })}\n`);
        const list = columns.map(ident).join(", ");
        await tx.execute(
          sql.raw(`declare lithobox_dump no scroll cursor for
            select row_to_json(r)::text as j from (select ${list} from public.${ident(table)}) r`),
        );
        let count = 0;
        for (;;) {
          const batch = await rows<{ j: string }>(tx, sql.raw(`fetch ${FETCH_ROWS} from lithobox_dump`));
          if (batch.length === 0) break;
          await write(batch.map((r) => `R\t${r.j}\n`).join(""));
          count += batch.length;
        }
        await tx.execute(sql.raw("close lithobox_dump"));
        summary.tables[table] = count;
        summary.rows += count;
      }
      for (const name of await listSequences(tx)) {
        const [state] = await rows<{ last_value: string | number; is_called: boolean }>(
          tx,
          sql.raw(`select last_value, is_called from public.${ident(name)}`),
        );
        if (state) {
          await write(
            `S\t${JSON.stringify({ name, lastValue: String(state.last_value), isCalled: state.is_called })}\n`,
          );
        }
      }
      await write(
        `E\t${JSON.stringify({ tables: Object.keys(summary.tables).length, rows: summary.rows })}\n`,
      );
      return summary;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

/** Tables of the public schema that hold at least one row, with a count capped at 1000. */
export async function nonEmptyTables(db: DbOrTx): Promise<Array<{ table: string; rows: number }>> {
  const out: Array<{ table: string; rows: number }> = [];
  for (const table of await listTables(db)) {
    const [r] = await rows<{ n: number | string }>(
      db,
      sql.raw(`select count(*) as n from (select 1 from public.${ident(table)} limit 1000) t`),
    );
    const n = Number(r?.n ?? 0);
    if (n > 0) out.push({ table, rows: n });
  }
  return out;
}

/**
 * Checks that a dump made with `backup` migrations can be loaded into a database with
 * `target` migrations: every migration of the backup must be applied on the target (a backup
 * from a newer version of the shop cannot be restored by an older one).
 */
export function checkMigrations(backup: DumpHeader["migrations"], target: DumpHeader["migrations"]): void {
  const known = new Set(target.map((m) => m.createdAt));
  const missing = backup.filter((m) => !known.has(m.createdAt));
  if (missing.length > 0) {
    throw new RestoreRefusedError(
      `This backup was made by a newer version of Lithobox (${pluralise(missing.length, "database migration")} this version does not have). Update the shop's code, then restore again.`,
    );
  }
}

/**
 * Loads dump lines into a migrated database in one transaction. With `replace`, every table
 * is emptied first (in the same transaction); otherwise the tables must be empty.
 */
export async function restoreDatabase(
  db: Db,
  lines: AsyncIterable<string>,
  opts: { replace: boolean },
): Promise<DumpSummary & { header: DumpHeader }> {
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done || !first.value.startsWith("H\t"))
    throw new RestoreRefusedError("The database dump has no header.");
  const header = JSON.parse(first.value.slice(2)) as DumpHeader;
  if (header.format !== DUMP_FORMAT || header.version !== DUMP_VERSION) {
    throw new RestoreRefusedError(`Unknown database dump format ${header.format} v${header.version}.`);
  }
  checkMigrations(header.migrations, await appliedMigrations(db));

  return db.transaction(async (tx) => {
    const tables = await listTables(tx);
    if (opts.replace) {
      const emptied = [...tables, ...TRANSIENT_TABLES];
      await tx.execute(
        sql.raw(`truncate ${emptied.map((t) => `public.${ident(t)}`).join(", ")} restart identity cascade`),
      );
    } else {
      const busy = await nonEmptyTables(tx);
      if (busy.length > 0) {
        throw new RestoreRefusedError(
          `The target database is not empty (${busy.map((b) => `${b.table}: ${b.rows >= 1000 ? "1000+" : b.rows} rows`).join(", ")}).`,
        );
      }
    }
    const summary: DumpSummary = { tables: {}, rows: 0 };
    let table: { name: string; insert: string } | null = null;
    let batch: string[] = [];
    let batchBytes = 0;
    let ended = false;
    /** Inside a transient table of an older dump: its rows are passed over (and counted here). */
    let skipping = false;
    let skipped = 0;

    const flush = async () => {
      if (!table || batch.length === 0) return;
      await tx.execute(sql`${sql.raw(table.insert)}${`[${batch.join(",")}]`}::json)`);
      summary.tables[table.name] = (summary.tables[table.name] ?? 0) + batch.length;
      summary.rows += batch.length;
      batch = [];
      batchBytes = 0;
    };

    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const line = next.value;
      if (line === "") continue;
      const kind = line.slice(0, 2);
      const body = line.slice(2);
      if (kind === "R\t" && skipping) {
        skipped += 1;
      } else if (kind === "R\t") {
        if (!table) throw new RestoreRefusedError("The database dump has a row before any table.");
        batch.push(body);
        batchBytes += body.length;
        if (batch.length >= INSERT_BATCH_ROWS || batchBytes >= INSERT_BATCH_BYTES) await flush();
      } else if (kind === "T\t") {
        await flush();
        const { name, columns } = JSON.parse(body) as { name: string; columns: string[] };
        skipping = TRANSIENT_TABLES.has(name);
        if (skipping) continue;
        if (!tables.includes(name)) {
          throw new RestoreRefusedError(
            `The backup has a table "${name}" this version of the shop does not know.`,
          );
        }
        const present = new Set(await listColumns(tx, name));
        const unknown = columns.filter((c) => !present.has(c));
        if (unknown.length > 0) {
          throw new RestoreRefusedError(
            `The backup's table "${name}" has columns this version does not know: ${unknown.join(", ")}.`,
          );
        }
        const list = columns.map(ident).join(", ");
        table = {
          name,
          insert: `insert into public.${ident(name)} (${list}) overriding system value select ${list} from json_populate_recordset(null::public.${ident(name)}, `,
        };
        summary.tables[name] = 0;
      } else if (kind === "S\t") {
        await flush();
        const { name, lastValue, isCalled } = JSON.parse(body) as {
          name: string;
          lastValue: string;
          isCalled: boolean;
        };
        const exists = await rows<{ present: boolean }>(
          tx,
          sql`select to_regclass(${`public.${ident(name)}`}) is not null as present`,
        );
        if (exists[0]?.present) {
          await tx.execute(
            sql`select setval(${`public.${ident(name)}`}::regclass, ${lastValue}::bigint, ${isCalled})`,
          );
        }
      } else if (kind === "E\t") {
        await flush();
        const end = JSON.parse(body) as { tables: number; rows: number };
        if (end.rows !== summary.rows + skipped) {
          throw new RestoreRefusedError(
            `The database dump is inconsistent: ${end.rows} rows announced, ${summary.rows} read.`,
          );
        }
        ended = true;
      } else if (kind !== "H\t") {
        throw new RestoreRefusedError("The database dump has a line it does not understand.");
      }
    }
    if (!ended)
      throw new RestoreRefusedError(
        "The database dump is cut short (no end marker): the backup is incomplete.",
      );
    return { ...summary, header };
  });
}
