/**
 * `npm start`: installs what is missing, builds the web app when needed, then runs the server
 * (which migrates and seeds). Ctrl-C reaches the server, which closes the database cleanly.
 */
import { spawn } from "node:child_process";
import { ensureDependencies, ensureWebBuild, root } from "./ensure.mjs";

ensureDependencies();
ensureWebBuild();

const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  cwd: root,
  stdio: "inherit",
});
// The terminal sends Ctrl-C to the whole process group; wait for the server to finish closing.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
