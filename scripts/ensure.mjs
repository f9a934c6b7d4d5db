/**
 * Shared by `npm start` and `npm test`: installs what is missing, with no extra step.
 * Uses only Node's own modules, because it runs before node_modules exists.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Installs from the lock file when node_modules is missing or older than it. `npm install`, not
 * `npm ci`: registries that lack the other platforms' optional binaries (Biome, Tailwind oxide)
 * leave those out of the lock, and `npm ci` then refuses the lock as out of sync.
 */
export function ensureDependencies() {
  const installed = path.join(root, "node_modules", ".package-lock.json");
  if (existsSync(installed) && mtime(installed) >= mtime(path.join(root, "package-lock.json"))) return;
  console.log("Installing npm packages…");
  if (run("npm", ["install", "--no-audit", "--no-fund"]) !== 0) {
    console.error("npm install failed; see the output above.");
    process.exit(1);
  }
}

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : mtime(full));
  }
  return newest;
}

/** Builds the web app when it has never been built or its sources changed since. */
export function ensureWebBuild() {
  const built = mtime(path.join(root, "dist", "web", "index.html"));
  const sources = Math.max(
    newestIn(path.join(root, "src", "web")),
    newestIn(path.join(root, "src", "shared")),
    newestIn(path.join(root, "src", "lithophane")),
    mtime(path.join(root, "vite.config.ts")),
    mtime(path.join(root, "package-lock.json")),
  );
  if (built && built >= sources) return;
  console.log("Building the web app…");
  if (run("npm", ["run", "build"]) !== 0) {
    console.error("The web build failed; see the output above.");
    process.exit(1);
  }
}

/**
 * Compiles the server and CLIs into dist/server (scripts/build-server.mjs) when it has never
 * been built or a server-side source changed since; production runs the output with `node`.
 */
export function ensureServerBuild() {
  const built = mtime(path.join(root, "dist", "server", "main.js"));
  const sources = Math.max(
    newestIn(path.join(root, "src", "server")),
    newestIn(path.join(root, "src", "shared")),
    newestIn(path.join(root, "src", "lithophane")),
    mtime(path.join(root, "scripts", "backup.ts")),
    mtime(path.join(root, "scripts", "restore.ts")),
    mtime(path.join(root, "scripts", "build-server.mjs")),
    mtime(path.join(root, "package-lock.json")),
  );
  if (built && built >= sources) return;
  if (run(process.execPath, [path.join(root, "scripts", "build-server.mjs")]) !== 0) {
    console.error("The server build failed; see the output above.");
    process.exit(1);
  }
}

/** Debian's Chromium for the browser tests: installed with apt when running as root. */
export function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  if (process.getuid?.() !== 0) {
    console.error("Chromium is missing. Install it with: sudo apt-get install -y chromium");
    process.exit(1);
  }
  console.log("Installing Debian's chromium…");
  run("apt-get", ["update", "-qq"]);
  const status = run("apt-get", ["install", "-y", "-qq", "chromium"], {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (status !== 0 || !existsSync("/usr/bin/chromium")) {
    console.error("Could not install chromium. Run: apt-get install -y chromium");
    process.exit(1);
  }
}
