/**
 * No file outside the product types tests a product kind by name (issue 48 item 1): the rest of
 * the shop asks the line's type (`productTypeOf(line.kind).madeFromPhotos`, `.price(…)`, …, see
 * src/shared/product-types/index.ts). This reads every source file with the TypeScript compiler
 * and refuses a product kind ("lithophane", "accessory", "lamp": the keys of PRODUCT_TYPES) written
 * as a string where it is compared, switched on, stored as a `kind`, typed, or quoted in SQL
 * (`kind = 'lithophane'`). A kind passed as a word to a function (`pluralise(n, "lithophane")`) is
 * not a test and passes.
 *
 *   node scripts/product-kinds.mjs --check    exits 1 listing each place (npm test)
 *   node scripts/product-kinds.mjs            the same list, exit 0
 *
 * Allowed: the types themselves (src/shared/product-types/), the generators' geometry
 * (src/lithophane/, src/server/print/), the CLI's own --product words (src/server/cli/), the
 * database's schema and migrations (src/server/db/), and tests.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { sourceFiles } from "./source-files.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");
const given = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));

const ALLOWED = [
  /^src\/shared\/product-types\//,
  /^src\/lithophane\//,
  /^src\/server\/print\//,
  /^src\/server\/cli\//,
  /^src\/server\/db\//,
  /\.test\.tsx?$/,
  /\.spec\.tsx?$/,
];

/** The kinds: PRODUCT_TYPES's keys in the registry. */
function productKinds() {
  const registry = readFileSync(path.join(root, "src/shared/product-types/index.ts"), "utf8");
  const block = /PRODUCT_TYPES\b[^=]*=\s*\{([^}]*)\}/.exec(registry)?.[1] ?? "";
  const kinds = [...block.matchAll(/^\s*"?([a-z_]+)"?\s*:/gm)].map((m) => m[1]);
  if (kinds.length === 0) throw new Error("product-kinds: no kinds found in PRODUCT_TYPES");
  return new Set(kinds);
}

/** Calls whose string arguments are comparisons (drizzle's eq/ne, zod's literal, a set's has, …). */
const COMPARING_CALLS = new Set([
  "eq",
  "ne",
  "literal",
  "includes",
  "has",
  "indexOf",
  "inArray",
  "notInArray",
]);
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

function calleeName(call) {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return "";
}

/** Why a kind written here is a test by name, or null when it is only a word. */
function whyATest(node) {
  let parent = node.parent;
  // "lithophane" | "accessory" in a type, as const, parentheses: look through them.
  while (
    parent &&
    (ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isLiteralTypeNode(parent) ||
      ts.isUnionTypeNode(parent) ||
      ts.isArrayLiteralExpression(parent))
  ) {
    if (ts.isLiteralTypeNode(parent)) return "a kind as a type";
    parent = parent.parent;
  }
  if (!parent) return null;
  if (ts.isBinaryExpression(parent) && EQUALITY.has(parent.operatorToken.kind)) return "compared";
  if (ts.isCaseClause(parent)) return "switched on";
  if (ts.isPropertyAssignment(parent) && parent.name.getText() === "kind") return "written as a kind";
  if (ts.isConditionalExpression(parent)) return "chosen by name";
  if (ts.isCallExpression(parent) && COMPARING_CALLS.has(calleeName(parent)))
    return `compared (${calleeName(parent)})`;
  return null;
}

export function findKindTests(files, kinds) {
  const quoted = new RegExp(`(?:=|<>|in\\s*\\()\\s*'(${[...kinds].join("|")})'`);
  const found = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const relative = path.relative(root, file).split(path.sep).join("/");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const report = (node, why) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ file: relative, line: line + 1, why, text: text.split("\n")[line].trim() });
    };
    const visit = (node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && kinds.has(node.text)) {
        const why = whyATest(node);
        if (why) report(node, why);
      }
      // SQL in a template: `… ${orderItems.kind} = 'lithophane' …`.
      if (
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      ) {
        if (quoted.test(node.text)) report(node, "quoted in SQL");
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const kinds = productKinds();
const files = (
  given.length > 0 ? given.map((f) => path.resolve(root, f)) : sourceFiles(path.join(root, "src"))
).filter((file) => {
  const relative = path.relative(root, file).split(path.sep).join("/");
  return !ALLOWED.some((rule) => rule.test(relative));
});
const found = findKindTests(files, kinds);
for (const f of found) console.log(`${f.file}:${f.line}: product kind ${f.why}: ${f.text}`);
if (found.length > 0) {
  console.error(
    `\n${found.length} place(s) test a product kind by name: ask its type instead (src/shared/product-types, docs/architecture.md "Adding a product type").`,
  );
  if (check) process.exit(1);
} else {
  console.log(`No product kind tested by name outside the types (${files.length} files read).`);
}
