/**
 * The link in a reply to a contact message, where the customer answers without an account:
 * `<replyId>.<expires (unix s)>.<HMAC>` under the server's secret. The HMAC covers the reply
 * and the expiry, so neither can be changed; it is checked in constant time. Each link answers
 * once (contact_replies.via_reply_id is unique): a replayed token is refused.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a reply's answer link works. */
export const ANSWER_LINK_DAYS = 30;

/** What a link is for: a token made for one purpose is refused for another. */
export type LinkPurpose = "message-answer" | "photo-replacement";

function sign(secret: string, purpose: LinkPurpose, id: string, expires: number): string {
  return createHmac("sha256", secret).update(`lithobox-${purpose}:${id}:${expires}`).digest("base64url");
}

/** `<id>.<expires>.<HMAC>`: a link for `purpose` about the row `id`, working for `days`. */
export function signedLinkToken(
  secret: string,
  purpose: LinkPurpose,
  id: string,
  days: number,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + days * 24 * 3600;
  return `${id}.${expires}.${sign(secret, purpose, id, expires)}`;
}

export type SignedLinkCheck = { ok: true; id: string } | { ok: false; reason: "invalid" | "expired" };

export function checkSignedLinkToken(
  secret: string,
  purpose: LinkPurpose,
  token: string,
  now = Date.now(),
): SignedLinkCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "invalid" };
  const [id = "", expiresText = "", signature = ""] = parts;
  if (!/^[0-9a-f-]{36}$/.test(id) || !/^\d{1,12}$/.test(expiresText)) return { ok: false, reason: "invalid" };
  const expires = Number(expiresText);
  const expected = Buffer.from(sign(secret, purpose, id, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "invalid" };
  if (expires * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, id };
}

export function answerToken(secret: string, replyId: string, now = Date.now()): string {
  return signedLinkToken(secret, "message-answer", replyId, ANSWER_LINK_DAYS, now);
}

export type AnswerTokenCheck = { ok: true; replyId: string } | { ok: false; reason: "invalid" | "expired" };

export function checkAnswerToken(secret: string, token: string, now = Date.now()): AnswerTokenCheck {
  const check = checkSignedLinkToken(secret, "message-answer", token, now);
  return check.ok ? { ok: true, replyId: check.id } : check;
}
