/**
 * Photo review (issue 17, decision 051): the owner asks for a better photo for one panel of a
 * paid order; the customer gets an e-mail with a signed link (no account needed), uploads a
 * replacement with the creator's crop tool, and the order line takes the new photo: the panel's
 * print job is made again from it and the owner is alerted. Every step is one transaction with
 * its audit row and a note on the order's timeline.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { aspectRatioForShape, type CropPixels } from "@shared/creator";
import { isPaidStatus } from "@shared/order-lifecycle";
import { displayOrderNumber } from "@shared/orders";
import {
  minShortSidePixels,
  PHOTO_LINK_DAYS,
  PHOTO_PAGE_TEXTS,
  PHOTO_REQUEST_REASON_TEXT,
  type PhotoRequestReason,
  photoReplacementProblem,
} from "@shared/photo-review";
import { productTypeOf } from "@shared/product-types";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Config } from "../config.js";
import type { DbOrTx, Tx } from "../db/client.js";
import { orderItems, orderNotes, orders, photoRequests, printJobs, uploads } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import {
  checkSignedToken,
  queueMail,
  queueOwnerAlert,
  renderEmail,
  signedToken,
} from "../messaging/index.js";
import {
  type AuditActor,
  Effects,
  runWorkflow,
  type Storage,
  shopImageKey,
  type UploadVisitor,
  uploadedBy,
  type WorkflowHost,
  withAudit,
} from "../platform/index.js";
import { sizeInMm } from "./print-jobs/panel.js";

type LinkConfig = Pick<Config, "authSecret" | "publicUrl">;
type AlertConfig = Pick<Config, "ownerEmail" | "publicUrl">;

/** Statuses in which a photo can still change: paid and not yet dispatched. */
const REVIEWABLE = new Set(["paid", "processing", "printing"]);

export type PhotoRequestRow = typeof photoRequests.$inferSelect;

export function photoLink(config: LinkConfig, requestId: string, now = Date.now()): string {
  const token = signedToken(config.authSecret, "photo-replacement", requestId, PHOTO_LINK_DAYS, now);
  return `${config.publicUrl}/photo?token=${encodeURIComponent(token)}`;
}

/** The photo a panel shows now: the line's preview (panel 0) or its n-th additional photo. */
function panelImage(item: typeof orderItems.$inferSelect, panelIndex: number): string | null {
  if (panelIndex === 0) return item.imageUrl ?? item.originalImageUrl;
  const extra = Array.isArray(item.additionalImages) ? item.additionalImages : [];
  return extra[panelIndex - 1] ?? null;
}

/** A line on the order's timeline (admin-orders.ts reads them; written here to keep imports one-way). */
async function addOrderNote(tx: Tx, orderId: string, author: { id: string; email: string }, body: string) {
  await tx.insert(orderNotes).values({ orderId, authorId: author.id, authorEmail: author.email, body });
}

function panelCount(item: typeof orderItems.$inferSelect): number {
  return 1 + (Array.isArray(item.additionalImages) ? item.additionalImages.length : 0);
}

function requestEmail(opts: {
  order: typeof orders.$inferSelect;
  reason: PhotoRequestReason;
  note: string | null;
  panelLabel: string;
  link: string;
}) {
  const number = displayOrderNumber(opts.order.orderNumber);
  const first = opts.order.shippingFirstName.trim() || "there";
  const title = "Could you send us a better photo?";
  const subject = `${opts.order.testMode ? "[TEST] " : ""}A better photo for your order #${number}`;
  const footnote = `Order #${number}. Questions? Write to ${SUPPORT_EMAIL}, quoting your order number.`;
  return {
    to: opts.order.shippingEmail,
    subject,
    ...renderEmail({
      title,
      ...(opts.order.testMode ? { notice: "This is a test order." } : {}),
      blocks: [
        `Hello ${first},`,
        `We checked the photos of order #${number} before printing. ${opts.panelLabel}: ${PHOTO_REQUEST_REASON_TEXT[opts.reason]}`,
        ...(opts.note ? [opts.note] : []),
        `Please upload a new photo with the link below (it works for ${PHOTO_LINK_DAYS} days; no account needed). We print your order as soon as we have it.`,
        { action: { label: "Upload a new photo", url: opts.link } },
        `The ${BRAND_NAME} team`,
      ],
      footnote,
    }),
  };
}

export interface PhotoRequestInput {
  itemId: string;
  panelIndex: number;
  reason: PhotoRequestReason;
  note?: string | undefined;
  idempotencyKey: string;
}

