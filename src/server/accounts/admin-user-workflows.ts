/** The owner's changes to an account from the admin (role, two-step reset), audited (issue 49 item 1). */
import { defineAuditedWorkflow } from "../platform/index.js";
import { resetUserMfa, setUserRole } from "./admin-users.js";
import type { Role } from "./roles.js";

export const setUserRoleAsAdmin = defineAuditedWorkflow({
  entry: ({ userId, role }: { userId: string; role: Role }) => ({
    actionType: role === "admin" ? "user.role_grant" : "user.role_revoke",
    tableName: "users",
    recordId: userId,
    newValues: { role },
  }),
  steps: async (tx, { userId, role }) => {
    const result = await setUserRole(tx, userId, role);
    return {
      result,
      audit: { oldValues: { role: result.from, email: result.email }, newValues: { role: result.to } },
    };
  },
});

export const resetUserMfaAsAdmin = defineAuditedWorkflow({
  entry: (userId: string) => ({ actionType: "user.mfa_reset", tableName: "users", recordId: userId }),
  steps: async (tx, userId) => {
    const result = await resetUserMfa(tx, userId);
    return {
      result,
      audit: {
        oldValues: {
          email: result.email,
          twoFactorEnabled: result.wasEnabled,
          factors: result.factorsRemoved,
        },
        newValues: { twoFactorEnabled: false, factors: 0, mfaEnabled: false, mfaSetupCompleted: false },
      },
    };
  },
});
