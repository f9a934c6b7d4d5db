/**
 * Abandoned-cart reminders, with consent confirmed by e-mail (issues 33 and 46, decisions 330
 * and 350).
 *
 * - A row exists only because the buyer ticked the opt-in box at checkout (unticked by
 *   default) with their address: recordCartConsent. A new request is always a new row, and its
 *   browser gets that row's handle, never another's. It stays `pending`, and the only e-mail
 *   that goes is one confirmation through the outbox (at most REMINDER_CONFIRMATIONS_PER_ADDRESS
 *   a day per address), until the address's owner follows its link (confirmCartReminder). A
 *   signed-in customer asking for their own verified address is confirmed at once. Confirming
 *   makes the row the address's one active row (a unique index), ending an older one.
 * - The browser keeps the signed handle on its row and sends the cart again whenever it changes
 *   (updateRemindedCart): the idle clock restarts, and an emptied cart ends the row.
 * - The sweep (CustomerMailSweeper, every server, once a minute) sends reminder 1 after the
 *   owner's idle minutes and reminder 2 after the idle hours, never more (dueReminder), each
 *   once (the outbox key `cart-reminder:<id>:<n>`), with the cart's panels as thumbnails (only
 *   images in the shop's storage that the shop recorded: never an address from the request), a
 *   signed, expiring restore link and the one-click unsubscribe (RFC 8058). The same sweep
 *   ends requests never confirmed, and queues the review requests whose days have passed.
 * - A paid order for the address (or the signed-in buyer) ends the row in the payment's
 *   transaction (the lifecycle table's "close-cart-reminders"): recovered, with the order's
 *   total, when a reminder had gone out; purchased otherwise. An unsubscribe ends every open
 *   row of the address and keeps it off all reminders and review requests for good.
 */

