/**
 * The inbox: contact messages as conversations. A message starts one; the shop's replies are
 * e-mailed to the customer (the thread quoted, through the mail outbox) with a signed link
 * where the customer answers without an account; the answer joins the same conversation,
 * marks it unread and open again, and alerts the owner.
 */
import { BRAND_NAME } from "@shared/brand";
import { type MessageStatus, quoteThread, replySubject, type ThreadEntry } from "@shared/inbox";
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { DbOrTx, Tx } from "../db/client.js";
import { contactMessages, contactReplies } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import {
  type AuditActor,
  defineAuditedWorkflow,
  Effects,
  runWorkflow,
  type WorkflowHost,
} from "../platform/index.js";
import { renderEmail } from "./emails/render.js";
import { queueMail } from "./mail-outbox.js";
import { ANSWER_LINK_DAYS, answerToken, checkAnswerToken } from "./message-tokens.js";
import { alertMessage } from "./owner-alerts.js";

export interface InboxQuery {
  status?: MessageStatus | undefined;
  subject?: string | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The message's id, qualified: inside a subquery on contact_replies an unqualified "id" (as
 * drizzle renders a column of a one-table select) would be the reply's own id.
 */
const messageIdSql = sql.raw('"contact_messages"."id"');

export async function listMessages(db: DbOrTx, query: InboxQuery) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(contactMessages.status, query.status));
  if (query.subject) filters.push(eq(contactMessages.subject, query.subject));
  if (query.q) {
    const pattern = likePattern(query.q);
    const inReplies = sql`exists (select 1 from ${contactReplies} where ${contactReplies.messageId} = ${messageIdSql} and ${contactReplies.body} ilike ${pattern})`;
    filters.push(
      or(
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.message, pattern),
        inReplies,
      ) as SQL,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total], unread] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        status: contactMessages.status,
        preview: sql<string>`left(${contactMessages.message}, 140)`,
        readAt: contactMessages.readAt,
        lastActivityAt: contactMessages.lastActivityAt,
        createdAt: contactMessages.createdAt,
        replies: sql<number>`(select count(*)::int from ${contactReplies} where ${contactReplies.messageId} = ${messageIdSql})`,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.lastActivityAt), desc(contactMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(contactMessages).where(where),
    unreadCount(db),
  ]);
  return {
    messages: rows.map(({ readAt, ...row }) => ({
      ...row,
      unread: readAt === null,
      lastActivityAt: row.lastActivityAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    unread,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function unreadCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}

async function loadThread(db: DbOrTx, id: string) {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!message) return null;
  const replies = await db
    .select()
    .from(contactReplies)
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  return { message, replies };
}

function threadEntries(thread: NonNullable<Awaited<ReturnType<typeof loadThread>>>): ThreadEntry[] {
  const { message, replies } = thread;
  return [
    { author: "customer", name: message.name, body: message.message, at: message.createdAt },
    ...replies.map(
      (r): ThreadEntry => ({
        author: r.author === "shop" ? "shop" : "customer",
        name: r.author === "shop" ? BRAND_NAME : message.name,
        body: r.body,
        at: r.createdAt,
      }),
    ),
  ];
}

function conversationView(thread: NonNullable<Awaited<ReturnType<typeof loadThread>>>) {
  const { message, replies } = thread;
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    status: message.status,
    unread: message.readAt === null,
    createdAt: message.createdAt.toISOString(),
    entries: [
      {
        id: message.id,
        author: "customer" as const,
        body: message.message,
        authorEmail: message.email,
        createdAt: message.createdAt.toISOString(),
      },
      ...replies.map((r) => ({
        id: r.id,
        author: r.author === "shop" ? ("shop" as const) : ("customer" as const),
        body: r.body,
        authorEmail: r.authorEmail,
        createdAt: r.createdAt.toISOString(),
      })),
    ],
  };
}

export type Conversation = ReturnType<typeof conversationView>;

/** The admin opens a conversation: it is read from now on. */
export async function openConversation(db: DbOrTx, id: string): Promise<Conversation | null> {
  await db
    .update(contactMessages)
    .set({ readAt: new Date() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
  const thread = await loadThread(db, id);
  return thread ? conversationView(thread) : null;
}

export async function setConversationState(
  tx: Tx,
  id: string,
  change: { status?: MessageStatus | undefined; unread?: boolean | undefined },
) {
  const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
  if (!before) throw new HttpError(404, "message_not_found", "Message not found.");
  await tx
    .update(contactMessages)
    .set({
      ...(change.status ? { status: change.status, handled: change.status !== "open" } : {}),
      ...(change.unread === undefined ? {} : { readAt: change.unread ? null : new Date() }),
    })
    .where(eq(contactMessages.id, id));
  return { before: { status: before.status, unread: before.readAt === null } };
}

type MailConfig = Pick<Config, "publicUrl" | "authSecret">;

/**
 * The shop's reply: stored, the conversation marked answered, and the e-mail (reply, link to
 * answer, the thread quoted) queued in the same transaction. Returns the reply and outbox ids.
 */
export async function replyToMessage(
  tx: Tx,
  config: MailConfig,
  id: string,
  admin: { email: string },
  body: string,
): Promise<{ replyId: string; mailId: string | null }> {
  const thread = await loadThread(tx, id);
  if (!thread) throw new HttpError(404, "message_not_found", "Message not found.");
  await tx
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for("update");
  const [reply] = await tx
    .insert(contactReplies)
    .values({ messageId: id, author: "shop", authorEmail: admin.email, body })
    .returning({ id: contactReplies.id });
  if (!reply) throw new Error("reply not stored");
  const now = new Date();
  await tx
    .update(contactMessages)
    .set({ status: "answered", handled: true, readAt: now, lastActivityAt: now })
    .where(eq(contactMessages.id, id));
  const link = `${config.publicUrl}/messages/answer?token=${encodeURIComponent(answerToken(config.authSecret, reply.id))}`;
  const quoted = quoteThread(threadEntries(thread));
  const first = thread.message.name.trim().split(/\s+/)[0] || "there";
  const subject = replySubject(BRAND_NAME, thread.message.subject);
  const mailId = await queueMail(tx, {
    dedupeKey: `reply:${reply.id}`,
    kind: "message_reply",
    to: thread.message.email,
    subject,
    ...renderEmail({
      title: subject,
      blocks: [
        `Hello ${first},`,
        ...body.split(/\n{2,}/),
        { action: { label: "Answer this message", url: link } },
        "Earlier in this conversation:",
        ...quoted.split(/\n{2,}/),
      ],
      footnote: `The link works for ${ANSWER_LINK_DAYS} days. Replies to this e-mail do not reach us: please use the link.`,
    }),
  });
  return { replyId: reply.id, mailId };
}

export type AnswerLinkState =
  | { ok: true; conversation: { name: string; subject: string | null; entries: Conversation["entries"] } }
  | { ok: false; status: 400 | 404 | 409 | 410; code: string; message: string };

export const ANSWER_TEXTS = {
  invalid: "This link is not valid. Please use the link in our latest e-mail.",
  expired: "This link has expired. Please write to us through the contact form.",
  used: "You have already answered through this link. We will reply by e-mail.",
  closed: "This conversation is closed. Please write to us through the contact form.",
  sent: "Thank you: your answer was added to the conversation. We will reply by e-mail.",
} as const;

async function resolveAnswerLink(db: DbOrTx, secret: string, token: string) {
  const check = checkAnswerToken(secret, token);
  if (!check.ok) {
    return check.reason === "expired"
      ? ({ ok: false, status: 410, code: "link_expired", message: ANSWER_TEXTS.expired } as const)
      : ({ ok: false, status: 400, code: "link_invalid", message: ANSWER_TEXTS.invalid } as const);
  }
  const [reply] = await db
    .select({ messageId: contactReplies.messageId, author: contactReplies.author })
    .from(contactReplies)
    .where(eq(contactReplies.id, check.replyId))
    .limit(1);
  if (reply?.author !== "shop")
    return { ok: false, status: 404, code: "link_invalid", message: ANSWER_TEXTS.invalid } as const;
  const [used] = await db
    .select({ id: contactReplies.id })
    .from(contactReplies)
    .where(eq(contactReplies.viaReplyId, check.replyId))
    .limit(1);
  if (used) return { ok: false, status: 409, code: "link_used", message: ANSWER_TEXTS.used } as const;
  return { ok: true, replyId: check.replyId, messageId: reply.messageId } as const;
}

/** What the customer's answer page shows: the conversation so far. */
export async function answerLinkState(db: DbOrTx, secret: string, token: string): Promise<AnswerLinkState> {
  const link = await resolveAnswerLink(db, secret, token);
  if (!link.ok) return link;
  const thread = await loadThread(db, link.messageId);
  if (!thread) return { ok: false, status: 404, code: "link_invalid", message: ANSWER_TEXTS.invalid };
  if (thread.message.status === "closed")
    return { ok: false, status: 409, code: "conversation_closed", message: ANSWER_TEXTS.closed };
  const view = conversationView(thread);
  return {
    ok: true,
    conversation: {
      name: view.name,
      subject: view.subject,
      entries: view.entries.map((e) => ({ ...e, authorEmail: null })),
    },
  };
}

/** The customer's answer through the link: appended, the conversation open and unread again, the owner alerted. */
export async function answerThroughLink(
  tx: Tx,
  config: MailConfig & Pick<Config, "ownerEmail">,
  token: string,
  body: string,
): Promise<{ ok: true; alertId: string | null } | Extract<AnswerLinkState, { ok: false }>> {
  const link = await resolveAnswerLink(tx, config.authSecret, token);
  if (!link.ok) return link;
  const [message] = await tx
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, link.messageId))
    .for("update");
  if (!message) return { ok: false, status: 404, code: "link_invalid", message: ANSWER_TEXTS.invalid };
  if (message.status === "closed")
    return { ok: false, status: 409, code: "conversation_closed", message: ANSWER_TEXTS.closed };
  const [answer] = await tx
    .insert(contactReplies)
    .values({
      messageId: message.id,
      author: "customer",
      authorEmail: message.email,
      body,
      viaReplyId: link.replyId,
    })
    .onConflictDoNothing()
    .returning({ id: contactReplies.id });
  if (!answer) return { ok: false, status: 409, code: "link_used", message: ANSWER_TEXTS.used };
  await tx
    .update(contactMessages)
    .set({ status: "open", handled: false, readAt: null, lastActivityAt: new Date() })
    .where(eq(contactMessages.id, message.id));
  const alertId = await alertMessage(tx, config, {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    body,
    answerId: answer.id,
  });
  return { ok: true, alertId };
}

/**
 * The contact form's message: it starts a conversation in the inbox and queues the owner's
 * alert, in one workflow; the alert goes after commit. Answers the message's id.
 */
export async function receiveContactMessage(
  host: WorkflowHost & { config: Pick<Config, "ownerEmail" | "publicUrl"> },
  body: { name: string; email: string; subject?: string | undefined; message: string },
): Promise<{ id: string }> {
  const { config } = host;
  return runWorkflow(host, async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: body.name,
        email: body.email,
        subject: body.subject ?? null,
        message: body.message,
      })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("contact message not stored");
    const alert = await alertMessage(tx, config, {
      id: row.id,
      name: body.name,
      email: body.email,
      subject: body.subject ?? null,
      body: body.message,
    });
    const effects = new Effects();
    effects.mail(alert);
    return { id: row.id, effects: effects.list };
  });
}

