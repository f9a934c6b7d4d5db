/**
 * Customers' reviews (issue 20). A set number of days after an order is delivered (the owner's
 * setting, 7 by default: issue 33) its customer is asked for a review (an e-mail through the outbox, with a signed link: messaging/message-tokens.ts, no account);
 * the link's page takes stars, text and an optional photo; the owner approves or rejects each
 * review in the admin, and only approved ones reach the storefront and its structured data.
 * One review per order (reviews.order_id is unique).
 */
import { BRAND_NAME } from "@shared/brand";
import { displayOrderNumber } from "@shared/orders";
import { REVIEW_TEXTS } from "@shared/review-texts";
import { REVIEW_PHOTO_SPEC, type ReviewStatus } from "@shared/storefront";
import type { ReviewSubmission } from "@shared/storefront-rules";
import { and, asc, desc, eq, inArray, isNull, lte } from "drizzle-orm";
import type { Config } from "../config.js";
import type { DbOrTx, Tx } from "../db/client.js";
import { orders, reviewRequests, reviews, uploads } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import {
  checkReviewToken,
  isOptedOut,
  queueMail,
  renderEmail,
  reviewToken,
  unsubscribePageUrl,
  unsubscribeUrl,
} from "../messaging/index.js";
import {
  deleteReleasedFiles,
  releaseUpload,
  runWorkflow,
  type Storage,
  type UploadVisitor,
  uploadedBy,
  type WorkflowHost,
} from "../platform/index.js";
import { deleteVariants, type EncodedSiteImage, encodeSiteImage } from "./site-images.js";
import { reviewPhoto } from "./storefront.js";

export type ReviewRow = typeof reviews.$inferSelect;

/** The outbox key of an order's review request. */
export function reviewRequestKey(orderId: string): string {
  return `review:${orderId}`;
}

/** The review page's address for an order. */
export function reviewLink(config: Pick<Config, "publicUrl" | "authSecret">, orderId: string): string {
  return `${config.publicUrl}/review?token=${encodeURIComponent(reviewToken(config.authSecret, orderId))}`;
}

/**
 * In the transaction that marks the order delivered: records that its review request is owed
 * (once per order, ever). The e-mail waits for the owner's days after delivery
 * (queueDueReviewRequests, run by the customer-mail sweep).
 */
export async function scheduleReviewRequest(tx: Tx, orderId: string, now = new Date()): Promise<void> {
  await tx.insert(reviewRequests).values({ orderId, deliveredAt: now }).onConflictDoNothing();
}

/** Review requests queued per round of the sweep. */
export const REVIEW_REQUEST_BATCH = 25;

/**
 * Queues the review requests whose days after delivery have passed at `now`, each once: the
 * row is claimed (FOR UPDATE SKIP LOCKED, so servers sweeping together take different ones)
 * and marked queued in the same transaction as its outbox row. An order no longer delivered
 * (refunded), anonymised, or whose address unsubscribed gets none. Answers the outbox keys.
 */
export async function queueDueReviewRequests(
  tx: Tx,
  config: Pick<Config, "publicUrl" | "authSecret">,
  days: number,
  now: Date,
): Promise<{ keys: string[]; claimed: number }> {
  const cutoff = new Date(now.getTime() - days * 24 * 3_600_000);
  const due = await tx
    .select({ orderId: reviewRequests.orderId })
    .from(reviewRequests)
    .where(and(isNull(reviewRequests.queuedAt), lte(reviewRequests.deliveredAt, cutoff)))
    .orderBy(asc(reviewRequests.deliveredAt))
    .limit(REVIEW_REQUEST_BATCH)
    .for("update", { skipLocked: true });
  const keys: string[] = [];
  for (const { orderId } of due) {
    if (await queueReviewRequestMail(tx, config, orderId, now)) keys.push(reviewRequestKey(orderId));
    await tx.update(reviewRequests).set({ queuedAt: now }).where(eq(reviewRequests.orderId, orderId));
  }
  return { keys, claimed: due.length };
}

