/**
 * The baseline a benchmark runs beside today's code, in the same run (decision 353): a commit
 * checked out in a git worktree, with its own dependencies when its lockfile differs.
 *
 * Which commit: `--base <commit>` on the command line, else the commit named in
 * `bench/baseline`, else the newest tag reachable from HEAD.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");

function git(args: string[], cwd = ROOT): string {
  const r = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

/** The commit named in bench/baseline (its first word that is not a comment), or null. */
function namedBaseline(): string | null {
  const file = path.join(ROOT, "bench", "baseline");
  if (!existsSync(file)) return null;
  const line = readFileSync(file, "utf8")
    .split("\n")
    .map((l) => l.replace(/#.*/, "").trim())
    .find(Boolean);
  return line ? (line.split(/\s+/)[0] ?? null) : null;
}

/** The baseline commit (full hash) and where the choice came from. */
export function baselineCommit(flag: string | undefined): { commit: string; short: string; from: string } {
  let ref = flag;
  let from = "--base";
  if (!ref) {
    ref = namedBaseline() ?? undefined;
    from = "bench/baseline";
  }
  if (!ref) {
    const tag = spawnSync("git", ["describe", "--tags", "--abbrev=0"], { cwd: ROOT, encoding: "utf8" });
    if (tag.status === 0 && tag.stdout.trim()) {
      ref = tag.stdout.trim();
      from = "the newest tag";
    }
  }
  if (!ref)
    throw new Error("no baseline: pass --base <commit>, name one in bench/baseline, or tag a release");
  const commit = git(["rev-parse", "--verify", `${ref}^{commit}`]);
  return { commit, short: commit.slice(0, 7), from: `${from} (${ref})` };
}

/**
 * A worktree of `commit` with its dependencies, kept under the system's temp folder between
 * runs (keyed by the commit, so a second run starts at once). With today's lockfile it uses
 * today's node_modules; with another one, its own (`npm ci`, from npm's cache where it can).
 */
export function baselineTree(commit: string): string {
  const tree = path.join(tmpdir(), `lithobox-base-${commit.slice(0, 12)}`);
  if (!existsSync(path.join(tree, "package.json"))) {
    spawnSync("git", ["worktree", "prune"], { cwd: ROOT });
    git(["worktree", "add", "--detach", "--force", tree, commit]);
  }
  if (!existsSync(path.join(tree, "node_modules"))) {
    const lockfile = (root: string) => readFileSync(path.join(root, "package-lock.json"), "utf8");
    if (lockfile(tree) === lockfile(ROOT)) {
      symlinkSync(path.join(ROOT, "node_modules"), path.join(tree, "node_modules"));
    } else {
      console.log(`baseline ${commit.slice(0, 7)}: its own dependencies (npm ci)…`);
      const npm = spawnSync(
        "npm",
        ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel", "error"],
        {
          cwd: tree,
          encoding: "utf8",
          env: { ...process.env, NODE_ENV: "development" },
        },
      );
      if (npm.status !== 0) throw new Error(`npm ci for ${commit.slice(0, 7)} failed:\n${npm.stderr}`);
    }
  }
  return tree;
}

/** Compiles the server of the tree at `root` into its dist/server (as `npm start` does). */
export function buildServerAt(root: string): void {
  const r = spawnSync(process.execPath, [path.join(root, "scripts", "build-server.mjs")], {
    cwd: root,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`the server build in ${root} failed:\n${r.stdout}${r.stderr}`);
}
