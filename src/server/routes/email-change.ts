/**
 * The undo link sent to the OLD address when an e-mail change is asked for (issue 14):
 *   GET  /account/email-change/undo?token=… -> a small page naming both addresses, with one
 *        button (no script; a link opened by a mail scanner changes nothing);
 *   POST /account/email-change/undo {token} (form or JSON) -> undoes it: a pending change is
 *        cancelled, a completed one puts the old address back and signs every session out.
 * No session is needed: whoever holds the old inbox holds the token (valid 7 days).
 */
import { createHash } from "node:crypto";
import { MESSAGES } from "@shared/messages";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { findUndoableChange, undoEmailChange } from "../services/email-changes.js";
import { escapeHtml } from "../services/emails/auth-emails.js";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:24px 16px;background:#f5f5f4;color:#1c1917;font:16px/1.5 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:520px;margin:0 auto;background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:28px}
h1{font-size:24px;margin:0 0 12px}
button{min-height:48px;border-radius:999px;font:inherit;font-weight:600;padding:12px 24px;background:#1c1917;color:#fff;border:1px solid #1c1917;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #ca8a04;outline-offset:2px}
a{color:#1c1917}
`;
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");
/** No script; the one inline style by its hash; the form posts only here. */
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

function page(c: Context, title: string, body: string, status: 200 | 400 | 409 = 200) {
  c.header("Content-Security-Policy", PAGE_CSP);
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Robots-Tag", "noindex");
  return c.html(
    `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`,
    status,
  );
}

const tokenSchema = z
  .string()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);
export const EMAIL_CHANGE_UNDO_RATE_LIMIT = 20;

export function emailChangeRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const T = MESSAGES.email.undo;
  const limiter = createRateLimiter({
    name: "email-change-undo",
    store: ctx.rateLimits,
    limit: EMAIL_CHANGE_UNDO_RATE_LIMIT,
    windowMs: 60_000,
  });
  const limited = rateLimit(ctx, limiter, {
    name: "email-change-undo",
    message: MESSAGES.auth.tooManyAttempts,
  });
  const loginLink = `<p><a href="/auth">${escapeHtml(T.loginLink)}</a></p>`;

  return new Hono()
    .get("/account/email-change/undo", limited, async (c) => {
      const token = tokenSchema.safeParse(c.req.query("token"));
      const change = token.success ? await findUndoableChange(db, token.data) : undefined;
      if (!token.success || !change) return page(c, T.title, `<p>${escapeHtml(T.invalid)}</p>`, 400);
      return page(
        c,
        T.title,
        `<p>${escapeHtml(T.confirm(change.oldEmail, change.newEmail))}</p>
<form method="post" action="/api/account/email-change/undo">
<input type="hidden" name="token" value="${escapeHtml(token.data)}">
<button type="submit">${escapeHtml(T.button)}</button>
</form>`,
      );
    })
    .post("/account/email-change/undo", limited, async (c) => {
      const isForm = (c.req.header("content-type") ?? "").includes("application/x-www-form-urlencoded");
      let raw: unknown;
      try {
        raw = isForm ? (await c.req.parseBody()).token : ((await c.req.json()) as { token?: unknown }).token;
      } catch {
        raw = undefined;
      }
      const token = tokenSchema.safeParse(raw);
      const outcome = token.success ? await undoEmailChange(db, token.data) : ({ kind: "invalid" } as const);
      if (outcome.kind === "cancelled" || outcome.kind === "restored") {
        ctx.log.info({ userId: outcome.userId, outcome: outcome.kind }, "email change undone");
      }
      const message =
        outcome.kind === "cancelled"
          ? T.cancelled(outcome.email)
          : outcome.kind === "restored"
            ? T.restored(outcome.email)
            : outcome.kind === "address_taken"
              ? T.addressTaken
              : T.invalid;
      const status = outcome.kind === "invalid" ? 400 : outcome.kind === "address_taken" ? 409 : 200;
      if (!isForm) {
        return status === 200
          ? c.json({ undone: outcome.kind, message })
          : c.json({ error: outcome.kind, message }, status);
      }
      return page(
        c,
        status === 200 ? T.doneTitle : T.title,
        `<p>${escapeHtml(message)}</p>${loginLink}`,
        status,
      );
    });
}
