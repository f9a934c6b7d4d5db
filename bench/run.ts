/**
 * `npm run bench`: runs every benchmark in bench/ (each a standalone script printing its own
 * figures beside its targets), one after another so they do not compete for the two cores.
 * `npm run bench -- lithophane checkout` runs only the named ones; any other argument goes to each
 * of them (`npm run bench -- checkout --base 6dbd21d`).
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const here = import.meta.dirname;
const all = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("_"))
  .map((f) => f.replace(/\.ts$/, ""))
  .sort();
const given = process.argv.slice(2);
const only = given.filter((a) => all.includes(a));
const passed = given.filter((a) => !all.includes(a));
const scripts = all.filter((name) => only.length === 0 || only.includes(name));

let failures = 0;
for (const name of scripts) {
  console.log(`\n=== bench: ${name} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(here, `${name}.ts`), ...passed], {
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
