/**
 * Who is asking: every cart, order, profile and admin endpoint resolves the caller here.
 * The user row is read from the database on every request (Better Auth's cookie cache is
 * off), so a role granted or revoked takes effect at once.
 */
import type { Context } from "hono";
import type { AppContext } from "../context.js";
import { HttpError } from "./validation.js";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

export interface CallerSession {
  user: SessionUser;
  session: { id: string; createdAt: Date };
}

/** A security change by an account without a password needs a sign-in at most this old. */
export const FRESH_SESSION_MS = 10 * 60 * 1000;

export async function getCallerSession(ctx: AppContext, c: Context): Promise<CallerSession | null> {
  const found = await ctx.auth.api.getSession({ headers: c.req.raw.headers });
  if (!found) return null;
  const u = found.user as typeof found.user & { role?: string | null; twoFactorEnabled?: boolean | null };
  return {
    user: {
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role === "admin" ? "admin" : "user",
      emailVerified: u.emailVerified,
      twoFactorEnabled: Boolean(u.twoFactorEnabled),
    },
    session: { id: found.session.id, createdAt: new Date(found.session.createdAt) },
  };
}

export async function getSessionUser(ctx: AppContext, c: Context): Promise<SessionUser | null> {
  return (await getCallerSession(ctx, c))?.user ?? null;
}

export async function requireSession(ctx: AppContext, c: Context): Promise<CallerSession> {
  const session = await getCallerSession(ctx, c);
  if (!session) throw new HttpError(401, "unauthenticated", "Please log in to continue.");
  return session;
}

export async function requireUser(ctx: AppContext, c: Context): Promise<SessionUser> {
  return (await requireSession(ctx, c)).user;
}

export function isFreshSession(session: CallerSession["session"], now: number = Date.now()): boolean {
  return now - session.createdAt.getTime() <= FRESH_SESSION_MS;
}

/** Admins only, and only once their multi-factor authentication is set up. */
export async function requireAdmin(ctx: AppContext, c: Context): Promise<SessionUser> {
  const user = await requireUser(ctx, c);
  if (user.role !== "admin")
    throw new HttpError(403, "forbidden", "You don't have permission to access this page.");
  if (!user.twoFactorEnabled) {
    throw new HttpError(403, "mfa_required", "Administrators must enable multi-factor authentication.");
  }
  return user;
}
