import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, runnerImport } from "vite";
import { LANDING_PAGES } from "./bench/_bundle";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const defaultOutDir = here("./dist/web");
const alias = {
  "@shared": here("./src/shared"),
  "@web": here("./src/web"),
  "@lithophane": here("./src/lithophane"),
  // tus-js-client's only CommonJS dependency: the browser's URL instead (see the shim).
  "url-parse": here("./src/web/lib/url-parse-shim.ts"),
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The modules the entry needs before the app runs (its static import graph), found once the
 * module graph is built; the "app" chunk group below keeps them in one chunk instead of a dozen
 * small ones shared with lazy pages (fewer requests, better compression; same code).
 */
const firstLoadModules = new Set<string>();
/**
 * For each module a landing page imports statically (outside the entry's first load), its chunk
 * group: the landing pages that import it ("CreatorPage_HomePage"), "-shared" when another lazy
 * chunk imports it too (decision 349). Left to itself the bundler splits modules by every chunk
 * that imports them, and the landing pages loaded eleven to twenty-four small chunks each (an
 * icon, a formatter: a request and browser tasks each); grouped by the landing pages, each loads
 * its own chunk and at most two per set of landing pages it shares with, the same code. What
 * one landing page alone runs stays in its chunk. Another page that imports a "-shared" module
 * loads that group with it.
 */
const landingGroups = new Map<string, { name: string; rank: number }>();
/**
 * A group takes its modules' dependencies with it (Rolldown's includeDependenciesRecursively), so
 * the groups whose modules others depend on come first: the most widely shared, and of those
 * shared with the same landing pages, the one other chunks load too. A module's dependencies are
 * shared with at least its landing pages, and loaded elsewhere whenever it is.
 */
const landingGroupRank = (pages: number, loadedElsewhere: boolean) => pages * 2 + (loadedElsewhere ? 1 : 0);
const LANDING_PAGE_MODULES = LANDING_PAGES.flatMap((page) => page.routeChunks).map((file) =>
  here(`./src/web/${file}`),
);
/** Every rank a group can have, highest first (one landing page's own modules are not grouped). */
const LANDING_GROUP_RANKS = Array.from(
  { length: landingGroupRank(LANDING_PAGE_MODULES.length, true) - landingGroupRank(1, true) + 1 },
  (_, i) => landingGroupRank(LANDING_PAGE_MODULES.length, true) - i,
);
/** The entry chunk's file ("assets/index-<hash>.js": index.html's chunk, named after it). */
const isEntryChunk = (file: string) => /(^|\/)index-[\w-]+\.js$/.test(file);
const FIRST_LOAD_PACKAGES = /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam)[\\/]/;
/** Packages whose index re-exports everything: reaching the index says nothing of what is used. */
const BARREL_PACKAGES = /node_modules[\\/](lucide-react|@tanstack)[\\/]/;
const LUCIDE_INDEX = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** lucide-react's icons by every name its index exports them under ("Star" -> ".../icons/star.mjs"). */
function lucideIcons(indexId: string, indexCode: string): Map<string, string> {
  const icons = new Map<string, string>();
  for (const [, names = "", file = ""] of indexCode.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g))
    for (const [, name] of names.matchAll(/default as (\w+)/g))
      if (name) icons.set(name, path.resolve(path.dirname(indexId), file));
  return icons;
}

/** The icon modules a source module imports by name from lucide-react. */
function lucideImports(code: string, icons: Map<string, string>): string[] {
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap(([, names = ""]) =>
    names
      .split(",")
      .map((name) => icons.get(name.trim().split(/\s+/)[0] ?? ""))
      .filter((id): id is string => id !== undefined),
  );
}

