/**
 * UK GDPR: a customer can download everything the shop holds about them, and delete their
 * account. Deletion removes the account and what hangs off it (sessions, sign-in methods,
 * profile, saved cart, two-factor data, MFA attempts) and keeps their orders for the books
 * with the personal details replaced — all in one transaction.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.js";
import {
  accounts,
  mfaSetupAttempts,
  orderItems,
  orders,
  profiles,
  sessions,
  uploads,
  users,
  verifications,
} from "../db/schema.js";
import { customerOrdersCondition, type OrderOwner } from "./customer-orders.js";
import { toProfileView } from "./profiles.js";
import { loadSavedCart } from "./saved-cart.js";

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
 * Deletes the account in one transaction: its orders (and guest orders matched by its
 * verified e-mail) are anonymised, its uploads detached, then the user row goes and the
 * database cascades to sessions, accounts, profile, saved cart, two-factor rows and MFA
 * attempts.
 */
export async function deleteAccount(db: Db, owner: OrderOwner): Promise<{ ordersAnonymised: number }> {
  return db.transaction(async (tx) => {
    const anonymised = await tx
      .update(orders)
      .set({ ...ANONYMISED_ORDER, userId: null, anonymisedAt: new Date() })
      .where(customerOrdersCondition(owner))
      .returning({ id: orders.id });
    await tx.update(uploads).set({ userId: null }).where(eq(uploads.userId, owner.id));
    // Pending two-factor challenges and trusted devices name the user by id.
    await tx.delete(verifications).where(eq(verifications.value, owner.id));
    await tx.delete(users).where(eq(users.id, owner.id));
    return { ordersAnonymised: anonymised.length };
  });
}
