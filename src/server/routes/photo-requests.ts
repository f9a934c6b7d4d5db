/**
 * The customer's side of photo review (issue 17): the link in the e-mail opens /photo?token=…
 *   GET  /api/photo-requests?token   the order, the panel, the photo we have and the size it needs
 *   POST /api/photo-requests {token, originalUrl, cropPixels?, crop?}   the new photo (uploaded
 *        first through POST /api/uploads, by this visitor: the same client or account, as a
 *        review's photo; anyone else's is refused as not stored) replaces the panel's; its
 *        print file is made again
 * No account: the signed, expiring token is the key, and it works once. Limited per client IP.
 */

import { cropPixelsSchema } from "@shared/cart";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { photoLinkState, replacePhotoAsCustomer } from "../fulfilment/index.js";
import { clientIp, createProxyList } from "../lib/client-ip.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { HttpError, validationHook, zValidator } from "../lib/validation.js";
import { uploadVisitor } from "../platform/index.js";
import { getSessionUser } from "../session.js";

const token = z.string().min(1).max(200);
const replacementBody = z.object({
  token,
  originalUrl: z.string().min(1).max(2000),
  cropPixels: cropPixelsSchema.optional(),
  crop: z
    .object({ x: z.number().finite(), y: z.number().finite(), zoom: z.number().finite().min(1).max(10) })
    .optional(),
});

export function photoRequestRoutes(ctx: AppContext) {
  const limiter = createRateLimiter({
    name: "photo-replacement",
    store: ctx.rateLimits,
    limit: ctx.config.abuse.contactPerMinute,
    windowMs: 60_000,
  });
  const limited = rateLimit(ctx, limiter, {
    name: "photo-replacement",
    message: CHECKOUT_MESSAGES.contact.tooManyMessages.description,
  });
  const db = ctx.database.db;
  const proxies = createProxyList(ctx.config.trustedProxies);
  return new Hono()
    .get("/photo-requests", limited, zValidator("query", z.object({ token }), validationHook), async (c) => {
      const state = await photoLinkState(db, ctx.config, c.req.valid("query").token);
      if (!state.ok) throw new HttpError(state.status, state.code, state.message);
      c.header("Cache-Control", "no-store");
      return c.json({ page: state.page }, 200);
    })
    .post("/photo-requests", limited, zValidator("json", replacementBody, validationHook), async (c) => {
      const { token: link, ...input } = c.req.valid("json");
      const user = await getSessionUser(ctx, c);
      const visitor = uploadVisitor(ctx.config.authSecret, clientIp(c, proxies), user?.id ?? null);
      const result = await replacePhotoAsCustomer(ctx, link, input, visitor);
      if (!result.ok) throw new HttpError(result.status, result.code, result.message);
      ctx.log.info({ orderId: result.orderId, requeued: result.requeued }, "customer replaced a photo");
      return c.json({ ok: true as const }, 201);
    });
}
