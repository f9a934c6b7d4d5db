/**
 * The link in a reply to a contact message, where the customer answers without an account:
 * `<replyId>.<expires (unix s)>.<HMAC>` under the server's secret. The HMAC covers the reply
 * and the expiry, so neither can be changed; it is checked in constant time. Each link answers
 * once (contact_replies.via_reply_id is unique): a replayed token is refused.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a reply's answer link works. */
export const ANSWER_LINK_DAYS = 30;

function sign(secret: string, replyId: string, expires: number): string {
  return createHmac("sha256", secret)
    .update(`lithobox-message-answer:${replyId}:${expires}`)
    .digest("base64url");
}

export function answerToken(secret: string, replyId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + ANSWER_LINK_DAYS * 24 * 3600;
  return `${replyId}.${expires}.${sign(secret, replyId, expires)}`;
}

export type AnswerTokenCheck = { ok: true; replyId: string } | { ok: false; reason: "invalid" | "expired" };

export function checkAnswerToken(secret: string, token: string, now = Date.now()): AnswerTokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "invalid" };
  const [replyId = "", expiresText = "", signature = ""] = parts;
  if (!/^[0-9a-f-]{36}$/.test(replyId) || !/^\d{1,12}$/.test(expiresText))
    return { ok: false, reason: "invalid" };
  const expires = Number(expiresText);
  const expected = Buffer.from(sign(secret, replyId, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "invalid" };
  if (expires * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, replyId };
}
