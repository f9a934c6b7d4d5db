/**
 * Who is asking: every cart, order, profile and admin endpoint resolves the caller here.
 * By default the session and user rows are read from the database on every request (Better
 * Auth's cookie cache is bypassed), so a role granted or revoked, an MFA change or a revoked
 * session takes effect at once.
 *
 * A hot, low-stakes route may pass `{ cached: true }` (the saved cart does): the caller is then
 * read from Better Auth's signed session_data cookie while it is younger than
 * SESSION_COOKIE_CACHE_SECONDS (auth.ts), without a query, and the verified answer is kept in
 * memory for SESSION_MEMO_MS. The price: on such a route a session signed out elsewhere,
 * revoked or deleted keeps working for up to SESSION_COOKIE_CACHE_SECONDS + SESSION_MEMO_MS
 * (65 s). Never use it where a role, MFA or account state decides anything.
 */
import type { Context } from "hono";
import type { AppContext } from "./context.js";
import { HttpError } from "./lib/validation.js";

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

export interface SessionLookup {
  /** Accept the session_data cookie cache (see above); fresh from the database otherwise. */
  cached?: boolean;
}

/**
 * Cached lookups by the exact Cookie header: Better Auth's answer for the same signed cookies
 * is the same until the session_data cookie expires, so its verification (about a millisecond
 * of CPU per request) is skipped for SESSION_MEMO_MS. Only answers served from the cookie
 * cache itself are kept (no database read, no cookie re-issued). One map per auth instance.
 */
export const SESSION_MEMO_MS = 5_000;
const SESSION_MEMO_MAX = 5_000;
const sessionMemos = new WeakMap<object, Map<string, { session: CallerSession; until: number }>>();

type FoundSession = NonNullable<Awaited<ReturnType<AppContext["auth"]["api"]["getSession"]>>>;

function toCallerSession(found: FoundSession): CallerSession {
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

async function cachedCallerSession(ctx: AppContext, c: Context): Promise<CallerSession | null> {
  const key = c.req.header("cookie");
  let memo = sessionMemos.get(ctx.auth);
  if (!memo) {
    memo = new Map();
    sessionMemos.set(ctx.auth, memo);
  }
  const now = Date.now();
  const hit = key ? memo.get(key) : undefined;
  if (hit && hit.until > now) return hit.session;
  const { headers, response } = await ctx.auth.api.getSession({
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  // A database read re-issues the session_data cookie (and a refreshed or cleared session
  // cookie): pass it on, so the browser's next request is served from the cache again.
  const setCookies = headers.getSetCookie();
  for (const cookie of setCookies) c.header("Set-Cookie", cookie, { append: true });
  const session = response ? toCallerSession(response) : null;
  if (key && session && setCookies.length === 0) {
    if (memo.size >= SESSION_MEMO_MAX) memo.clear();
    memo.set(key, { session, until: now + SESSION_MEMO_MS });
  } else if (key) {
    memo.delete(key);
  }
  return session;
}

export async function getCallerSession(
  ctx: AppContext,
  c: Context,
  options: SessionLookup = {},
): Promise<CallerSession | null> {
  if (options.cached) return cachedCallerSession(ctx, c);
  const found = await ctx.auth.api.getSession({
    headers: c.req.raw.headers,
    query: { disableCookieCache: true },
  });
  return found ? toCallerSession(found) : null;
}

export async function getSessionUser(ctx: AppContext, c: Context): Promise<SessionUser | null> {
  return (await getCallerSession(ctx, c))?.user ?? null;
}

export async function requireSession(
  ctx: AppContext,
  c: Context,
  options: SessionLookup = {},
): Promise<CallerSession> {
  const session = await getCallerSession(ctx, c, options);
  if (!session) throw new HttpError(401, "unauthenticated", "Please log in to continue.");
  return session;
}

export async function requireUser(
  ctx: AppContext,
  c: Context,
  options: SessionLookup = {},
): Promise<SessionUser> {
  return (await requireSession(ctx, c, options)).user;
}

export function isFreshSession(session: CallerSession["session"], now: number = Date.now()): boolean {
  return now - session.createdAt.getTime() <= FRESH_SESSION_MS;
}

/**
 * Admins only, and only once their multi-factor authentication is set up. Every refusal is a
 * 403, an anonymous caller's too (code "unauthenticated", so a client can offer the sign-in):
 * nothing under /api/admin answers 401.
 */
export async function requireAdmin(ctx: AppContext, c: Context): Promise<SessionUser> {
  const user = await getSessionUser(ctx, c);
  if (!user) throw new HttpError(403, "unauthenticated", "Please log in as an administrator to continue.");
  if (user.role !== "admin")
    throw new HttpError(403, "forbidden", "You don't have permission to access this page.");
  if (!user.twoFactorEnabled) {
    throw new HttpError(403, "mfa_required", "Administrators must enable multi-factor authentication.");
  }
  return user;
}
