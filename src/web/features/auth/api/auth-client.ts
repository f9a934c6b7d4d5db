/**
 * The Better Auth client for the web app (sign-up, sign-in, OAuth, sessions, TOTP, password
 * and e-mail changes). Every call returns `{ data, error }`; show `error.message` (the server
 * sends the shop's texts) and look at `error.status` / `error.code` where noted.
 *
 * Sign-up (the /auth page):
 *   authClient.signUp.email({ email, password, name: `${first} ${last}`, firstName, lastName })
 *     -> { data: { user, token: null } } — no session: the verification e-mail is sent and the
 *     link lands on /auth?verified=1 (or /auth?verified=1&error=TOKEN_EXPIRED|INVALID_TOKEN|…).
 *     400 VALIDATION_ERROR when a name is missing; PASSWORD_TOO_SHORT under 6 characters.
 *     An address already registered answers like a success (no account enumeration).
 * Sign-in:
 *   authClient.signIn.email({ email, password })
 *     -> { data: { user, token } } (signed in) or { data: { twoFactorRedirect: true, twoFactorMethods: ["totp"] } }
 *        (ask for a code; 'No MFA factors found' when twoFactorMethods lacks "totp").
 *     403 EMAIL_NOT_VERIFIED (a new link has been sent; the message says so),
 *     401 INVALID_EMAIL_OR_PASSWORD, 429 after 5 attempts a minute (ACCOUNT_MESSAGES.auth.tooManyAttempts).
 *   authClient.twoFactor.verifyTotp({ code, trustDevice? })       -> session; 401 INVALID_CODE
 *   authClient.twoFactor.verifyBackupCode({ code })                -> session (a code works once)
 *   authClient.signIn.social({ provider, callbackURL: "/account", errorCallbackURL: "/auth" })
 *     (only for providers GET /api/auth-providers reports as true)
 *   authClient.signOut(); authClient.getSession()
 *   (features/auth/session.ts loads this client lazily, after the app has started, and reads
 *   the session from its session store: it is not part of the shop's first load.)
 *   authClient.sendVerificationEmail({ email }) — a new verification link
 * MFA set-up (Account > Security, or the set-up dialog):
 *   authClient.twoFactor.enable({ password })   -> { totpURI, backupCodes } (show both; the
 *     QR code encodes totpURI: SHA1, 6 digits, 30 s, issuer "Lithobox"). Accounts without a
 *     password (OAuth only) omit it. 400 "TOTP is already enabled" when it is on.
 *   authClient.twoFactor.verifyTotp({ code })   -> turns TOTP on (the server then sets the
 *     profile's MFA flags itself; POST /api/mfa/completed is still fine to call).
 *   authClient.twoFactor.generateBackupCodes({ password }) -> { backupCodes } (replaces the old ones)
 *   Removing MFA: POST /api/mfa/reset (./account.ts), which needs the password.
 * Security:
 *   authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true })
 *     400 INVALID_PASSWORD ("The password is not correct."), PASSWORD_TOO_SHORT.
 *   authClient.changeEmail({ newEmail }) -> { status: true }: the link goes to the NEW address
 *     (and a notice to the old one); the change happens when it is clicked, landing on
 *     /auth?emailChanged=1. Sign out 2 s after success (EMAIL_CHANGE_SIGN_OUT_DELAY_MS).
 */

import type { Auth } from "@server/auth";
import { inferAdditionalFields, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
  plugins: [twoFactorClient(), inferAdditionalFields<Auth>()],
});

export type AuthClient = typeof authClient;
export type AuthSession = AuthClient["$Infer"]["Session"];
