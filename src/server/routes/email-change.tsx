/** @jsxImportSource hono/jsx */
/**
 * The undo link sent to the OLD address when an e-mail change is asked for (issue 14):
 *   GET  /account/email-change/undo?token=… -> a small page naming both addresses, with one
 *        button (no script; a link opened by a mail scanner changes nothing);
 *   POST /account/email-change/undo {token} (form or JSON) -> undoes it: a pending change is
 *        cancelled, a completed one puts the old address back and signs every session out.
 * No session is needed: whoever holds the old inbox holds the token (valid 7 days).
 */

import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { EMAIL_CHANGE_UNDO_TEXTS } from "@shared/email-change-texts";
import { type Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import { z } from "zod";
import { findUndoableChange, undoEmailChange } from "../accounts/index.js";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { standalonePage } from "../lib/standalone-page.js";

/** The undo pages: the title is the page's heading too. */
function undoPage(c: Context, title: string, body: Child, status: 200 | 400 | 409 = 200) {
  return standalonePage(
    c,
    title,
    <>
      <h1>{title}</h1>
      {body}
    </>,
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
  const T = EMAIL_CHANGE_UNDO_TEXTS;
  const limiter = createRateLimiter({
    name: "email-change-undo",
    store: ctx.rateLimits,
    limit: EMAIL_CHANGE_UNDO_RATE_LIMIT,
    windowMs: 60_000,
  });
  const limited = rateLimit(ctx, limiter, {
    name: "email-change-undo",
    message: ACCOUNT_MESSAGES.auth.tooManyAttempts,
  });

  return new Hono()
    .get("/account/email-change/undo", limited, async (c) => {
      const token = tokenSchema.safeParse(c.req.query("token"));
      const change = token.success ? await findUndoableChange(db, token.data) : undefined;
      if (!token.success || !change) return undoPage(c, T.title, <p>{T.invalid}</p>, 400);
      return undoPage(
        c,
        T.title,
        <>
          <p>{T.confirm(change.oldEmail, change.newEmail)}</p>
          <form method="post" action="/api/account/email-change/undo">
            <input type="hidden" name="token" value={token.data} />
            <button type="submit">{T.button}</button>
          </form>
        </>,
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
      return undoPage(
        c,
        status === 200 ? T.doneTitle : T.title,
        <>
          <p>{message}</p>
          <p>
            <a href="/auth">{T.loginLink}</a>
          </p>
        </>,
        status,
      );
    });
}
