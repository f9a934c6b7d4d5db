/**
 * `npm start`: installs what is missing, builds the web app and compiles the server when
 * needed, then runs the compiled server with plain node (which migrates and seeds). Ctrl-C reaches the server, which closes the database cleanly.
 */
import { spawn } from "node:child_process";
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root } from "./ensure.mjs";
import { ensureSupportedNode } from "./node-runtime.mjs";
import { SERVER_ENV, SERVER_NODE_ARGS } from "./server-runtime.mjs";

// Node 24 LTS: an older node runs this script again on Node 24 from the npm registry.
await ensureSupportedNode();

ensureDependencies();
ensureWebBuild();
ensureServerBuild();

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, "dist/server/main.js"], {
  cwd: root,
  env: { ...SERVER_ENV, ...process.env },
  stdio: "inherit",
});
// The terminal sends Ctrl-C to the whole process group; wait for the server to finish closing.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
