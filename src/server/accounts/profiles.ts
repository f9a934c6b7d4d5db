/**
 * The profiles row (one per user) and the MFA bookkeeping beside it: the spec's
 * mfa_enabled / mfa_setup_completed / mfa_setup_skipped / first_login_completed flags and
 * the mfa_setup_attempts log. Better Auth's users.two_factor_enabled is the truth about
 * whether TOTP is on; the flags follow it (see the user update hook in auth.ts).
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { mfaSetupAttempts, profiles, users } from "../db/schema.js";
import { runWorkflow, type WorkflowHost } from "../platform/index.js";

export type ProfileRow = typeof profiles.$inferSelect;

/** The profile as the API returns it (camelCase; the e-mail is the account's, read-only). */
export interface ProfileView {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  phoneCountryCode: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string;
  mfaEnabled: boolean;
  mfaSetupCompleted: boolean;
  mfaSetupSkipped: boolean;
  firstLoginCompleted: boolean;
}

export function toProfileView(row: ProfileRow, accountEmail?: string): ProfileView {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: accountEmail ?? row.email,
    phone: row.phone,
    phoneCountryCode: row.phoneCountryCode,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    mfaEnabled: row.mfaEnabled,
    mfaSetupCompleted: row.mfaSetupCompleted,
    mfaSetupSkipped: row.mfaSetupSkipped,
    firstLoginCompleted: row.firstLoginCompleted,
  };
}

/** "Mary Anne O'Neill" -> first "Mary Anne", last "O'Neill"; one word is a first name. */
export function splitName(name: string | null | undefined): {
  firstName: string | null;
  lastName: string | null;
} {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  if (words.length === 1) return { firstName: words[0] ?? null, lastName: null };
  return { firstName: words.slice(0, -1).join(" "), lastName: words[words.length - 1] ?? null };
}

/** Creates the user's profile if it is missing (sign-up hook; any account from before it). */
export async function createProfile(
  db: DbOrTx,
  user: { id: string; email: string; name?: string | null },
  names?: { firstName?: string | null; lastName?: string | null },
): Promise<void> {
  const fallback = splitName(user.name);
  await db
    .insert(profiles)
    .values({
      userId: user.id,
      email: user.email,
      firstName: names?.firstName ?? fallback.firstName,
      lastName: names?.lastName ?? fallback.lastName,
    })
    .onConflictDoNothing({ target: profiles.userId });
}

/** The user's profile, created on the spot when missing. */
export async function ensureProfile(
  db: DbOrTx,
  user: { id: string; email: string; name?: string | null },
): Promise<ProfileRow> {
  const [existing] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  if (existing) return existing;
  await createProfile(db, user);
  const [created] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  if (!created) throw new Error(`profile for ${user.id} could not be created`);
  return created;
}

export async function recordMfaAttempt(
  db: DbOrTx,
  userId: string,
  attemptType: "setup" | "skip",
  success: boolean,
): Promise<void> {
  await db.insert(mfaSetupAttempts).values({ userId, attemptType, success });
}

/**
 * After a verified enrolment: mfa_enabled, mfa_setup_completed and first_login_completed,
 * and one successful 'setup' attempt. Idempotent: a second call changes and records nothing.
 * Returns false when the account does not really have TOTP on.
 */
export async function markMfaCompleted(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.twoFactorEnabled) return false;
  const profile = await ensureProfile(db, user);
  const wasDone = profile.mfaEnabled && profile.mfaSetupCompleted;
  if (wasDone && profile.firstLoginCompleted) return true;
  await db
    .update(profiles)
    .set({ mfaEnabled: true, mfaSetupCompleted: true, firstLoginCompleted: true })
    .where(eq(profiles.userId, userId));
  if (!wasDone) await recordMfaAttempt(db, userId, "setup", true);
  return true;
}

/** TOTP was switched off: the flags say so, and the set-up is due again. */
export async function clearMfaFlags(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(profiles)
    .set({ mfaEnabled: false, mfaSetupCompleted: false })
    .where(eq(profiles.userId, userId));
}

/** The spec's user_needs_mfa_setup: admins until TOTP is on; others until they complete or skip it. */
export function needsMfaSetup(
  user: { role: "user" | "admin"; twoFactorEnabled: boolean },
  profile: Pick<ProfileRow, "mfaSetupCompleted" | "mfaSetupSkipped"> | null,
): boolean {
  if (user.twoFactorEnabled) return false;
  if (user.role === "admin") return true;
  return !(profile?.mfaSetupCompleted || profile?.mfaSetupSkipped);
}

/** After a successful TOTP verification: the profile's flags follow, in one workflow. */
export async function completeMfa(host: WorkflowHost, userId: string): Promise<boolean> {
  const { done } = await runWorkflow(host, async (tx) => ({
    done: await markMfaCompleted(tx, userId),
    effects: [],
  }));
  return done;
}
