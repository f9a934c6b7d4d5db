/** The platform module's face: other modules import it only through this file. */
export { BUSINESS_TIME_ZONE, dayRangeConditions, ukToday } from "./admin-dates.js";
export {
  type AuditActor,
  type AuditedResult,
  errorText,
  OPERATION_CONTEXT,
  recordAuditFailure,
  withAudit,
} from "./audit.js";
export { type StoreUploadResult, storeUploadedImage } from "./image-uploads.js";
export { type ImageRejection, processUploadedImage } from "./images.js";
export {
  createResumableUploadStore,
  type ResumableRefusal,
  ResumableUploadRefusedError,
  type ResumableUploadStore,
  ResumableUploadSweeper,
  readResumableUpload,
  removeResumableUpload,
} from "./resumable-uploads.js";
export {
  ENVIRONMENT_MODE_KEY,
  ENVIRONMENT_MODES,
  type EnvironmentMode,
  getCustomerMailSettings,
  getEnvironmentMode,
  readJsonSetting,
  setCustomerMailSettings,
  writeSetting,
} from "./settings.js";
export { saveCustomerMailSettings, switchEnvironmentMode } from "./settings-workflows.js";
export {
  contentTypeForKey,
  createStorage,
  IMAGE_BUCKET,
  isSafeKey,
  S3Storage,
  type Storage,
  shopImageKey,
  uploadFileKeys,
} from "./storage.js";
export { UploadSweeper, type UploadVisitor, uploadedBy, uploadVisitor } from "./upload-hygiene.js";
export { originalsOfPreviews } from "./upload-originals.js";
export {
  deleteReleasedFiles,
  deleteStoredFiles,
  itemImageRefsSql,
  releaseUpload,
  uploadNamedIn,
  uploadUsedSql,
} from "./upload-usage.js";
export {
  type AfterCommit,
  defineAuditedWorkflow,
  defineSettingWorkflow,
  Effects,
  runSteps,
  runWorkflow,
  type WorkflowHost,
  type WorkflowStep,
} from "./workflow.js";
