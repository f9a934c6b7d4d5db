/**
 * `npm start`: installs what is missing, builds the web app and compiles the server when
 * needed, then runs the compiled server with plain node (which migrates and seeds). Ctrl-C reaches the server, which closes the database cleanly.
 */
import { spawn } from "node:child_process";
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root } from "./ensure.mjs";

ensureDependencies();
ensureWebBuild();
ensureServerBuild();

const server = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
  cwd: root,
  stdio: "inherit",
});
// The terminal sends Ctrl-C to the whole process group; wait for the server to finish closing.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