/**
 * The owner's request, in `tx`: the order must be paid and not yet dispatched, the panel must
 * exist, and no request may be open for it. A repeated click (same key) returns the first
 * request and queues nothing. The customer's e-mail is queued in the same transaction.
 */
export async function requestBetterPhoto(
  tx: Tx,
  config: LinkConfig,
  orderId: string,
  input: PhotoRequestInput,
  admin: { id: string; email: string },
): Promise<{ request: PhotoRequestRow; duplicate: boolean; mailId: string | null }> {
  const T = ADMIN_MESSAGE_TEXTS.photoReview;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new HttpError(404, "order_not_found", "Order not found.");
  const [again] = await tx
    .select()
    .from(photoRequests)
    .where(eq(photoRequests.idempotencyKey, input.idempotencyKey));
  if (again) {
    if (again.orderId !== orderId) throw new HttpError(409, "key_reused", T.keyReused);
    return { request: again, duplicate: true, mailId: null };
  }
  if (order.anonymisedAt) throw new HttpError(409, "order_anonymised", T.anonymised);
  if (!REVIEWABLE.has(order.status)) throw new HttpError(409, "order_not_reviewable", T.notReviewable);
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, input.itemId), eq(orderItems.orderId, orderId)));
  if (!item || !productTypeOf(item.kind).madeFromPhotos)
    throw new HttpError(404, "item_not_found", T.noSuchPanel);
  if (input.panelIndex >= panelCount(item)) throw new HttpError(404, "panel_not_found", T.noSuchPanel);
  const [open] = await tx
    .select({ id: photoRequests.id })
    .from(photoRequests)
    .where(
      and(
        eq(photoRequests.orderItemId, item.id),
        eq(photoRequests.panelIndex, input.panelIndex),
        eq(photoRequests.status, "open"),
      ),
    );
  if (open) throw new HttpError(409, "already_requested", T.alreadyRequested);
  const note = input.note?.trim() || null;
  const [request] = await tx
    .insert(photoRequests)
    .values({
      orderId,
      orderItemId: item.id,
      panelIndex: input.panelIndex,
      reason: input.reason,
      note,
      requestedBy: admin.email,
      previousImageUrl: panelImage(item, input.panelIndex),
      idempotencyKey: input.idempotencyKey,
    })
    .returning();
  if (!request) throw new Error("photo request not stored");
  const items = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const itemNumber = items.findIndex((i) => i.id === item.id) + 1;
  const panelLabel = ADMIN_MESSAGE_TEXTS.printFiles.panelLabel(
    itemNumber,
    input.panelIndex + 1,
    panelCount(item),
  );
  const mailId = await queueMail(tx, {
    dedupeKey: `photo-request:${request.id}`,
    kind: "photo_request",
    ...requestEmail({ order, reason: input.reason, note, panelLabel, link: photoLink(config, request.id) }),
  });
  await addOrderNote(tx, orderId, admin, T.requestedNote(panelLabel, input.reason, note));
  return { request, duplicate: false, mailId };
}

/** The owner takes a request back (the photo will do after all): the link stops working. */
export async function withdrawPhotoRequest(
  tx: Tx,
  orderId: string,
  requestId: string,
  admin: { id: string; email: string },
): Promise<PhotoRequestRow> {
  const T = ADMIN_MESSAGE_TEXTS.photoReview;
  const [request] = await tx
    .select()
    .from(photoRequests)
    .where(and(eq(photoRequests.id, requestId), eq(photoRequests.orderId, orderId)))
    .for("update");
  if (!request) throw new HttpError(404, "photo_request_not_found", T.notFound);
  if (request.status !== "open") throw new HttpError(409, "photo_request_closed", T.notOpen);
  const [after] = await tx
    .update(photoRequests)
    .set({ status: "withdrawn", resolvedAt: new Date() })
    .where(eq(photoRequests.id, requestId))
    .returning();
  if (!after) throw new Error("photo request not updated");
  await addOrderNote(tx, orderId, admin, T.withdrawnNote);
  return after;
}

/** The order's requests, newest first (the admin order page). */
export async function listPhotoRequests(db: DbOrTx, orderId: string) {
  const rows = await db
    .select()
    .from(photoRequests)
    .where(eq(photoRequests.orderId, orderId))
    .orderBy(desc(photoRequests.createdAt));
  return rows.map((r) => ({
    id: r.id,
    itemId: r.orderItemId,
    panelIndex: r.panelIndex,
    reason: r.reason,
    note: r.note,
    status: r.status,
    requestedBy: r.requestedBy,
    previousImageUrl: r.previousImageUrl,
    newImageUrl: r.newImageUrl,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
  }));
}

// ---------------------------------------------------------------------------- the customer's side

