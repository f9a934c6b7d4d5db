/**
 * The owner's actions on print files, each an audited workflow (issue 49 item 1): a test order's
 * files made on request, a failed file retried, a file the twin held accepted. The runner is woken
 * after commit.
 */
import { defineAuditedWorkflow, type Storage, type WorkflowHost } from "../../platform/index.js";
import { acceptHeldPrintJob, type PrintJobRow, retryPrintJob } from "./admin.js";
import { generatePrintJobs } from "./queue.js";

function jobSnapshot(job: PrintJobRow) {
  return {
    orderItemId: job.orderItemId,
    panelIndex: job.panelIndex,
    status: job.status,
    error: job.error,
    attempts: job.attempts,
  };
}

export const generatePrintJobsAsAdmin = defineAuditedWorkflow({
  entry: (orderId: string) => ({
    actionType: "print_jobs.generate",
    tableName: "print_jobs",
    recordId: orderId,
    newValues: { orderId },
  }),
  steps: async (tx, orderId, host: WorkflowHost & { storage: Storage }) => {
    const added = await generatePrintJobs(tx, host.storage, orderId);
    return {
      result: added,
      effects: [{ kind: "wake-print-jobs" }],
      audit: { newValues: { orderId, jobsAdded: added } },
    };
  },
});

export const retryPrintJobAsAdmin = defineAuditedWorkflow({
  entry: ({ orderId, jobId }: { orderId: string; jobId: string }) => ({
    actionType: "print_job.retry",
    tableName: "print_jobs",
    recordId: jobId,
    newValues: { orderId },
  }),
  steps: async (tx, { orderId, jobId }) => {
    const { before, after } = await retryPrintJob(tx, orderId, jobId);
    return {
      result: after,
      effects: [{ kind: "wake-print-jobs" }],
      audit: { oldValues: jobSnapshot(before), newValues: { orderId, ...jobSnapshot(after) } },
    };
  },
});

export const acceptHeldPrintJobAsAdmin = defineAuditedWorkflow({
  entry: ({ orderId, jobId }: { orderId: string; jobId: string }) => ({
    actionType: "print_job.accept_twin",
    tableName: "print_jobs",
    recordId: jobId,
    newValues: { orderId },
  }),
  steps: async (tx, { orderId, jobId }) => {
    const { before, after } = await acceptHeldPrintJob(tx, orderId, jobId);
    return {
      result: after,
      audit: {
        oldValues: { twinStatus: before.twinStatus },
        newValues: { orderId, twinStatus: after.twinStatus },
      },
    };
  },
});
