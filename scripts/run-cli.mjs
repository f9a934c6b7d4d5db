/**
 * `npm run admin|lithophane|backup|restore -- …`: runs the compiled command-line tool with plain
 * node, compiling the server first when its sources changed (no TypeScript at run time).
 */
import { spawn } from "node:child_process";
import path from "node:path";
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
const child = spawn(
  process.execPath,
  ["--enable-source-maps", path.join(root, "dist", "server", `${tool}.js`), ...args],
  {
    stdio: "inherit",
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
