/**
 * The signed-in customer's account (all calls need a session; 401 otherwise). Each function
 * resolves to the answer's body or throws ApiRequestError {status, code, message, fields}
 * whose message is fit to show.
 *
 *   GET    /api/auth-providers -> { google, github, facebook } (booleans; no session needed)
 *   GET    /api/me             -> Me
 *   GET    /api/profile        -> { profile }
 *   PUT    /api/profile        ProfileInput -> { profile }   (400 validation_failed with `fields`;
 *                              a blank field clears it; the e-mail is read-only and ignored)
 *   GET    /api/mfa/factors    -> { factors: [{ id, friendlyName, factorType: "totp", createdAt }] }
 *   POST   /api/mfa/skip       -> { profile, needsMfaSetup: false }; admins: 403 cannot_skip
 *                              ('Cannot Skip' / MESSAGES.mfa.cannotSkip)
 *   POST   /api/mfa/completed  -> { profile, needsMfaSetup: false }; 409 mfa_not_enabled when
 *                              TOTP is not really on yet
 *   POST   /api/mfa/reset      { password?, code? } -> { profile, needsMfaSetup }: removes TOTP
 *                              and clears mfa_enabled / mfa_setup_completed. `password` is
 *                              required for accounts that have one (400 password_required /
 *                              invalid_password); without one the sign-in must be < 10 min old
 *                              (403 reauthentication_required). `code`, when given, must be a
 *                              current authenticator code (400 invalid_code) — the Delete dialog.
 *   GET    /api/account/export -> a JSON file (Content-Disposition: attachment)
 *   DELETE /api/account        { confirm: "DELETE", password? } -> { deleted: true, ordersAnonymised };
 *                              409 last_admin; the session cookie is cleared — go to / after.
 *
 * The MFA set-up attempts (the spec's mfa_setup_attempts) are recorded by the server: a
 * 'setup' attempt (false) when Better Auth's twoFactor.enable succeeds, (true) when TOTP
 * turns on, and a 'skip' attempt on skip. There is nothing to call for them.
 */
import type { DeleteAccountInput, MfaResetInput, ProfileInput } from "@shared/schemas";
import type { SessionUser } from "../../server/lib/session";
import type { ProfileView } from "../../server/services/profiles";
import { readJson } from "./http";

export type Profile = ProfileView;
export type MeUser = SessionUser;

export interface Me {
  user: MeUser;
  profile: Profile;
  /** The admin check: true only for role 'admin'. */
  isAdmin: boolean;
  /** The spec's user_needs_mfa_setup: show the set-up (blocking for admins). */
  needsMfaSetup: boolean;
}

export type AuthProviders = Record<"google" | "github" | "facebook", boolean>;

export interface MfaFactor {
  id: string;
  /** Always MESSAGES.mfa.defaultFactorName ("TOTP Authenticator"). */
  friendlyName: string;
  factorType: "totp";
  /** ISO date-time; shown as 'MMM dd, yyyy'. */
  createdAt: string;
}

export interface ProfileAnswer {
  profile: Profile;
  needsMfaSetup: boolean;
}

function send(path: string, method: string, body?: unknown): Promise<Response> {
  return fetch(path, {
    method,
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export const fetchAuthProviders = () => readJson<AuthProviders>(send("/api/auth-providers", "GET"));
export const fetchMe = () => readJson<Me>(send("/api/me", "GET"));

export async function fetchProfile(): Promise<Profile> {
  return (await readJson<{ profile: Profile }>(send("/api/profile", "GET"))).profile;
}

export async function updateProfile(input: ProfileInput): Promise<Profile> {
  return (await readJson<{ profile: Profile }>(send("/api/profile", "PUT", input))).profile;
}

export async function fetchMfaFactors(): Promise<MfaFactor[]> {
  return (await readJson<{ factors: MfaFactor[] }>(send("/api/mfa/factors", "GET"))).factors;
}

export const skipMfa = () => readJson<ProfileAnswer>(send("/api/mfa/skip", "POST"));
export const completeMfa = () => readJson<ProfileAnswer>(send("/api/mfa/completed", "POST"));
export const resetMfa = (input: MfaResetInput) =>
  readJson<ProfileAnswer>(send("/api/mfa/reset", "POST", input));

/** The account export as a Blob, with the server's file name (for a download link). */
export async function downloadAccountExport(): Promise<{ blob: Blob; fileName: string }> {
  const res = await send("/api/account/export", "GET");
  if (!res.ok) await readJson(Promise.resolve(res));
  const disposition = res.headers.get("Content-Disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "account-export.json";
  return { blob: await res.blob(), fileName };
}

export const deleteAccount = (input: DeleteAccountInput) =>
  readJson<{ deleted: true; ordersAnonymised: number }>(send("/api/account", "DELETE", input));
