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
import { PRINTED_KINDS, productTypeOf } from "@shared/product-types";
import {
  MIN_PROOF_CROP_SIDE_PX,
  PROOF_ADMIN_TEXTS,
  PROOF_TEXTS,
  type ProofState,
  proofCropChangesLeft,
  proofDecided,
  proofDueAt,
  proofOpen,
  proofPieceOf,
  proofStateOfPanels,
} from "@shared/proofs";
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { orderItems, orderProofPanels, orderProofs, orders, printJobs } from "../../db/schema.js";
import { BackgroundLoop } from "../../lib/background-loop.js";
import { HttpError } from "../../lib/validation.js";
import { type QueuedMail, queueMails, queueOwnerAlert } from "../../messaging/index.js";
import { type AfterCommit, Effects, runWorkflow } from "../../platform/index.js";
import type { OrderRow } from "../orders.js";
import {
  linePanelCount,
  type ProofPanelRow,
  panelName,
  panelPhoto,
  proofEmail,
  proofEmailPictures,
  proofLinesOf,
  proofPicturesReady,
} from "../proofs.js";
import type { OrderServices } from "../services.js";
import { CHANGED_BY, type HistoryRow, lockOrder, recordHistories, recordHistory } from "../transitions.js";

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

/** Refuses a customer's step on a decided proof, after its window, or on a cancelled order. */
function requireOpen(proof: { state: ProofState; dueAt: Date }, now: Date, orderStatus: string): void {
  if (proof.state === "approved" || proof.state === "auto_approved")
    throw new HttpError(409, "proof_decided", PROOF_TEXTS.decided);
  if (!proofOpen(proof, now) || ORDER_ENDED.includes(orderStatus))
    throw new HttpError(409, "proof_window_over", PROOF_TEXTS.windowOver);
}

/** A cancelled or refunded order's proof is never approved: nothing of it will be printed. */
const ORDER_ENDED: readonly string[] = ["cancelled", "refunded"];

async function note(tx: Tx, order: OrderRow, by: string, text: string, at: Date): Promise<void> {
  await recordHistory(tx, { orderId: order.id, from: order.status, to: order.status, by, note: text, at });
}

/** The proof's panels, locked (after the proof and the order), in the order's order. */
async function lockPanels(tx: Tx, orderId: string): Promise<ProofPanelRow[]> {
  return tx
    .select()
    .from(orderProofPanels)
    .where(eq(orderProofPanels.orderId, orderId))
    .orderBy(asc(orderProofPanels.orderItemId), asc(orderProofPanels.panelIndex))
    .for("update");
}

/** One panel of the proof, as the customer's step names it. */
export interface ProofPanelRef {
  itemId: string;
  panelIndex: number;
}

/**
 * The customer's Approve (`by` names them) of some panels (`panels`) or of every panel still
 * open (none given: "Approve all"); or the sweep's (`auto`: every open panel, only once the
 * window is over). The proof is approved once every panel is (decision 351).
 */
