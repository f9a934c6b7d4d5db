/**
 * The web app's first-load weight, from Vite's build manifest: the entry chunk, every chunk it
 * imports statically (transitively: what the browser must fetch before the app runs) and their
 * CSS, each gzipped at level 9 (as the precompressed .gz files the server sends). Built with
 * hidden source maps, the modules inside those chunks are known too (to check that admin code
 * and recharts never reach the shop's first load). Shared by tests/integration/web/bundle-budget
 * and bench/lighthouse (files starting with "_" are not run as benchmarks).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const ROOT = path.resolve(import.meta.dirname, "..");
/** `/` first-load JS + CSS, gzip, in bytes (120 KB, 1 KB = 1024 bytes). */
export const FIRST_LOAD_BUDGET_BYTES = 120 * 1024;
/** Modules that must never be in a landing page's first load. */
export const FORBIDDEN_IN_FIRST_LOAD: ReadonlyArray<{ label: string; test: (source: string) => boolean }> = [
  { label: "admin code (src/web/features/admin/*)", test: (s) => s.includes("src/web/features/admin/") },
  { label: "recharts", test: (s) => /node_modules\/(recharts|victory-vendor|d3-[a-z]+)\//.test(s) },
  // Loaded once a landing page has rendered (app/query.tsx, "after-render"; decision 348).
  {
    label: "react-query's engine (@tanstack/query-core)",
    test: (s) => s.includes("node_modules/@tanstack/query-core/"),
  },
  // The landing pages' own requests use fetch (src/web/lib/http/get-json.ts); other screens bring the RPC client.
  { label: "Hono's RPC client", test: (s) => s.includes("node_modules/hono/dist/client/client.js") },
];

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface AssetSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface FirstLoad {
  entry: string;
  js: AssetSize[];
  css: AssetSize[];
  jsGzip: number;
  cssGzip: number;
  totalGzip: number;
  totalBrotli: number;
  /** Repository-relative source modules in the first-load chunks (needs source maps). */
  sources: string[];
  /** False when the build has no source maps (then `sources` is incomplete). */
  hasSourceMaps: boolean;
}

function size(dist: string, file: string): AssetSize {
  const data = readFileSync(path.join(dist, file));
  return {
    file,
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, ".vite", "manifest.json");
  if (!existsSync(file)) throw new Error(`No build manifest at ${file}: build the web app first.`);
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
}

function normaliseSource(mapFile: string, source: string): string {
  const absolute = path.resolve(path.dirname(mapFile), source.replace(/^\/@fs/, ""));
  const relative = path.relative(ROOT, absolute);
  return relative.startsWith("..") ? source : relative.split(path.sep).join("/");
}

/**
 * The first load of the HTML entry (index.html): its static import graph and CSS; with
 * `routeChunks` (manifest keys such as "features/shop/ShopPage.tsx"), also what a route's
 * lazy chunk needs before that page can render.
 */
/**
 * The landing pages Lighthouse measures, with the lazy chunks each loads before it renders (its
 * route's page and, for a page that queries, the QueryClient's chunk: src/web/app/query.tsx).
 */
export const LANDING_PAGES: ReadonlyArray<{ path: string; routeChunks: readonly string[] }> = [
  { path: "/", routeChunks: ["pages/home/HomePage.tsx"] },
  { path: "/shop", routeChunks: ["features/shop/ShopPage.tsx"] },
  { path: "/shop/create", routeChunks: ["features/creator/CreatorPage.tsx"] },
];

/** The manifest key of the HTML entry's chunk. */
function entryKey(manifest: Manifest): string {
  const key = manifest["index.html"] ? "index.html" : Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error("The manifest has no entry chunk.");
  return key;
}

/** The repository-relative source modules of built JS files, from their source maps. */
function sourcesOf(dist: string, files: Iterable<string>): { sources: Set<string>; hasSourceMaps: boolean } {
  const sources = new Set<string>();
  let hasSourceMaps = true;
  for (const file of files) {
    const mapFile = path.join(dist, `${file}.map`);
    if (!existsSync(mapFile)) {
      hasSourceMaps = false;
      continue;
    }
    const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources?: string[] };
    for (const s of map.sources ?? []) sources.add(normaliseSource(mapFile, s));
  }
  return { sources, hasSourceMaps };
}

