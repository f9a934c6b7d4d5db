/**
 * The signed-in customer's own account (routes/account.ts): the profile they edit, whether
 * they have a password, their TOTP factors and skipping the MFA set-up. Each acts on one user.
 */
import { nationalPhoneDigits } from "@shared/countries";
import type { ProfileInput } from "@shared/schemas";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { accounts, profiles, twoFactors, users } from "../db/schema.js";
import { runWorkflow, type WorkflowHost } from "../platform/index.js";
import { ensureProfile, type ProfileRow, recordMfaAttempt } from "./profiles.js";

/** Whether the user signs in with a password (else OAuth only). */
export async function hasPassword(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)),
    );
  return rows.length > 0;
}

/**
 * Saves the profile form: undefined leaves a field as it is, "" clears it. The e-mail is the
 * account's and never taken from the form. A changed name is copied to the user's display name.
 */
export async function saveProfile(
  host: WorkflowHost,
  user: { id: string; email: string },
  input: ProfileInput,
): Promise<ProfileRow> {
  const text = (value: string | undefined) => (value === undefined ? undefined : value || null);
  const changes = {
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    phone:
      input.phone === undefined
        ? undefined
        : nationalPhoneDigits(input.phoneCountryCode, input.phone) || null,
    phoneCountryCode: input.phoneCountryCode,
    addressLine1: text(input.addressLine1),
    addressLine2: text(input.addressLine2),
    city: text(input.city),
    state: text(input.state),
    postalCode: text(input.postalCode),
    country: input.country || undefined,
    email: user.email,
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const { profile } = await runWorkflow(host, async (tx) => {
    const [saved] = await tx
      .insert(profiles)
      .values({ userId: user.id, ...set })
      .onConflictDoUpdate({ target: profiles.userId, set })
      .returning();
    if (!saved) throw new Error("profile upsert returned nothing");
    if (input.firstName !== undefined || input.lastName !== undefined) {
      const name = [saved.firstName, saved.lastName].filter(Boolean).join(" ");
      if (name) await tx.update(users).set({ name }).where(eq(users.id, user.id));
    }
    return { profile: saved };
  });
  return profile;
}

/** The user's verified TOTP factors (at most one), oldest first as stored. */
export function verifiedTotpFactors(db: DbOrTx, userId: string) {
  return db
    .select({ id: twoFactors.id, createdAt: twoFactors.createdAt })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), ne(twoFactors.verified, false)));
}

/** Whether the user has a TOTP factor, verified or not. */
export async function hasTotpFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const factors = await db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  return factors.length > 0;
}

/** A non-admin skips the MFA set-up: the profile says so, and the attempt is recorded. */
export async function skipMfaSetup(
  host: WorkflowHost,
  user: { id: string; email: string; name?: string | null },
): Promise<ProfileRow | undefined> {
  const { profile } = await runWorkflow(host, async (tx) => {
    await ensureProfile(tx, user);
    const [row] = await tx
      .update(profiles)
      .set({ mfaSetupSkipped: true, firstLoginCompleted: true })
      .where(eq(profiles.userId, user.id))
      .returning();
    await recordMfaAttempt(tx, user.id, "skip", true);
    return { profile: row };
  });
  return profile;
}
