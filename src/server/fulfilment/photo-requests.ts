/**
 * The owner's photo requests as audited workflows (issue 49 item 1): ask the customer for a better
 * photo for one panel (the e-mail after commit), or take the request back.
 */
import type { Config } from "../config.js";
import { type AuditActor, Effects, runWorkflow, type WorkflowHost } from "../platform/index.js";
import { type PhotoRequestInput, requestBetterPhoto, withdrawPhotoRequest } from "./photo-review.js";

/** Asks for a better photo; answers the request and whether it was one already made with this key. */
export async function requestPhotoAsAdmin(
  host: WorkflowHost & { config: Pick<Config, "authSecret" | "publicUrl"> },
  actor: AuditActor,
  orderId: string,
  input: PhotoRequestInput & { idempotencyKey: string },
): Promise<{ requestId: string; duplicate: boolean }> {
  const { request, duplicate } = await runWorkflow(
    host,
    async (tx) => {
      const result = await requestBetterPhoto(tx, host.config, orderId, input, actor);
      const effects = new Effects();
      effects.mail(result.mailId);
      return {
        ...result,
        effects: effects.list,
        audit: { recordId: result.request.id, newValues: { ...input, duplicate: result.duplicate } },
      };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "order.photo_request",
          tableName: "photo_requests",
          recordId: orderId,
          newValues: input,
        },
      },
    },
  );
  return { requestId: request.id, duplicate };
}

/** Takes an open photo request back. */
export async function withdrawPhotoRequestAsAdmin(
  host: WorkflowHost,
  actor: AuditActor,
  orderId: string,
  requestId: string,
): Promise<void> {
  await runWorkflow(
    host,
    async (tx) => {
      const after = await withdrawPhotoRequest(tx, orderId, requestId, actor);
      return { audit: { oldValues: { status: "open" }, newValues: { status: after.status } } };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "order.photo_request_withdraw",
          tableName: "photo_requests",
          recordId: requestId,
        },
      },
    },
  );
}
