/** The account's calls: Better Auth's client (loaded only by what needs it), the account, profile and address look-up, password reset, and GET /api/me. */

export {
  type AuthProviders,
  accountQueries,
  completeMfa,
  deleteAccount,
  downloadAccountExport,
  fetchAuthProviders,
  fetchMfaFactors,
  fetchProfile,
  type MeUser,
  type MfaFactor,
  type Profile,
  type ProfileAnswer,
  resetMfa,
  skipMfa,
  updateProfile,
} from "./account";
export { accountKeys } from "./account-keys";
export { lookupAddresses } from "./address";
export { type AuthClient, type AuthSession, authClient } from "./auth-client";
export { fetchMe, type Me } from "./me";
export { type PasswordResetResult, requestPasswordReset, resetPassword } from "./password-reset";