async function queueReviewRequestMail(
  tx: Tx,
  config: Pick<Config, "publicUrl" | "authSecret">,
  orderId: string,
  now: Date,
): Promise<boolean> {
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      email: orders.shippingEmail,
      firstName: orders.shippingFirstName,
      testMode: orders.testMode,
      anonymisedAt: orders.anonymisedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.anonymisedAt || order.status !== "delivered") return false;
  if (await isOptedOut(tx, order.email)) return false;
  const number = displayOrderNumber(order.orderNumber);
  const subject = `${order.testMode ? "[TEST] " : ""}${REVIEW_TEXTS.emailSubject(number)}`;
  const paragraphs = REVIEW_TEXTS.emailParagraphs(order.firstName.trim() || "there", number);
  const link = reviewLink(config, order.id);
  const footnote = `${REVIEW_TEXTS.emailFootnote} ${BRAND_NAME}`;
  const queued = await queueMail(tx, {
    dedupeKey: reviewRequestKey(order.id),
    kind: "review_request",
    to: order.email,
    subject,
    listUnsubscribe: unsubscribeUrl(config.publicUrl, config.authSecret, order.id, now.getTime()),
    ...renderEmail({
      title: subject,
      blocks: [...paragraphs, { action: { label: REVIEW_TEXTS.emailAction, url: link } }],
      footnote,
      unsubscribeUrl: unsubscribePageUrl(config.publicUrl, config.authSecret, order.id, now.getTime()),
    }),
  });
  return queued !== null;
}

type LinkRefusal = { ok: false; status: 400 | 404 | 409 | 410; code: string; message: string };
type LinkState = { ok: true; orderId: string; orderNumber: string; firstName: string } | LinkRefusal;

/** What a review link opens: the order to review, or why it cannot be. */
export async function reviewLinkState(db: DbOrTx, secret: string, token: string): Promise<LinkState> {
  const check = checkReviewToken(secret, token);
  if (!check.ok) {
    return check.reason === "expired"
      ? { ok: false, status: 410, code: "link_expired", message: REVIEW_TEXTS.expired }
      : { ok: false, status: 400, code: "link_invalid", message: REVIEW_TEXTS.invalid };
  }
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      firstName: orders.shippingFirstName,
    })
    .from(orders)
    .where(eq(orders.id, check.id));
  if (!order) return { ok: false, status: 404, code: "link_invalid", message: REVIEW_TEXTS.invalid };
  if (order.status !== "delivered")
    return { ok: false, status: 409, code: "not_delivered", message: REVIEW_TEXTS.notDelivered };
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(eq(reviews.orderId, order.id))
    .limit(1);
  if (existing)
    return { ok: false, status: 409, code: "already_reviewed", message: REVIEW_TEXTS.alreadyReviewed };
  return {
    ok: true,
    orderId: order.id,
    orderNumber: displayOrderNumber(order.orderNumber),
    firstName: order.firstName.trim() || "there",
  };
}

/**
 * Stores a review through its link: the photo (an upload of this visitor's; anyone else's is
 * answered as gone) is encoded into the storefront's AVIF/WebP set first; the review row and the
 * upload's removal then commit together, the removal only when no cart or order uses the
 * upload (releaseUpload). Files of a refused or failed review are deleted.
 */
