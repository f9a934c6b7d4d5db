import { zValidator } from "@hono/zod-validator";
import { contactSchema } from "@shared/schemas";
import { Hono } from "hono";
import type { AppContext } from "../context.js";
import { contactMessages } from "../db/schema.js";
import { validationHook } from "../lib/validation.js";

/** The contact form: messages are kept in the database for the maker to answer. */
export function contactRoutes(ctx: AppContext) {
  return new Hono().post("/contact", zValidator("json", contactSchema, validationHook), async (c) => {
    const body = c.req.valid("json");
    const [row] = await ctx.database.db
      .insert(contactMessages)
      .values({ name: body.name, email: body.email, subject: body.subject ?? null, message: body.message })
      .returning({ id: contactMessages.id });
    ctx.log.info({ id: row?.id }, "contact message stored");
    return c.json({ ok: true as const, id: row?.id ?? "" }, 201);
  });
}
