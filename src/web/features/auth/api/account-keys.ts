/** The account queries' keys, apart from the client code: the auth provider drops them at sign-out. */
export const accountKeys = {
  authProviders: ["auth-providers"] as const,
  profile: ["profile"] as const,
  mfaFactors: ["mfa-factors"] as const,
  /** Prefix of hasPassword(userId) (features/auth asks Better Auth's client). */
  hasPassword: ["has-password"] as const,
};
