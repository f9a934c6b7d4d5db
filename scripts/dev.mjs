/**
 * `npm run dev`: the API server restarting on change (tsx watch, port 3000) and Vite's dev
 * server with hot reload on http://localhost:5173, which proxies /api to it. Ctrl-C stops both.
 */
import { spawn } from "node:child_process";
import { ensureDependencies, root } from "./ensure.mjs";
import { ensureSupportedNode } from "./node-runtime.mjs";

// Node 24 LTS: an older node runs this script again on Node 24 from the npm registry.
await ensureSupportedNode();

ensureDependencies();

const children = [
  spawn("npx", ["tsx", "watch", "src/server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: process.env.PORT ?? "3000" },
  }),
  spawn("npx", ["vite"], { cwd: root, stdio: "inherit" }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGINT");
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
