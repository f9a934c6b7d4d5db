/** The reporting module's face: other modules import it only through this file. */
export { type ActivityEntry, listActivity } from "./activity-log.js";
export { analyticsReport, bucketsBetween, GRANULARITIES, MAX_BUCKETS } from "./admin-analytics.js";
export { dashboardSummary } from "./admin-dashboard.js";
export {
  previewOrphanUploads,
  previewTestOrders,
  purgeOrphanUploadsAsAdmin,
  purgeTestOrdersAsAdmin,
} from "./admin-data.js";
export { recordAnalyticsEvent } from "./analytics-events.js";
export {
  bookDocuments,
  getBookSettings,
  saveBookSettings,
  testDocumentCount,
} from "./books.js";
export {
  csvFile,
  EXPORT_FORMATS,
  EXPORT_RESOURCES,
  exportFileName,
  penceToDecimal,
  writeExport,
} from "./export.js";
