/**
 * npm run backup [-- <file.tar.gz>]
 *
 * Writes one .tar.gz with the shop's database (a consistent logical dump), every stored file
 * (customers' images, product images, print files) and DATA_DIR/auth-secret when the shop made
 * its own. Works on PostgreSQL (DATABASE_URL) and on the embedded database, also while the
 * shop runs (it then asks the running shop for the dump over loopback). The file is mode 600:
 * it holds personal data and password hashes. Exit codes: 0 written, 1 failed, 2 usage.
 * See src/server/backups/archive.ts.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup, defaultBackupName } from "../src/server/backups/index.js";
import { ConfigError, loadConfig } from "../src/server/config.js";

const USAGE = "Usage: npm run backup [-- <file.tar.gz>]   (default: ./lithobox-backup-<time>.tar.gz)";

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  } catch {
    console.error(USAGE);
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length > 1) {
    console.error(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    // A placeholder secret: reading the configuration must not create DATA_DIR/auth-secret.
    config = loadConfig({ ...process.env, BETTER_AUTH_SECRET: "x".repeat(32) });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const out = path.resolve(parsed.positionals[0] ?? defaultBackupName());
  const started = Date.now();
  try {
    const result = await createBackup(config, out);
    const mb = (result.bytes / 1024 / 1024).toFixed(2);
    console.log(
      `Backup written: ${result.file} (${mb} MB, ${((Date.now() - started) / 1000).toFixed(1)} s)\n` +
        `  database: ${result.database.source}${result.database.via === "running-shop" ? " (through the running shop)" : ""}, ` +
        `${Object.keys(result.database.tables).length} tables, ${result.database.rows} rows\n` +
        `  files: ${result.files.count} (${(result.files.bytes / 1024 / 1024).toFixed(2)} MB)` +
        (result.authSecret ? "\n  auth secret: included" : ""),
    );
    return 0;
  } catch (error) {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exit(await main());
