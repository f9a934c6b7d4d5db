/**
 * POST /discounts/check {code, cartItems: [{config}], email?}
 *   -> 200 {ok: true, code, discountPence, freeShipping} for the server's prices of these lines
 *   -> 200 {ok: false, reason, message}: why the code does not apply; a paused, expired, not yet
 *      started or used-up code answers as an unknown one (shopperRefusal: inactive codes stay secret)
 *   -> 429 rate_limited: codes cannot be guessed by brute force.
 * Nothing is reserved here: checkout checks the code again, under a lock, when the order is
 * placed. The signed-in customer's own uses count against a per-customer limit.
 */

import { cartItemConfigSchema } from "@shared/cart";
import { MAX_CART_ITEMS } from "@shared/cart-limits";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { type DiscountRefusalReason, shopperRefusal } from "@shared/discounts";
import { Hono } from "hono";
import { z } from "zod";
import { evaluateCode, priceFromSnapshot, pricingSnapshot } from "../catalogue/index.js";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { validationHook, zValidator } from "../lib/validation.js";
import { getSessionUser } from "../session.js";

/** Per client IP per minute: enough to fix a typo, too few to guess codes. */
export const DISCOUNT_CHECK_RATE_LIMIT = 10;

const checkSchema = z.object({
  code: z.string().trim().min(1).max(40),
  cartItems: z
    .array(z.object({ config: cartItemConfigSchema }))
    .min(1)
    .max(MAX_CART_ITEMS),
  email: z.email().max(254).optional(),
});

export type DiscountCheck =
  | { ok: true; code: string; discountPence: number; freeShipping: boolean }
  | { ok: false; reason: DiscountRefusalReason; message: string };

export function discountRoutes(ctx: AppContext) {
  const limiter = createRateLimiter({
    name: "discount-check",
    store: ctx.rateLimits,
    limit: DISCOUNT_CHECK_RATE_LIMIT,
    windowMs: 60_000,
  });
  const db = ctx.database.db;
  return new Hono().post(
    "/discounts/check",
    rateLimit(ctx, limiter, { name: "discount-check", message: CHECKOUT_MESSAGES.checkout.tooManyRequests }),
    zValidator("json", checkSchema, validationHook),
    async (c) => {
      const { code, cartItems, email } = c.req.valid("json");
      const [user, snapshot] = await Promise.all([
        c.req.header("cookie") ? getSessionUser(ctx, c) : null,
        pricingSnapshot(db),
      ]);
      const priced = priceFromSnapshot(
        snapshot,
        cartItems.map((item) => item.config),
      );
      const lines = priced.flatMap((p) => (p.ok ? [{ kind: p.kind, pricePence: p.unitPricePence }] : []));
      const { result } = await evaluateCode(db, code, lines, {
        userId: user?.id ?? null,
        email: email ?? user?.email ?? null,
      });
      c.header("Cache-Control", "no-store");
      return c.json<DiscountCheck>(
        result.ok
          ? {
              ok: true,
              code: result.code,
              discountPence: result.discountPence,
              freeShipping: result.freeShipping,
            }
          : { ok: false, ...shopperRefusal(result) },
        200,
      );
    },
  );
}
