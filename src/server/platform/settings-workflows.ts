/** The shop-wide settings the owner changes from the admin, as audited workflows (issue 49 item 1). */
import type { CustomerMailSettings } from "@shared/customer-mail";
import {
  type EnvironmentMode,
  getCustomerMailSettings,
  getEnvironmentMode,
  setCustomerMailSettings,
  setEnvironmentMode,
} from "./settings.js";
import { defineAuditedWorkflow } from "./workflow.js";

export const saveCustomerMailSettings = defineAuditedWorkflow({
  entry: (settings: CustomerMailSettings) => ({
    actionType: "settings.customer_mail",
    tableName: "system_settings",
    recordId: "customer_mail",
    newValues: settings,
  }),
  steps: async (tx, settings) => {
    const before = await getCustomerMailSettings(tx);
    await setCustomerMailSettings(tx, settings);
    return { result: null, audit: { oldValues: before } };
  },
});

/** Production or test mode; answers the mode and the one before. */
export const switchEnvironmentMode = defineAuditedWorkflow({
  entry: (mode: EnvironmentMode) => ({
    actionType: "settings.environment_mode",
    tableName: "system_settings",
    recordId: "environment_mode",
    newValues: { environment_mode: mode },
  }),
  steps: async (tx, mode) => {
    const before = await getEnvironmentMode(tx);
    await setEnvironmentMode(tx, mode);
    return { result: { mode, previous: before }, audit: { oldValues: { environment_mode: before } } };
  },
});
