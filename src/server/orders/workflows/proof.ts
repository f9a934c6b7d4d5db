/**
 * The customer's proof (issue 32 item 3, decision 321), as workflow steps: each runs in the
 * caller's transaction and answers { change, effects } (the proof's move, and what is owed after
 * commit). The order's status does not move: the proof is a gate before printing (the fulfilment
 * workflow refuses "printing" while it waits), written on the order's timeline as notes.
 *
 *   startProof        (proofs.ts, the payment's "proof-request" effect) payment -> awaiting (the owner's setting on, the order has lithophanes):
 *                     the proof e-mail with its signed link, due after the owner's window
 *   approveProof      awaiting | changed -> approved (the customer, within the window)
 *                     awaiting | changed -> auto_approved (the sweep, once the window is over)
 *   changeProofCrop   awaiting | changed -> changed: the line's crop is replaced and the panel's
 *                     print file is made again from it (free, within the window)
 *
 * A decided proof refuses both customer steps (409), as does a window that is over; the sweep
 * takes due proofs with FOR UPDATE SKIP LOCKED, so several servers approve each proof once.
 */
import { type CropPixels, isCropWithinImage } from "@shared/creator";
import { displayOrderNumber } from "@shared/orders";
import { PROOF_TEXTS, type ProofState, proofOpen } from "@shared/proofs";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { orderItems, orderProofs, printJobs, uploads } from "../../db/schema.js";
import { BackgroundLoop } from "../../lib/background-loop.js";
import { HttpError } from "../../lib/validation.js";
import { queueOwnerAlert } from "../../messaging/index.js";
import { shopImageKey } from "../../platform/index.js";
import { type AfterCommit, Effects } from "../effects.js";
import type { OrderRow } from "../orders.js";
import { CHANGED_BY, lockOrder, recordHistory } from "../transitions.js";
import { runWorkflow } from "./run.js";

/** A proof's move: from and to are proof states (null: there was none). */
export interface ProofChange {
  orderId: string;
  from: ProofState | null;
  to: ProofState;
  changed: boolean;
}

export interface ProofResult {
  change: ProofChange;
  effects: AfterCommit[];
}

const SWEEP_BATCH = 50;

async function lockProof(tx: Tx, orderId: string) {
  const [row] = await tx
    .select()
    .from(orderProofs)
    .where(eq(orderProofs.orderId, orderId))
    .limit(1)
    .for("update");
  if (!row) throw new HttpError(404, "proof_not_found", PROOF_TEXTS.invalid);
  return row;
}

/** Refuses a customer's step on a decided proof, or after its window. */
function requireOpen(proof: { state: ProofState; dueAt: Date }, now: Date): void {
  if (proof.state === "approved" || proof.state === "auto_approved")
    throw new HttpError(409, "proof_decided", PROOF_TEXTS.decided);
  if (!proofOpen(proof, now)) throw new HttpError(409, "proof_window_over", PROOF_TEXTS.windowOver);
}

async function note(tx: Tx, order: OrderRow, by: string, text: string, at: Date): Promise<void> {
  await recordHistory(tx, { orderId: order.id, from: order.status, to: order.status, by, note: text, at });
}

/**
 * The customer's Approve (`by` names them), or the sweep's (`auto`: only once the window is over).
 */
export async function approveProof(
  ctx: AppContext,
  tx: Tx,
  input: { orderId: string; by: string; auto?: boolean; now?: Date },
): Promise<ProofResult> {
  const now = input.now ?? new Date();
  // The proof first, then the order: the sweep locks them in this order too.
  const proof = await lockProof(tx, input.orderId);
  const order = await lockOrder(tx, input.orderId);
  const effects = new Effects();
  if (input.auto) {
    if (proof.state === "approved" || proof.state === "auto_approved" || now < proof.dueAt) {
      return {
        change: { orderId: order.id, from: proof.state, to: proof.state, changed: false },
        effects: [],
      };
    }
  } else {
    requireOpen(proof, now);
  }
  const to: ProofState = input.auto ? "auto_approved" : "approved";
  await tx
    .update(orderProofs)
    .set({ state: to, decidedAt: now, updatedAt: now })
    .where(eq(orderProofs.orderId, order.id));
  const number = displayOrderNumber(order.id);
  await note(
    tx,
    order,
    input.by,
    input.auto
      ? "Proof auto-approved: the customer's time to review ended"
      : "Proof approved by the customer",
    now,
  );
  effects.mail(
    await queueOwnerAlert(tx, ctx.config, {
      kind: "proof",
      key: `proof:${order.id}:${to}`,
      subject: `Order #${number}: proof ${input.auto ? "auto-approved" : "approved"}, ready to print`,
      paragraphs: [
        input.auto
          ? `${order.shippingFirstName}'s time to review the proof of order #${number} ended: it is approved as shown.`
          : `${order.shippingFirstName} approved the proof of order #${number}.`,
      ],
      adminPath: `/admin/orders/${order.id}`,
      actionLabel: "Open the order's print files",
    }),
  );
  return { change: { orderId: order.id, from: proof.state, to, changed: true }, effects: effects.list };
}