type LinkFailure = { ok: false; status: 400 | 404 | 409 | 410; code: string; message: string };

async function resolveLink(
  db: DbOrTx,
  secret: string,
  token: string,
  lock: boolean,
): Promise<
  | {
      ok: true;
      request: PhotoRequestRow;
      order: typeof orders.$inferSelect;
      item: typeof orderItems.$inferSelect;
    }
  | LinkFailure
> {
  const check = checkSignedToken(secret, "photo-replacement", token);
  if (!check.ok) {
    return check.reason === "expired"
      ? { ok: false, status: 410, code: "link_expired", message: PHOTO_PAGE_TEXTS.expired }
      : { ok: false, status: 404, code: "link_invalid", message: PHOTO_PAGE_TEXTS.invalid };
  }
  const query = db.select().from(photoRequests).where(eq(photoRequests.id, check.id));
  const [request] = lock ? await query.for("update") : await query;
  if (!request) return { ok: false, status: 404, code: "link_invalid", message: PHOTO_PAGE_TEXTS.invalid };
  if (request.status === "replaced")
    return { ok: false, status: 409, code: "photo_already_replaced", message: PHOTO_PAGE_TEXTS.used };
  if (request.status !== "open")
    return { ok: false, status: 409, code: "photo_request_withdrawn", message: PHOTO_PAGE_TEXTS.withdrawn };
  const [row] = await db
    .select({ order: orders, item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, request.orderItemId));
  if (!row || row.order.anonymisedAt || !isPaidStatus(row.order.status))
    return { ok: false, status: 409, code: "photo_request_withdrawn", message: PHOTO_PAGE_TEXTS.withdrawn };
  return { ok: true, request, order: row.order, item: row.item };
}

async function panelSize(db: DbOrTx, item: typeof orderItems.$inferSelect) {
  const sizeId = typeof item.config.sizeId === "string" ? item.config.sizeId : item.size;
  return (await sizeInMm(db, sizeId)) ?? null;
}

/** What the upload page shows: the order, the panel, the photo we have and the size it needs. */
export async function photoLinkState(db: DbOrTx, config: LinkConfig, token: string) {
  const link = await resolveLink(db, config.authSecret, token, false);
  if (!link.ok) return link;
  const { request, order, item } = link;
  const size = await panelSize(db, item);
  const shapeId = typeof item.config.shapeId === "string" ? item.config.shapeId : item.shape;
  return {
    ok: true as const,
    page: {
      orderNumber: displayOrderNumber(order.orderNumber),
      firstName: order.shippingFirstName,
      reason: request.reason,
      reasonText: PHOTO_REQUEST_REASON_TEXT[request.reason as PhotoRequestReason] ?? "",
      note: request.note,
      panelIndex: request.panelIndex,
      panelCount: panelCount(item),
      /** Every panel is positioned with the creator's crop tool (each extra photo too, issue 20/30). */
      cropped: true,
      shape: item.shape,
      shapeId,
      aspectRatio: aspectRatioForShape(shapeId),
      size: item.size,
      frameColor: item.frameColor,
      currentImageUrl: request.previousImageUrl,
      minShortSidePx: size ? minShortSidePixels(size) : null,
      panelMm: size,
    },
  };
}

export interface PhotoReplacementInput {
  /** The new photo's original, as POST /api/uploads returned it (originalUrl). */
  originalUrl: string;
  cropPixels?: CropPixels | undefined;
  crop?: { x: number; y: number; zoom: number } | undefined;
}

/**
 * The customer's new photo, in `tx`: it must be one of the shop's uploads made by `visitor`
 * (the same client or account, as a review's photo), its crop inside it
 * and big enough for the panel. The line takes it, the panel's print job goes back to the
 * queue with it (a finished file is dropped, a running one is superseded), the request closes,
 * the owner is alerted, and the order's timeline and the audit trail record it.
 */
