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
 * - MFA bookkeeping follows Better Auth: enabling TOTP records a 'setup' attempt (false);
 *   when users.two_factor_enabled turns on or off the profile's MFA flags follow.
 */
import { BRAND_NAME } from "@shared/brand";
import { MESSAGES } from "@shared/messages";
import { FIELD_MAX_LENGTH } from "@shared/schemas";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import * as schema from "./db/schema.js";
import { CLIENT_IP_HEADER, clientIp, createProxyList } from "./lib/client-ip.js";
import type { Logger } from "./lib/logger.js";
import {
  emailChangeRequestedNotice,
  resetPasswordEmail,
  verifyAccountEmail,
  verifyNewEmailEmail,
} from "./services/emails/auth-emails.js";
import type { Mailer } from "./services/mail.js";
import { clearMfaFlags, createProfile, markMfaCompleted, recordMfaAttempt } from "./services/profiles.js";
import { roleForNewUser } from "./services/roles.js";

/**
 * Better Auth's cookie cache: the session and user, signed, in a session_data cookie this
 * many seconds old at most. Only routes that opt in (lib/session.ts `{ cached: true }`: the
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
    .max(FIELD_MAX_LENGTH.name, MESSAGES.validation.tooLong(FIELD_MAX_LENGTH.name));
const signUpNamesSchema = z.object({
  firstName: nameField(MESSAGES.validation.firstNameRequired),
  lastName: nameField(MESSAGES.validation.lastNameRequired),
});

/** Better Auth's error codes whose wording we replace with the shop's. */
const ERROR_TEXTS: Record<string, string> = {
  EMAIL_NOT_VERIFIED: MESSAGES.auth.emailNotVerified,
  PASSWORD_TOO_SHORT: MESSAGES.password.tooShort,
  INVALID_PASSWORD: MESSAGES.auth.incorrectPassword,
  INVALID_CODE: "Invalid verification code",
};

function withCallback(url: string, callbackURL: string): string {
  const link = new URL(url);
  link.searchParams.set("callbackURL", callbackURL);
  return link.toString();
}

export function createAuth(deps: { config: Config; db: Db; mail: Mailer; log: Logger }) {
  const { config, db, mail, log } = deps;
  const expiresInHours = EMAIL_LINK_EXPIRES_IN_SECONDS / 3600;

  const socialProviders: Partial<
    Record<"google" | "github" | "facebook", { clientId: string; clientSecret: string }>
  > = {};
  for (const provider of ["google", "github", "facebook"] as const) {
    const pair = config.oauth[provider];
    if (pair) socialProviders[provider] = { clientId: pair.clientId, clientSecret: pair.clientSecret };
  }

  const signInLimit = { window: 60, max: config.rateLimit.signInPerMinute };
  const sensitiveLimit = { window: 60, max: config.rateLimit.sensitivePerMinute };

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
      async sendResetPassword({ user, url }) {
        await mail.send({
          to: user.email,
          ...resetPasswordEmail({
            name: user.name,
            url: withCallback(url, `${config.publicUrl}${RESET_PASSWORD_PATH}`),
            expiresInMinutes: PASSWORD_RESET_EXPIRES_IN_SECONDS / 60,
          }),
        });
      },
      // The link reached this inbox, which proves the address as well as a verification link does.
      async onPasswordReset({ user }) {
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
        await mail.send({ to: user.email, ...message });
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
    },
    rateLimit: {
      enabled: true,
      // In memory: one process serves the shop (PGlite allows no other). Counts restart with
      // the server; keys are client IP + path, so separate shops in one test process do not mix.
      storage: "memory",
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
        if (ctx.path !== "/sign-up/email") return;
        const names = signUpNamesSchema.safeParse(ctx.body ?? {});
        if (!names.success) {
          throw new APIError("BAD_REQUEST", {
            code: "VALIDATION_ERROR",
            message: names.error.issues[0]?.message ?? MESSAGES.validation.firstNameRequired,
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
            typeof ctx.body?.newEmail === "string" ? ctx.body.newEmail.toLowerCase() : undefined;
          if (session && newEmail && newEmail !== session.user.email) {
            await mail
              .send({
                to: session.user.email,
                ...emailChangeRequestedNotice({ name: session.user.name, newEmail }),
              })
              .catch((err: unknown) => log.warn({ err }, "could not send the email-change notice"));
          }
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
