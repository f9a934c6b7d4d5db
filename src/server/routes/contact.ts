import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { answerSchema, contactSchema } from "@shared/schemas";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { HttpError, validationHook, zValidator } from "../lib/validation.js";
import {
  ANSWER_TEXTS,
  answerAsCustomer,
  answerLinkState,
  receiveContactMessage,
} from "../messaging/index.js";

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

/**
 * The contact form: a message starts a conversation in the admin inbox and alerts the owner
 * (one transaction; the alert is sent after commit). The customer answers the shop's replies
 * through the signed link of each reply (GET shows the conversation, POST appends the answer).
 * Limited per client IP (CONTACT_RATE_LIMIT a minute), so a script cannot fill the inbox.
 */
export function contactRoutes(ctx: AppContext) {
  const limiter = createRateLimiter({
    name: "contact",
    store: ctx.rateLimits,
    limit: ctx.config.abuse.contactPerMinute,
    windowMs: 60_000,
  });
  const limited = rateLimit(ctx, limiter, {
    name: "contact",
    message: CHECKOUT_MESSAGES.contact.tooManyMessages.description,
  });
  const db = ctx.database.db;
  return new Hono()
    .post("/contact", limited, zValidator("json", contactSchema, validationHook), async (c) => {
      const body = c.req.valid("json");
      const { id } = await receiveContactMessage(ctx, body);
      ctx.log.info({ id }, "contact message stored");
      return c.json({ ok: true as const, id }, 201);
    })
    .get("/messages/answer", zValidator("query", tokenQuery, validationHook), async (c) => {
      const state = await answerLinkState(db, ctx.config.authSecret, c.req.valid("query").token);
      if (!state.ok) throw new HttpError(state.status, state.code, state.message);
      c.header("Cache-Control", "no-store");
      return c.json({ conversation: state.conversation }, 200);
    })
    .post("/messages/answer", limited, zValidator("json", answerSchema, validationHook), async (c) => {
      const { token, message } = c.req.valid("json");
      const result = await answerAsCustomer(ctx, token, message);
      if (!result.ok) throw new HttpError(result.status, result.code, result.message);
      ctx.log.info("customer answered a conversation");
      return c.json({ ok: true as const, message: ANSWER_TEXTS.sent }, 201);
    });
}