import { accessoryChoicesOf } from "@shared/accessory-choices";
import { type CartItem, cartItemsSchema } from "@shared/cart";
import { cartLineSummary } from "@shared/cart-line";
import {
  CART_RESTORE_LINK_DAYS,
  type CustomerMailSettings,
  dueReminder,
  MAX_CART_REMINDERS,
  mayAskToConfirm,
  nextReminder,
  normaliseEmail,
  REMINDER_CONFIRM_LINK_DAYS,
  REMINDER_CONFIRMATION_WINDOW_HOURS,
  reminderIdleCutoff,
  statusAfterPurchase,
  CUSTOMER_MAIL_TEXTS as T,
} from "@shared/customer-mail";
import { typeOfConfig } from "@shared/product-types";
import { and, asc, count, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { cartReminders, orders, products, profiles, uploads, users } from "../db/schema.js";
import { BackgroundLoop } from "../lib/background-loop.js";
import { HttpError } from "../lib/validation.js";
import {
  cartReminderConfirmToken,
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
import {
  defineAuditedWorkflow,
  Effects,
  getCustomerMailSettings,
  runWorkflow,
  type Storage,
} from "../platform/index.js";
import { queueDueReviewRequests, REVIEW_REQUEST_BATCH } from "../storefront/index.js";
import type { OrderRow } from "./orders.js";
import { type DroppedCartItem, repriceCartItems } from "./saved-cart.js";
import type { OrderServices } from "./services.js";

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

const sameAddress = (email: string) => sql`lower(${cartReminders.email}) = ${normaliseEmail(email)}`;

function activeFor(email: string) {
  return and(eq(cartReminders.status, "active"), sameAddress(email));
}

/** Rows still open: confirmed (active) or waiting for their confirmation (pending). */
const OPEN_STATUSES = ["active", "pending"] as const;
const isOpen = inArray(cartReminders.status, [...OPEN_STATUSES]);

/** The outbox key of a reminder request's one confirmation e-mail. */
export function cartReminderConfirmationKey(reminderId: string): string {
  return `cart-reminder-confirm:${reminderId}`;
}

export interface ConsentInput {
  email: string;
  items: readonly CartItem[];
  /** The handle the browser holds from an earlier consent, if any. */
  handle?: string | null;
  /** The signed-in customer, if any: their own verified address needs no confirmation e-mail. */
  user: { id: string; email: string; emailVerified: boolean } | null;
}

/**
 * Where the request stands: `active` (reminders will go), `pending` (a confirmation e-mail went
 * to the address; nothing more until its link is followed), `limited` (the address had its
 * confirmation e-mails for the day: nothing kept, nothing sent), `unsubscribed` (the address
 * is off all reminders: nothing kept).
 */
export type ConsentState = "active" | "pending" | "limited" | "unsubscribed";

export interface ConsentResult {
  /** This browser's handle on its own row; null when nothing is kept. */
  handle: string | null;
  state: ConsentState;
  /** What the checkout shows under the box. */
  message: string;
  dropped: DroppedCartItem[];
}

/** The id behind a browser's handle, or null when it is not one of ours or expired. */
function handleId(secret: string, handle: string | null | undefined): string | null {
  if (!handle) return null;
  const check = checkSignedToken(secret, "cart-reminder", handle);
  return check.ok ? check.id : null;
}

function consentMessage(state: ConsentState, email: string): string {
  switch (state) {
    case "active":
      return T.optInActive;
    case "pending":
      return T.optInConfirmSent(email.trim());
    case "limited":
      return T.optInConfirmLimited;
    case "unsubscribed":
      return T.optInUnsubscribed;
  }
}

/**
 * Makes row `id` the address's one active row: an older active row of the address (another
 * device's cart, confirmed before) ends as withdrawn; the idle clock starts now.
 */
async function activate(tx: Tx, id: string, email: string, now: Date): Promise<void> {
  await tx
    .update(cartReminders)
    .set({ status: "withdrawn", closedAt: now })
    .where(and(activeFor(email), sql`${cartReminders.id} <> ${id}`));
  await tx
    .update(cartReminders)
    .set({ status: "active", confirmedAt: now, lastActivityAt: now })
    .where(eq(cartReminders.id, id));
}

/** The confirmation e-mail of a pending request: a link only the address's owner receives. */
function confirmationContent(ctx: OrderServices, reminderId: string, now: Date) {
  const { publicUrl, authSecret } = ctx.config;
  const link = `${publicUrl}/cart/confirm-reminders?token=${encodeURIComponent(cartReminderConfirmToken(authSecret, reminderId, now.getTime()))}`;
  return {
    subject: T.confirmSubject,
    listUnsubscribe: unsubscribeUrl(publicUrl, authSecret, reminderId, now.getTime()),
    ...renderEmail({
      title: T.confirmSubject,
      blocks: [...T.confirmParagraphs, { action: { label: T.confirmAction, url: link } }],
      footnote: T.confirmFootnote(REMINDER_CONFIRM_LINK_DAYS),
      unsubscribeUrl: unsubscribePageUrl(publicUrl, authSecret, reminderId, now.getTime()),
    }),
  };
}

/**
 * The buyer ticked the box: their cart (re-priced by the server) is kept under their address.
 * The browser's own earlier row (its handle) for the same address just takes the new cart; a
 * new address from the same browser withdraws that row. Any other request is a new row, active
 * at once only for the signed-in customer's own verified address, and pending otherwise: one
 * confirmation e-mail goes (unless the address had its share today) and nothing more until
 * its link is followed. An existing row of the address is never touched, nor its handle given.
 */
export async function recordCartConsent(ctx: OrderServices, input: ConsentInput): Promise<ConsentResult> {
  const db = ctx.database.db;
  const { items, dropped } = await repriceCartItems(db, input.items);
  const answer = (state: ConsentState, id: string | null): ConsentResult => ({
    handle: id ? cartReminderHandle(ctx.config.authSecret, id) : null,
    state,
    message: consentMessage(state, input.email),
    dropped,
  });
  if (await isOptedOut(db, input.email)) return answer("unsubscribed", null);
  const email = input.email.trim();
  const verified =
    input.user?.emailVerified === true && normaliseEmail(input.user.email) === normaliseEmail(email);
  const previousId = handleId(ctx.config.authSecret, input.handle);
  const outcome = await runWorkflow(ctx, async (tx) => {
    const now = new Date();
    // One request at a time per address: the confirmation limit below counts what is committed.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`cart-reminder:${normaliseEmail(email)}`}, 0))`,
    );
    if (previousId) {
      const [previous] = await tx
        .select({ id: cartReminders.id, email: cartReminders.email, status: cartReminders.status })
        .from(cartReminders)
        .where(and(eq(cartReminders.id, previousId), isOpen))
        .for("update");
      if (previous && normaliseEmail(previous.email) === normaliseEmail(email)) {
        await tx
          .update(cartReminders)
          .set({ items, lastActivityAt: now, ...(input.user ? { userId: input.user.id } : {}) })
          .where(eq(cartReminders.id, previous.id));
        if (previous.status === "pending" && verified) await activate(tx, previous.id, email, now);
        const state: ConsentState = previous.status === "active" || verified ? "active" : "pending";
        return { id: previous.id, state };
      }
      if (previous) {
        await tx
          .update(cartReminders)
          .set({ status: "withdrawn", closedAt: now })
          .where(eq(cartReminders.id, previous.id));
      }
    }
    if (!verified) {
      const [sent] = await tx
        .select({ n: count() })
        .from(cartReminders)
        .where(
          and(
            sameAddress(email),
            gt(
              cartReminders.confirmationSentAt,
              new Date(now.getTime() - REMINDER_CONFIRMATION_WINDOW_HOURS * 3_600_000),
            ),
          ),
        );
      if (!mayAskToConfirm(sent?.n ?? 0)) return { id: null, state: "limited" as const };
    }
    const [row] = await tx
      .insert(cartReminders)
      .values({
        email,
        items,
        userId: input.user?.id ?? null,
        status: "pending",
        consentedAt: now,
        lastActivityAt: now,
        confirmationSentAt: verified ? null : now,
      })
      .returning({ id: cartReminders.id });
    if (!row) throw new Error("cart reminder row was not written");
    if (verified) {
      await activate(tx, row.id, email, now);
      return { id: row.id, state: "active" as const };
    }
    const key = cartReminderConfirmationKey(row.id);
    await queueMail(tx, {
      dedupeKey: key,
      kind: "cart_reminder_confirmation",
      to: email,
      ...confirmationContent(ctx, row.id, now),
    });
    const effects = new Effects();
    effects.mailKeys([key]);
    return { id: row.id, state: "pending" as const, effects: effects.list };
  });
  return answer(outcome.state, outcome.id);
}

/**
 * The confirmation e-mail's link was followed (the page's button, so a link scanner confirms
 * nothing): the pending request becomes the address's active one. Following it again is
 * harmless; a link forged or changed is refused (400), one expired (410), and so is one whose
 * request ended meanwhile (bought, emptied, withdrawn, unsubscribed: 410).
 */
export async function confirmCartReminder(
  ctx: OrderServices,
  token: string,
  now = Date.now(),
): Promise<{ message: string }> {
  const check = checkSignedToken(ctx.config.authSecret, "cart-reminder-confirm", token, now);
  if (!check.ok) {
    throw check.reason === "expired"
      ? new HttpError(410, "link_expired", T.confirmExpired)
      : new HttpError(400, "link_invalid", T.confirmInvalid);
  }
  await runWorkflow(ctx, async (tx) => {
    const [row] = await tx
      .select({ id: cartReminders.id, email: cartReminders.email, status: cartReminders.status })
      .from(cartReminders)
      .where(eq(cartReminders.id, check.id))
      .for("update");
    if (!row) throw new HttpError(400, "link_invalid", T.confirmInvalid);
    if (row.status === "active") return {};
    if (row.status !== "pending" || (await isOptedOut(tx, row.email)))
      throw new HttpError(410, "reminder_gone", T.confirmGone);
    await activate(tx, row.id, row.email, new Date(now));
    return {};
  });
  return { message: T.confirmed };
}

/**
 * The browser's cart changed: its own row (the handle's) carries the new cart and its idle
 * clock restarts; an empty cart ends it ("emptied"). Answers whether the row is still open
 * (active, or pending its confirmation).
 */
export async function updateRemindedCart(
  ctx: OrderServices,
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
      .where(and(eq(cartReminders.id, id), isOpen));
    return { active: false };
  }
  const priced = await repriceCartItems(db, items);
  const [row] = await db
    .update(cartReminders)
    .set({ items: priced.items, lastActivityAt: now })
    .where(and(eq(cartReminders.id, id), isOpen))
    .returning({ id: cartReminders.id });
  return { active: row !== undefined };
}

