/**
 * Forgotten passwords, through Better Auth's typed client (./auth, loaded when first needed:
 * it is not part of the shop's first load).
 *
 *   requestPasswordReset(email)  -> the same answer whether or not the address has an account;
 *     the e-mailed link passes through /api/auth/reset-password/<token> and lands on
 *     /auth/reset-password?token=… (or ?error=INVALID_TOKEN when it has expired or been used).
 *   resetPassword(token, newPassword) -> sets the password and ends every session.
 */
export type PasswordResetResult =
  | { ok: true }
  | { ok: false; reason: "invalid-token" | "rate-limited" | "failed"; message?: string };

/** What Better Auth's client resolves to: the answer, or its error (status, code, message). */
interface AuthResult {
  error: { status: number; code?: string | undefined; message?: string | undefined } | null;
}

async function settle(call: () => Promise<AuthResult>): Promise<PasswordResetResult> {
  let result: AuthResult;
  try {
    result = await call();
  } catch {
    return { ok: false, reason: "failed" };
  }
  const error = result.error;
  if (!error) return { ok: true };
  if (error.status === 429) return { ok: false, reason: "rate-limited" };
  if (error.code === "INVALID_TOKEN") return { ok: false, reason: "invalid-token" };
  return { ok: false, reason: "failed", ...(error.message ? { message: error.message } : {}) };
}

const client = async () => (await import("./auth-client")).authClient;

export function requestPasswordReset(email: string): Promise<PasswordResetResult> {
  return settle(async () =>
    (await client()).requestPasswordReset({ email, redirectTo: "/auth/reset-password" }),
  );
}

export function resetPassword(token: string, newPassword: string): Promise<PasswordResetResult> {
  return settle(async () => (await client()).resetPassword({ token, newPassword }));
}
