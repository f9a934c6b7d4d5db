/**
 * System settings (the spec's system_settings table). environment_mode is 'production' unless
 * an administrator switched the shop to 'test'; a failed lookup is logged and counts as
 * production (spec section 8).
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { systemSettings } from "../db/schema.js";
import type { Logger } from "../lib/logger.js";

export const ENVIRONMENT_MODE_KEY = "environment_mode";
export const ENVIRONMENT_MODES = ["production", "test"] as const;
export type EnvironmentMode = (typeof ENVIRONMENT_MODES)[number];
export const DEFAULT_ENVIRONMENT_MODE: EnvironmentMode = "production";

export function parseEnvironmentMode(value: unknown): EnvironmentMode {
  return value === "test" ? "test" : DEFAULT_ENVIRONMENT_MODE;
}

export async function getEnvironmentMode(db: DbOrTx, log?: Logger): Promise<EnvironmentMode> {
  try {
    const [row] = await db
      .select({ value: systemSettings.settingValue })
      .from(systemSettings)
      .where(eq(systemSettings.settingKey, ENVIRONMENT_MODE_KEY))
      .limit(1);
    return parseEnvironmentMode(row?.value);
  } catch (error) {
    log?.error({ err: error }, "environment mode lookup failed; using production");
    return DEFAULT_ENVIRONMENT_MODE;
  }
}

export async function setEnvironmentMode(db: DbOrTx, mode: EnvironmentMode): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ settingKey: ENVIRONMENT_MODE_KEY, settingValue: mode })
    .onConflictDoUpdate({
      target: systemSettings.settingKey,
      set: { settingValue: mode, updatedAt: new Date() },
    });
}
