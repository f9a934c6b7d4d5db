/**
 * Import rules of the layers docs/architecture.md describes ("Layers"), checked by `npm test`:
 * pure domain code imports no runtime, the web app reaches the server only for types,
 * feature folders and server modules meet through their index (a web feature also through its
 * api and, for the app shell, its shell entry), routes leave the database to the
 * modules, and nothing imports itself in a circle. The product's rules are in docs/product.md.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "shared-is-pure",
      comment: "src/shared holds rules both sides run: it imports nothing from the server or the web app.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(server|web)/" },
    },
    {
      name: "lithophane-is-pure",
      comment: "src/lithophane runs in the browser and on the server: it imports nothing from either side.",
      severity: "error",
      from: { path: "^src/lithophane/" },
      to: { path: "^src/(server|web)/" },
    },
    {
      name: "web-imports-server-types-only",
      comment: "The web app may name server types (the typed client), never ship server code.",
      severity: "error",
      from: { path: "^src/web/" },
      to: { path: "^src/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-does-not-import-web",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/web/" },
    },
    {
      name: "features-meet-through-index",
      comment:
        "A feature folder uses another feature only through its faces: index.ts(x) (its components and hooks) and api.ts or api/index.ts (its calls to the server, issue 49 item 4: each feature owns its API calls).",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/" },
      to: {
        path: "^src/web/features/[^/]+/",
        pathNot: ["^src/web/features/$1/", "^src/web/features/[^/]+/(index\\.tsx?|api\\.ts|api/index\\.ts)$"],
      },
    },
    {
      name: "shell-reaches-features-through-their-faces",
      comment:
        "The app shell (app/, components/, pages/, the router) uses a feature only through its faces: index.ts(x), api.ts or api/index.ts, or shell.ts, the small entry of what the first load already runs where the index would bring more into it (issue 49 item 4). A dynamic import() may name the module it loads: it is a split point of its own (a route's page, an overlay loaded on demand).",
      severity: "error",
      from: { path: "^src/web/((app|components|pages)/|(router|main|prerender)\\.tsx$)" },
      to: {
        path: "^src/web/features/[^/]+/",
        pathNot: "^src/web/features/[^/]+/(index\\.tsx?|shell\\.ts|api\\.ts|api/index\\.ts)$",
        dependencyTypesNot: ["dynamic-import"],
      },
    },
    {
      name: "lower-layers-stay-low",
      comment:
        "The server's plumbing (lib/, db/, config) is below the domain modules, the context and the routes: it never imports up (issue 49 item 2; the seed, which writes through the modules, lives in seed/).",
      severity: "error",
      from: { path: "^src/server/(lib|db)/" },
      to: {
        path: "^src/server/((orders|payments|catalogue|fulfilment|messaging|accounts|storefront|reporting|platform|backups|routes|seed|cli|print)/|(context|session|auth|app|main)\\.tsx?$)",
      },
    },
    {
      name: "modules-meet-through-their-face",
      comment:
        "A server module (orders, payments, catalogue, fulfilment, messaging, accounts, storefront, reporting, platform, backups) is used by the others only through its index.ts.",
      severity: "error",
      from: {
        path: "^src/server/(orders|payments|catalogue|fulfilment|messaging|accounts|storefront|reporting|platform|backups)/",
      },
      to: {
        path: "^src/server/(orders|payments|catalogue|fulfilment|messaging|accounts|storefront|reporting|platform|backups)/",
        pathNot: ["^src/server/$1/", "^src/server/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "the-rest-of-the-server-uses-module-faces",
      comment:
        "Routes, the context, the CLIs and the libraries reach a server module only through its index.ts (the routes stay thin: the module decides).",
      severity: "error",
      from: {
        path: "^src/server/",
        pathNot:
          "^src/server/(orders|payments|catalogue|fulfilment|messaging|accounts|storefront|reporting|platform|backups)/",
      },
      to: {
        path: "^src/server/(orders|payments|catalogue|fulfilment|messaging|accounts|storefront|reporting|platform|backups)/",
        pathNot: "^src/server/[^/]+/index\\.ts$",
      },
    },
    {
      name: "routes-do-not-query",
      comment:
        "Routes validate, check who asks, call one module function and answer: the module (through its index.ts) does the database work, so no route imports the schema or drizzle-orm (issue 28).",
      severity: "error",
      from: { path: "^src/server/routes/" },
      to: { path: ["^src/server/db/schema\\.ts$", "drizzle-orm"] },
    },
    {
      name: "routes-validate-through-lib",
      comment:
        "Routes take zValidator from src/server/lib/validation.ts, which parses synchronously (zod's compiled fast path).",
      severity: "error",
      from: { path: "^src/server/", pathNot: "^src/server/lib/validation\\.ts$" },
      to: { path: "@hono/zod-validator" },
    },
    {
      name: "no-circular",
      comment:
        "No module imports itself in a circle, type imports included (issue 49 item 2): a module names the services it is handed (orders/services.ts), never the app context that builds it.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
