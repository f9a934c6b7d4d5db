/**
 * The signed-in customer's own data: who am I, profile, MFA bookkeeping, data export and
 * account deletion. Sign-up, sign-in, TOTP enrolment and verification, password and e-mail
 * changes are Better Auth's own endpoints under /api/auth (see src/web/features/auth/api/).
 * Every route here acts on the caller only; nothing takes a user id from the request.
 */

import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { BRAND_NAME } from "@shared/brand";
import { MESSAGES } from "@shared/messages";
import { deleteAccountSchema, mfaResetSchema, profileSchema } from "@shared/schemas";
import { isAPIError } from "better-auth/api";
import { type Context, Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import {
  clearMfaFlags,
  completeMfa,
  countAdmins,
  deleteAccount,
  ensureProfile,
  exportAccountData,
  hasPassword,
  hasTotpFactor,
  needsMfaSetup,
  saveProfile,
  skipMfaSetup,
  toProfileView,
  verifiedTotpFactors,
} from "../accounts/index.js";
import type { AppContext } from "../context.js";
import { createRateLimiter, type RateLimiter } from "../lib/rate-limit.js";
import { HttpError, validationHook, zValidator } from "../lib/validation.js";
import { type CallerSession, isFreshSession, requireSession, requireUser } from "../session.js";

function apiErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code = error.body?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Re-authentication before a security change: accounts with a password must give it;
 * accounts without one (OAuth only) need a sign-in from the last few minutes.
 */
async function reauthenticate(
  ctx: AppContext,
  c: Context,
  caller: CallerSession,
  password: string | undefined,
  limiter: RateLimiter,
) {
  // Password and code checks made here bypass Better Auth's limiter: limit them per account.
  if (!(await limiter.hit(caller.user.id)).ok) {
    throw new HttpError(429, "too_many_attempts", ACCOUNT_MESSAGES.auth.tooManyAttempts);
  }
  if (await hasPassword(ctx.database.db, caller.user.id)) {
    if (!password) throw new HttpError(400, "password_required", ACCOUNT_MESSAGES.mfa.passwordRequired);
    try {
      await ctx.auth.api.verifyPassword({ body: { password }, headers: c.req.raw.headers });
    } catch (error) {
      if (apiErrorCode(error) === "INVALID_PASSWORD") {
        throw new HttpError(400, "invalid_password", ACCOUNT_MESSAGES.auth.incorrectPassword);
      }
      throw error;
    }
    return;
  }
  if (!isFreshSession(caller.session))
    throw new HttpError(403, "reauthentication_required", ACCOUNT_MESSAGES.auth.signInAgain);
}

/** Better Auth may rotate the session on a security change: pass its cookies on. */
function forwardCookies(c: Context, headers: Headers | undefined) {
  for (const cookie of headers?.getSetCookie() ?? []) c.header("Set-Cookie", cookie, { append: true });
}

export function accountRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const reauthLimiter = createRateLimiter({
    name: "reauth",
    store: ctx.rateLimits,
    limit: ctx.config.rateLimit.signInPerMinute,
    windowMs: 60_000,
  });

  return (
    new Hono()
      /** Which OAuth providers are configured, so the UI can say when one is not available. */
      .get("/auth-providers", (c) =>
        c.json({
          google: Boolean(ctx.config.oauth.google),
          github: Boolean(ctx.config.oauth.github),
          facebook: Boolean(ctx.config.oauth.facebook),
        }),
      )

      .get("/me", async (c) => {
        const user = await requireUser(ctx, c);
        const profile = await ensureProfile(db, user);
        return c.json({
          user,
          profile: toProfileView(profile, user.email),
          isAdmin: user.role === "admin",
          needsMfaSetup: needsMfaSetup(user, profile),
        });
      })

      .get("/profile", async (c) => {
        const user = await requireUser(ctx, c);
        return c.json({ profile: toProfileView(await ensureProfile(db, user), user.email) });
      })

      .put("/profile", zValidator("json", profileSchema, validationHook), async (c) => {
        const user = await requireUser(ctx, c);
        const input = c.req.valid("json");
        const row = await saveProfile(ctx, user, input);
        return c.json({ profile: toProfileView(row, user.email) });
      })

      /** The TOTP factor, if any: the spec's factor list (id, friendly name, created). */
      .get("/mfa/factors", async (c) => {
        const user = await requireUser(ctx, c);
        const rows = await verifiedTotpFactors(db, user.id);
        return c.json({
          factors: rows.map((r) => ({
            id: r.id,
            friendlyName: ACCOUNT_MESSAGES.mfa.defaultFactorName,
            factorType: "totp" as const,
            createdAt: r.createdAt.toISOString(),
          })),
        });
      })

      /** Non-admins may skip the set-up; admins get 403 'Cannot Skip'. */
      .post("/mfa/skip", async (c) => {
        const user = await requireUser(ctx, c);
        if (user.role === "admin")
          throw new HttpError(403, "cannot_skip", ACCOUNT_MESSAGES.mfa.cannotSkip.description);
        const profile = await skipMfaSetup(ctx, user);
        if (!profile) throw new Error("profile missing after skip");
        return c.json({ profile: toProfileView(profile, user.email), needsMfaSetup: false });
      })

      /** After a successful verification: the flags follow, once TOTP is really on. */
      .post("/mfa/completed", async (c) => {
        const user = await requireUser(ctx, c);
        const done = await completeMfa(ctx, user.id);
        if (!done) throw new HttpError(409, "mfa_not_enabled", ACCOUNT_MESSAGES.mfa.notEnabledYet);
        const profile = await ensureProfile(db, user);
        return c.json({ profile: toProfileView(profile, user.email), needsMfaSetup: false });
      })

      /**
       * Unenrols TOTP and clears mfa_enabled and mfa_setup_completed (so the set-up is due
       * again). Needs the password (or, without one, a recent sign-in); an optional `code`
       * must be a current authenticator code (the Delete dialog's confirmation).
       */
      .post("/mfa/reset", zValidator("json", mfaResetSchema, validationHook), async (c) => {
        const caller = await requireSession(ctx, c);
        const { password, code } = c.req.valid("json");
        await reauthenticate(ctx, c, caller, password, reauthLimiter);
        const headers = c.req.raw.headers;
        if (code) {
          try {
            await ctx.auth.api.verifyTOTP({ body: { code }, headers });
          } catch (error) {
            const errCode = apiErrorCode(error);
            if (errCode === "TOTP_NOT_ENABLED")
              throw new HttpError(400, "no_factors", MESSAGES.mfaSignIn.noFactorsFound);
            if (errCode)
              throw new HttpError(400, "invalid_code", ACCOUNT_MESSAGES.mfa.verifyFailed.description);
            throw error;
          }
        }
        if ((await hasTotpFactor(db, caller.user.id)) || caller.user.twoFactorEnabled) {
          const result = await ctx.auth.api.disableTwoFactor({
            body: password ? { password } : {},
            headers,
            returnHeaders: true,
          });
          forwardCookies(c, result.headers);
        }
        await clearMfaFlags(db, caller.user.id);
        const profile = await ensureProfile(db, caller.user);
        const needs = needsMfaSetup({ role: caller.user.role, twoFactorEnabled: false }, profile);
        return c.json({ profile: toProfileView(profile, caller.user.email), needsMfaSetup: needs });
      })

      /** Everything the shop holds about the caller, as a JSON download. */
      .get("/account/export", async (c) => {
        const user = await requireUser(ctx, c);
        const data = await exportAccountData(db, user);
        const day = new Date().toISOString().slice(0, 10);
        c.header(
          "Content-Disposition",
          `attachment; filename="${BRAND_NAME.toLowerCase()}-account-${day}.json"`,
        );
        c.header("Cache-Control", "no-store");
        return c.json(data);
      })

      /** Deletes the caller's account; orders stay, anonymised. */
      .delete("/account", zValidator("json", deleteAccountSchema, validationHook), async (c) => {
        const caller = await requireSession(ctx, c);
        const { password } = c.req.valid("json");
        await reauthenticate(ctx, c, caller, password, reauthLimiter);
        if (caller.user.role === "admin" && (await countAdmins(db)) <= 1) {
          throw new HttpError(409, "last_admin", ACCOUNT_MESSAGES.account.lastAdmin);
        }
        const result = await deleteAccount(ctx, caller.user);
        ctx.log.info({ userId: caller.user.id, ...result }, "account deleted");
        const authContext = await ctx.auth.$context;
        const secure = ctx.config.production;
        for (const cookie of [authContext.authCookies.sessionToken, authContext.authCookies.sessionData]) {
          deleteCookie(c, cookie.name, { path: "/", secure, httpOnly: true, sameSite: "Lax" });
        }
        return c.json({ deleted: true as const, ordersAnonymised: result.ordersAnonymised });
      })
  );
}
