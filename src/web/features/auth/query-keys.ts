/** The account features' react-query keys (kept apart from queries.ts, which loads react-query). */
export const ME_QUERY_KEY = ["me"] as const;
export const PROFILE_QUERY_KEY = ["profile"] as const;
export const ORDERS_QUERY_KEY = ["orders"] as const;
export const MFA_FACTORS_QUERY_KEY = ["mfa-factors"] as const;
export const HAS_PASSWORD_QUERY_KEY = ["has-password"] as const;
