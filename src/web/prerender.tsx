/**
 * Build-time rendering of the landing pages (PRERENDERED_ROUTES): vite.config.ts writes each
 * into the build (index.html for /, prerendered/*.html for the rest) and keeps the empty shell
 * as shell.html for every other route. The markup is what main.tsx hydrates: the same tree
 * (App), nothing stored, the session not known yet, fetched data still loading.
 */
import { documentTitle, PRERENDERED_ROUTES, prerenderedFile } from "@shared/titles";
import { renderToString } from "react-dom/server";
import { App } from "./app/App";
import { StaticLocation } from "./app/routing";
import { AppRoutes, preloadRoute } from "./router";

export { PRERENDERED_ROUTES, prerenderedFile };

// A lazy page renders only once loaded (renderToString would give the Suspense fallback). Loaded
// here, while the module is imported: vite's runner that imports it at build time closes after.
await Promise.all(PRERENDERED_ROUTES.map(preloadRoute));

export function renderPage(url: string): { html: string; title: string } {
  const html = renderToString(
    <App
      router={
        <StaticLocation url={url}>
          <AppRoutes />
        </StaticLocation>
      }
    />,
  );
  return { html, title: documentTitle(url) };
}
