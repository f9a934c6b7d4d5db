/**
 * `npm run bench`: runs every benchmark in bench/ (each a standalone script printing its own
 * figures beside its targets), one after another so they do not compete for the two cores.
 * `npm run bench -- lithophane checkout` runs only the named ones.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const here = import.meta.dirname;
const only = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("_"))
  .map((f) => f.replace(/\.ts$/, ""))
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();

let failures = 0;
for (const name of scripts) {
  console.log(`\n=== bench: ${name} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(here, `${name}.ts`)], {
    stdio: "inherit",
    cwd: path.resolve(here, ".."),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failures += 1;
    console.log(`bench ${name} failed (exit ${result.status}) after ${seconds} s`);
  } else {
    console.log(`bench ${name} finished in ${seconds} s`);
  }
}
process.exit(failures ? 1 : 0);