/**
 * The owner marks a conversation (status, unread), audited; answers it as opened now. Opening it
 * marks it read, so an "unread" asked for is set again after.
 */
export async function changeConversationAsAdmin(
  host: WorkflowHost,
  actor: AuditActor,
  id: string,
  change: { status?: MessageStatus | undefined; unread?: boolean | undefined },
) {
  await runWorkflow(
    host,
    async (tx) => {
      const { before } = await setConversationState(tx, id, change);
      return { audit: { oldValues: before } };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "message.state_change",
          tableName: "contact_messages",
          recordId: id,
          newValues: change,
        },
      },
    },
  );
  const conversation = await openConversation(host.database.db, id);
  if (change.unread && conversation) {
    await runWorkflow(host, async (tx) => {
      await setConversationState(tx, id, { unread: true });
      return {};
    });
    conversation.unread = true;
  }
  return conversation;
}

/** The owner's reply to a conversation (e-mailed after commit), audited. */
export const replyAsAdmin = defineAuditedWorkflow({
  entry: ({ id, body }: { id: string; body: string; admin: { email: string } }) => ({
    actionType: "message.reply",
    tableName: "contact_replies",
    recordId: id,
    newValues: { body },
  }),
  steps: async (tx, { id, body, admin }, host: WorkflowHost & { config: MailConfig }) => {
    const result = await replyToMessage(tx, host.config, id, admin, body);
    return {
      result: result.replyId,
      effects: result.mailId ? [{ kind: "send-mail", ids: [result.mailId] }] : [],
      audit: { recordId: result.replyId },
    };
  },
});

/** The customer's answer through the conversation's signed link, as a workflow (the owner's alert after commit). */
export async function answerAsCustomer(
  host: WorkflowHost & { config: MailConfig & Pick<Config, "ownerEmail"> },
  token: string,
  body: string,
) {
  const { result } = await runWorkflow(host, async (tx) => {
    const result = await answerThroughLink(tx, host.config, token, body);
    const effects = new Effects();
    if (result.ok) effects.mail(result.alertId);
    return { result, effects: effects.list };
  });
  return result;
}
