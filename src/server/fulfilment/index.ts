/** The fulfilment module's face: other modules import it only through this file. */
export { orderDispatchBy } from "./dispatch-by.js";
export { lampProofPicture } from "./lamp-proof.js";
export { findLinePhotoProblems } from "./line-photos.js";
export { requestPhotoAsAdmin, withdrawPhotoRequestAsAdmin } from "./photo-requests.js";
export {
  listPhotoRequests,
  photoLinkState,
  replacePhotoAsCustomer,
} from "./photo-review.js";
export { estimatesForOrders, PrintEstimator, type PrintingQueue, printingQueue } from "./print-estimates.js";
export {
  listPrintJobs,
  type OrderPrintJobs,
  twinPictureKey,
} from "./print-jobs/admin.js";
export {
  acceptHeldPrintJobAsAdmin,
  generatePrintJobsAsAdmin,
  retryPrintJobAsAdmin,
} from "./print-jobs/admin-workflows.js";
export { printFileForDownload } from "./print-jobs/downloads.js";
export { listPrintQueue } from "./print-jobs/print-queue.js";
export { queuePrintJobsOnPayment } from "./print-jobs/queue.js";
export { PrintJobRunner } from "./print-jobs/runner.js";
