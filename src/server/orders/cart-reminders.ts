/**
 * Abandoned-cart reminders, with consent (issue 33, decision 331).
 *
 * - A row exists only because the buyer ticked the opt-in box at checkout (unticked by
 *   default) with their address: recordCartConsent. Nothing else creates one, so no reminder can
 *   reach an address that did not opt in. One active row per address (a unique index).
 * - The browser keeps a signed handle on its row and sends the cart again whenever it changes
 *   (updateRemindedCart): the idle clock restarts, and an emptied cart ends the row.
 * - The sweep (CustomerMailSweeper, every server, once a minute) sends reminder 1 after the
 *   owner's idle minutes and reminder 2 after the idle hours, never more (dueReminder), each
 *   once (the outbox key `cart-reminder:<id>:<n>`), with the cart's panels as thumbnails, a
 *   signed, expiring restore link and the one-click unsubscribe (RFC 8058). The same sweep
 *   queues the review requests whose days after delivery have passed.
 * - A paid order for the address (or the signed-in buyer) ends the row in the payment's
 *   transaction (the lifecycle table's "close-cart-reminders"): recovered, with the order's
 *   total, when a reminder had gone out; purchased otherwise. An unsubscribe ends every active
 *   row of the address and keeps it off all reminders and review requests for good.
 */
import { type CartItem, cartItemsSchema } from "@shared/cart";
import { cartLineSummary } from "@shared/cart-line";
import {
  CART_RESTORE_LINK_DAYS,
  type CustomerMailSettings,
  dueReminder,
  normaliseEmail,
  reminderIdleCutoff,
  statusAfterPurchase,
  CUSTOMER_MAIL_TEXTS as T,
} from "@shared/customer-mail";
import { MESSAGES } from "@shared/messages";
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx, Tx } from "../db/client.js";
import { cartReminders, orders } from "../db/schema.js";
import { BackgroundLoop } from "../lib/background-loop.js";
import { HttpError } from "../lib/validation.js";
import {
  cartReminderHandle,
  cartRestoreToken,
  checkSignedToken,
  isOptedOut,
  optOut,
  queueMail,
  renderEmail,
  unsubscribePageUrl,
  unsubscribeUrl,
} from "../messaging/index.js";
import { getCustomerMailSettings } from "../platform/index.js";
import { queueDueReviewRequests, REVIEW_REQUEST_BATCH } from "../storefront/index.js";
import type { OrderRow } from "./orders.js";
import { type DroppedCartItem, repriceCartItems } from "./saved-cart.js";

type ReminderRow = typeof cartReminders.$inferSelect;

const REMINDER_BATCH = 25;

/** The outbox key of a cart's n-th reminder. */
export function cartReminderKey(reminderId: string, n: 1 | 2): string {
  return `cart-reminder:${reminderId}:${n}`;
}

function storedItems(row: Pick<ReminderRow, "items">): CartItem[] {
  const parsed = cartItemsSchema.safeParse(row.items);
  return parsed.success ? parsed.data : [];
}

function activeFor(email: string) {
  return and(
    eq(cartReminders.status, "active"),
    sql`lower(${cartReminders.email}) = ${normaliseEmail(email)}`,
  );
}

export interface ConsentInput {
  email: string;
  items: readonly CartItem[];
  /** The handle the browser holds from an earlier consent, if any. */
  handle?: string | null;
  userId: string | null;
}

export interface ConsentResult {
  /** null when the address unsubscribed before: no reminder will go, whatever the box says. */
  handle: string | null;
  dropped: DroppedCartItem[];
}

/** The id behind a browser's handle, or null when it is not one of ours or expired. */
function handleId(secret: string, handle: string | null | undefined): string | null {
  if (!handle) return null;
  const check = checkSignedToken(secret, "cart-reminder", handle);
  return check.ok ? check.id : null;
}

/**
 * The buyer ticked the box: their cart (re-priced by the server) is kept for reminders under
 * their address. A new address from the same browser withdraws the old one's row.
 */
