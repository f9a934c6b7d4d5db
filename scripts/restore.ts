/**
 * npm run restore -- <file.tar.gz> [--force]
 *
 * Brings a backup made by `npm run backup` back into the shop named by the environment
 * (DATA_DIR for the embedded database and local files, or DATABASE_URL and the S3 bucket).
 * The target must be empty (a fresh DATA_DIR or database); --force replaces what is there.
 * The shop must be stopped while restoring onto the embedded database. The database part is
 * one transaction: it is either fully restored or left as it was.
 * Exit codes: 0 restored, 1 refused or failed, 2 usage. See src/server/backups/archive.ts.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "../src/server/backups/index.js";
import { ConfigError, loadConfig } from "../src/server/config.js";
import { setPrivateUmask } from "../src/server/lib/data-dir.js";

const USAGE = "Usage: npm run restore -- <file.tar.gz> [--force]";

async function main(): Promise<number> {
  // The restored database, photos and secrets are for the shop's own user only.
  setPrivateUmask();
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { force: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
    });
  } catch {
    console.error(USAGE);
    return 2;
  }
  const [file, ...rest] = parsed.positionals;
  if (parsed.values.help || !file || rest.length > 0) {
    console.error(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    // A placeholder secret: the backup's own secret is restored, none is generated here.
    config = loadConfig({ ...process.env, BETTER_AUTH_SECRET: "x".repeat(32) });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const result = await restoreBackup(config, path.resolve(file), { force: parsed.values.force === true });
    const target = config.databaseUrl ? "the database at DATABASE_URL" : config.dataDir;
    console.log(
      `Restored ${path.basename(file)} (made ${result.manifest.createdAt}) into ${target}${result.replaced ? ", replacing what was there" : ""}:\n` +
        `  ${Object.keys(result.tables).length} tables, ${result.rows} rows; ${result.files} files` +
        (result.manifest.authSecret ? "; auth secret" : ""),
    );
    return 0;
  } catch (error) {
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exit(await main());
