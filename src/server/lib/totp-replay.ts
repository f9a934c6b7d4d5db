/**
 * A TOTP code is accepted once (issue 14). Better Auth's verify-totp accepts any code of the
 * previous, current or next 30-second step, as often as it is sent; an observed code could be
 * replayed for up to a minute. Before Better Auth checks a code, this finds the step the code
 * belongs to and records it as the user's last used step in one conditional UPDATE: a code of
 * that step or an earlier one is refused, also when two requests race.
 */
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { twoFactors } from "../db/schema.js";

/** Better Auth's own window: one step either side of now. */
const WINDOW = 1;
/** Better Auth stores secrets imported from elsewhere as "base32:<secret>"; ours are plain. */
const BASE32_PREFIX = "base32:";

export interface TotpSettings {
  digits: number;
  periodSeconds: number;
}

/** The newest step in the window whose code is `code`, or null when none matches. */
export async function matchingTotpStep(
  secret: Parameters<typeof createOTP>[0],
  code: string,
  settings: TotpSettings,
  now = Date.now(),
): Promise<number | null> {
  const otp = createOTP(secret, { digits: settings.digits, period: settings.periodSeconds });
  const current = Math.floor(now / (settings.periodSeconds * 1000));
  let matched: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if ((await otp.hotp(step)) === code) matched = step;
  }
  return matched;
}

export type TotpUse = "first-use" | "replayed" | "not-a-code";

/**
 * Records `code` as used by `userId` when it is a valid code of a step newer than the last one
 * used. "not-a-code" (no factor, or no step matches) is left for Better Auth to refuse and count.
 */
export async function claimTotpStep(
  db: Db,
  opts: {
    userId: string;
    code: string;
    authSecret: Parameters<typeof symmetricDecrypt>[0]["key"];
  } & TotpSettings,
): Promise<TotpUse> {
  const [factor] = await db
    .select({ id: twoFactors.id, secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, opts.userId))
    .limit(1);
  if (!factor) return "not-a-code";
  const stored = await symmetricDecrypt({ key: opts.authSecret, data: factor.secret });
  const secret = stored.startsWith(BASE32_PREFIX)
    ? base32.decode(stored.slice(BASE32_PREFIX.length).toUpperCase())
    : stored;
  const step = await matchingTotpStep(secret, opts.code, opts);
  if (step === null) return "not-a-code";
  const recorded = await db
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactors.id, factor.id),
        or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactors.id });
  return recorded.length > 0 ? "first-use" : "replayed";
}
