/** The accounts module's face: other modules import it only through this file. */
export * from "./account-data.js";
export * from "./address.js";
export * from "./admin-users.js";
export * from "./email-changes.js";
export * from "./own-account.js";
export * from "./profiles.js";
export * from "./roles.js";