/** The buyer unticked the box: no reminder goes for this browser's cart (its handle's row only). */
export async function withdrawCartConsent(ctx: OrderServices, handle: string): Promise<void> {
  const id = handleId(ctx.config.authSecret, handle);
  if (!id) throw new HttpError(400, "link_invalid", T.restoreInvalid);
  await ctx.database.db
    .update(cartReminders)
    .set({ status: "withdrawn", closedAt: new Date() })
    .where(and(eq(cartReminders.id, id), isOpen));
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
  ctx: OrderServices,
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

function checkUnsubscribe(ctx: OrderServices, token: string): string {
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
export async function unsubscribeTarget(ctx: OrderServices, token: string): Promise<{ email: string }> {
  const email = await unsubscribeAddress(ctx.database.db, checkUnsubscribe(ctx, token));
  if (!email) throw new HttpError(400, "link_invalid", T.unsubscribeInvalid);
  return { email: maskEmail(email) };
}

/**
 * One-click unsubscribe (RFC 8058 POST, or the page's button): the address goes on the
 * opt-out list and its open reminders end, in one transaction. Repeating it is harmless.
 */
export async function unsubscribe(ctx: OrderServices, token: string): Promise<void> {
  const id = checkUnsubscribe(ctx, token);
  await runWorkflow(ctx, async (tx) => {
    const email = await unsubscribeAddress(tx, id);
    if (!email) throw new HttpError(400, "link_invalid", T.unsubscribeInvalid);
    await optOut(tx, email);
    await tx
      .update(cartReminders)
      .set({ status: "unsubscribed", closedAt: new Date() })
      .where(and(isOpen, sameAddress(email)));
    return {};
  });
}

/**
 * In the payment's transaction (the lifecycle's "close-cart-reminders"): the buyer's open
 * reminders (active or pending) end; the one that had sent a reminder counts as recovered with the order's total.
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
        isOpen,
        or(
          sameAddress(order.shippingEmail),
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

/**
 * The pictures a reminder may show, by the URL a cart line holds: only files in the shop's own
 * storage that the shop recorded (an upload's preview or original, an accessory's own picture
 * as the owner set it), each re-made from its storage key. Any other URL a browser sent (a
 * remote tracking pixel, another site's image) is not shown.
 */
async function shopImages(
  tx: DbOrTx,
  storage: Pick<Storage, "keyFromUrl" | "publicUrl">,
  items: readonly CartItem[],
  origin: string,
): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const item of items) {
    const photoUrl = accessoryChoicesOf(item.config).photoUrl;
    const urls = typeOfConfig(item.config).madeFromPhotos
      ? [item.imageUrl, ...item.additionalImages]
      : [photoUrl].filter((url): url is string => url !== undefined);
    for (const url of urls) {
      const key = storage.keyFromUrl(url);
      if (key) wanted.set(url, key);
    }
  }
  const keys = [...new Set(wanted.values())];
  const recorded = new Set<string>();
  if (keys.length > 0) {
    const rows = await tx
      .select({ originalKey: uploads.originalKey, previewKey: uploads.previewKey })
      .from(uploads)
      .where(or(inArray(uploads.previewKey, keys), inArray(uploads.originalKey, keys)));
    for (const row of rows) recorded.add(row.originalKey).add(row.previewKey);
  }
  const images = new Map<string, string>();
  for (const [url, key] of wanted) {
    if (recorded.has(key)) images.set(url, absolute(storage.publicUrl(key), origin));
  }
  const productIds = items.flatMap((item) => typeOfConfig(item.config).productIdOf(item.config) ?? []);
  if (productIds.length > 0) {
    const rows = await tx
      .select({ id: products.id, imageUrl: products.imageUrl })
      .from(products)
      .where(inArray(products.id, productIds));
    for (const row of rows) {
      if (row.imageUrl) images.set(`product:${row.id}`, absolute(row.imageUrl, origin));
    }
  }
  return images;
}

