/** @jsxImportSource hono/jsx */
/**
 * The few pages the server renders itself, outside the web app (the test payment page, the
 * e-mail change undo page): one small stylesheet, no script, and headers of their own: a CSP
 * that allows only that stylesheet (by its hash) and forms posting back here, no caching, no
 * referrer, and noindex. The body is hono/jsx, so every value is escaped as it renders.
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { renderDocument } from "./html.js";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:24px 16px;background:#f5f5f4;color:#1c1917;font:16px/1.5 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:520px;margin:0 auto;background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:28px;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:24px;margin:0 0 12px}
a{color:#1c1917}
.badge{display:inline-block;margin:0 0 16px;background:#fde047;color:#422006;font-weight:800;letter-spacing:.08em;padding:6px 12px;border-radius:999px;font-size:14px}
.warning{background:#fef9c3;border:1px solid #facc15;border-radius:10px;padding:12px 14px;margin:16px 0;color:#422006}
.number{color:#57534e;margin:0 0 16px}
table{width:100%;border-collapse:collapse;margin:12px 0 20px}
td{padding:8px 0;border-bottom:1px solid #e7e5e4;vertical-align:top}
td.amount{text-align:right;white-space:nowrap;padding-left:12px}
.details{display:block;color:#57534e;font-size:14px}
tr.total td{border-bottom:0;font-weight:700;font-size:18px}
.actions{display:flex;flex-wrap:wrap;gap:12px}
form{margin:0}
.actions form{flex:1 1 180px}
button{min-height:48px;border-radius:999px;font-family:inherit;font-size:17px;font-weight:600;line-height:1.2;cursor:pointer;padding:12px 24px;background:#1c1917;color:#fff;border:1px solid #1c1917}
.actions button{width:100%}
button:hover,button:focus-visible{background:#44403c}
button.secondary{background:#fff;color:#1c1917;border-color:#a8a29e}
button.secondary:hover,button.secondary:focus-visible{background:#f5f5f4}
button:focus-visible,a:focus-visible{outline:3px solid #ca8a04;outline-offset:2px}
.note{font-size:14px;color:#57534e;margin-top:20px}
`;
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");
/** No script at all; the one inline style is allowed by its hash; forms post only here. */
export const STANDALONE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/** The whole document; `standalonePage` sends it. */
export function renderStandalonePage(title: string, body: Child): string {
  return renderDocument(
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        {/* raw(): this module's constant, never user data; the CSP allows exactly these bytes. */}
        <style>{raw(STYLE)}</style>
      </head>
      <body>
        <main>{body}</main>
      </body>
    </html>,
  );
}

export function standalonePage(
  c: Context,
  title: string,
  body: Child,
  status: ContentfulStatusCode = 200,
): Response {
  c.header("Content-Security-Policy", STANDALONE_PAGE_CSP);
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Robots-Tag", "noindex");
  return c.html(renderStandalonePage(title, body), status);
}
