/**
 * One Drizzle database over either PGlite (embedded, the default) or node-postgres
 * (when DATABASE_URL is set). Both speak the same SQL and run the same migrations.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: helpers that write take either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * One parameterised statement sent straight to the driver (no query builder), for a hot
   * path whose SQL text is fixed. With `name`, PostgreSQL prepares it once per connection
   * (parsed and planned once); PGlite ignores the name.
   */
  query<R>(text: string, params: readonly unknown[], name?: string): Promise<R[]>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (PostgreSQL: on a connection of its own,
   * reopened after a drop, when `onNotify` is also called with "" since notices may have been
   * missed). Answers the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Answers true when a trivial query round-trips. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Advisory-lock keys of start-up work that one server at a time must do (any fixed numbers). */
export const MIGRATION_LOCK_KEY = 7_146_001;
export const SEED_LOCK_KEY = 7_146_002;

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool discards it and the next query opens a new one.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      // Several servers may start at once on one database: one migrates, the others wait for it
      // (a session-level advisory lock on one connection), then find nothing left to do.
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      query: async <R>(text: string, params: readonly unknown[], name?: string) => {
        const result = await pool.query({ text, values: [...params], ...(name ? { name } : {}) });
        return result.rows as R[];
      },
      listen: (channel, onNotify) => listenPostgres(opts.databaseUrl ?? "", channel, onNotify),
      ping: async () => {
        try {
          await pool.query("select 1");
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = path.join(opts.dataDir, "pgdata");
  mkdirSync(dir, { recursive: true });
  // relaxedDurability stays off: every commit is flushed before it is acknowledged.
  const client = await PGlite.create({ dataDir: dir, relaxedDurability: false, ...PGLITE_MEMORY });
  return wrapPglite(client);
}

/**
 * PGlite is one Postgres backend in a WebAssembly heap that grows and never shrinks; Postgres's default
 * 128 MB of shared buffers is sized for a server with many sessions. A shop's data fits in 16 MB many
 * times over, and the heap is ~170 MB smaller for it (decision 081).
 */
const PGLITE_MEMORY: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "work_mem=4MB"],
};

/**
 * An in-memory PGlite: for tests that need a throwaway database. From `image` (see
 * migratedMemoryImage) it starts already migrated and skips Postgres's initdb, most of a fresh
 * database's 1.5-2 s.
 */
export async function openMemoryDatabase(image?: Blob): Promise<Database> {
  return wrapPglite(await PGlite.create({ ...PGLITE_MEMORY, ...(image ? { loadDataDir: image } : {}) }));
}

/** The data folder of a new, migrated, empty in-memory database, as a tarball for openMemoryDatabase. */
export async function migratedMemoryImage(): Promise<Blob> {
  const client = await PGlite.create({ ...PGLITE_MEMORY });
  try {
    await wrapPglite(client).migrate();
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

function wrapPglite(client: PGlite): Database {
  const drizzleDb = drizzlePglite(client, { schema });
  let closed = false;
  return {
    db: drizzleDb as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(drizzleDb, { migrationsFolder: MIGRATIONS_DIR }),
    query: async <R>(text: string, params: readonly unknown[]) => {
      const result = await client.query<R>(text, [...params]);
      return result.rows;
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    ping: async () => {
      if (closed) return false;
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/** How long a dropped LISTEN connection waits before it reconnects. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled connection would drop it when returned). If the
 * connection drops (server restart, failover) it is reopened every second until it works, and
 * `onNotify("")` runs each time it is (re)established: notices sent meanwhile are lost.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch(retry);
    }, RELISTEN_DELAY_MS);
    timer.unref();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    client.on("error", () => {});
    client.on("end", () => {
      if (current === client) current = undefined;
      retry();
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    onNotify("");
  };
  try {
    await connect();
  } catch {
    retry();
  }
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end().catch(() => {});
    current = undefined;
  };
}
