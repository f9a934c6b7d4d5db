/**
 * What the owner does to one order from the admin, each an audited workflow (issue 49 item 1): a
 * status change (also the bulk change and the Click & Drop import), a refund, cancelling an unpaid
 * order, the confirmation e-mail again, and her own e-mail to the customer. The routes validate
 * and call these; the audit row commits with the change, a failure is recorded after it.
 */
import { isPaidStatus } from "@shared/order-lifecycle";
import { HttpError } from "../../lib/validation.js";
import { orderConfirmationEmail, orderMessageEmail, queueMail } from "../../messaging/index.js";
import { type AuditActor, Effects, errorText, runWorkflow } from "../../platform/index.js";
import { addOrderNote, existingOrderIds, lockOrderForAudit, statusSnapshot } from "../admin-orders.js";
import { CHANGED_BY } from "../changed-by.js";
import { orderLines, orderToWriteTo } from "../order-to-write-to.js";
import type { OrderServices } from "../services.js";
import type { StatusChange } from "../transitions.js";
import { cancelOrder } from "./cancel-order.js";
import { changeFulfilmentStatus, type FulfilmentChange } from "./change-fulfilment-status.js";
import { type RefundInput, type RefundResult, refundOrder } from "./refund-order.js";

/** One audited status change by the owner, then its e-mails. */
export async function changeOrderStatusAsAdmin(
  ctx: OrderServices,
  actor: AuditActor,
  orderId: string,
  input: FulfilmentChange,
): Promise<StatusChange> {
  const { change } = await runWorkflow(
    ctx,
    async (tx) => {
      const before = await lockOrderForAudit(tx, orderId);
      const result = await changeFulfilmentStatus(ctx, tx, orderId, actor.id, input);
      return {
        ...result,
        audit: {
          oldValues: statusSnapshot(before),
          newValues: {
            ...statusSnapshot(result.change.order),
            note: input.note ?? null,
            changed: result.change.changed,
          },
        },
      };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "order.status_change",
          tableName: "orders",
          recordId: orderId,
          newValues: {
            status: input.status,
            trackingNumber: input.trackingNumber ?? null,
            carrier: input.carrier ?? null,
            note: input.note ?? null,
          },
        },
      },
    },
  );
  return change;
}

/** A full or partial refund by the owner (one refund per idempotency key). */
export function refundOrderAsAdmin(
  ctx: OrderServices,
  actor: AuditActor,
  orderId: string,
  input: RefundInput,
): Promise<RefundResult> {
  return runWorkflow(
    ctx,
    async (tx) => {
      const refund = await refundOrder(ctx, tx, orderId, input, actor);
      return {
        ...refund,
        audit: {
          recordId: refund.refundId,
          newValues: {
            ...input,
            refunded: refund.amount,
            duplicate: refund.duplicate,
            ledger: refund.ledger,
          },
        },
      };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "order.refund",
          tableName: "order_refunds",
          recordId: orderId,
          newValues: input,
        },
      },
    },
  );
}

/** The owner cancels an unpaid order. */
export async function cancelOrderAsAdmin(
  ctx: OrderServices,
  actor: AuditActor,
  orderId: string,
  reason: string,
): Promise<void> {
  await runWorkflow(
    ctx,
    async (tx) => {
      const result = await cancelOrder(ctx, tx, {
        orderId,
        cause: "admin",
        by: CHANGED_BY.admin(actor.id),
        note: reason ? `Cancelled: ${reason}` : "Cancelled by the shop",
        reason,
      });
      return { ...result, audit: { oldValues: { status: result.change.from } } };
    },
    {
      audit: {
        actor,
        entry: { actionType: "order.cancel", tableName: "orders", recordId: orderId, newValues: { reason } },
      },
    },
  );
}

