/**
 * Admin inbox:
 *   GET   /admin/messages?status&subject&q&page&pageSize  the conversations, newest activity first
 *   GET   /admin/messages/unread-count                    the admin navigation's badge
 *   GET   /admin/messages/:id                             a conversation (marks it read)
 *   PATCH /admin/messages/:id {status?, unread?}          open / answered / closed, unread again
 *   POST  /admin/messages/:id/reply {body}                e-mails the customer (thread quoted, answer link)
 */

import { MESSAGE_STATUSES } from "@shared/inbox";
import { CONTACT_SUBJECTS } from "@shared/schemas";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import {
  changeConversationAsAdmin,
  listMessages,
  openConversation,
  replyAsAdmin,
  unreadCount,
} from "../../messaging/index.js";
import { type AdminEnv, actorOf, pageQuery } from "./shared.js";

const emptyToUndefined = z.literal("").transform(() => undefined);
const listQuery = z.object({
  status: z.enum(MESSAGE_STATUSES).optional().or(emptyToUndefined),
  subject: z
    .enum(CONTACT_SUBJECTS.map((s) => s.value) as [string, ...string[]])
    .optional()
    .or(emptyToUndefined),
  q: z.string().trim().max(200).optional(),
  ...pageQuery,
});
const idParam = z.object({ id: z.uuid("Message not found.") });
const stateBody = z
  .object({ status: z.enum(MESSAGE_STATUSES).optional(), unread: z.boolean().optional() })
  .refine((b) => b.status !== undefined || b.unread !== undefined, "Nothing to change.");
const replyBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Please write a reply.")
    .max(10_000, "The reply is too long (10,000 characters at most)."),
});

export function adminMessageRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/messages", zValidator("query", listQuery, validationHook), async (c) => {
      return c.json(await listMessages(db, c.req.valid("query")), 200);
    })
    .get("/messages/unread-count", async (c) => c.json({ unread: await unreadCount(db) }, 200))
    .get("/messages/:id", zValidator("param", idParam, validationHook), async (c) => {
      const conversation = await openConversation(db, c.req.valid("param").id);
      if (!conversation) throw new HttpError(404, "message_not_found", "Message not found.");
      return c.json({ conversation }, 200);
    })
    .patch(
      "/messages/:id",
      zValidator("param", idParam, validationHook),
      zValidator("json", stateBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const change = c.req.valid("json");
        const conversation = await changeConversationAsAdmin(ctx, actorOf(c), id, change);
        return c.json({ conversation }, 200);
      },
    )
    .post(
      "/messages/:id/reply",
      zValidator("param", idParam, validationHook),
      zValidator("json", replyBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const { body } = c.req.valid("json");
        const replyId = await replyAsAdmin(ctx, actorOf(c), { id, body, admin: c.get("admin") });
        const conversation = await openConversation(db, id);
        return c.json({ replyId, conversation }, 201);
      },
    );
}