export async function replacePhotoThroughLink(
  tx: Tx,
  deps: { config: LinkConfig & AlertConfig; storage: Pick<Storage, "keyFromUrl" | "publicUrl"> },
  token: string,
  input: PhotoReplacementInput,
  visitor: UploadVisitor,
): Promise<{ ok: true; alertId: string | null; requeued: boolean; orderId: string } | LinkFailure> {
  const { config, storage } = deps;
  const link = await resolveLink(tx, config.authSecret, token, true);
  if (!link.ok) return link;
  const { request, order, item } = link;
  const key = shopImageKey(storage, input.originalUrl);
  const [found] = key ? await tx.select().from(uploads).where(eq(uploads.originalKey, key)) : [];
  // Only the visitor's own upload: another order's photo is answered as any unknown image.
  const upload = found && uploadedBy(found, visitor) ? found : undefined;
  if (!upload)
    return { ok: false, status: 400, code: "photo_not_stored", message: PHOTO_PAGE_TEXTS.notStored };
  const size = await panelSize(tx, item);
  const crop = input.cropPixels ?? null;
  if (size) {
    const problem = photoReplacementProblem({ photo: upload, crop, panel: size });
    if (problem)
      return { ok: false, status: 400, code: `photo_${problem.problem}`, message: problem.message };
  }
  const originalUrl = storage.publicUrl(upload.originalKey);
  const previewUrl = storage.publicUrl(upload.previewKey);

  if (request.panelIndex === 0) {
    const config = { ...item.config };
    if (crop) config.cropPixels = crop;
    else delete config.cropPixels;
    await tx
      .update(orderItems)
      .set({ imageUrl: previewUrl, originalImageUrl: originalUrl, crop: input.crop ?? null, config })
      .where(eq(orderItems.id, item.id));
  } else {
    const extra = [...(Array.isArray(item.additionalImages) ? item.additionalImages : [])];
    extra[request.panelIndex - 1] = previewUrl;
    // The panel's crop, in the new original's pixels (print-jobs/panel.ts cuts the panel with it);
    // none: the panel is cut centred, as before.
    const crops: unknown[] = Array.from(
      { length: extra.length },
      (_, i) =>
        (Array.isArray(item.config.additionalCropPixels) ? item.config.additionalCropPixels[i] : null) ??
        null,
    );
    crops[request.panelIndex - 1] = crop;
    const config = { ...item.config };
    if (crops.some((c) => c !== null)) config.additionalCropPixels = crops;
    else delete config.additionalCropPixels;
    await tx.update(orderItems).set({ additionalImages: extra, config }).where(eq(orderItems.id, item.id));
  }
  // The runner only finishes a job that is still 'running', so a job generating the old photo
  // right now is superseded: back to pending, it is taken again with the new photo.
  const requeued = await tx
    .update(printJobs)
    .set({
      imageUrl: originalUrl,
      status: "pending",
      progress: 0,
      fileKey: null,
      triangles: null,
      bytes: null,
      error: null,
      attempts: 0,
      updatedAt: new Date(),
    })
    .where(and(eq(printJobs.orderItemId, item.id), eq(printJobs.panelIndex, request.panelIndex)))
    .returning({ id: printJobs.id });
  await tx
    .update(photoRequests)
    .set({ status: "replaced", newImageUrl: previewUrl, resolvedAt: new Date() })
    .where(eq(photoRequests.id, request.id));

  const number = displayOrderNumber(order.orderNumber);
  const T = ADMIN_MESSAGE_TEXTS.photoReview;
  const customer: AuditActor = { id: "customer", email: order.shippingEmail, role: "customer" };
  await addOrderNote(tx, order.id, customer, T.replacedNote(request.panelIndex + 1, requeued.length > 0));
  await withAudit(
    tx,
    { ...customer, context: "customer" },
    {
      actionType: "order.photo_replaced",
      tableName: "order_items",
      recordId: item.id,
      oldValues: { panelIndex: request.panelIndex, imageUrl: request.previousImageUrl },
      newValues: {
        panelIndex: request.panelIndex,
        imageUrl: previewUrl,
        originalUrl,
        crop,
        requestId: request.id,
      },
    },
  );
  const alertId = await queueOwnerAlert(tx, config, {
    kind: "photo_replaced",
    key: `photo:${request.id}`,
    subject: T.alertSubject(number),
    paragraphs: [T.alertBody(order.shippingFirstName, number, request.panelIndex + 1, requeued.length > 0)],
    adminPath: `/admin/orders/${order.id}`,
    actionLabel: "Open the order",
  });
  return { ok: true, alertId, requeued: requeued.length > 0, orderId: order.id };
}

/**
 * The customer's replacement photo through the request's signed link, as a workflow: the panel's
 * print file queued again and the owner's alert sent after commit.
 */
export async function replacePhotoAsCustomer(
  host: WorkflowHost & {
    config: LinkConfig & AlertConfig;
    storage: Pick<Storage, "keyFromUrl" | "publicUrl">;
  },
  token: string,
  input: PhotoReplacementInput,
  visitor: UploadVisitor,
) {
  return runWorkflow(host, async (tx) => {
    const result = await replacePhotoThroughLink(tx, host, token, input, visitor);
    if (!result.ok) return { result };
    const effects = new Effects();
    effects.mail(result.alertId);
    if (result.requeued) effects.add({ kind: "wake-print-jobs" });
    return { result, effects: effects.list };
  }).then((outcome) => outcome.result);
}
