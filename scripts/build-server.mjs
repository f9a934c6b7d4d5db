/**
 * Compiles the server, its worker and the command-line tools to JavaScript in dist/server, so
 * production runs plain `node` (no TypeScript compiler at run time; tsx is for development).
 * esbuild bundles the shop's own modules (src/server, src/shared, src/lithophane) with the
 * tsconfig's path aliases and leaves npm packages as imports. Every output file sits in one
 * folder, beside a copy of the migrations, so paths the code builds from import.meta.url
 * (./migrations, ./print-worker.js) hold in both layouts.
 *
 * `node scripts/build-server.mjs [--out DIR]` builds; `npm start` and the CLIs build when sources
 * changed.
 */
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { root } from "./ensure.mjs";

export const SERVER_OUT = path.join(root, "dist", "server");

/** Output name -> source. Each worker is an entry of its own: workers start from real files. */
export const SERVER_ENTRIES = {
  main: "src/server/main.ts",
  "print-worker": "src/server/fulfilment/print-jobs/print-worker.ts",
  "stl-worker": "src/server/print/stl-worker.ts",
  "site-image-encoder": "src/server/storefront/site-image-encoder.ts",
  "wedge-photo-measurer": "src/server/print/wedge-photo-measurer.ts",
  admin: "src/server/cli/admin.ts",
  lithophane: "src/server/cli/lithophane.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
};

/**
 * Compiles `entries` (output name -> source) into `outDir` as the server is compiled. The lithophane
 * bench uses it to measure the print-file code as production runs it.
 */
export async function buildEntries(entries, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(entries).map(([name, src]) => [name, path.join(root, src)]),
    ),
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    // node24 is package.json's engines floor (Node 24 LTS; scripts/node-runtime.mjs brings it to
    // older machines): it keeps import attributes (a JSON import "with { type: \"json\" }").
    target: "node24",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    chunkNames: "chunk-[hash]",
    sourcemap: "linked",
    logLevel: "warning",
  });
}

export async function buildServer(outDir = SERVER_OUT) {
  await buildEntries(SERVER_ENTRIES, outDir);
  cpSync(path.join(root, "src", "server", "db", "migrations"), path.join(outDir, "migrations"), {
    recursive: true,
  });
  cpSync(path.join(root, "src", "server", "seed", "seed-images"), path.join(outDir, "seed-images"), {
    recursive: true,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const outFlag = process.argv.indexOf("--out");
  const outDir = outFlag > 0 ? path.resolve(process.argv[outFlag + 1] ?? "") : SERVER_OUT;
  await buildServer(outDir);
  console.log(
    `Built the server into ${path.relative(root, outDir)} in ${Math.round(performance.now() - started)} ms.`,
  );
}