/** The confirmation e-mail again (once per request key); answers whether one was queued. */
export async function resendConfirmation(
  ctx: OrderServices,
  actor: AuditActor,
  orderId: string,
  idempotencyKey: string,
): Promise<boolean> {
  const db = ctx.database.db;
  const order = await orderToWriteTo(db, orderId);
  if (!isPaidStatus(order.status))
    throw new HttpError(409, "not_paid", "Only a paid order has a confirmation to resend.");
  const message = orderConfirmationEmail(
    { ...order, items: await orderLines(db, orderId) },
    ctx.config.publicUrl,
  );
  const { queued } = await runWorkflow(
    ctx,
    async (tx) => {
      const effects = new Effects();
      const queued = await queueMail(tx, {
        dedupeKey: `resend:${orderId}:${idempotencyKey}`,
        kind: "customer_message",
        ...message,
      });
      effects.mail(queued);
      if (queued) await addOrderNote(tx, orderId, actor, "Confirmation e-mail sent again to the customer.");
      return { queued, effects: effects.list };
    },
    {
      audit: {
        actor,
        entry: { actionType: "order.resend_confirmation", tableName: "orders", recordId: orderId },
      },
    },
  );
  return queued !== null;
}

export interface CustomerEmailInput {
  template: string;
  subject: string;
  body: string;
  idempotencyKey: string;
}

/** The owner's own e-mail to the customer (once per request key), noted on the order; answers whether one was queued. */
export async function emailCustomer(
  ctx: OrderServices,
  actor: AuditActor,
  orderId: string,
  input: CustomerEmailInput,
): Promise<boolean> {
  const order = await orderToWriteTo(ctx.database.db, orderId);
  const { queued } = await runWorkflow(
    ctx,
    async (tx) => {
      const effects = new Effects();
      const queued = await queueMail(tx, {
        dedupeKey: `order-mail:${orderId}:${input.idempotencyKey}`,
        kind: "customer_message",
        to: order.shippingEmail,
        ...orderMessageEmail(order, input),
      });
      effects.mail(queued);
      if (queued)
        await addOrderNote(
          tx,
          orderId,
          actor,
          `E-mailed the customer (${input.template}): ${input.subject}\n\n${input.body}`,
        );
      return { queued, effects: effects.list };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "order.email_customer",
          tableName: "orders",
          recordId: orderId,
          newValues: input,
        },
      },
    },
  );
  return queued !== null;
}

export interface BulkStatusResult {
  id: string;
  ok: boolean;
  message: string;
}

/** A status change for many orders, each on its own (one failing leaves the others changed). */
export async function changeOrderStatusesAsAdmin(
  ctx: OrderServices,
  actor: AuditActor,
  ids: readonly string[],
  change: FulfilmentChange & { trackingNumbers?: Readonly<Record<string, string>> | undefined },
): Promise<BulkStatusResult[]> {
  const unique = [...new Set(ids)];
  const known = await existingOrderIds(ctx.database.db, unique);
  const results: BulkStatusResult[] = [];
  for (const id of unique) {
    if (!known.has(id)) {
      results.push({ id, ok: false, message: "Order not found." });
      continue;
    }
    try {
      const tracking = change.trackingNumbers?.[id];
      const done = await changeOrderStatusAsAdmin(ctx, actor, id, {
        status: change.status,
        note: change.note || "Bulk status change",
        ...(tracking ? { trackingNumber: tracking } : {}),
        ...(change.carrier ? { carrier: change.carrier } : {}),
      });
      results.push({ id, ok: true, message: done.changed ? "Changed." : "Already in that status." });
    } catch (error) {
      results.push({ id, ok: false, message: error instanceof HttpError ? error.message : errorText(error) });
    }
  }
  return results;
}

/** The owner's internal note on an order. */
export function addOrderNoteAsAdmin(
  ctx: OrderServices,
  actor: AuditActor,
  orderId: string,
  body: string,
): Promise<Awaited<ReturnType<typeof addOrderNote>>> {
  return runWorkflow(
    ctx,
    async (tx) => {
      const created = await addOrderNote(tx, orderId, actor, body);
      return { ...created, audit: { recordId: String(created.id) } };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "order.note_add",
          tableName: "order_notes",
          recordId: null,
          newValues: { orderId, body },
        },
      },
    },
  ).then(({ audit: _audit, ...note }) => note);
}
