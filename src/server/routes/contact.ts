import { zValidator } from "@hono/zod-validator";
import { MESSAGES } from "@shared/messages";
import { contactSchema } from "@shared/schemas";
import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { contactMessages } from "../db/schema.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { validationHook } from "../lib/validation.js";

/**
 * The contact form: messages are kept in the database for the maker to answer. Limited per
 * client IP (CONTACT_RATE_LIMIT a minute), so a script cannot fill the inbox.
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
    message: MESSAGES.contact.tooManyMessages.description,
  });
  return new Hono().post(
    "/contact",
    limited,
    zValidator("json", contactSchema, validationHook),
    async (c) => {
      const body = c.req.valid("json");
      const [row] = await ctx.database.db
        .insert(contactMessages)
        .values({ name: body.name, email: body.email, subject: body.subject ?? null, message: body.message })
        .returning({ id: contactMessages.id });
      ctx.log.info({ id: row?.id }, "contact message stored");
      return c.json({ ok: true as const, id: row?.id ?? "" }, 201);
    },
  );
}
