/**
 * `npm run admin|lithophane|backup|restore -- …`: runs the compiled command-line tool with plain
 * node, in this process, compiling the server first when its sources changed (no TypeScript at
 * run time).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureDependencies, ensureServerBuild, root } from "./ensure.mjs";
import { ensureSupportedNode } from "./node-runtime.mjs";

// Node 24 LTS: an older node runs this script again on Node 24 from the npm registry.
await ensureSupportedNode();

const [tool, ...args] = process.argv.slice(2);
const tools = ["admin", "lithophane", "backup", "restore"];
if (!tool || !tools.includes(tool)) {
  console.error(`usage: node scripts/run-cli.mjs <${tools.join("|")}> [arguments]`);
  process.exit(2);
}
ensureDependencies();
ensureServerBuild();
// The tool runs in this process, as if started as `node --enable-source-maps <tool>.js`: a
// second node process would cost a start-up of its own before the tool does anything.
const entry = path.join(root, "dist", "server", `${tool}.js`);
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
