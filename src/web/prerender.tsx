/**
 * Build-time rendering of the home page: vite.config.ts writes it into dist/index.html (served
 * for /) and keeps the empty shell as dist/shell.html (every other route). The markup is what
 * main.tsx hydrates: the same tree (App), nothing stored, the session not known yet.
 */
import { documentTitle } from "@shared/titles";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./app/App";
import { AppRoutes } from "./router";

export function renderPage(url: string): { html: string; title: string } {
  const html = renderToString(
    <App
      router={
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      }
    />,
  );
  return { html, title: documentTitle(url) };
}
