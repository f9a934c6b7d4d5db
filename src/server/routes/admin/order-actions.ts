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

import { CUSTOMER_MESSAGE_TEMPLATES } from "@shared/customer-messages";
import { PHOTO_REQUEST_REASONS } from "@shared/photo-review";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { requestPhotoAsAdmin, withdrawPhotoRequestAsAdmin } from "../../fulfilment/index.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import {
  cancelOrderAsAdmin,
  emailCustomer,
  getAdminOrder,
  refundOrderAsAdmin,
  resendConfirmation,
} from "../../orders/index.js";
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

  return new Hono<AdminEnv>()
    .post(
      "/orders/:id/refund",
      zValidator("param", uuidParam, validationHook),
      zValidator("json", refundBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const result = await refundOrderAsAdmin(ctx, actorOf(c), id, c.req.valid("json"));
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
        await cancelOrderAsAdmin(ctx, actorOf(c), id, c.req.valid("json").reason);
        return c.json({ order: await getAdminOrder(db, id) }, 200);
      },
    )
    .post(
      "/orders/:id/resend-confirmation",
      zValidator("param", uuidParam, validationHook),
      zValidator("json", resendBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const sent = await resendConfirmation(ctx, actorOf(c), id, c.req.valid("json").idempotencyKey);
        return c.json({ sent, order: await getAdminOrder(db, id) }, sent ? 201 : 200);
      },
    )
    .post(
      "/orders/:id/email",
      zValidator("param", uuidParam, validationHook),
      zValidator("json", emailBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const sent = await emailCustomer(ctx, actorOf(c), id, c.req.valid("json"));
        return c.json({ sent, order: await getAdminOrder(db, id) }, sent ? 201 : 200);
      },
    )
    .post(
      "/orders/:id/photo-requests",
      zValidator("param", uuidParam, validationHook),
      zValidator("json", photoRequestBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const { requestId, duplicate } = await requestPhotoAsAdmin(ctx, actorOf(c), id, c.req.valid("json"));
        return c.json({ requestId, duplicate, order: await getAdminOrder(db, id) }, duplicate ? 200 : 201);
      },
    )
    .post(
      "/orders/:id/photo-requests/:requestId/withdraw",
      zValidator("param", photoRequestParam, validationHook),
      async (c) => {
        const { id, requestId } = c.req.valid("param");
        await withdrawPhotoRequestAsAdmin(ctx, actorOf(c), id, requestId);
        return c.json({ order: await getAdminOrder(db, id) }, 200);
      },
    );
}
