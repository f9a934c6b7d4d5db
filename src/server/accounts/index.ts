/** The accounts module's face: other modules import it only through this file. */
export { deleteAccount, exportAccountData } from "./account-data.js";
export { type AddressLookup, AddressLookupError, createAddressLookup } from "./address.js";
export { resetUserMfaAsAdmin, setUserRoleAsAdmin } from "./admin-user-workflows.js";
export { listAdminUsers } from "./admin-users.js";
export {
  cancelPendingEmailChanges,
  completeEmailChange,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_CHANGE_UNDO_PATH,
  findUndoableChange,
  isPendingEmailChange,
  recordEmailChange,
  undoEmailChange,
} from "./email-changes.js";
export { hasPassword, hasTotpFactor, saveProfile, skipMfaSetup, verifiedTotpFactors } from "./own-account.js";
export {
  clearMfaFlags,
  completeMfa,
  createProfile,
  ensureProfile,
  markMfaCompleted,
  needsMfaSetup,
  recordMfaAttempt,
  toProfileView,
} from "./profiles.js";
export { applyAdminEmails, changeRole, countAdmins, type RoleChangeResult, roleForNewUser } from "./roles.js";
