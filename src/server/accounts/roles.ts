/**
 * Roles: 'user' by default, 'admin' for the addresses in ADMIN_EMAILS (at sign-up and at
 * every start) and for whoever `npm run admin -- grant <email>` names. The last admin can
 * never be revoked, so the shop always has someone who can run it.
 */
import { eq, sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Database, Db } from "../db/client.js";
import { users } from "../db/schema.js";
import type { Logger } from "../lib/logger.js";

export type Role = "user" | "admin";

export type RoleChangeResult =
  | { ok: true; email: string; role: Role; changed: boolean; message: string }
  | { ok: false; code: "unknown_email" | "last_admin"; status: 404 | 409; message: string };

export const ROLE_MESSAGES = {
  granted: (email: string) =>
    `${email} is now an administrator. They must set up multi-factor authentication before they can use the admin area.`,
  alreadyAdmin: (email: string) => `${email} is already an administrator; nothing changed.`,
  revoked: (email: string) => `${email} is no longer an administrator.`,
  notAdmin: (email: string) => `${email} is not an administrator; nothing changed.`,
  unknownEmail: (email: string) =>
    `No account uses the e-mail address ${email}. Ask them to sign up at the shop first, then run this again.`,
  lastAdmin: (email: string) =>
    `${email} is the only administrator, so it cannot be revoked. Grant another account first.`,
} as const;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Makes the account with this e-mail an admin (grant) or a plain user (revoke), in one transaction. */
export async function changeRole(
  db: Db,
  rawEmail: string,
  action: "grant" | "revoke",
): Promise<RoleChangeResult> {
  const email = normaliseEmail(rawEmail);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .for("update");
    if (!user)
      return { ok: false, code: "unknown_email", status: 404, message: ROLE_MESSAGES.unknownEmail(email) };
    const isAdmin = user.role === "admin";
    if (action === "grant") {
      if (isAdmin)
        return { ok: true, email, role: "admin", changed: false, message: ROLE_MESSAGES.alreadyAdmin(email) };
      await tx.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
      return { ok: true, email, role: "admin", changed: true, message: ROLE_MESSAGES.granted(email) };
    }
    if (!isAdmin)
      return { ok: true, email, role: "user", changed: false, message: ROLE_MESSAGES.notAdmin(email) };
    // Lock every admin row so two revokes at once cannot both pass the count.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
    if (admins.length <= 1)
      return { ok: false, code: "last_admin", status: 409, message: ROLE_MESSAGES.lastAdmin(email) };
    await tx.update(users).set({ role: "user" }).where(eq(users.id, user.id));
    return { ok: true, email, role: "user", changed: true, message: ROLE_MESSAGES.revoked(email) };
  });
}

/** How many admins there are (account deletion refuses to remove the last one). */
export async function countAdmins(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, "admin"));
  return rows[0]?.n ?? 0;
}

/** The role a new account gets: admin when its address is listed in ADMIN_EMAILS. */
export function roleForNewUser(email: string, adminEmails: readonly string[]): Role {
  return adminEmails.includes(normaliseEmail(email)) ? "admin" : "user";
}

/** At start: every existing account whose address is in ADMIN_EMAILS becomes an admin. */
export async function applyAdminEmails(ctx: {
  config: Pick<Config, "adminEmails">;
  database: Database;
  log: Logger;
}): Promise<number> {
  const emails = ctx.config.adminEmails;
  if (emails.length === 0) return 0;
  const promoted = await ctx.database.db
    .update(users)
    .set({ role: "admin" })
    .where(
      sql`lower(${users.email}) in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )}) and ${users.role} is distinct from 'admin'`,
    )
    .returning({ id: users.id });
  if (promoted.length > 0)
    ctx.log.info({ userIds: promoted.map((p) => p.id) }, "ADMIN_EMAILS: accounts made admin");
  return promoted.length;
}
