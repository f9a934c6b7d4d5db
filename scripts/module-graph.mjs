/**
 * Draws the server's modules and the arrows between their faces (docs/server-modules.svg), from
 * dependency-cruiser's own reading of the imports: one box per folder of src/server (the domain
 * modules, the routes, the libraries), one arrow per folder that imports another, type-only
 * imports left out (they load nothing). Needs Graphviz's `dot` (Debian: apt-get install graphviz).
 *
 *   node scripts/module-graph.mjs            writes docs/server-modules.svg (and .dot)
 *   node scripts/module-graph.mjs --check    exits 1 when the committed .dot differs from the code
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dotFile = path.join(root, "docs", "server-modules.dot");
const svgFile = path.join(root, "docs", "server-modules.svg");

/** The domain modules, in the order a reader meets them; the rest are the server's plumbing. */
const DOMAINS = [
  "orders",
  "payments",
  "catalogue",
  "fulfilment",
  "messaging",
  "accounts",
  "storefront",
  "reporting",
  "platform",
  "backups",
];

const cruise = execFileSync(
  path.join(root, "node_modules", ".bin", "depcruise"),
  [
    "src/server",
    "--config",
    ".dependency-cruiser.cjs",
    "--output-type",
    "json",
    "--exclude",
    "\\.test\\.tsx?$",
  ],
  { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
);
const { modules } = JSON.parse(cruise);

/** "src/server/orders/workflows/x.ts" -> "orders"; "src/server/context.ts" -> "app". */
function folderOf(source) {
  const m = /^src\/server\/([^/]+)\/.+/.exec(source);
  if (m) return m[1];
  return /^src\/server\/[^/]+$/.test(source) ? "app" : null;
}

/** Plumbing every module uses (config and context, the schema, small libraries): boxes, no arrows. */
const EVERYWHERE = new Set(["app", "db", "lib"]);

const edges = new Map();
for (const module of modules) {
  const from = folderOf(module.source);
  if (!from) continue;
  for (const dep of module.dependencies) {
    const to = folderOf(dep.resolved);
    if (!to || to === from || EVERYWHERE.has(to) || EVERYWHERE.has(from)) continue;
    if (dep.dependencyTypes.every((t) => t === "type-only" || t === "type-import")) continue;
    edges.set(`${from}->${to}`, { from, to });
  }
}

const folders = new Set([...edges.values()].flatMap((e) => [e.from, e.to]));
for (const f of EVERYWHERE) folders.delete(f);
const plumbing = [...folders].filter((f) => !DOMAINS.includes(f)).sort();
const lines = [
  "digraph modules {",
  '  rankdir="TB"; fontname="Helvetica"; nodesep="0.3"; ranksep="0.6";',
  '  node [shape="box" style="rounded,filled" fontname="Helvetica" fontsize="11" fillcolor="#f5f5f4"];',
  '  edge [color="#57534e88" arrowsize="0.7"];',
  '  subgraph cluster_domains { label="domain modules (each used only through its index.ts)"; style="rounded"; color="#a8a29e";',
  ...DOMAINS.filter((d) => folders.has(d)).map((d) => `    "${d}" [fillcolor="#fef3c7"];`),
  "  }",
  ...plumbing.map((p) => `  "${p}";`),
  ...[...edges.values()]
    .sort((a, b) => `${a.from}${a.to}`.localeCompare(`${b.from}${b.to}`))
    .map((e) => `  "${e.from}" -> "${e.to}";`),
  "}",
  "",
];
const dot = lines.join("\n");

if (process.argv.includes("--check")) {
  const committed = existsSync(dotFile) ? readFileSync(dotFile, "utf8") : "";
  if (committed !== dot) {
    console.error("docs/server-modules.dot is out of date: run node scripts/module-graph.mjs");
    process.exit(1);
  }
  console.log("docs/server-modules.dot matches the code.");
  process.exit(0);
}

writeFileSync(dotFile, dot);
const rendered = spawnSync("dot", ["-Tsvg", dotFile, "-o", svgFile], { stdio: "inherit" });
if (rendered.error || rendered.status !== 0) {
  console.error("Graphviz's dot is needed for the picture: apt-get install graphviz");
  process.exit(1);
}
console.log(`Wrote ${path.relative(root, dotFile)} and ${path.relative(root, svgFile)}.`);
