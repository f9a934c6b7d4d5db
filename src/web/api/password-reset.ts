/**
 * Forgotten passwords, through Better Auth's endpoints (plain fetch: these two calls do not
 * need the auth client).
 *
 *   requestPasswordReset(email)  -> the same answer whether or not the address has an account;
 *     the e-mailed link passes through /api/auth/reset-password/<token> and lands on
 *     /auth/reset-password?token=… (or ?error=INVALID_TOKEN when it has expired or been used).
 *   resetPassword(token, newPassword) -> sets the password and ends every session.
 */
export type PasswordResetResult =
  | { ok: true }
  | { ok: false; reason: "invalid-token" | "rate-limited" | "failed"; message?: string };

async function post(path: string, body: unknown): Promise<PasswordResetResult> {
  let res: Response;
  try {
    res = await fetch(`/api/auth${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, reason: "failed" };
  }
  if (res.ok) return { ok: true };
  const error = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  if (res.status === 429) return { ok: false, reason: "rate-limited" };
  if (error.code === "INVALID_TOKEN") return { ok: false, reason: "invalid-token" };
  return { ok: false, reason: "failed", ...(error.message ? { message: error.message } : {}) };
}

export function requestPasswordReset(email: string): Promise<PasswordResetResult> {
  return post("/request-password-reset", { email, redirectTo: "/auth/reset-password" });
}

export function resetPassword(token: string, newPassword: string): Promise<PasswordResetResult> {
  return post("/reset-password", { token, newPassword });
}
