/**
 * E-mail changes (issue 14, "a stolen session is not a stolen account"):
 * - a request is recorded as pending, with a token for the OLD address that undoes it for
 *   7 days (only the token's SHA-256 is stored); a newer request cancels older pending ones;
 * - Better Auth's link to the new address changes the address only while its request is
 *   pending (auth.ts checks isPendingEmailChange before /verify-email runs);
 * - a password change or reset cancels every pending request;
 * - the undo link cancels a pending request, or puts a completed change back: the old address
 *   again (verified: it just proved it receives mail) and every session signed out.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { emailChanges, profiles, sessions, users } from "../db/schema.js";

/** How long the old address can undo a change. */
export const EMAIL_CHANGE_UNDO_DAYS = 7;
/** Where the undo link points (GET shows a confirmation page, POST undoes). */
export const EMAIL_CHANGE_UNDO_PATH = "/api/account/email-change/undo";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Records a pending change (cancelling older pending ones) and returns the undo token. */
export async function recordEmailChange(
  db: Db,
  input: { userId: string; oldEmail: string; newEmail: string; now?: Date },
): Promise<{ token: string; undoExpiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const undoExpiresAt = new Date(now.getTime() + EMAIL_CHANGE_UNDO_DAYS * 86_400_000);
  await db.transaction(async (tx) => {
    await cancelPendingEmailChanges(tx, input.userId, now);
    await tx.insert(emailChanges).values({
      userId: input.userId,
      oldEmail: input.oldEmail.toLowerCase(),
      newEmail: input.newEmail.toLowerCase(),
      undoTokenHash: hashToken(token),
      undoExpiresAt,
      createdAt: now,
    });
  });
  return { token, undoExpiresAt };
}

/** Cancels the user's pending changes (their links to the new address stop working). */
export async function cancelPendingEmailChanges(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .update(emailChanges)
    .set({ status: "cancelled", cancelledAt: now })
    .where(and(eq(emailChanges.userId, userId), eq(emailChanges.status, "pending")))
    .returning({ id: emailChanges.id });
  return rows.length;
}

/** True when a change of this user to `newEmail` is still pending (not cancelled, undone or done). */
export async function isPendingEmailChange(db: DbOrTx, userId: string, newEmail: string): Promise<boolean> {
  const rows = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        eq(emailChanges.newEmail, newEmail.toLowerCase()),
        eq(emailChanges.status, "pending"),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The user's address became `newEmail`: its pending request is completed. */
export async function completeEmailChange(db: DbOrTx, userId: string, newEmail: string, now = new Date()) {
  await db
    .update(emailChanges)
    .set({ status: "completed", completedAt: now })
    .where(
      and(
        eq(emailChanges.userId, userId),
        eq(emailChanges.newEmail, newEmail.toLowerCase()),
        eq(emailChanges.status, "pending"),
      ),
    );
}

export type UndoOutcome =
  | { readonly kind: "cancelled" | "restored"; readonly userId: string; readonly email: string }
  | { readonly kind: "invalid" | "address_taken" };

/** Whether an undo token is valid now (for the confirmation page). */
export async function findUndoableChange(db: DbOrTx, token: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.undoTokenHash, hashToken(token)),
        inArray(emailChanges.status, ["pending", "completed"]),
        gt(emailChanges.undoExpiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Undoes the change behind `token`, in one transaction: a pending one is cancelled; a
 * completed one puts the old address back (verified), cancels anything pending and signs out
 * every session of the account.
 */
export async function undoEmailChange(db: Db, token: string, now = new Date()): Promise<UndoOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailChanges)
      .where(
        and(
          eq(emailChanges.undoTokenHash, hashToken(token)),
          inArray(emailChanges.status, ["pending", "completed"]),
          gt(emailChanges.undoExpiresAt, now),
        ),
      )
      .for("update");
    if (!row) return { kind: "invalid" } as const;
    if (row.status === "pending") {
      await tx
        .update(emailChanges)
        .set({ status: "undone", cancelledAt: now })
        .where(eq(emailChanges.id, row.id));
      return { kind: "cancelled", userId: row.userId, email: row.oldEmail } as const;
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${row.oldEmail}`, ne(users.id, row.userId)))
      .limit(1);
    if (taken) return { kind: "address_taken" } as const;
    await tx.update(users).set({ email: row.oldEmail, emailVerified: true }).where(eq(users.id, row.userId));
    await tx.update(profiles).set({ email: row.oldEmail }).where(eq(profiles.userId, row.userId));
    await cancelPendingEmailChanges(tx, row.userId, now);
    await tx
      .update(emailChanges)
      .set({ status: "undone", cancelledAt: now })
      .where(eq(emailChanges.id, row.id));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    return { kind: "restored", userId: row.userId, email: row.oldEmail } as const;
  });
}