/** The signed-in buyer's first name (their profile's, else their account's), or null for a guest. */
async function reminderFirstName(tx: DbOrTx, row: Pick<ReminderRow, "userId">): Promise<string | null> {
  if (!row.userId) return null;
  const [found] = await tx
    .select({ first: profiles.firstName, name: users.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, row.userId))
    .limit(1);
  const first = found?.first?.trim() || found?.name?.trim().split(/\s+/)[0] || "";
  return first || null;
}

async function reminderContent(ctx: OrderServices, tx: Tx, row: ReminderRow, n: 1 | 2, now: Date) {
  const { publicUrl, authSecret } = ctx.config;
  const subject = T.reminderSubject(n);
  const items = storedItems(row);
  const restore = `${publicUrl}/cart/restore?token=${encodeURIComponent(cartRestoreToken(authSecret, row.id, now.getTime()))}`;
  const images = await shopImages(tx, ctx.storage, items, publicUrl);
  const thumbnails = items.map((item) => {
    const type = typeOfConfig(item.config);
    const title = type.cartTitle(item);
    const panels = type.madeFromPhotos
      ? [item.imageUrl, ...item.additionalImages]
      : [accessoryChoicesOf(item.config).photoUrl ?? `product:${type.productIdOf(item.config)}`];
    return {
      title,
      details: cartLineSummary(item),
      images: panels.flatMap((url, i) => {
        const src = images.get(url);
        return src ? [{ src, alt: `${title}, panel ${i + 1}` }] : [];
      }),
    };
  });
  return {
    subject,
    listUnsubscribe: unsubscribeUrl(publicUrl, authSecret, row.id, now.getTime()),
    ...renderEmail({
      title: subject,
      blocks: [
        T.reminderGreeting(await reminderFirstName(tx, row)),
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
  ctx: OrderServices,
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
      ...(await reminderContent(ctx, tx, row, n, now)),
    });
    await tx
      .update(cartReminders)
      .set({ remindersSent: n, lastRemindedAt: now })
      .where(eq(cartReminders.id, row.id));
    keys.push(key);
  }
  return { keys, claimed: rows.length };
}

/** A confirmed cart waiting for its next reminder: the Settings page's list (issue 47 item 11). */
export interface WaitingReminder {
  id: string;
  /** Masked ("a***@example.com"): the owner sees whose it is without the whole address. */
  email: string;
  items: number;
  next: 1 | 2;
  dueAt: string;
}

/** The confirmed carts that will get a reminder, soonest first (at most 50). */
export async function listWaitingReminders(db: DbOrTx): Promise<WaitingReminder[]> {
  const settings = await getCustomerMailSettings(db);
  if (!settings.cartRemindersEnabled) return [];
  const rows = await db
    .select()
    .from(cartReminders)
    .where(and(eq(cartReminders.status, "active"), lt(cartReminders.remindersSent, MAX_CART_REMINDERS)))
    .orderBy(asc(cartReminders.lastActivityAt))
    .limit(50);
  return rows.flatMap((row) => {
    const items = storedItems(row).length;
    const next = nextReminder({ ...row, itemCount: items }, settings);
    return next
      ? [{ id: row.id, email: maskEmail(row.email), items, next: next.n, dueAt: next.dueAt.toISOString() }]
      : [];
  });
}

/**
 * The owner's "send now", in the caller's transaction (the route's audited one): the cart's
 * next reminder queued at once instead of at its time, under the row's lock and with the sweep's
 * own outbox key (so it is never sent twice, whoever is first). Only a confirmed cart whose
 * address has not opted out gets one (double opt-in, decision 350), never more than
 * MAX_CART_REMINDERS. Answers the outbox key to send after commit and the masked address.
 */
export async function queueCartReminderNow(
  ctx: OrderServices,
  tx: Tx,
  id: string,
  now = new Date(),
): Promise<{ key: string; email: string; reminder: 1 | 2 }> {
  const settings = await getCustomerMailSettings(tx);
  const [row] = await tx.select().from(cartReminders).where(eq(cartReminders.id, id)).limit(1).for("update");
  if (!row) throw new HttpError(404, "not_found", T.notWaiting);
  const items = storedItems(row);
  const next = nextReminder({ ...row, itemCount: items.length }, settings);
  if (!next || (await isOptedOut(tx, row.email))) throw new HttpError(409, "not_waiting", T.notWaiting);
  const key = cartReminderKey(row.id, next.n);
  await queueMail(tx, {
    dedupeKey: key,
    kind: "cart_reminder",
    to: row.email,
    ...(await reminderContent(ctx, tx, row, next.n, now)),
  });
  await tx
    .update(cartReminders)
    .set({ remindersSent: next.n, lastRemindedAt: now })
    .where(eq(cartReminders.id, row.id));
  return { key, email: maskEmail(row.email), reminder: next.n };
}

/** Requests whose confirmation link expired unfollowed end: their cart is not kept. */
async function endUnconfirmedRequests(tx: Tx, now: Date): Promise<void> {
  await tx
    .update(cartReminders)
    .set({ status: "unconfirmed", items: [], closedAt: now })
    .where(
      and(
        eq(cartReminders.status, "pending"),
        lt(cartReminders.consentedAt, new Date(now.getTime() - REMINDER_CONFIRM_LINK_DAYS * 24 * 3_600_000)),
      ),
    );
}

export interface CustomerMailRound {
  reminders: number;
  reviewRequests: number;
  /** True when a batch was full: more may be due now. */
  more: boolean;
}

/**
 * One round of the customer-mail sweep at `now` (the real time, except from a test): requests
 * never confirmed end; cart reminders and review requests due are queued in one transaction
 * and sent after commit.
 */
export async function sendDueCustomerMail(
  ctx: OrderServices,
  now: Date = new Date(),
): Promise<CustomerMailRound> {
  const settings = await getCustomerMailSettings(ctx.database.db);
  const result = await runWorkflow(ctx, async (tx) => {
    await endUnconfirmedRequests(tx, now);
    const reminders = await queueDueCartReminders(ctx, tx, settings, now);
    const reviews = await queueDueReviewRequests(tx, ctx.config, settings.reviewRequestDays, now);
    const effects = new Effects();
    effects.mailKeys([...reminders.keys, ...reviews.keys]);
    return { reminders, reviews, effects: effects.list };
  });
  if (result.reminders.keys.length + result.reviews.keys.length > 0) {
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

  constructor(ctx: OrderServices, pollMs = 60_000) {
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

/** The owner sends a waiting cart reminder now (the e-mail after commit); answers what was sent. */
export const sendCartReminderNow = defineAuditedWorkflow({
  entry: (id: string) => ({
    actionType: "cart_reminder.send_now",
    tableName: "cart_reminders",
    recordId: id,
  }),
  steps: async (tx, id, ctx: OrderServices) => {
    const queued = await queueCartReminderNow(ctx, tx, id);
    return {
      result: { email: queued.email, reminder: queued.reminder },
      effects: [{ kind: "send-mail-keys", keys: [queued.key] }],
      audit: { newValues: { reminder: queued.reminder } },
    };
  },
});