export async function submitReview(
  host: WorkflowHost & { storage: Storage; config: { authSecret: string } },
  input: ReviewSubmission,
  visitor: UploadVisitor,
): Promise<{ id: string }> {
  const { storage } = host;
  const db = host.database.db;
  const secret = host.config.authSecret;
  const link = await reviewLinkState(db, secret, input.token);
  if (!link.ok) throw new HttpError(link.status, link.code, link.message);
  let photo: EncodedSiteImage | null = null;
  let upload: typeof uploads.$inferSelect | undefined;
  if (input.photoUploadId) {
    [upload] = await db.select().from(uploads).where(eq(uploads.id, input.photoUploadId));
    if (upload && !uploadedBy(upload, visitor)) upload = undefined;
    const original = upload ? await storage.get(upload.originalKey) : null;
    if (!upload || !original) throw new HttpError(404, "upload_not_found", REVIEW_TEXTS.photoGone);
    photo = await encodeSiteImage(storage, original.body, REVIEW_PHOTO_SPEC);
  }
  try {
    const stored = await runWorkflow(host, async (tx) => {
      const [row] = await tx
        .insert(reviews)
        .values({
          orderId: link.orderId,
          rating: input.rating,
          body: input.body,
          name: input.name,
          place: input.place || null,
          photoWidth: photo?.width ?? null,
          photoHeight: photo?.height ?? null,
          photoAvif: photo?.avif ?? null,
          photoWebp: photo?.webp ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: reviews.id });
      if (!row) throw new HttpError(409, "already_reviewed", REVIEW_TEXTS.alreadyReviewed);
      return { id: row.id, released: upload ? await releaseUpload(tx, upload.id) : null };
    });
    await deleteReleasedFiles(storage, stored.released);
    return { id: stored.id };
  } catch (error) {
    if (photo) await deleteVariants(storage, photo.avif, photo.webp);
    throw error;
  }
}

export interface AdminReview {
  id: string;
  orderId: string;
  orderNumber: string;
  rating: number;
  body: string;
  name: string;
  place: string | null;
  photoUrl: string | null;
  status: ReviewStatus;
  createdAt: string;
  moderatedAt: string | null;
}

/** The orders' numbers (#1001; issue 47 item 13) by id, in one query. */
async function orderNumbers(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map((r) => [r.id, r.orderNumber]));
}

function toAdminReview(row: ReviewRow, numbers: ReadonlyMap<string, number>): AdminReview {
  const photo = reviewPhoto(row);
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: displayOrderNumber(numbers.get(row.orderId) ?? 0),
    rating: row.rating,
    body: row.body,
    name: row.name,
    place: row.place,
    photoUrl: photo?.webp[0]?.url ?? null,
    status: row.status as ReviewStatus,
    createdAt: row.createdAt.toISOString(),
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
  };
}

/** The moderation list: pending first, then the newest. */
export async function listAdminReviews(db: DbOrTx, status?: ReviewStatus): Promise<AdminReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(status ? eq(reviews.status, status) : undefined)
    .orderBy(desc(reviews.createdAt))
    .limit(200);
  const rank = (r: ReviewRow) => (r.status === "pending" ? 0 : 1);
  const numbers = await orderNumbers(
    db,
    rows.map((r) => r.orderId),
  );
  return rows.sort((a, b) => rank(a) - rank(b)).map((row) => toAdminReview(row, numbers));
}

/** Approves or rejects a review (in the audited transaction); answers before and after. */
export async function moderateReview(tx: Tx, id: string, status: Exclude<ReviewStatus, "pending">) {
  const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
  if (!before) throw new HttpError(404, "review_not_found", "Review not found.");
  const [after] = await tx
    .update(reviews)
    .set({ status, moderatedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning();
  if (!after) throw new Error("review was not updated");
  const numbers = await orderNumbers(tx, [after.orderId]);
  return { before: toAdminReview(before, numbers), after: toAdminReview(after, numbers) };
}

/** Deletes a review and, after commit, its photo files. */
export async function deleteReview(tx: Tx, id: string) {
  const [row] = await tx.delete(reviews).where(eq(reviews.id, id)).returning();
  if (!row) throw new HttpError(404, "review_not_found", "Review not found.");
  return row;
}

export async function deleteReviewPhoto(storage: Storage, row: ReviewRow): Promise<void> {
  await deleteVariants(storage, row.photoAvif, row.photoWebp);
}
