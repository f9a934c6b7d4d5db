/**
 * changeFulfilmentStatus: the owner moves a paid order along the workshop's path (processing,
 * printing, dispatched, in transit, delivered), or marks a pending order paid by hand (a bank
 * transfer: the payment workflow, as for a real payment). The lifecycle table decides what an
 * administrator may do: a paid order is never set to cancelled or refunded here (only a refund
 * does that, with the money). Dispatch sends the tracking e-mail; delivery records the review
 * request, whose e-mail the customer-mail sweep sends the owner's number of days later.
 * An order waiting for a better photo is not dispatched.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import type { Carrier } from "@shared/fulfilment";
import type { OrderStatus } from "@shared/orders";
import { PROOF_ADMIN_TEXTS, proofAllowsPrinting } from "@shared/proofs";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { orderProofPanels, orderProofs, orders, photoRequests, printJobs } from "../../db/schema.js";
import { HttpError } from "../../lib/validation.js";
import { Effects } from "../../platform/index.js";
import type { OrderServices } from "../services.js";
import type { WorkflowResult } from "../transitions.js";
import { CHANGED_BY, lockOrder, moveOrder, requireTransition, type StatusChange } from "../transitions.js";
import { completePayment } from "./complete-payment.js";

export interface FulfilmentChange {
  status: OrderStatus;
  trackingNumber?: string | undefined;
  carrier?: Carrier | undefined;
  note?: string | undefined;
}

const LEAVES_THE_WORKSHOP: readonly OrderStatus[] = ["dispatched", "in_transit", "delivered"];

export async function changeFulfilmentStatus(
  ctx: OrderServices,
  tx: Tx,
  orderId: string,
  adminId: string,
  input: FulfilmentChange,
): Promise<WorkflowResult> {
  const by = CHANGED_BY.admin(adminId);
  const note = input.note?.trim() || null;
  if (input.status === "paid") {
    return completePayment(ctx, tx, {
      orderId,
      by,
      cause: "admin",
      paymentReference: null,
      note: note ?? "Marked paid by an administrator",
    });
  }
  const current = await lockOrder(tx, orderId);
  const tracking = input.trackingNumber?.trim();
  const fields = {
    ...(tracking ? { trackingNumber: tracking } : {}),
    ...(input.carrier ? { carrier: input.carrier } : {}),
  };
  const unchanged: StatusChange = {
    orderId,
    from: current.status,
    to: input.status,
    changed: false,
    order: current,
  };
  if (current.status === input.status) {
    // The same status again only corrects the tracking details; nothing is recorded or sent.
    if (Object.keys(fields).length === 0) return { change: unchanged, effects: [] };
    const [order] = await tx
      .update(orders)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning();
    return { change: { ...unchanged, order: order ?? current }, effects: [] };
  }
  requireTransition(current.status, input.status, "admin");
  if (LEAVES_THE_WORKSHOP.includes(input.status)) {
    const [open] = await tx
      .select({ id: photoRequests.id })
      .from(photoRequests)
      .where(and(eq(photoRequests.orderId, orderId), eq(photoRequests.status, "open")))
      .limit(1);
    if (open) throw new HttpError(409, "waiting_for_photo", ADMIN_MESSAGE_TEXTS.photoReview.dispatchWaiting);
  }
  if (input.status === "printing") {
    // Issue 32: nothing is printed before the customer's proof is approved, nor a held file.
    await requireReadyToPrint(tx, orderId);
  }
  const effects = new Effects();
  const order = await moveOrder(
    ctx,
    tx,
    current,
    { to: input.status, cause: "admin", by, note, fields },
    effects,
  );
  return { change: { ...unchanged, changed: true, order }, effects: effects.list };
}

/**
 * 409 while the customer's proof waits (every panel approved or auto-approved, decision 351), a
 * panel's file is held by its twin (issue 32), or a re-cropped panel's file is being made again.
 */
async function requireReadyToPrint(tx: Tx, orderId: string): Promise<void> {
  const [proof] = await tx
    .select({ state: orderProofs.state })
    .from(orderProofs)
    .where(eq(orderProofs.orderId, orderId))
    .limit(1);
  if (proof && !proofAllowsPrinting(proof.state))
    throw new HttpError(409, "waiting_for_proof", PROOF_ADMIN_TEXTS.printWaiting);
  const [held] = await tx
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(and(eq(printJobs.orderId, orderId), eq(printJobs.twinStatus, "flagged")))
    .limit(1);
  if (held) throw new HttpError(409, "print_file_held", PROOF_ADMIN_TEXTS.printHeld);
  // Issue 44: a panel the customer re-cropped prints from its new file, once it is made.
  const [remaking] = await tx
    .select({ id: printJobs.id })
    .from(printJobs)
    .innerJoin(
      orderProofPanels,
      and(
        eq(orderProofPanels.orderItemId, printJobs.orderItemId),
        eq(orderProofPanels.panelIndex, printJobs.panelIndex),
      ),
    )
    .where(
      and(
        eq(printJobs.orderId, orderId),
        gt(orderProofPanels.changes, 0),
        inArray(printJobs.status, ["pending", "running"]),
      ),
    )
    .limit(1);
  if (remaking) throw new HttpError(409, "print_file_remaking", PROOF_ADMIN_TEXTS.printRemaking);
}
