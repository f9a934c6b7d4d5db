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
 *                              ('Cannot Skip' / ACCOUNT_ACCOUNT_MESSAGES.mfa.cannotSkip)
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
import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@web/features/auth/api/me";
import { api, apiError, ok } from "@web/lib/http/client";
import type { InferResponseType } from "hono/client";
import { accountKeys } from "./account-keys";

export type MeUser = Me["user"];
export type Profile = Me["profile"];
export type AuthProviders = InferResponseType<(typeof api)["auth-providers"]["$get"], 200>;
export type MfaFactor = InferResponseType<typeof api.mfa.factors.$get, 200>["factors"][number];
export type ProfileAnswer = InferResponseType<typeof api.mfa.skip.$post, 200>;

export const fetchAuthProviders = () => ok(api["auth-providers"].$get());

export async function fetchProfile() {
  return (await ok(api.profile.$get())).profile;
}

export async function updateProfile(input: ProfileInput) {
  return (await ok(api.profile.$put({ json: input }))).profile;
}

export async function fetchMfaFactors() {
  return (await ok(api.mfa.factors.$get())).factors;
}

export const skipMfa = () => ok(api.mfa.skip.$post());
export const completeMfa = () => ok(api.mfa.completed.$post());
export const resetMfa = (input: MfaResetInput) => ok(api.mfa.reset.$post({ json: input }));

/** The account export as a Blob, with the server's file name (for a download link). */
export async function downloadAccountExport(): Promise<{ blob: Blob; fileName: string }> {
  const res = await api.account.export.$get();
  if (!res.ok) throw apiError(res.status, await res.json().catch(() => null));
  const disposition = res.headers.get("Content-Disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "account-export.json";
  return { blob: await res.blob(), fileName };
}

export const deleteAccount = (input: DeleteAccountInput) => ok(api.account.$delete({ json: input }));

/**
 * The account's query keys (one place; sign-out removes every one of them) and queries.
 * GET /api/me is not among them: the AuthProvider keeps it outside react-query.
 */
export { accountKeys } from "./account-keys";

export const accountQueries = {
  authProviders: () =>
    queryOptions({
      queryKey: accountKeys.authProviders,
      queryFn: fetchAuthProviders,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  profile: () => queryOptions({ queryKey: accountKeys.profile, queryFn: fetchProfile, staleTime: 0 }),
  mfaFactors: () =>
    queryOptions({ queryKey: accountKeys.mfaFactors, queryFn: fetchMfaFactors, staleTime: 0 }),
};
