/**
 * One migrated PGlite data folder for the whole integration run: written once before the test
 * files start (vitest's globalSetup), then every in-memory test shop starts from it instead of
 * running Postgres's initdb and the migrations again (~2 s a shop, about 200 shops a run).
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratedMemoryImage } from "../../src/server/db/client.js";

/**
 * The file holding the migrated database's folder, named to the test workers through their
 * environment (set before they start). Outside the integration run (the journeys' own shops, a
 * PostgreSQL run) it is not set and a shop's database starts from nothing.
 */
const IMAGE_FILE = "LITHOBOX_TEST_MEMORY_IMAGE";

export default async function writeMemoryImage(_project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) return () => {};
  const file = path.join(tmpdir(), `lithobox-memory-image-${process.pid}.tar`);
  const image = await migratedMemoryImage();
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  process.env[IMAGE_FILE] = file;
  return () => rmSync(file, { force: true });
}

let image: Blob | undefined;

/** The migrated database's folder, read once per worker; undefined where no run wrote one. */
export function memoryImage(): Blob | undefined {
  const file = process.env[IMAGE_FILE];
  if (!file) return undefined;
  image ??= new Blob([readFileSync(file)]);
  return image;
}
