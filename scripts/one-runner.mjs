/**
 * One way to run a state change (issue 49 item 1): only the workflow runner
 * (src/server/platform/workflow.ts, runWorkflow) opens a database transaction. This reads every
 * server file with the TypeScript compiler and refuses a `.transaction(` call anywhere else,
 * except the few places below that are not a business operation, each with its reason.
 *
 *   node scripts/one-runner.mjs --check    exits 1 listing each place (npm test)
 *   node scripts/one-runner.mjs            the same list, exit 0
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { sourceFiles } from "./source-files.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");

/** Where a transaction may be opened other than by the runner, and why. */
const NOT_BUSINESS_OPERATIONS = new Map([
  ["src/server/platform/workflow.ts", "the runner itself"],
  ["src/server/backups/database-dump.ts", "a backup reads one snapshot; a restore replaces the database"],
  ["src/server/seed/database.ts", "the seed fills a new shop before any service exists"],
  ["src/server/catalogue/pricing.ts", "the pricing snapshot: one consistent read, no write"],
  ["src/server/platform/resumable-uploads.ts", "the upload store's own bookkeeping of bytes received"],
  ["src/server/platform/upload-hygiene.ts", "the sweep of uploads nothing uses, below the modules"],
  ["src/server/accounts/roles.ts", "the admin CLI's role change, run without the shop's services"],
  ["src/server/accounts/email-changes.ts", "inside Better Auth's own e-mail change hooks"],
]);

const found = [];
for (const file of sourceFiles(path.join(root, "src/server"))) {
  const relative = path.relative(root, file).split(path.sep).join("/");
  if (/\.test\.tsx?$/.test(relative) || NOT_BUSINESS_OPERATIONS.has(relative)) continue;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "transaction"
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${relative}:${line + 1}: opens a transaction; run the change through runWorkflow`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

for (const line of found) console.log(line);
console.log(
  found.length === 0
    ? `One runner: no transaction opened outside runWorkflow (${NOT_BUSINESS_OPERATIONS.size - 1} places that are not business operations allowed).`
    : `${found.length} transaction(s) opened outside runWorkflow.`,
);
if (check && found.length > 0) process.exit(1);
