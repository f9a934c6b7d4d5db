/** A fresh PostgreSQL database of one test (or benchmark) of its own, on the server `baseUrl` names. */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface FreshDatabase {
  name: string;
  url: string;
  /** Drops it (with force: connections still open are closed). */
  drop(): Promise<void>;
}

async function onServer(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>` on `baseUrl`'s server. */
export async function freshDatabase(baseUrl: string, prefix = "lithobox_t"): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await onServer(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(baseUrl, `drop database if exists ${name} with (force)`),
  };
}