/**
 * The customer's new crop for one lithophane line of the order (its main photo): stored on the
 * line, the line's panel-1 print file made again from it, the proof now "changed".
 */
export async function changeProofCrop(
  ctx: AppContext,
  tx: Tx,
  input: {
    orderId: string;
    itemId: string;
    cropPixels: CropPixels;
    crop: { x: number; y: number; zoom: number };
    by: string;
    now?: Date;
  },
): Promise<ProofResult & { requeued: boolean }> {
  const now = input.now ?? new Date();
  // The proof first, then the order: the sweep locks them in this order too.
  const proof = await lockProof(tx, input.orderId);
  const order = await lockOrder(tx, input.orderId);
  requireOpen(proof, now);
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.id, input.itemId),
        eq(orderItems.orderId, order.id),
        eq(orderItems.kind, "lithophane"),
      ),
    )
    .limit(1)
    .for("update");
  if (!item) throw new HttpError(404, "proof_panel_not_found", PROOF_TEXTS.invalid);
  const key = item.originalImageUrl ? shopImageKey(ctx.storage, item.originalImageUrl) : null;
  const [photo] = key
    ? await tx
        .select({ width: uploads.width, height: uploads.height })
        .from(uploads)
        .where(eq(uploads.originalKey, key))
    : [];
  if (!photo || !isCropWithinImage(input.cropPixels, photo))
    throw new HttpError(
      400,
      "proof_crop_outside",
      "The crop does not fit in the photo. Please position it again.",
    );
  await tx
    .update(orderItems)
    .set({ crop: input.crop, config: { ...item.config, cropPixels: input.cropPixels } })
    .where(eq(orderItems.id, item.id));
  // As a replaced photo (photo-review.ts): a finished file is dropped, a running one superseded.
  const requeued = await tx
    .update(printJobs)
    .set({
      status: "pending",
      progress: 0,
      fileKey: null,
      triangles: null,
      bytes: null,
      error: null,
      attempts: 0,
      twinStatus: null,
      twinSsim: null,
      twinDeltaL: null,
      twinKey: null,
      twinPreviewKey: null,
      twinError: null,
      estimateStatus: null,
      printSeconds: null,
      filamentGrams: null,
      filamentGramsByExtruder: null,
      estimateError: null,
      updatedAt: now,
    })
    .where(and(eq(printJobs.orderItemId, item.id), eq(printJobs.panelIndex, 0)))
    .returning({ id: printJobs.id });
  await tx
    .update(orderProofs)
    .set({ state: "changed", changes: proof.changes + 1, updatedAt: now })
    .where(eq(orderProofs.orderId, order.id));
  const number = displayOrderNumber(order.id);
  await note(
    tx,
    order,
    input.by,
    `Proof: the customer changed the crop of lightbox ${item.position + 1}${requeued.length > 0 ? "; its print file is being made again" : ""}`,
    now,
  );
  const effects = new Effects();
  if (requeued.length > 0) effects.add({ kind: "wake-print-jobs" });
  effects.mail(
    await queueOwnerAlert(tx, ctx.config, {
      kind: "proof",
      key: `proof:${order.id}:crop:${proof.changes + 1}`,
      subject: `Order #${number}: the customer changed the crop`,
      paragraphs: [
        `${order.shippingFirstName} changed the crop of a lightbox of order #${number} from the proof.${requeued.length > 0 ? " Its print file is being made again." : ""} The order waits for their approval.`,
      ],
      adminPath: `/admin/orders/${order.id}`,
      actionLabel: "Open the order's print files",
    }),
  );
  return {
    change: { orderId: order.id, from: proof.state, to: "changed", changed: true },
    effects: effects.list,
    requeued: requeued.length > 0,
  };
}

/**
 * One batch of proofs whose window ended by `now`, auto-approved in one transaction. Answers how
 * many (fewer than the batch: nothing more is due).
 */
export async function autoApproveDueProofs(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const result = await runWorkflow(ctx, async (tx) => {
    const due = await tx
      .select({ orderId: orderProofs.orderId })
      .from(orderProofs)
      .where(and(inArray(orderProofs.state, ["awaiting", "changed"]), lte(orderProofs.dueAt, now)))
      .orderBy(asc(orderProofs.dueAt))
      .limit(SWEEP_BATCH)
      .for("update", { skipLocked: true });
    const effects: AfterCommit[] = [];
    let count = 0;
    for (const { orderId } of due) {
      const outcome = await approveProof(ctx, tx, { orderId, by: CHANGED_BY.system, auto: true, now });
      if (outcome.change.changed) count += 1;
      effects.push(...outcome.effects);
    }
    return { count, batch: due.length, effects };
  });
  if (result.count > 0) ctx.log.info({ approved: result.count }, "proofs auto-approved");
  return result.batch;
}

/** Every server's sweep of proofs whose window ended (safe on several servers at once). */
export class ProofSweeper {
  private readonly loop: BackgroundLoop;

  constructor(ctx: AppContext, pollMs = ctx.config.orders.expirySweepSeconds * 1000) {
    this.loop = new BackgroundLoop({
      name: "proof approval",
      log: ctx.log,
      intervalMs: pollMs,
      round: async () => (await autoApproveDueProofs(ctx)) >= SWEEP_BATCH,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
