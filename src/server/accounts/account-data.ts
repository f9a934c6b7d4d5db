/**
 * UK GDPR: a customer can download everything the shop holds about them, and delete their
 * account. Deletion removes the account and what hangs off it (sessions, sign-in methods,
 * profile, saved cart, two-factor data, MFA attempts, their photos) and keeps their orders for
 * the books with the personal details replaced — all in one transaction, then the photos'
 * files are removed from storage.
 */
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { isInFulfilment, type OrderStatus } from "@shared/orders";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import {
  accounts,
  cartItems,
  mfaSetupAttempts,
  orderItems,
  orders,
  outboxEmails,
  printJobs,
  profiles,
  sessions,
  uploads,
  users,
  verifications,
} from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import { customerOrdersCondition, loadSavedCart, type OrderOwner } from "../orders/index.js";
import {
  deleteStoredFiles,
  itemImageRefsSql,
  runWorkflow,
  type Storage,
  uploadFileKeys,
  uploadNamedIn,
  uploadUsedSql,
  type WorkflowHost,
} from "../platform/index.js";
import { toProfileView } from "./profiles.js";

/** What an anonymised order keeps in place of the customer's details. */
export const ANONYMISED_ORDER = {
  shippingEmail: "deleted-customer@anonymised.invalid",
  shippingFirstName: "Deleted",
  shippingLastName: "Customer",
  shippingPhone: null,
  shippingAddressLine1: "Removed at the customer's request",
  shippingAddressLine2: null,
  shippingCity: "Removed",
  shippingState: "Removed",
  shippingPostalCode: "Removed",
  gift: null,
  billingAddress: null,
} as const;