export async function approveProof(
  ctx: OrderServices,
  tx: Tx,
  input: { orderId: string; by: string; auto?: boolean; panels?: readonly ProofPanelRef[]; now?: Date },
): Promise<ProofResult> {
  const now = input.now ?? new Date();
  // The proof first, then the order, then its panels: the sweep locks them in this order too.
  const proof = await lockProof(tx, input.orderId);
  const order = await lockOrder(tx, input.orderId);
  const unchanged = {
    change: { orderId: order.id, from: proof.state, to: proof.state, changed: false },
    effects: [],
  };
  if (input.auto) {
    // Never before the customer had the e-mail, nor before the window is over.
    if (
      proofDecided(proof.state) ||
      now < proof.dueAt ||
      !proof.mailedAt ||
      ORDER_ENDED.includes(order.status)
    )
      return unchanged;
  } else {
    requireOpen(proof, now, order.status);
  }
  const panels = await lockPanels(tx, order.id);
  const named = input.auto ? [] : (input.panels ?? []);
  const targets =
    named.length > 0
      ? named.map((ref) => {
          const panel = panels.find((p) => p.orderItemId === ref.itemId && p.panelIndex === ref.panelIndex);
          if (!panel) throw new HttpError(404, "proof_panel_not_found", PROOF_TEXTS.invalid);
          if (proofDecided(panel.state)) throw new HttpError(409, "proof_decided", PROOF_TEXTS.panelDecided);
          return panel;
        })
      : panels.filter((p) => !proofDecided(p.state));
  if (targets.length === 0) {
    if (input.auto) return unchanged;
    throw new HttpError(409, "proof_decided", PROOF_TEXTS.decided);
  }
  const panelState: ProofState = input.auto ? "auto_approved" : "approved";
  for (const panel of targets) {
    await tx
      .update(orderProofPanels)
      .set({ state: panelState, decidedAt: now, updatedAt: now })
      .where(
        and(
          eq(orderProofPanels.orderItemId, panel.orderItemId),
          eq(orderProofPanels.panelIndex, panel.panelIndex),
        ),
      );
  }
  const decided = new Set(targets);
  const to = proofStateOfPanels(panels.map((p) => (decided.has(p) ? panelState : p.state)));
  await tx
    .update(orderProofs)
    .set({ state: to, ...(proofDecided(to) ? { decidedAt: now } : {}), updatedAt: now })
    .where(eq(orderProofs.orderId, order.id));
  const number = displayOrderNumber(order.orderNumber);
  const effects = new Effects();
  if (!proofDecided(to)) {
    // Some panels approved, others still to decide: a note, and no alert yet.
    const names = await panelNames(tx, targets);
    await note(tx, order, input.by, `Proof: the customer approved ${names.join("; ")}`, now);
    return { change: { orderId: order.id, from: proof.state, to, changed: true }, effects: [] };
  }
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

/** "lightbox 1, panel 2" for each panel (the timeline's words). */
async function panelNames(tx: Tx, panels: readonly ProofPanelRow[]): Promise<string[]> {
  const items = await tx
    .select({
      id: orderItems.id,
      position: orderItems.position,
      kind: orderItems.kind,
      additionalImages: orderItems.additionalImages,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.id,
        panels.map((p) => p.orderItemId),
      ),
    );
  return panels.map((p) => {
    const item = items.find((i) => i.id === p.orderItemId);
    return item ? panelName(item, p.panelIndex) : `panel ${p.panelIndex + 1}`;
  });
}

/**
 * The customer's new crop for one panel of a lithophane line (`panelIndex` 0: its main photo, n:
 * its n-th additional photo): stored on the line, that panel's print file made again from it,
 * the panel (and the proof) now "changed". At most MAX_PROOF_CROP_CHANGES per panel.
 */
export async function changeProofCrop(
  ctx: OrderServices,
  tx: Tx,
  input: {
    orderId: string;
    itemId: string;
    panelIndex?: number;
    cropPixels: CropPixels;
    crop: { x: number; y: number; zoom: number };
    by: string;
    now?: Date;
  },
): Promise<ProofResult & { requeued: boolean }> {
  const now = input.now ?? new Date();
  const panelIndex = input.panelIndex ?? 0;
  // The proof first, then the order, then its panels: the sweep locks them in this order too.
  const proof = await lockProof(tx, input.orderId);
  const order = await lockOrder(tx, input.orderId);
  requireOpen(proof, now, order.status);
  const panels = await lockPanels(tx, order.id);
  const panel = panels.find((p) => p.orderItemId === input.itemId && p.panelIndex === panelIndex);
  if (!panel) throw new HttpError(404, "proof_panel_not_found", PROOF_TEXTS.invalid);
  if (proofDecided(panel.state)) throw new HttpError(409, "proof_decided", PROOF_TEXTS.panelDecided);
  if (proofCropChangesLeft(panel.changes) === 0)
    throw new HttpError(409, "proof_crop_changes_used", PROOF_TEXTS.tooManyCropChanges);
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.id, input.itemId),
        eq(orderItems.orderId, order.id),
        inArray(orderItems.kind, [...PRINTED_KINDS]),
      ),
    )
    .limit(1)
    .for("update");
  if (!item) throw new HttpError(404, "proof_panel_not_found", PROOF_TEXTS.invalid);
  if (productTypeOf(item.kind).printForm === "cylinder")
    throw new HttpError(409, "proof_crop_not_offered", PROOF_TEXTS.cropNotOffered);
  const photo = await panelPhoto(tx, ctx.storage, item, panelIndex);
  if (!photo || !isCropWithinImage(input.cropPixels, photo))
    throw new HttpError(
      400,
      "proof_crop_outside",
      "The crop does not fit in the photo. Please position it again.",
    );
  if (Math.min(input.cropPixels.width, input.cropPixels.height) < MIN_PROOF_CROP_SIDE_PX)
    throw new HttpError(400, "proof_crop_too_small", PROOF_TEXTS.cropTooSmall);
  if (panelIndex === 0) {
    await tx
      .update(orderItems)
      .set({ crop: input.crop, config: { ...item.config, cropPixels: input.cropPixels } })
      .where(eq(orderItems.id, item.id));
  } else {
    const given = Array.isArray(item.config.additionalCropPixels) ? item.config.additionalCropPixels : [];
    const crops = Array.from({ length: linePanelCount(item) - 1 }, (_, i) => given[i] ?? null);
    crops[panelIndex - 1] = input.cropPixels;
    await tx
      .update(orderItems)
      .set({ config: { ...item.config, additionalCropPixels: crops } })
      .where(eq(orderItems.id, item.id));
  }
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
    .where(and(eq(printJobs.orderItemId, item.id), eq(printJobs.panelIndex, panelIndex)))
    .returning({ id: printJobs.id });
  await tx
    .update(orderProofPanels)
    .set({ state: "changed", changes: panel.changes + 1, updatedAt: now })
    .where(and(eq(orderProofPanels.orderItemId, item.id), eq(orderProofPanels.panelIndex, panelIndex)));
  const to = proofStateOfPanels(panels.map((p) => (p === panel ? "changed" : p.state)));
  await tx
    .update(orderProofs)
    .set({ state: to, changes: proof.changes + 1, updatedAt: now })
    .where(eq(orderProofs.orderId, order.id));
  const number = displayOrderNumber(order.orderNumber);
  const name = panelName(item, panelIndex);
  await note(
    tx,
    order,
    input.by,
    `Proof: the customer changed the crop of ${name}${requeued.length > 0 ? "; its print file is being made again" : ""}`,
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
        `${order.shippingFirstName} changed the crop of ${name} of order #${number} from the proof.${requeued.length > 0 ? " Its print file is being made again." : ""} The order waits for their approval.`,
      ],
      adminPath: `/admin/orders/${order.id}`,
      actionLabel: "Open the order's print files",
    }),
  );
  return {
    change: { orderId: order.id, from: proof.state, to, changed: true },
    effects: effects.list,
    requeued: requeued.length > 0,
  };
}