export async function recordCartConsent(ctx: AppContext, input: ConsentInput): Promise<ConsentResult> {
  const db = ctx.database.db;
  const { items, dropped } = await repriceCartItems(db, input.items);
  if (await isOptedOut(db, input.email)) return { handle: null, dropped };
  const previousId = handleId(ctx.config.authSecret, input.handle);
  const id = await db.transaction(async (tx) => {
    const now = new Date();
    if (previousId) {
      await tx
        .update(cartReminders)
        .set({ status: "withdrawn", closedAt: now })
        .where(
          and(
            eq(cartReminders.id, previousId),
            eq(cartReminders.status, "active"),
            sql`lower(${cartReminders.email}) <> ${normaliseEmail(input.email)}`,
          ),
        );
    }
    const [existing] = await tx
      .select({ id: cartReminders.id })
      .from(cartReminders)
      .where(activeFor(input.email))
      .for("update");
    if (existing) {
      await tx
        .update(cartReminders)
        .set({ items, lastActivityAt: now, userId: input.userId ?? undefined, email: input.email.trim() })
        .where(eq(cartReminders.id, existing.id));
      return existing.id;
    }
    const [row] = await tx
      .insert(cartReminders)
      .values({
        email: input.email.trim(),
        items,
        userId: input.userId,
        consentedAt: now,
        lastActivityAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: cartReminders.id });
    if (row) return row.id;
    // Another request for the same address won the insert: use its row.
    const [winner] = await tx
      .select({ id: cartReminders.id })
      .from(cartReminders)
      .where(activeFor(input.email));
    if (!winner) throw new Error("cart reminder row vanished");
    return winner.id;
  });
  return { handle: cartReminderHandle(ctx.config.authSecret, id), dropped };
}

/**
 * The browser's cart changed: the reminder carries the new cart and its idle clock restarts;
 * an empty cart ends it ("emptied"). Answers whether the row is still active.
 */
export async function updateRemindedCart(
  ctx: AppContext,
  handle: string,
  items: readonly CartItem[],
): Promise<{ active: boolean }> {
  const id = handleId(ctx.config.authSecret, handle);
  if (!id) throw new HttpError(400, "link_invalid", T.restoreInvalid);
  const db = ctx.database.db;
  const now = new Date();
  if (items.length === 0) {
    await db
      .update(cartReminders)
      .set({ status: "emptied", items: [], closedAt: now })
      .where(and(eq(cartReminders.id, id), eq(cartReminders.status, "active")));
    return { active: false };
  }
  const priced = await repriceCartItems(db, items);
  const [row] = await db
    .update(cartReminders)
    .set({ items: priced.items, lastActivityAt: now })
    .where(and(eq(cartReminders.id, id), eq(cartReminders.status, "active")))
    .returning({ id: cartReminders.id });
  return { active: row !== undefined };
}

/** The buyer unticked the box: no reminder goes for this cart. */
export async function withdrawCartConsent(ctx: AppContext, handle: string): Promise<void> {
  const id = handleId(ctx.config.authSecret, handle);
  if (!id) throw new HttpError(400, "link_invalid", T.restoreInvalid);
  await ctx.database.db
    .update(cartReminders)
    .set({ status: "withdrawn", closedAt: new Date() })
    .where(and(eq(cartReminders.id, id), eq(cartReminders.status, "active")));
}

export interface RestoredCart {
  items: CartItem[];
  dropped: DroppedCartItem[];
  /** The browser's handle when the reminder is still active (its later changes update it). */
  handle: string | null;
}

/**
 * A reminder's restore link: the cart exactly as it was kept, re-priced now. Refused when the
 * token is forged or changed (400), expired (410), or the cart was bought or emptied (410).
 */
export async function restoreRemindedCart(
  ctx: AppContext,
  token: string,
  now = Date.now(),
): Promise<RestoredCart> {
  const check = checkSignedToken(ctx.config.authSecret, "cart-restore", token, now);
  if (!check.ok) {
    throw check.reason === "expired"
      ? new HttpError(410, "link_expired", T.restoreExpired)
      : new HttpError(400, "link_invalid", T.restoreInvalid);
  }
  const db = ctx.database.db;
  const [row] = await db.select().from(cartReminders).where(eq(cartReminders.id, check.id));
  if (!row) throw new HttpError(400, "link_invalid", T.restoreInvalid);
  if (row.status === "recovered" || row.status === "purchased" || row.status === "emptied") {
    throw new HttpError(410, "cart_gone", T.restoreGone);
  }
  const { items, dropped } = await repriceCartItems(db, storedItems(row));
  await db
    .update(cartReminders)
    .set({ restoredAt: new Date(now) })
    .where(eq(cartReminders.id, row.id));
  return {
    items,
    dropped,
    handle: row.status === "active" ? cartReminderHandle(ctx.config.authSecret, row.id) : null,
  };
}

