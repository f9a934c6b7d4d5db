/**
 * Money and messages on an admin order (issue 17):
 *   POST /admin/orders/:id/refund {amount? | lineIds?, reason, customerMessage?, idempotencyKey}   full or partial refund
 *   POST /admin/orders/:id/cancel {reason}                                      cancel an unpaid order
 *   POST /admin/orders/:id/resend-confirmation {idempotencyKey}                 the confirmation again
 *   POST /admin/orders/:id/email {template, subject, body, idempotencyKey}      write to the customer
 *   POST /admin/orders/:id/photo-requests {itemId, panelIndex, reason, note?, idempotencyKey}
 *                                                                    ask for a better photo for a panel
 *   POST /admin/orders/:id/photo-requests/:requestId/withdraw        take the request back
 * Each is audited and recorded on the order's timeline; the e-mails go through the mail outbox.
 */

import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { CUSTOMER_MESSAGE_TEMPLATES } from "@shared/customer-messages";
import { formatGbp } from "@shared/money";
import { isPaidStatus } from "@shared/order-lifecycle";
import { displayOrderNumber } from "@shared/orders";
import { PHOTO_REQUEST_REASONS } from "@shared/photo-review";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { requestBetterPhoto, withdrawPhotoRequest } from "../../fulfilment/index.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import { orderConfirmationEmail, queueMail, renderEmail } from "../../messaging/index.js";
import {
  addOrderNote,
  CHANGED_BY,
  cancelOrder,
  getAdminOrder,
  orderLines,
  orderToWriteTo,
  refundOrder,
  runAfterCommit,
} from "../../orders/index.js";
import { audited } from "../../platform/index.js";
import { type AdminEnv, actorOf, uuidParam } from "./shared.js";

const key = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "Invalid request key.");
const reason = z.string().trim().max(500, "The reason is too long.");

const refundBody = z
  .object({
    amount: z
      .number()
      .int("Amounts are in pence.")
      .positive("Enter an amount above zero.")
      .max(100_000_000)
      .optional(),
    lineIds: z.array(z.uuid()).max(100).optional(),
    /** The owner's own note: kept with the refund, never shown to the customer (issue 30 item 9). */
    reason: reason.min(1, "Please give a reason."),
    /** Optional: what the refund e-mail and the credit note say to the customer. */
    customerMessage: z.string().trim().max(500, "The message is too long.").optional(),
    idempotencyKey: key,
    /** A full refund before dispatch may cancel the order instead of marking it refunded. */
    cancelOrder: z.boolean().optional(),
  })
  .refine((b) => (b.amount !== undefined) !== (b.lineIds?.length ?? 0) > 0, {
    message: "Choose an amount or at least one line to refund.",
  });

const cancelBody = z.object({ reason: reason.default("") });
const resendBody = z.object({ idempotencyKey: key });
const emailBody = z.object({
  template: z.enum(CUSTOMER_MESSAGE_TEMPLATES),
  subject: z.string().trim().min(1, "Please write a subject.").max(200),
  body: z.string().trim().min(1, "Please write a message.").max(10_000),
  idempotencyKey: key,
});

const photoRequestBody = z.object({
  itemId: z.uuid("Unknown line."),
  panelIndex: z.number().int().min(0).max(9),
  reason: z.enum(PHOTO_REQUEST_REASONS, { error: "Choose a reason." }),
  note: z.string().trim().max(2000, "The note is too long.").optional(),
  idempotencyKey: key,
});
const photoRequestParam = z.object({ id: z.uuid("Unknown order."), requestId: z.uuid("Unknown request.") });