/**
 * One batch of proofs whose window ended by `now`, auto-approved in one transaction. Answers how
 * many (fewer than the batch: nothing more is due).
 */
export async function autoApproveDueProofs(ctx: OrderServices, now: Date = new Date()): Promise<number> {
  const result = await runWorkflow(ctx, async (tx) => {
    const due = await tx
      .select({ orderId: orderProofs.orderId })
      .from(orderProofs)
      .where(
        and(
          inArray(orderProofs.state, ["awaiting", "changed"]),
          lte(orderProofs.dueAt, now),
          isNotNull(orderProofs.mailedAt),
          // Not a cancelled order's (issue 47 item 14: the customer may cancel while it waits).
          sql`${orderProofs.orderId} not in (select ${orders.id} from ${orders} where ${inArray(orders.status, ["cancelled", "refunded"])})`,
        ),
      )
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

/**
 * One batch of proofs not yet mailed whose panels' pictures all exist: each gets its e-mail
 * (every panel's picture, the deadline), and its window starts now, so no proof is decided for
 * a customer who has not seen it. Taken FOR UPDATE SKIP LOCKED: safe on several servers. The
 * batch is read and written in a fixed number of statements, whatever its size (decision 353):
 * the sweep is woken by every payment. Answers how many were taken (a full batch: more may wait).
 */
export async function queueReadyProofEmails(ctx: OrderServices, now: Date = new Date()): Promise<number> {
  const result = await runWorkflow(ctx, async (tx) => {
    const waiting = await tx
      .select()
      .from(orderProofs)
      .where(and(isNull(orderProofs.mailedAt), proofPicturesReady()))
      .orderBy(asc(orderProofs.createdAt))
      .limit(SWEEP_BATCH)
      .for("update", { skipLocked: true });
    if (waiting.length === 0) return { count: 0, batch: 0, effects: [] };
    const ids = waiting.map((proof) => proof.orderId);
    const orderRows = await tx.select().from(orders).where(inArray(orders.id, ids)).for("update");
    const orderOf = new Map(orderRows.map((order) => [order.id, order]));
    const linesOf = await proofLinesOf(tx, ids);
    const mailed: Array<{ orderId: string; dueAt: Date }> = [];
    const mails: QueuedMail[] = [];
    const notes: HistoryRow[] = [];
    for (const proof of waiting) {
      const order = orderOf.get(proof.orderId);
      if (!order) continue;
      const hours = Math.max(1, Math.round((proof.dueAt.getTime() - proof.createdAt.getTime()) / 3_600_000));
      const dueAt = proofDueAt(now, hours);
      mailed.push({ orderId: proof.orderId, dueAt });
      if (proofDecided(proof.state)) continue;
      const proofNow = { ...proof, dueAt };
      const lines = linesOf.get(proof.orderId) ?? [];
      const pictures = proofEmailPictures(ctx.config, proofNow, lines);
      mails.push(
        proofEmail(ctx.config, order, proofNow, pictures, proofPieceOf(lines.map((line) => line.kind))),
      );
      notes.push({
        orderId: order.id,
        from: order.status,
        to: order.status,
        by: CHANGED_BY.system,
        note: PROOF_ADMIN_TEXTS.mailedNote(hours),
        at: now,
      });
    }
    await tx.execute(sql`update ${orderProofs}
      set mailed_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz, due_at = v.due_at
      from (select unnest(${`{${mailed.map((m) => m.orderId).join(",")}}`}::uuid[]) as order_id,
                   unnest(${`{${mailed.map((m) => m.dueAt.toISOString()).join(",")}}`}::timestamptz[]) as due_at) v
      where ${orderProofs.orderId} = v.order_id`);
    const queued = await queueMails(tx, mails);
    await recordHistories(tx, notes);
    const effects = new Effects();
    effects.mail(...queued.map((q) => q.id));
    return { count: queued.length, batch: waiting.length, effects: effects.list };
  });
  if (result.count > 0) ctx.log.info({ mailed: result.count }, "proof e-mails queued");
  return result.batch;
}

/** Every server's sweep of proofs: e-mails once the pictures exist, then the windows that ended. */
export class ProofSweeper {
  private readonly loop: BackgroundLoop;

  constructor(ctx: OrderServices, pollMs = ctx.config.orders.expirySweepSeconds * 1000) {
    this.loop = new BackgroundLoop({
      name: "proof approval",
      log: ctx.log,
      intervalMs: pollMs,
      round: async () => {
        const mailed = await queueReadyProofEmails(ctx);
        const approved = await autoApproveDueProofs(ctx);
        return mailed >= SWEEP_BATCH || approved >= SWEEP_BATCH;
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  /** A print file was made, or a proof started: look now rather than at the next interval. */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