/** The address an unsubscribe token stands for: a cart reminder's, or an order's (review requests). */
async function unsubscribeAddress(db: DbOrTx, id: string): Promise<string | null> {
  const [reminder] = await db
    .select({ email: cartReminders.email })
    .from(cartReminders)
    .where(eq(cartReminders.id, id));
  if (reminder) return reminder.email;
  const [order] = await db
    .select({ email: orders.shippingEmail, anonymisedAt: orders.anonymisedAt })
    .from(orders)
    .where(eq(orders.id, id));
  return order && !order.anonymisedAt ? order.email : null;
}

function checkUnsubscribe(ctx: AppContext, token: string): string {
  // An unsubscribe link works however old it is: a person asking to stop is never refused.
  const check = checkSignedToken(ctx.config.authSecret, "unsubscribe", token, 0);
  if (!check.ok) throw new HttpError(400, "link_invalid", T.unsubscribeInvalid);
  return check.id;
}

/** "a***@example.com": enough for the owner of the address to recognise it. */
function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

/** What the unsubscribe page shows before the click: the address, masked. */
export async function unsubscribeTarget(ctx: AppContext, token: string): Promise<{ email: string }> {
  const email = await unsubscribeAddress(ctx.database.db, checkUnsubscribe(ctx, token));
  if (!email) throw new HttpError(400, "link_invalid", T.unsubscribeInvalid);
  return { email: maskEmail(email) };
}

/**
 * One-click unsubscribe (RFC 8058 POST, or the page's button): the address goes on the
 * opt-out list and its active reminders end, in one transaction. Repeating it is harmless.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<void> {
  const id = checkUnsubscribe(ctx, token);
  await ctx.database.db.transaction(async (tx) => {
    const email = await unsubscribeAddress(tx, id);
    if (!email) throw new HttpError(400, "link_invalid", T.unsubscribeInvalid);
    await optOut(tx, email);
    await tx
      .update(cartReminders)
      .set({ status: "unsubscribed", closedAt: new Date() })
      .where(activeFor(email));
  });
}

/**
 * In the payment's transaction (the lifecycle's "close-cart-reminders"): the buyer's active
 * reminders end; the one that had sent a reminder counts as recovered with the order's total.
 */
export async function closeCartRemindersOnPurchase(
  tx: Tx,
  order: Pick<OrderRow, "id" | "shippingEmail" | "userId" | "totalAmount" | "testMode">,
): Promise<void> {
  const rows = await tx
    .select({ id: cartReminders.id, remindersSent: cartReminders.remindersSent })
    .from(cartReminders)
    .where(
      and(
        eq(cartReminders.status, "active"),
        or(
          sql`lower(${cartReminders.email}) = ${normaliseEmail(order.shippingEmail)}`,
          order.userId ? eq(cartReminders.userId, order.userId) : undefined,
        ),
      ),
    )
    .for("update");
  const now = new Date();
  for (const row of rows) {
    const status = statusAfterPurchase(row.remindersSent);
    await tx
      .update(cartReminders)
      .set({
        status,
        orderId: order.id,
        recoveredPence: status === "recovered" ? order.totalAmount : null,
        testMode: order.testMode,
        closedAt: now,
      })
      .where(eq(cartReminders.id, row.id));
  }
}

/** An image URL made absolute for an e-mail (local storage serves /api/media/… on the shop's origin). */
function absolute(url: string, origin: string): string {
  return url.startsWith("/") ? `${origin}${url}` : url;
}

function reminderContent(ctx: AppContext, row: ReminderRow, n: 1 | 2, now: Date) {
  const { publicUrl, authSecret } = ctx.config;
  const subject = T.reminderSubject(n);
  const items = storedItems(row);
  const restore = `${publicUrl}/cart/restore?token=${encodeURIComponent(cartRestoreToken(authSecret, row.id, now.getTime()))}`;
  const thumbnails = items.map((item) => {
    const title = item.config.kind === "accessory" ? item.frameStyle : MESSAGES.cart.itemTitle;
    const panels =
      item.config.kind === "lithophane" ? [item.imageUrl, ...item.additionalImages] : [item.imageUrl];
    return {
      title,
      details: cartLineSummary(item),
      images: panels
        .filter((url) => url !== "")
        .map((url, i) => ({ src: absolute(url, publicUrl), alt: `${title}, panel ${i + 1}` })),
    };
  });
  return {
    subject,
    listUnsubscribe: unsubscribeUrl(publicUrl, authSecret, row.id, now.getTime()),
    ...renderEmail({
      title: subject,
      blocks: [
        ...T.reminderParagraphs(n),
        { heading: T.reminderItemsHeading, lines: [] },
        { thumbnails },
        { action: { label: T.reminderAction, url: restore } },
      ],
      footnote: T.reminderFootnote(CART_RESTORE_LINK_DAYS),
      unsubscribeUrl: unsubscribePageUrl(publicUrl, authSecret, row.id, now.getTime()),
    }),
  };
}

