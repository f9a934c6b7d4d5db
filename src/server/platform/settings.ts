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

/** The owner's settings for cart reminders and review requests (issue 33), stored as JSON. */
export const CUSTOMER_MAIL_KEY = "customer_mail";

export async function getCustomerMailSettings(db: DbOrTx): Promise<CustomerMailSettings> {
  const [row] = await db
    .select({ value: systemSettings.settingValue })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, CUSTOMER_MAIL_KEY))
    .limit(1);
  if (!row) return parseCustomerMailSettings(null);
  try {
    return parseCustomerMailSettings(JSON.parse(row.value));
  } catch {
    return parseCustomerMailSettings(null);
  }
}

export async function setCustomerMailSettings(db: DbOrTx, settings: CustomerMailSettings): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insert(systemSettings)
    .values({ settingKey: CUSTOMER_MAIL_KEY, settingValue: value })
    .onConflictDoUpdate({
      target: systemSettings.settingKey,
      set: { settingValue: value, updatedAt: new Date() },
    });
}
