import { cartItemsSchema } from "@shared/cart";
import { CUSTOMER_MAIL_TEXTS as T } from "@shared/customer-mail";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { validationHook, zValidator } from "../lib/validation.js";
import {
  confirmCartReminder,
  recordCartConsent,
  restoreRemindedCart,
  unsubscribe,
  unsubscribeTarget,
  updateRemindedCart,
  withdrawCartConsent,
} from "../orders/index.js";
import { getSessionUser } from "../session.js";

/**
 * Per client IP per minute, for the consent, restore, confirm and unsubscribe endpoints
 * (anonymous). The confirmation e-mails an address gets are limited per address besides
 * (REMINDER_CONFIRMATIONS_PER_ADDRESS a day, @shared/customer-mail).
 */
export const CART_REMINDER_RATE_LIMIT = 30;
export const CART_LINK_RATE_LIMIT = 10;

const token = z.string().trim().min(10).max(300);
const consentBody = z.object({
  email: z.email().max(254),
  items: cartItemsSchema.min(1),
  /** Must be true: the box was ticked. */
  consent: z.literal(true),
  handle: token.nullish(),
});
const updateBody = z.object({ handle: token, items: cartItemsSchema });
const withdrawBody = z.object({ handle: token });
const confirmBody = z.object({ token });
const tokenQuery = z.object({ token });

/**
 * Cart reminders, with consent (issue 33). Anonymous: every route is rate-limited per IP.
 *
 * POST /cart-reminders {email, items, consent: true, handle?} -> {handle, state, message,
 *   dropped}: the box was ticked. Double opt-in (decision 350): state is 'pending' (one
 *   confirmation e-mail went to the address, nothing more goes until its link is followed),
 *   'active' (the signed-in customer's own verified address, or this browser's row confirmed
 *   before), 'limited' (the address had its confirmation e-mails today) or 'unsubscribed';
 *   handle is this browser's own row's, null when nothing is kept.
 * POST /cart-reminders/confirm {token} -> 200 {message}: the confirmation e-mail's link, from
 *   the /cart/confirm-reminders page's button (400 forged, 410 expired or ended).
 * PUT  /cart-reminders {handle, items} -> {active}: the cart changed (empty: reminders end).
 * POST /cart-reminders/withdraw {handle} -> 204: the box was unticked.
 * GET  /cart-reminders/restore?token= -> {items, dropped, handle}: a reminder's restore link
 *   (400 forged or changed, 410 expired or bought).
 * GET  /unsubscribe?token= (the List-Unsubscribe address opened in a browser) -> 303 to the page.
 * GET  /unsubscribe/target?token= -> {email} masked, for the page.
 * POST /unsubscribe?token= (RFC 8058 one-click: body List-Unsubscribe=One-Click, or the page's
 *   button) -> 200 {message}. Exempt from the same-origin check: mail providers post it.
 */
export function cartReminderRoutes(ctx: AppContext) {
  const limited = (name: string, limit: number) =>
    rateLimit(ctx, createRateLimiter({ name, store: ctx.rateLimits, limit, windowMs: 60_000 }), {
      name,
      message: T.tooMany,
    });
  const consentLimit = limited("cart-reminders", CART_REMINDER_RATE_LIMIT);
  const restoreLimit = limited("cart-restore", CART_LINK_RATE_LIMIT);
  const unsubscribeLimit = limited("unsubscribe", CART_LINK_RATE_LIMIT);
  return new Hono()
    .post("/cart-reminders", consentLimit, zValidator("json", consentBody, validationHook), async (c) => {
      const body = c.req.valid("json");
      const user = await getSessionUser(ctx, c);
      const result = await recordCartConsent(ctx, {
        email: body.email,
        items: body.items,
        handle: body.handle,
        user: user ? { id: user.id, email: user.email, emailVerified: user.emailVerified } : null,
      });
      return c.json(result, 200);
    })
    .post(
      "/cart-reminders/confirm",
      restoreLimit,
      zValidator("json", confirmBody, validationHook),
      async (c) => c.json(await confirmCartReminder(ctx, c.req.valid("json").token), 200),
    )
    .put("/cart-reminders", consentLimit, zValidator("json", updateBody, validationHook), async (c) => {
      const { handle, items } = c.req.valid("json");
      return c.json(await updateRemindedCart(ctx, handle, items), 200);
    })
    .post(
      "/cart-reminders/withdraw",
      consentLimit,
      zValidator("json", withdrawBody, validationHook),
      async (c) => {
        await withdrawCartConsent(ctx, c.req.valid("json").handle);
        return c.body(null, 204);
      },
    )
    .get(
      "/cart-reminders/restore",
      restoreLimit,
      zValidator("query", tokenQuery, validationHook),
      async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(await restoreRemindedCart(ctx, c.req.valid("query").token), 200);
      },
    )
    .get("/unsubscribe", zValidator("query", tokenQuery, validationHook), (c) =>
      c.redirect(`/unsubscribe?token=${encodeURIComponent(c.req.valid("query").token)}`, 303),
    )
    .get(
      "/unsubscribe/target",
      unsubscribeLimit,
      zValidator("query", tokenQuery, validationHook),
      async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(await unsubscribeTarget(ctx, c.req.valid("query").token), 200);
      },
    )
    .post("/unsubscribe", unsubscribeLimit, zValidator("query", tokenQuery, validationHook), async (c) => {
      await unsubscribe(ctx, c.req.valid("query").token);
      return c.json({ message: T.unsubscribed }, 200);
    });
}
