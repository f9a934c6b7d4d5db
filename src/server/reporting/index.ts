/** The reporting module's face: other modules import it only through this file. */
export * from "./activity-log.js";
export * from "./admin-analytics.js";
export * from "./admin-dashboard.js";
export * from "./admin-data.js";
export * from "./analytics-events.js";
export * from "./books.js";
export * from "./cart-recovery.js";
export * from "./export.js";
