import { REVIEW_TEXTS } from "@shared/review-texts";
import type { StorefrontAnswer } from "@shared/storefront";
import { reviewSubmissionSchema } from "@shared/storefront-rules";
import type { TypedResponse } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { clientIp, createProxyList } from "../lib/client-ip.js";
import { sendEncoded } from "../lib/encoded-body.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { HttpError, validationHook, zValidator } from "../lib/validation.js";
import { uploadVisitor } from "../platform/index.js";
import { getSessionUser } from "../session.js";
import { reviewLinkState, storefrontCache, submitReview } from "../storefront/index.js";

const JSON_TYPE = "application/json; charset=UTF-8";
const tokenQuery = z.object({ token: z.string().min(1).max(300) });
/** Review submissions per client IP per hour: a household reviews a few orders, a script no more. */
export const REVIEWS_PER_HOUR = 10;

/**
 * The storefront beside the catalogue (issue 20):
 *   GET  /storefront              heroes, gallery, approved reviews, rating (no-cache + ETag)
 *   GET  /reviews/request?token   what a review link opens (the order's number, the first name)
 *   POST /reviews {token, rating, body, name, place?, photoUploadId?}  201; limited per IP
 */
export function storefrontRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const limiter = createRateLimiter({
    name: "reviews",
    store: ctx.rateLimits,
    limit: REVIEWS_PER_HOUR,
    windowMs: 60 * 60_000,
  });
  const limited = rateLimit(ctx, limiter, { name: "reviews", message: REVIEW_TEXTS.tooMany });
  const proxies = createProxyList(ctx.config.trustedProxies);
  return new Hono()
    .get(
      "/storefront",
      async (c) =>
        sendEncoded(c, await storefrontCache(db).get(), JSON_TYPE) as Response &
          TypedResponse<StorefrontAnswer, 200, "json">,
    )
    .get("/reviews/request", zValidator("query", tokenQuery, validationHook), async (c) => {
      const state = await reviewLinkState(db, ctx.config.authSecret, c.req.valid("query").token);
      if (!state.ok) throw new HttpError(state.status, state.code, state.message);
      c.header("Cache-Control", "no-store");
      return c.json({ orderNumber: state.orderNumber, firstName: state.firstName }, 200);
    })
    .post("/reviews", limited, zValidator("json", reviewSubmissionSchema, validationHook), async (c) => {
      const user = await getSessionUser(ctx, c);
      const visitor = uploadVisitor(ctx.config.authSecret, clientIp(c, proxies), user?.id ?? null);
      const review = await submitReview(ctx, c.req.valid("json"), visitor);
      ctx.log.info({ id: review.id }, "review received");
      return c.json({ ok: true as const, message: REVIEW_TEXTS.thanks }, 201);
    });
}
