/** The fulfilment module's face: other modules import it only through this file. */
export * from "./dispatch-by.js";
export * from "./line-photos.js";
export * from "./photo-review.js";
export * from "./print-estimates.js";
export * from "./print-jobs/admin.js";
export * from "./print-jobs/downloads.js";
export * from "./print-jobs/panel.js";
export * from "./print-jobs/print-queue.js";
export * from "./print-jobs/queue.js";
export * from "./print-jobs/runner.js";
export * from "./print-jobs/worker.js";
