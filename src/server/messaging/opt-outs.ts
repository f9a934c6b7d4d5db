/**
 * The addresses that unsubscribed (issue 33): no cart reminder and no review request goes to
 * them again. Order e-mails (confirmation, dispatch, refunds) are owed and still go.
 */
import { normaliseEmail } from "@shared/customer-mail";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { emailOptOuts } from "../db/schema.js";

export async function isOptedOut(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: emailOptOuts.email })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.email, normaliseEmail(email)))
    .limit(1);
  return row !== undefined;
}

/** Records the unsubscribe (once; a repeat changes nothing). */
export async function optOut(db: DbOrTx, email: string): Promise<void> {
  await db
    .insert(emailOptOuts)
    .values({ email: normaliseEmail(email) })
    .onConflictDoNothing();
}