export function adminOrderActionRoutes(ctx: AppContext) {
  const db = ctx.database.db;

  const loadOrder = (id: string) => orderToWriteTo(db, id);

  return new Hono<AdminEnv>()
    .post(
      "/orders/:id/refund",
      zValidator("param", uuidParam, validationHook),
      zValidator("json", refundBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const input = c.req.valid("json");
        const admin = c.get("admin");
        const result = await audited(
          db,
          actorOf(c),
          { actionType: "order.refund", tableName: "order_refunds", recordId: id, newValues: input },
          async (tx) => {
            const refund = await refundOrder(ctx, tx, id, input, admin);
            return {
              result: refund,
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
        );
        await runAfterCommit(ctx, result.effects);
        return c.json(
          {
            refundId: result.refundId,
            amount: result.amount,
            duplicate: result.duplicate,
            ledger: result.ledger,
            order: await getAdminOrder(db, id),
          },
          result.duplicate ? 200 : 201,
        );
      },
    )
    .post(
      "/orders/:id/cancel",
      zValidator("param", uuidParam, validationHook),
      zValidator("json", cancelBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const { reason: why } = c.req.valid("json");
        const { effects } = await audited(
          db,
          actorOf(c),
          { actionType: "order.cancel", tableName: "orders", recordId: id, newValues: { reason: why } },
          async (tx) => {
            const result = await cancelOrder(ctx, tx, {
              orderId: id,
              cause: "admin",
              by: CHANGED_BY.admin(c.get("admin").id),
              note: why ? `Cancelled: ${why}` : "Cancelled by the shop",
              reason: why,
            });
            return { result, audit: { oldValues: { status: result.change.from } } };
          },
        );
        await runAfterCommit(ctx, effects);
        return c.json({ order: await getAdminOrder(db, id) }, 200);
      },
    )
    .post(
      "/orders/:id/resend-confirmation",
      zValidator("param", uuidParam, validationHook),
      zValidator("json", resendBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const { idempotencyKey } = c.req.valid("json");
        const order = await loadOrder(id);
        if (!isPaidStatus(order.status))
          throw new HttpError(409, "not_paid", "Only a paid order has a confirmation to resend.");
        const items = await orderLines(db, id);
        const message = orderConfirmationEmail({ ...order, items }, ctx.config.publicUrl);
        const mailId = await audited(
          db,
          actorOf(c),
          { actionType: "order.resend_confirmation", tableName: "orders", recordId: id },
          async (tx) => {
            const queued = await queueMail(tx, {
              dedupeKey: `resend:${id}:${idempotencyKey}`,
              kind: "customer_message",
              ...message,
            });
            if (queued)
              await addOrderNote(tx, id, c.get("admin"), "Confirmation e-mail sent again to the customer.");
            return { result: queued, audit: {} };
          },
        );
        await ctx.mailOutbox.sendNow([mailId]);
        return c.json({ sent: mailId !== null, order: await getAdminOrder(db, id) }, mailId ? 201 : 200);
      },
    )
    .post(
      "/orders/:id/email",
      zValidator("param", uuidParam, validationHook),
      zValidator("json", emailBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const input = c.req.valid("json");
        const order = await loadOrder(id);
        const number = displayOrderNumber(order.orderNumber);
        const subject = `${order.testMode ? "[TEST] " : ""}${input.subject} (order #${number})`;
        const first = order.shippingFirstName.trim() || "there";
        const paragraphs = [`Hello ${first},`, ...input.body.split(/\n{2,}/), `The ${BRAND_NAME} team`];
        const footnote = `Order #${number}, ${formatGbp(order.totalAmount)}. Write to ${SUPPORT_EMAIL} to answer, quoting your order number.`;
        const mailId = await audited(
          db,
          actorOf(c),
          { actionType: "order.email_customer", tableName: "orders", recordId: id, newValues: input },
          async (tx) => {
            const queued = await queueMail(tx, {
              dedupeKey: `order-mail:${id}:${input.idempotencyKey}`,
              kind: "customer_message",
              to: order.shippingEmail,
              subject,
              ...renderEmail({ title: input.subject, blocks: paragraphs, footnote }),
            });
            if (queued)
              await addOrderNote(
                tx,
                id,
                c.get("admin"),
                `E-mailed the customer (${input.template}): ${input.subject}\n\n${input.body}`,
              );
            return { result: queued, audit: {} };
          },
        );
        await ctx.mailOutbox.sendNow([mailId]);
        return c.json({ sent: mailId !== null, order: await getAdminOrder(db, id) }, mailId ? 201 : 200);
      },
    )
    .post(
      "/orders/:id/photo-requests",
      zValidator("param", uuidParam, validationHook),
      zValidator("json", photoRequestBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const input = c.req.valid("json");
        const { request, duplicate, mailId } = await audited(
          db,
          actorOf(c),
          { actionType: "order.photo_request", tableName: "photo_requests", recordId: id, newValues: input },
          async (tx) => {
            const result = await requestBetterPhoto(tx, ctx.config, id, input, c.get("admin"));
            return {
              result,
              audit: { recordId: result.request.id, newValues: { ...input, duplicate: result.duplicate } },
            };
          },
        );
        await ctx.mailOutbox.sendNow([mailId]);
        return c.json(
          { requestId: request.id, duplicate, order: await getAdminOrder(db, id) },
          duplicate ? 200 : 201,
        );
      },
    )
    .post(
      "/orders/:id/photo-requests/:requestId/withdraw",
      zValidator("param", photoRequestParam, validationHook),
      async (c) => {
        const { id, requestId } = c.req.valid("param");
        await audited(
          db,
          actorOf(c),
          { actionType: "order.photo_request_withdraw", tableName: "photo_requests", recordId: requestId },
          async (tx) => {
            const after = await withdrawPhotoRequest(tx, id, requestId, c.get("admin"));
            return {
              result: after,
              audit: { oldValues: { status: "open" }, newValues: { status: after.status } },
            };
          },
        );
        return c.json({ order: await getAdminOrder(db, id) }, 200);
      },
    );
}
