/**
 * System settings (the spec's system_settings table). environment_mode is 'production' unless
 * an administrator switched the shop to 'test'; a failed lookup is logged and counts as
 * production (spec section 8).
 */
import { type CustomerMailSettings, parseCustomerMailSettings } from "@shared/customer-mail";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { systemSettings } from "../db/schema.js";
import type { Logger } from "../lib/logger.js";

/** A setting's stored text, or null when it was never written. */
export async function readSetting(db: DbOrTx, key: string): Promise<string | null> {
  const [row] = await db
    .select({ value: systemSettings.settingValue })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, key))
    .limit(1);
  return row?.value ?? null;
}

/** A JSON setting through its parser: the parser's answer for nothing stored, or text that is not JSON. */
export async function readJsonSetting<T>(db: DbOrTx, key: string, parse: (stored: unknown) => T): Promise<T> {
  const text = await readSetting(db, key);
  if (text === null) return parse(null);
  try {
    return parse(JSON.parse(text));
  } catch {
    return parse(null);
  }
}

/** Writes a setting, in place of what was there (one row per key). */
export async function writeSetting(db: DbOrTx, key: string, value: string): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ settingKey: key, settingValue: value })
    .onConflictDoUpdate({
      target: systemSettings.settingKey,
      set: { settingValue: value, updatedAt: new Date() },
    });
}

export const ENVIRONMENT_MODE_KEY = "environment_mode";
export const ENVIRONMENT_MODES = ["production", "test"] as const;
export type EnvironmentMode = (typeof ENVIRONMENT_MODES)[number];
export const DEFAULT_ENVIRONMENT_MODE: EnvironmentMode = "production";

export function parseEnvironmentMode(value: unknown): EnvironmentMode {
  return value === "test" ? "test" : DEFAULT_ENVIRONMENT_MODE;
}

export async function getEnvironmentMode(db: DbOrTx, log?: Logger): Promise<EnvironmentMode> {
  try {
    return parseEnvironmentMode(await readSetting(db, ENVIRONMENT_MODE_KEY));
  } catch (error) {
    log?.error({ err: error }, "environment mode lookup failed; using production");
    return DEFAULT_ENVIRONMENT_MODE;
  }
}

export async function setEnvironmentMode(db: DbOrTx, mode: EnvironmentMode): Promise<void> {
  await writeSetting(db, ENVIRONMENT_MODE_KEY, mode);
}

/** The owner's settings for cart reminders and review requests (issue 33), stored as JSON. */
export const CUSTOMER_MAIL_KEY = "customer_mail";

export async function getCustomerMailSettings(db: DbOrTx): Promise<CustomerMailSettings> {
  return readJsonSetting(db, CUSTOMER_MAIL_KEY, parseCustomerMailSettings);
}

export async function setCustomerMailSettings(db: DbOrTx, settings: CustomerMailSettings): Promise<void> {
  await writeSetting(db, CUSTOMER_MAIL_KEY, JSON.stringify(settings));
}