function collectFirstLoad(): Plugin {
  return {
    name: "lithobox-first-load",
    apply: "build",
    buildEnd() {
      firstLoadModules.clear();
      landingGroups.clear();
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => this.getModuleInfo(id)?.isEntry);
      const queue = entry ? [entry] : [];
      while (queue.length > 0) {
        const id = queue.pop() as string;
        if (firstLoadModules.has(id)) continue;
        // Not through packages with an index of re-exports (lucide-react, react-query): their
        // other modules are tree-shaken away here but used by lazy pages.
        if (/node_modules/.test(id) && !FIRST_LOAD_PACKAGES.test(id)) continue;
        firstLoadModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      const lucideIndex = ids.find((id) => LUCIDE_INDEX.test(id));
      const icons = lucideIndex
        ? lucideIcons(lucideIndex, this.getModuleInfo(lucideIndex)?.code ?? "")
        : new Map();
      // The entry's own icons (the header's) stay where the bundler puts them, beside the entry.
      const entryIcons = new Set(
        [...firstLoadModules].flatMap((id) => lucideImports(this.getModuleInfo(id)?.code ?? "", icons)),
      );
      /** What loading `starts` runs (their static imports, transitively) beyond the entry's first load. */
      const staticClosure = (...starts: string[]): Set<string> => {
        const seen = new Set<string>();
        const pending = [...starts];
        while (pending.length > 0) {
          const id = pending.pop() as string;
          if (seen.has(id) || firstLoadModules.has(id) || entryIcons.has(id)) continue;
          seen.add(id);
          if (BARREL_PACKAGES.test(id)) continue; // an icon: what it imports is lucide's, beside the entry
          const info = this.getModuleInfo(id);
          // Into a package's index of re-exports only as far as what the module names (lucide's icons).
          pending.push(
            ...(info?.importedIds ?? []).filter((next) => !BARREL_PACKAGES.test(next)),
            ...lucideImports(info?.code ?? "", icons),
          );
        }
        return seen;
      };
      const reachedBy = new Map<string, string[]>();
      for (const page of LANDING_PAGE_MODULES) {
        const name = path.basename(page).replace(/\.\w+$/, "");
        for (const id of staticClosure(page)) reachedBy.set(id, [...(reachedBy.get(id) ?? []), name]);
      }
      // What every other lazy chunk runs (other pages, a landing page's own lazy parts): such a
      // module goes to a "-shared" group of its landing pages, so that loading it elsewhere does
      // not bring the landing pages' own modules too.
      const loadedElsewhere = staticClosure(
        ...ids.filter(
          (id) => !LANDING_PAGE_MODULES.includes(id) && this.getModuleInfo(id)?.dynamicImporters.length,
        ),
      );
      // The pages themselves stay the chunks their dynamic imports name (and the manifest's keys).
      for (const [id, pages] of reachedBy) {
        if (LANDING_PAGE_MODULES.includes(id)) continue;
        const elsewhere = loadedElsewhere.has(id);
        // What one landing page alone runs stays in that page's chunk, where the bundler puts it.
        if (pages.length === 1 && !elsewhere) continue;
        landingGroups.set(id, {
          name: `${pages.sort().join("_")}${elsewhere ? "-shared" : ""}`,
          rank: landingGroupRank(pages.length, elsewhere),
        });
      }
    },
  };
}

/**
 * Pre-renders the landing pages (PRERENDERED_ROUTES) so their first paint needs no JavaScript:
 * / into index.html (served for /), the others into prerendered/*.html (the server maps each
 * route to its file); main.tsx hydrates them. The empty shell is kept as shell.html for every
 * other route (the server's fallback). The markup holds no script: the CSP is unchanged.
 */
function prerenderPages(): Plugin {
  let outDir = defaultOutDir;
  return {
    name: "lithobox-prerender",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      const indexFile = path.join(outDir, "index.html");
      const shell = readFileSync(indexFile, "utf8");
      if (!shell.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root");
      if (!/<script type="module" crossorigin src="[^"]+"><\/script>/.test(shell))
        throw new Error("index.html has no module entry script");
      const { module } = await runnerImport<{
        PRERENDERED_ROUTES: readonly string[];
        prerenderedFile: (route: string) => string;
        renderPage: (url: string) => { html: string; title: string };
      }>(here("./src/web/prerender.tsx"), {
        configFile: false,
        root: here("./src/web"),
        resolve: { alias },
        logLevel: "warn",
        // Stylesheets are in the client build already; the render needs none of them.
        plugins: [
          {
            name: "lithobox-prerender-no-css",
            enforce: "pre",
            resolveId: (id) => (id.endsWith(".css") ? "\0no-css" : undefined),
            load: (id) => (id === "\0no-css" ? "export default {};" : undefined),
          },
        ],
      });
      writeFileSync(path.join(outDir, "shell.html"), shell);
      for (const route of module.PRERENDERED_ROUTES) {
        const { html, title } = module.renderPage(route);
        const file = path.join(outDir, module.prerenderedFile(route));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(
          file,
          shell
            .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`)
            // The app starts after the first paint (public/csp-boot.js reads this).
            .replace(
              /<script type="module" crossorigin src="([^"]+)"><\/script>/,
              (_match, src: string) => `<meta name="lithobox-entry" content="${escapeHtml(src)}">`,
            )
            .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`),
        );
      }
    },
  };
}

/** Writes .br and .gz beside every text asset so the server can send them precompressed. */
function precompress(): Plugin {
  let outDir = defaultOutDir;
  return {
    name: "lithobox-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  root: here("./src/web"),
  publicDir: here("./src/web/public"),
  plugins: [react(), tailwindcss(), collectFirstLoad(), prerenderPages(), precompress()],
  resolve: { alias },
  build: {
    outDir: defaultOutDir,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
    // Vite preloads a lazy chunk's imports by appending a <link rel=modulepreload> per file, and
    // each append is main-thread work in the task that imports (0.5 ms or so unthrottled). Kept
    // for what the entry imports (the route's page before it renders, the overlays, the client);
    // a lazy import inside a lazy chunk (the 3D preview, the bundle step, the photo upload) is
    // warmed when the page has settled and fetches its own imports as it loads.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === "html" || isEntryChunk(hostId) ? deps : deps.filter((dep) => dep.endsWith(".css")),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "app", test: (id) => firstLoadModules.has(id), priority: 2 },
            ...LANDING_GROUP_RANKS.map((rank) => ({
              name: (id: string) => {
                const group = landingGroups.get(id);
                return group?.rank === rank ? group.name : null;
              },
              priority: rank / (rank + 1),
            })),
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
});
