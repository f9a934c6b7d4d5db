/** The fulfilment module's face: other modules import it only through this file. */
export { orderDispatchBy } from "./dispatch-by.js";
export { findLinePhotoProblems } from "./line-photos.js";
export { requestPhotoAsAdmin, withdrawPhotoRequestAsAdmin } from "./photo-requests.js";
export {
  listPhotoRequests,
  photoLinkState,
  replacePhotoThroughLink,
} from "./photo-review.js";
export { estimatesForOrders, PrintEstimator, type PrintingQueue, printingQueue } from "./print-estimates.js";
export {
  acceptHeldPrintJob,
  listPrintJobs,
  type OrderPrintJobs,
  type PrintJobRow,
  retryPrintJob,
  twinPictureKey,
} from "./print-jobs/admin.js";
export { printFileForDownload } from "./print-jobs/downloads.js";
export { listPrintQueue } from "./print-jobs/print-queue.js";
export { generatePrintJobs, queuePrintJobsOnPayment } from "./print-jobs/queue.js";
export { PrintJobRunner } from "./print-jobs/runner.js";