/** The JS and CSS files the entry and these route chunks load before the page renders (unweighed). */
export function firstLoadFiles(dist: string, routeChunks: readonly string[] = []) {
  const manifest = readManifest(dist);
  const entry = manifest[entryKey(manifest)] as ManifestChunk;
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const key of chunk.imports ?? []) {
      const next = manifest[key];
      if (next) visit(next);
    }
  };
  visit(entry);
  for (const key of routeChunks) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}.`);
    visit(chunk);
  }
  return { entry, js: seen, css };
}

/** The source modules a page's first load runs (firstLoad's sources, without weighing the files). */
export function firstLoadSources(dist: string, routeChunks: readonly string[] = []): string[] {
  return [...sourcesOf(dist, firstLoadFiles(dist, routeChunks).js).sources].sort();
}

export function firstLoad(dist: string, routeChunks: readonly string[] = []): FirstLoad {
  const { entry, js: seen, css } = firstLoadFiles(dist, routeChunks);
  const js = [...seen].map((f) => size(dist, f)).sort((a, b) => b.gzip - a.gzip);
  const styles = [...css].map((f) => size(dist, f)).sort((a, b) => b.gzip - a.gzip);
  const { sources, hasSourceMaps } = sourcesOf(dist, seen);
  const jsGzip = js.reduce((n, a) => n + a.gzip, 0);
  const cssGzip = styles.reduce((n, a) => n + a.gzip, 0);
  return {
    entry: entry.file,
    js,
    css: styles,
    jsGzip,
    cssGzip,
    totalGzip: jsGzip + cssGzip,
    totalBrotli: [...js, ...styles].reduce((n, a) => n + a.brotli, 0),
    sources: [...sources].sort(),
    hasSourceMaps,
  };
}

/** Manifest keys of the pages src/web/router.tsx loads lazily ("features/auth/AuthPage.tsx"). */
export function routePageKeys(dist: string): string[] {
  const manifest = readManifest(dist);
  const router = readFileSync(path.join(ROOT, "src/web/router.tsx"), "utf8");
  const specifiers = [...router.matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1] as string);
  return specifiers.flatMap((specifier) => {
    const key = [`${specifier}.tsx`, `${specifier}.ts`].find((k) => manifest[k]);
    return key ? [key] : [];
  });
}

/**
 * The repository's source files a landing page can run without leaving it: the entry, the page's
 * chunks, and every chunk they import, statically or lazily (dialogs, the cart panel, warm-ups),
 * except the other routes' pages. Their styles must be in the first-load stylesheet.
 */
export function landingSources(dist: string): string[] {
  const manifest = readManifest(dist);
  const landingKeys = new Set(LANDING_PAGES.flatMap((page) => page.routeChunks));
  const otherPages = new Set(routePageKeys(dist).filter((key) => !landingKeys.has(key)));
  const seen = new Set<string>();
  const queue = [entryKey(manifest), ...landingKeys];
  while (queue.length > 0) {
    const key = queue.pop() as string;
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    queue.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []).filter((k) => !otherPages.has(k)));
  }
  const files = [...seen].map((key) => manifest[key]?.file ?? "").filter((file) => file.endsWith(".js"));
  return [...sourcesOf(dist, files).sources].filter((s) => s.startsWith("src/")).sort();
}

const VLQ_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VLQ = new Map([...VLQ_CHARS].map((c, i) => [c, i]));

/** Decodes one source-map segment ("AAAA,SAAS") into its numbers. */
function decodeSegment(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = VLQ.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/**
 * Minified bytes per package (node_modules) or source file in the first-load chunks, largest
 * first: each generated byte is counted for the source its mapping names (needs source maps).
 */
export function firstLoadComposition(
  dist: string,
  load: FirstLoad,
): Array<{ module: string; bytes: number }> {
  const totals = new Map<string, number>();
  const add = (key: string, n: number) => totals.set(key, (totals.get(key) ?? 0) + n);
  for (const asset of load.js) {
    const mapFile = path.join(dist, `${asset.file}.map`);
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources?: string[]; mappings?: string };
    const keys = (map.sources ?? []).map((source) => {
      const rel = normaliseSource(mapFile, source);
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(rel)?.[1];
      return pkg ? pkg : rel.replace(/^src\/web\//, "web/").replace(/^src\/shared\//, "shared/");
    });
    const lines = readFileSync(path.join(dist, asset.file), "utf8").split("\n");
    let sourceIndex = 0;
    (map.mappings ?? "").split(";").forEach((line, lineNo) => {
      const length = lines[lineNo]?.length ?? 0;
      let column = 0;
      let previous: { column: number; key: string } | null = null;
      for (const segment of line.split(",")) {
        if (!segment) continue;
        const fields = decodeSegment(segment);
        column += fields[0] ?? 0;
        if (previous) add(previous.key, column - previous.column);
        if (fields.length >= 4) sourceIndex += fields[1] ?? 0;
        previous = { column, key: fields.length >= 4 ? (keys[sourceIndex] ?? "?") : "?" };
      }
      if (previous) add(previous.key, length - previous.column);
    });
  }
  return [...totals].map(([module, bytes]) => ({ module, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/**
 * Builds the web app into `outDir` (production mode, hidden source maps: same bytes as `npm run build`);
 * `root` builds another checkout of the repository (bench/lighthouse's baseline commit).
 */
export function buildWeb(outDir: string, root: string = ROOT): void {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/vite/bin/vite.js"),
      "build",
      "--outDir",
      outDir,
      "--emptyOutDir",
      "--sourcemap",
      "hidden",
      "--logLevel",
      "warn",
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