/**
 * One round of cart reminders at `now`: the due active rows (FOR UPDATE SKIP LOCKED), each
 * checked again under its lock (dueReminder), queued once and counted, in one transaction.
 */
async function queueDueCartReminders(
  ctx: AppContext,
  tx: Tx,
  settings: CustomerMailSettings,
  now: Date,
): Promise<{ keys: string[]; claimed: number }> {
  if (!settings.cartRemindersEnabled) return { keys: [], claimed: 0 };
  const rows = await tx
    .select()
    .from(cartReminders)
    .where(
      and(
        eq(cartReminders.status, "active"),
        or(
          and(
            eq(cartReminders.remindersSent, 0),
            sql`${cartReminders.lastActivityAt} <= ${reminderIdleCutoff(1, settings, now)}`,
          ),
          and(
            eq(cartReminders.remindersSent, 1),
            sql`${cartReminders.lastActivityAt} <= ${reminderIdleCutoff(2, settings, now)}`,
          ),
        ),
      ),
    )
    .orderBy(asc(cartReminders.lastActivityAt))
    .limit(REMINDER_BATCH)
    .for("update", { skipLocked: true });
  const keys: string[] = [];
  for (const row of rows) {
    if (await isOptedOut(tx, row.email)) {
      await tx
        .update(cartReminders)
        .set({ status: "unsubscribed", closedAt: now })
        .where(eq(cartReminders.id, row.id));
      continue;
    }
    const items = storedItems(row);
    const n = dueReminder(
      {
        status: row.status,
        remindersSent: row.remindersSent,
        lastActivityAt: row.lastActivityAt,
        itemCount: items.length,
      },
      settings,
      now,
    );
    if (n === null) continue;
    const key = cartReminderKey(row.id, n);
    await queueMail(tx, {
      dedupeKey: key,
      kind: "cart_reminder",
      to: row.email,
      ...reminderContent(ctx, row, n, now),
    });
    await tx
      .update(cartReminders)
      .set({ remindersSent: n, lastRemindedAt: now })
      .where(eq(cartReminders.id, row.id));
    keys.push(key);
  }
  return { keys, claimed: rows.length };
}

export interface CustomerMailRound {
  reminders: number;
  reviewRequests: number;
  /** True when a batch was full: more may be due now. */
  more: boolean;
}

/**
 * One round of the customer-mail sweep at `now` (the real time, except from a test): cart
 * reminders and review requests due, queued in one transaction and sent after commit.
 */
export async function sendDueCustomerMail(
  ctx: AppContext,
  now: Date = new Date(),
): Promise<CustomerMailRound> {
  const settings = await getCustomerMailSettings(ctx.database.db);
  const result = await ctx.database.db.transaction(async (tx) => {
    const reminders = await queueDueCartReminders(ctx, tx, settings, now);
    const reviews = await queueDueReviewRequests(tx, ctx.config, settings.reviewRequestDays, now);
    return { reminders, reviews };
  });
  const keys = [...result.reminders.keys, ...result.reviews.keys];
  if (keys.length > 0) {
    await ctx.mailOutbox.sendKeys(keys);
    ctx.log.info(
      { reminders: result.reminders.keys.length, reviewRequests: result.reviews.keys.length },
      "customer e-mails queued",
    );
  }
  return {
    reminders: result.reminders.keys.length,
    reviewRequests: result.reviews.keys.length,
    more: result.reminders.claimed >= REMINDER_BATCH || result.reviews.claimed >= REVIEW_REQUEST_BATCH,
  };
}

/** Every server's sweep of cart reminders and review requests (safe on several at once). */
export class CustomerMailSweeper {
  private readonly loop: BackgroundLoop;

  constructor(ctx: AppContext, pollMs = 60_000) {
    this.loop = new BackgroundLoop({
      name: "customer mail",
      log: ctx.log,
      intervalMs: pollMs,
      round: async () => (await sendDueCustomerMail(ctx)).more,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