/** Everything held about the user, without secrets (no password hashes, tokens or TOTP secrets). */
export async function exportAccountData(db: Db, owner: OrderOwner) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      role: users.role,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, owner.id));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, owner.id));
  const signInMethods = await db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, owner.id));
  const activeSessions = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, owner.id));
  const orderRows = await db
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      testMode: orders.testMode,
      placedAsGuest: orders.userId,
      subtotalAmount: orders.subtotalAmount,
      shippingAmount: orders.shippingAmount,
      totalAmount: orders.totalAmount,
      shippingMethod: orders.shippingMethod,
      displayCurrency: orders.displayCurrency,
      shippingEmail: orders.shippingEmail,
      shippingFirstName: orders.shippingFirstName,
      shippingLastName: orders.shippingLastName,
      shippingPhone: orders.shippingPhone,
      shippingAddressLine1: orders.shippingAddressLine1,
      shippingAddressLine2: orders.shippingAddressLine2,
      shippingCity: orders.shippingCity,
      shippingState: orders.shippingState,
      shippingPostalCode: orders.shippingPostalCode,
      shippingCountry: orders.shippingCountry,
      gift: orders.gift,
      billingAddress: orders.billingAddress,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(customerOrdersCondition(owner))
    .orderBy(desc(orders.createdAt));
  const lines =
    orderRows.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            kind: orderItems.kind,
            size: orderItems.size,
            frameColor: orderItems.frameColor,
            shape: orderItems.shape,
            price: orderItems.price,
            quantity: orderItems.quantity,
            imageUrl: orderItems.imageUrl,
            additionalImages: orderItems.additionalImages,
          })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              orderRows.map((o) => o.id),
            ),
          )
          .orderBy(asc(orderItems.position));
  const attempts = await db
    .select({
      attemptType: mfaSetupAttempts.attemptType,
      success: mfaSetupAttempts.success,
      createdAt: mfaSetupAttempts.createdAt,
    })
    .from(mfaSetupAttempts)
    .where(eq(mfaSetupAttempts.userId, owner.id))
    .orderBy(asc(mfaSetupAttempts.createdAt));
  const ownUploads = await db
    .select({
      id: uploads.id,
      width: uploads.width,
      height: uploads.height,
      bytes: uploads.bytes,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(eq(uploads.userId, owner.id));

  return {
    exportedAt: new Date().toISOString(),
    note: "All amounts are in pence (GBP).",
    account: user ?? null,
    signInMethods,
    sessions: activeSessions,
    profile: profile ? toProfileView(profile, owner.email) : null,
    orders: orderRows.map(({ placedAsGuest, ...order }) => ({
      ...order,
      isGuestOrder: placedAsGuest === null,
      items: lines.filter((l) => l.orderId === order.id).map(({ orderId: _orderId, ...line }) => line),
    })),
    savedCart: await loadSavedCart(db, owner.id),
    mfaSetupAttempts: attempts,
    uploads: ownUploads,
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;

/**
 * What an anonymised order keeps of the customer's photos. An order still open (pending,
 * paid, processing, printing, dispatched, in transit) keeps its image URLs, the uploads they
 * name and its print files: the workshop may still have to print, reprint or ship it. An order
 * whose business is over (delivered, cancelled, refunded) keeps none: the books need the
 * amounts and the items, not the photo, which is personal data; its image URLs are cleared
 * and its print jobs and print files removed. (Not yet done: clearing an open anonymised
 * order's photos once it is delivered; until then they stay with it.)
 */
export const PHOTO_FREE_ORDER_STATUSES: readonly OrderStatus[] = ["delivered", "cancelled", "refunded"];

export interface AccountDeletion {
  ordersAnonymised: number;
  /** Upload rows removed (their original and preview files with them). */
  uploadsDeleted: number;
  /** Storage objects removed; `filesFailed` could not be (logged, left for an operator). */
  filesDeleted: number;
  filesFailed: number;
}

/**
 * Refuses (409) while an order is paid and not yet delivered: the workshop still needs the
 * name and address it goes to. Otherwise deletes the account in one transaction: its orders (and guest orders matched by its
 * verified e-mail) are anonymised, closed orders lose their photos (see
 * PHOTO_FREE_ORDER_STATUSES), e-mails still owed to the customer are dropped, then the user row
 * goes and the database cascades to sessions, accounts, profile, saved cart, two-factor rows
 * and MFA attempts. The customer's uploads (their own, and guest uploads their cart or orders
 * used) that nothing retained still names are deleted with the user; an upload an open order
 * still needs stays, detached from the account.
 *
 * Storage is not transactional, so the files (originals, previews, print files) are deleted
 * only after the commit; a file that will not go is logged and the deletion still succeeds.
 */
export async function deleteAccount(
  host: WorkflowHost & { storage: Storage },
  owner: OrderOwner,
): Promise<AccountDeletion> {
  const { storage, log } = host;
  const done = await runWorkflow(host, async (tx) => {
    // An order paid and not yet delivered still needs its address: no deletion until then.
    // Locked, so a payment completing meanwhile waits for this transaction.
    const owned = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(customerOrdersCondition(owner))
      .for("update");
    const inFulfilment = owned.filter((o) => isInFulfilment(o.status)).length;
    if (inFulfilment > 0) {
      throw new HttpError(
        409,
        "orders_in_fulfilment",
        ACCOUNT_MESSAGES.account.ordersInFulfilment(inFulfilment),
      );
    }
    const anonymised = await tx
      .update(orders)
      .set({ ...ANONYMISED_ORDER, userId: null, anonymisedAt: new Date() })
      .where(customerOrdersCondition(owner))
      .returning({ id: orders.id, status: orders.status });
    const orderIds = anonymised.map((o) => o.id);
    const closedIds = anonymised
      .filter((o) => (PHOTO_FREE_ORDER_STATUSES as readonly string[]).includes(o.status))
      .map((o) => o.id);

    // The customer's photos: their own uploads, and uploads without an owner (made before
    // signing in) that their saved cart or their orders use. Locked until the commit.
    const usedByCustomer = [
      sql`exists (select 1 from ${cartItems} where ${cartItems.userId} = ${owner.id} and ${uploadNamedIn(itemImageRefsSql(cartItems))})`,
      ...(orderIds.length > 0
        ? [
            sql`exists (select 1 from ${orderItems} where ${inArray(orderItems.orderId, orderIds)} and ${uploadNamedIn(itemImageRefsSql(orderItems))})`,
          ]
        : []),
    ];
    const candidates = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(or(eq(uploads.userId, owner.id), and(isNull(uploads.userId), or(...usedByCustomer))))
      .for("update");

    // Closed orders keep no photo: no image URLs, no print jobs, no print files.
    let printFileKeys: string[] = [];
    if (closedIds.length > 0) {
      await tx
        .update(orderItems)
        .set({ imageUrl: null, originalImageUrl: null, additionalImages: [] })
        .where(inArray(orderItems.orderId, closedIds));
      const jobs = await tx
        .delete(printJobs)
        .where(inArray(printJobs.orderId, closedIds))
        .returning({ fileKey: printJobs.fileKey });
      printFileKeys = jobs.flatMap((j) => (j.fileKey ? [j.fileKey] : []));
    }
    // An anonymised order's customer can no longer be written to: the e-mails still owed to
    // them (their orders' e-mails, and any other queued to their address) are dropped.
    await tx
      .update(outboxEmails)
      .set({ status: "skipped", lastError: "the customer deleted their account" })
      .where(
        and(
          eq(outboxEmails.status, "pending"),
          or(
            orderIds.length > 0 ? inArray(outboxEmails.orderId, orderIds) : undefined,
            sql`lower(${outboxEmails.toAddress}) = lower(${owner.email})`,
          ),
        ),
      );
    // Pending two-factor challenges and trusted devices name the user by id.
    await tx.delete(verifications).where(eq(verifications.value, owner.id));
    await tx.delete(users).where(eq(users.id, owner.id));

    // With the saved cart gone (cascade) and closed orders cleared, what nothing names goes.
    const removed =
      candidates.length === 0
        ? []
        : await tx
            .delete(uploads)
            .where(
              and(
                inArray(
                  uploads.id,
                  candidates.map((u) => u.id),
                ),
                sql`not ${uploadUsedSql()}`,
              ),
            )
            .returning({ originalKey: uploads.originalKey, previewKey: uploads.previewKey });
    return {
      ordersAnonymised: anonymised.length,
      uploadsDeleted: removed.length,
      fileKeys: [...removed.flatMap((u) => uploadFileKeys(u)), ...printFileKeys],
    };
  });

  const files = await deleteStoredFiles(storage, done.fileKeys, (key, error) => {
    log.error(
      { err: error, key, userId: owner.id },
      "deleted account: a file could not be removed from storage",
    );
  });
  return {
    ordersAnonymised: done.ordersAnonymised,
    uploadsDeleted: done.uploadsDeleted,
    filesDeleted: files.deleted,
    filesFailed: files.failed,
  };
}
