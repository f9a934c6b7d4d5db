/**
 * Better Auth on our database: e-mail + password with verification, OAuth where configured,
 * TOTP two-factor (with backup codes), roles.
 *
 * - Sign-up takes firstName and lastName besides the e-mail and password; user.name becomes
 *   "First Last" and the profiles row is created by a database hook. Addresses listed in
 *   ADMIN_EMAILS get the admin role at creation.
 * - E-mail verification is required: sign-up (and a login attempt by an unverified account)
 *   sends a link to /api/auth/verify-email that lands on /auth?verified=1 (an invalid or
 *   expired link lands on /auth?verified=1&error=<CODE>). Change-email sends its link to the
 *   NEW address and lands on /auth?emailChanged=1; the old address gets a notice.
 * - Rate limits are on in every environment, per client IP (see lib/client-ip.ts).
 * - Account e-mails go through the mail outbox (decision 285): queued, sent at once, retried
 *   when the mail service fails; one carrying a link is not sent after the link's end and
 *   keeps no body once sent.
 * - MFA bookkeeping follows Better Auth: enabling TOTP records a 'setup' attempt (false);
 *   when users.two_factor_enabled turns on or off the profile's MFA flags follow.
 */
import { randomUUID } from "node:crypto";
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { BRAND_NAME } from "@shared/brand";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { authUserFieldsSchema, FIELD_MAX_LENGTH, requestValueProblem } from "@shared/schemas";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import {
  APIError,
  createAuthMiddleware,
  getAuthoritativeSessionFromCtx,
  getSessionFromCtx,
  isAPIError,
} from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import { twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import {
  cancelPendingEmailChanges,
  clearMfaFlags,
  completeEmailChange,
  createProfile,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_CHANGE_UNDO_PATH,
  isPendingEmailChange,
  markMfaCompleted,
  recordEmailChange,
  recordMfaAttempt,
  roleForNewUser,
} from "./accounts/index.js";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import * as schema from "./db/schema.js";
import type { BackgroundTasks } from "./lib/background-tasks.js";
import { CLIENT_IP_HEADER, clientIp, createProxyList } from "./lib/client-ip.js";
import type { Logger } from "./lib/logger.js";
import {
  addressLimiterKey,
  betterAuthRateLimitStorage,
  createRateLimiter,
  type RateLimitStore,
} from "./lib/rate-limit.js";
import { claimTotpStep } from "./lib/totp-replay.js";
import {
  emailChangeRequestedNotice,
  existingAccountSignUpNotice,
  type MailMessage,
  type MailOutbox,
  type OutboxKind,
  queueMail,
  resetPasswordEmail,
  verifyAccountEmail,
  verifyNewEmailEmail,
} from "./messaging/index.js";

/**
 * Better Auth's cookie cache: the session and user, signed, in a session_data cookie this
 * many seconds old at most. Only routes that opt in (session.ts `{ cached: true }`: the
 * saved cart) trust it; every other server-side lookup and /api/auth/get-session read the
 * database, so role, MFA and revocation changes still take effect at once there. Kept short:
 * on the opted-in routes a revoked session lives this long.
 */
export const SESSION_COOKIE_CACHE_SECONDS = 60;

/** Verification and change-email links stay valid for a day. */
export const EMAIL_LINK_EXPIRES_IN_SECONDS = 24 * 60 * 60;
/** Where the links land (the web's /auth page shows the outcome). */
export const VERIFIED_PATH = "/auth?verified=1";
export const EMAIL_CHANGED_PATH = "/auth?emailChanged=1";
/** Password-reset links are short-lived and single-use. */
export const PASSWORD_RESET_EXPIRES_IN_SECONDS = 60 * 60;
/** Where a reset link lands with ?token=… (or ?error=INVALID_TOKEN): the web's new-password form. */
export const RESET_PASSWORD_PATH = "/auth/reset-password";

const nameField = (requiredMessage: string) =>
  z
    .string(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(FIELD_MAX_LENGTH.name, CHECKOUT_MESSAGES.validation.tooLong(FIELD_MAX_LENGTH.name));
const signUpNamesSchema = z.object({
  firstName: nameField(CHECKOUT_MESSAGES.validation.firstNameRequired),
  lastName: nameField(CHECKOUT_MESSAGES.validation.lastNameRequired),
});

/** The outbox kind of each account e-mail. */
const ACCOUNT_MAIL_KINDS = {
  verification: "account_verification",
  reset: "account_password_reset",
  "existing-account": "account_existing_signup",
} as const satisfies Record<string, OutboxKind>;

/** Verification, reset and existing-account mails to one address: at most this many an hour each. */
export const AUTH_MAIL_PER_RECIPIENT_PER_HOUR = 5;
/** An e-mail change needs the current password, or a sign-in at most this long ago. */
export const EMAIL_CHANGE_FRESH_SIGN_IN_MS = 5 * 60 * 1000;
/** TOTP as the authenticator app makes it (see limits.ts). */
const TOTP = { digits: 6, periodSeconds: 30 } as const;

/**
 * The windows in which one account (its address) may try to sign in `perAccount` times
 * (AUTH_ACCOUNT_SIGN_IN_LIMIT, 10 by default), whatever the client's address: in 15 minutes,
 * and three times as many in a day (issue 46). Right or wrong, every attempt counts: a wrong one
 * is only known after the password's hash is checked, which is what the limit spares.
 */
export function accountSignInLimits(perAccount: number): Array<{ limit: number; windowMs: number }> {
  return [
    { limit: perAccount, windowMs: 15 * 60_000 },
    { limit: perAccount * 3, windowMs: 24 * 60 * 60_000 },
  ];
}

/** Better Auth endpoints that write the user's own fields (name, image) from the request body. */
const USER_WRITING_PATHS: ReadonlySet<string> = new Set(["/sign-up/email", "/update-user"]);

/** Better Auth's error codes whose wording we replace with the shop's. */
const ERROR_TEXTS: Record<string, string> = {
  EMAIL_NOT_VERIFIED: ACCOUNT_MESSAGES.auth.emailNotVerified,
  PASSWORD_TOO_SHORT: ACCOUNT_MESSAGES.password.tooShort,
  INVALID_PASSWORD: ACCOUNT_MESSAGES.auth.incorrectPassword,
  INVALID_CODE: "Invalid verification code",
};

function withCallback(url: string, callbackURL: string): string {
  const link = new URL(url);
  link.searchParams.set("callbackURL", callbackURL);
  return link.toString();
}

export function createAuth(deps: {
  config: Config;
  db: Db;
  /** Account e-mails are queued here and sent at once (retried if the mail service fails). */
  outbox: Pick<MailOutbox, "sendNow">;
  log: Logger;
  /** Runs account e-mails after the response; without it they are sent before answering. */
  background?: BackgroundTasks;
  /** Where the shop's limiters here count; Better Auth's too when it is Redis (several servers). */
  rateLimits?: RateLimitStore;
}) {
  const { config, db, outbox, log, background, rateLimits } = deps;
  const expiresInHours = EMAIL_LINK_EXPIRES_IN_SECONDS / 3600;

  // Per recipient, on top of Better Auth's per-IP limits: many IPs cannot flood one inbox.
  const mailCap = createRateLimiter({
    name: "auth-mail",
    store: rateLimits,
    limit: AUTH_MAIL_PER_RECIPIENT_PER_HOUR,
    windowMs: 60 * 60 * 1000,
  });
  async function sendAccountMail(
    kind: "verification" | "reset" | "existing-account",
    userId: string,
    message: MailMessage,
    linkExpiresInSeconds?: number,
  ): Promise<void> {
    if (!(await mailCap.hit(`${kind}:${addressLimiterKey(config.authSecret, message.to)}`)).ok) {
      log.warn({ kind, userId }, "account e-mail not sent: the recipient's hourly cap is reached");
      return;
    }
    const expiresAt = linkExpiresInSeconds ? new Date(Date.now() + linkExpiresInSeconds * 1000) : undefined;
    await queueAccountMail(ACCOUNT_MAIL_KINDS[kind], message, expiresAt);
  }
  /**
   * Into the outbox, then sent at once: a mail service that fails leaves it to the retries. A
   * link's lifetime becomes the row's expires_at (not sent after; bodies blanked once sent).
   */
  async function queueAccountMail(kind: OutboxKind, message: MailMessage, expiresAt?: Date): Promise<void> {
    const id = await queueMail(db, {
      dedupeKey: `${kind}:${randomUUID()}`,
      kind,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(expiresAt ? { expiresAt } : {}),
    });
    await outbox.sendNow([id]);
  }
  // Sign-in attempts per account, beside Better Auth's per-IP limit: many addresses cannot
  // guess one account's password. Two windows: a short one, then a day (the backoff).
  const accountSignIn = accountSignInLimits(config.rateLimit.signInPerAccount).map((rule, i) =>
    createRateLimiter({ name: `sign-in-account-${i}`, store: rateLimits, ...rule }),
  );
  async function limitSignInPerAccount(ctx: HookContext): Promise<void> {
    const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
    if (!email) return;
    const key = addressLimiterKey(config.authSecret, email);
    for (const limiter of accountSignIn) {
      const result = await limiter.hit(key);
      if (!result.ok) {
        log.warn({ limiter: "sign-in-account" }, "sign-in refused: too many attempts for one account");
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { code: "TOO_MANY_ATTEMPTS", message: ACCOUNT_MESSAGES.auth.tooManyAccountAttempts },
          { "Retry-After": String(result.retryAfterSeconds) },
        );
      }
    }
  }
  // Password checks for an e-mail change, per account (Better Auth's limit is per IP).
  const emailChangeLimiter = createRateLimiter({
    name: "email-change",
    store: rateLimits,
    limit: config.rateLimit.signInPerMinute,
    windowMs: 60_000,
  });

  const socialProviders: Partial<
    Record<"google" | "github" | "facebook", { clientId: string; clientSecret: string }>
  > = {};
  for (const provider of ["google", "github", "facebook"] as const) {
    const pair = config.oauth[provider];
    if (pair) socialProviders[provider] = { clientId: pair.clientId, clientSecret: pair.clientSecret };
  }

  const signInLimit = { window: 60, max: config.rateLimit.signInPerMinute };
  const sensitiveLimit = { window: 60, max: config.rateLimit.sensitivePerMinute };

  type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

  /** The caller's session as the database has it (not the cookie cache), or null. */
  async function sessionOf(ctx: HookContext) {
    try {
      return await getAuthoritativeSessionFromCtx(ctx);
    } catch {
      return null;
    }
  }

  /**
   * Change-email: a session alone is not enough (a stolen cookie would take the account, and
   * a reset link would then go to the thief). The current password must be given, or the
   * sign-in must be at most 5 minutes old; accounts without a password need the fresh sign-in.
   */
  async function requireReauthForEmailChange(ctx: HookContext): Promise<void> {
    const session = await sessionOf(ctx);
    if (!session) return; // Better Auth answers 401.
    const userId = session.user.id;
    const password = typeof ctx.body?.currentPassword === "string" ? ctx.body.currentPassword : "";
    if (password) {
      if (!(await emailChangeLimiter.hit(userId)).ok) {
        throw new APIError("TOO_MANY_REQUESTS", {
          code: "TOO_MANY_ATTEMPTS",
          message: ACCOUNT_MESSAGES.auth.tooManyAttempts,
        });
      }
      const accounts = await ctx.context.internalAdapter.findAccounts(userId);
      const hash = accounts.find((a) => a.providerId === "credential" && a.password)?.password;
      if (hash && (await ctx.context.password.verify({ hash, password }))) return;
      throw new APIError("BAD_REQUEST", {
        code: "INVALID_PASSWORD",
        message: ACCOUNT_MESSAGES.auth.incorrectPassword,
      });
    }
    const signedInAt = new Date(session.session.createdAt).getTime();
    if (Date.now() - signedInAt <= EMAIL_CHANGE_FRESH_SIGN_IN_MS) return;
    throw new APIError("FORBIDDEN", {
      code: "PASSWORD_REQUIRED",
      message: ACCOUNT_MESSAGES.email.passwordRequired,
    });
  }

  /** The link to a new address works only while its change is pending (not cancelled or undone). */
  async function refuseCancelledEmailChange(ctx: HookContext): Promise<void> {
    const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
    const payload = token ? await verifyJWT(token, ctx.context.secret) : null;
    const updateTo = typeof payload?.updateTo === "string" ? payload.updateTo : undefined;
    const userId = typeof payload?.userId === "string" ? payload.userId : undefined;
    if (!updateTo || !userId || (await isPendingEmailChange(db, userId, updateTo))) return;
    const callback = typeof ctx.query?.callbackURL === "string" ? ctx.query.callbackURL : "";
    let target = new URL(`${config.publicUrl}${EMAIL_CHANGED_PATH}`);
    try {
      const asked = new URL(callback, config.publicUrl);
      if (asked.origin === target.origin) target = asked;
    } catch {
      // Not a URL: the default landing page.
    }
    target.searchParams.set("error", "EMAIL_CHANGE_CANCELLED");
    throw ctx.redirect(target.toString());
  }

  /** A TOTP code of a step already used by this account is refused (replay). */
  async function refuseTotpReplay(ctx: HookContext): Promise<void> {
    const code = typeof ctx.body?.code === "string" ? ctx.body.code.replace(/\s/g, "") : "";
    if (!/^\d{6}$/.test(code)) return;
    let userId = (await sessionOf(ctx))?.user.id;
    if (!userId) {
      // Signing in: the pending two-factor challenge names the user.
      const cookie = ctx.context.createAuthCookie("two_factor");
      const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
      const verification = challenge
        ? await ctx.context.internalAdapter.findVerificationValue(challenge)
        : null;
      userId = verification?.value;
    }
    if (!userId) return;
    const claim = await claimTotpStep(db, { userId, code, authSecret: ctx.context.secretConfig, ...TOTP });
    if (claim === "replayed") {
      throw new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: ERROR_TEXTS.INVALID_CODE });
    }
  }

  return betterAuth({
    appName: BRAND_NAME,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    // PUBLIC_URL's origin; in local mode also 127.0.0.1 and [::1] (config.trustedOrigins).
    trustedOrigins: [...new Set([config.publicUrl, ...config.trustedOrigins])],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
        rateLimit: schema.rateLimits,
      },
    }),
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_EXPIRES_IN_SECONDS,
      // A reset is what someone does when they fear another has their password: end every session.
      revokeSessionsOnPasswordReset: true,
      // Sign-up with a known address answers like a new one (Better Auth hashes the password
      // either way); the owner gets a notice where a new address gets its confirmation, both
      // sent after the response.
      async onExistingUserSignUp({ user }) {
        await sendAccountMail("existing-account", user.id, {
          to: user.email,
          ...existingAccountSignUpNotice({ name: user.name, loginUrl: `${config.publicUrl}/auth` }),
        });
      },
      async sendResetPassword({ user, url }) {
        await sendAccountMail(
          "reset",
          user.id,
          {
            to: user.email,
            ...resetPasswordEmail({
              name: user.name,
              url: withCallback(url, `${config.publicUrl}${RESET_PASSWORD_PATH}`),
              expiresInMinutes: PASSWORD_RESET_EXPIRES_IN_SECONDS / 60,
            }),
          },
          PASSWORD_RESET_EXPIRES_IN_SECONDS,
        );
      },
      // The link reached this inbox, which proves the address as well as a verification link does.
      async onPasswordReset({ user }) {
        // A new password stops any e-mail change asked for with the old one.
        await cancelPendingEmailChanges(db, user.id);
        if (!user.emailVerified) {
          await db.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.id, user.id));
        }
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_LINK_EXPIRES_IN_SECONDS,
      async sendVerificationEmail({ user, url }) {
        // Change-email passes the user with the NEW address; the stored row still has the old one.
        const [stored] = await db
          .select({ email: schema.users.email })
          .from(schema.users)
          .where(eq(schema.users.id, user.id));
        const isChange = stored !== undefined && stored.email.toLowerCase() !== user.email.toLowerCase();
        const message = isChange
          ? verifyNewEmailEmail({
              name: user.name,
              newEmail: user.email,
              url: withCallback(url, `${config.publicUrl}${EMAIL_CHANGED_PATH}`),
              expiresInHours,
            })
          : verifyAccountEmail({
              name: user.name,
              url: withCallback(url, `${config.publicUrl}${VERIFIED_PATH}`),
              expiresInHours,
            });
        await sendAccountMail(
          "verification",
          user.id,
          { to: user.email, ...message },
          EMAIL_LINK_EXPIRES_IN_SECONDS,
        );
      },
    },
    socialProviders,
    session: {
      cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS },
    },
    advanced: {
      useSecureCookies: config.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.production },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      ...(background
        ? { backgroundTasks: { handler: (task: Promise<unknown>) => background.run(task) } }
        : {}),
    },
    rateLimit: {
      enabled: true,
      // One server: in memory (counts restart with the server; keys are client IP + path).
      // Several servers (REDIS_URL): in Redis, shared by all of them, one atomic count per request.
      storage: "memory",
      // The shop's store in both cases (when given), so refusals are counted in the metrics.
      ...(rateLimits ? { customStorage: betterAuthRateLimitStorage(rateLimits) } : {}),
      window: 60,
      max: 600,
      customRules: {
        "/sign-in/email": signInLimit,
        "/two-factor/*": signInLimit,
        "/sign-in/social": sensitiveLimit,
        "/sign-up/email": sensitiveLimit,
        "/change-password": sensitiveLimit,
        "/change-email": sensitiveLimit,
        "/send-verification-email": sensitiveLimit,
        "/request-password-reset": sensitiveLimit,
        "/reset-password": sensitiveLimit,
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            return { data: { ...user, role: roleForNewUser(user.email, config.adminEmails) } };
          },
          async after(user, context) {
            const body = (context?.body ?? {}) as Record<string, unknown>;
            const names = signUpNamesSchema.safeParse(body);
            await createProfile(db, user, names.success ? names.data : undefined);
          },
        },
        update: {
          async after(user) {
            const row = user as typeof user & { twoFactorEnabled?: boolean | null };
            const [profile] = await db
              .select()
              .from(schema.profiles)
              .where(eq(schema.profiles.userId, row.id));
            if (!profile) return;
            if (row.email && profile.email !== row.email) {
              await completeEmailChange(db, row.id, row.email);
              await db
                .update(schema.profiles)
                .set({ email: row.email })
                .where(eq(schema.profiles.userId, row.id));
            }
            if (row.twoFactorEnabled === true && !(profile.mfaEnabled && profile.mfaSetupCompleted)) {
              await markMfaCompleted(db, row.id);
            } else if (row.twoFactorEnabled === false && (profile.mfaEnabled || profile.mfaSetupCompleted)) {
              await clearMfaFlags(db, row.id);
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The shop's edge rules hold on Better Auth's endpoints too (issue 14): no NUL
        // characters anywhere, and user fields within the shop's schema.
        const problem = requestValueProblem(ctx.body) ?? requestValueProblem(ctx.query);
        if (problem !== null) {
          throw new APIError("BAD_REQUEST", {
            code: "VALIDATION_ERROR",
            message:
              problem.kind === "nul"
                ? CHECKOUT_MESSAGES.validation.nulCharacter
                : CHECKOUT_MESSAGES.validation.tooDeep,
          });
        }
        if (USER_WRITING_PATHS.has(ctx.path)) {
          const fields = authUserFieldsSchema.safeParse(ctx.body ?? {});
          if (!fields.success) {
            throw new APIError("BAD_REQUEST", {
              code: "VALIDATION_ERROR",
              message: fields.error.issues[0]?.message ?? CHECKOUT_MESSAGES.validation.invalidText,
            });
          }
        }
        if (ctx.path === "/sign-in/email") return limitSignInPerAccount(ctx);
        if (ctx.path === "/change-email") return requireReauthForEmailChange(ctx);
        if (ctx.path === "/verify-email") return refuseCancelledEmailChange(ctx);
        if (ctx.path === "/two-factor/verify-totp") return refuseTotpReplay(ctx);
        if (ctx.path !== "/sign-up/email") return;
        const names = signUpNamesSchema.safeParse(ctx.body ?? {});
        if (!names.success) {
          throw new APIError("BAD_REQUEST", {
            code: "VALIDATION_ERROR",
            message: names.error.issues[0]?.message ?? CHECKOUT_MESSAGES.validation.firstNameRequired,
          });
        }
        const { firstName, lastName } = names.data;
        return { context: { body: { ...ctx.body, firstName, lastName, name: `${firstName} ${lastName}` } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (isAPIError(returned)) {
          const code = typeof returned.body?.code === "string" ? returned.body.code : undefined;
          const text = code ? ERROR_TEXTS[code] : undefined;
          if (text && returned.body?.message !== text) {
            throw new APIError(returned.status, { ...returned.body, message: text }, returned.headers);
          }
          return;
        }
        if (ctx.path === "/two-factor/enable") {
          const session = ctx.context.session ?? (await getSessionFromCtx(ctx));
          if (session) await recordMfaAttempt(db, session.user.id, "setup", false);
        } else if (ctx.path === "/change-email") {
          const session = ctx.context.session ?? (await getSessionFromCtx(ctx));
          const newEmail =
            typeof ctx.body?.newEmail === "string" ? ctx.body.newEmail.trim().toLowerCase() : undefined;
          if (session && newEmail && newEmail !== session.user.email) {
            const { token, undoExpiresAt } = await recordEmailChange(db, {
              userId: session.user.id,
              oldEmail: session.user.email,
              newEmail,
            });
            const undoUrl = `${config.publicUrl}${EMAIL_CHANGE_UNDO_PATH}?token=${encodeURIComponent(token)}`;
            // Its undo link is a credential for as long as the change can be undone.
            await queueAccountMail(
              "account_email_change",
              {
                to: session.user.email,
                ...emailChangeRequestedNotice({
                  name: session.user.name,
                  newEmail,
                  undoUrl,
                  undoDays: EMAIL_CHANGE_UNDO_DAYS,
                }),
              },
              undoExpiresAt,
            ).catch((err: unknown) => log.warn({ err }, "could not queue the email-change notice"));
          }
        } else if (ctx.path === "/change-password") {
          // A new password stops any e-mail change asked for with the old one.
          const session = ctx.context.session ?? (await getSessionFromCtx(ctx));
          if (session) await cancelPendingEmailChanges(db, session.user.id);
        }
      }),
    },
    plugins: [
      twoFactor({
        issuer: BRAND_NAME,
        totpOptions: { digits: 6, period: 30 },
        // OAuth-only accounts have no password to re-enter; accounts with one must give it.
        allowPasswordless: true,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The /api/auth/* handler: hands the request to Better Auth with the client's IP in
 * CLIENT_IP_HEADER (whatever the client sent in that header is dropped). The web app's
 * get-session always reads the database (the cookie cache is for the opted-in routes only),
 * so a role, MFA or verification change shows in the interface at once; each call also
 * re-issues the session_data cookie.
 */
export function authRequestHandler(auth: Auth, config: Config) {
  const proxies = createProxyList(config.trustedProxies);
  return (c: Context) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, proxies);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    if (c.req.method === "GET" && c.req.path.endsWith("/get-session")) {
      const url = new URL(c.req.url);
      url.searchParams.set("disableCookieCache", "true");
      return auth.handler(new Request(url, { headers }));
    }
    return auth.handler(new Request(c.req.raw, { headers }));
  };
}
