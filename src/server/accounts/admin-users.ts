/**
 * Accounts as the admin Users screen sees them, and the two things it may change: the role
 * (grant or revoke admin; the last admin can never be revoked) and an MFA reset (the user's
 * TOTP factors are removed, two_factor_enabled is switched off and the profile's MFA flags
 * cleared, so they set it up again at their next sign-in). Both run in the caller's transaction.
 */
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { likePattern } from "../db/like-pattern.js";
import { orders, profiles, twoFactors, users } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import { clearMfaFlags } from "./profiles.js";
import { ROLE_MESSAGES, type Role } from "./roles.js";

export interface AdminUserFilters {
  q?: string | undefined;
  role?: "all" | "admin" | "user" | undefined;
  mfa?: "all" | "on" | "off" | undefined;
  page: number;
  pageSize: number;
}

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  mfaEnabled: boolean;
  orderCount: number;
  createdAt: string;
}

/** Drizzle leaves columns of a one-table select unqualified; a correlated subquery needs the name. */
const usersId = sql.raw('"users"."id"');
const orderCountSql = sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${usersId})`;
const isAdminSql = sql`coalesce(${users.role}, 'user') = 'admin'`;

function userConditions(filters: AdminUserFilters): SQL[] {
  const conditions: SQL[] = [];
  const q = filters.q?.trim();
  if (q) {
    const either = or(
      ilike(users.email, likePattern(q)),
      ilike(users.name, likePattern(q)),
      sql`exists (select 1 from ${profiles} where ${profiles.userId} = ${usersId} and (coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, '')) ilike ${likePattern(q)})`,
    );
    if (either) conditions.push(either);
  }
  if (filters.role === "admin") conditions.push(isAdminSql);
  if (filters.role === "user") conditions.push(sql`not (${isAdminSql})`);
  if (filters.mfa === "on") conditions.push(sql`coalesce(${users.twoFactorEnabled}, false)`);
  if (filters.mfa === "off") conditions.push(sql`not coalesce(${users.twoFactorEnabled}, false)`);
  return conditions;
}

export async function listAdminUsers(
  db: DbOrTx,
  filters: AdminUserFilters,
): Promise<{ users: AdminUserRow[]; total: number; page: number; pageSize: number; adminCount: number }> {
  const where = and(...userConditions(filters));
  const [rows, totals, admins] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        emailVerified: users.emailVerified,
        twoFactorEnabled: users.twoFactorEnabled,
        createdAt: users.createdAt,
        orderCount: orderCountSql,
      })
      .from(users)
      .where(where)
      .orderBy(desc(sql`${isAdminSql}`), asc(users.email))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.select({ n: count() }).from(users).where(where),
    db.select({ n: count() }).from(users).where(isAdminSql),
  ]);
  return {
    users: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      role: r.role === "admin" ? "admin" : "user",
      emailVerified: r.emailVerified,
      mfaEnabled: Boolean(r.twoFactorEnabled),
      orderCount: r.orderCount,
      createdAt: r.createdAt.toISOString(),
    })),
    total: totals[0]?.n ?? 0,
    page: filters.page,
    pageSize: filters.pageSize,
    adminCount: admins[0]?.n ?? 0,
  };
}

async function lockUser(tx: Tx, userId: string) {
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) throw new HttpError(404, "user_not_found", "No such user.");
  return user;
}

export interface RoleChange {
  userId: string;
  email: string;
  from: Role;
  to: Role;
  changed: boolean;
  message: string;
}

/** Grants or revokes admin in `tx`. Refuses (409) to revoke the last admin, whoever asks. */
export async function setUserRole(tx: Tx, userId: string, role: Role): Promise<RoleChange> {
  const user = await lockUser(tx, userId);
  const from: Role = user.role === "admin" ? "admin" : "user";
  if (from === role) {
    const message =
      role === "admin" ? ROLE_MESSAGES.alreadyAdmin(user.email) : ROLE_MESSAGES.notAdmin(user.email);
    return { userId, email: user.email, from, to: role, changed: false, message };
  }
  if (role === "user") {
    // Lock every admin row so two revokes at once cannot both pass the count.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
    if (admins.length <= 1) throw new HttpError(409, "last_admin", ROLE_MESSAGES.lastAdmin(user.email));
  }
  await tx.update(users).set({ role }).where(eq(users.id, userId));
  const message = role === "admin" ? ROLE_MESSAGES.granted(user.email) : ROLE_MESSAGES.revoked(user.email);
  return { userId, email: user.email, from, to: role, changed: true, message };
}

export interface MfaReset {
  userId: string;
  email: string;
  factorsRemoved: number;
  wasEnabled: boolean;
}

/** Removes the user's TOTP factors and clears every MFA flag, in `tx`. */
export async function resetUserMfa(tx: Tx, userId: string): Promise<MfaReset> {
  const user = await lockUser(tx, userId);
  const removed = await tx
    .delete(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .returning({ id: twoFactors.id });
  await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
  await clearMfaFlags(tx, userId);
  return {
    userId,
    email: user.email,
    factorsRemoved: removed.length,
    wasEnabled: Boolean(user.twoFactorEnabled),
  };
}
