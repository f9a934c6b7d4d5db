/**
 * The admin inbox of contact messages: a conversation's statuses and how a reply quotes the
 * thread below it (the newest first, each line prefixed with "> ", as mail clients do).
 */
import { CONTACT_SUBJECTS } from "./schemas";
import { isOneOf, MESSAGE_STATUSES, type MessageAuthor, type MessageStatus } from "./statuses";

export { MESSAGE_STATUSES, type MessageStatus } from "./statuses";

export const MESSAGE_STATUS_LABELS: Readonly<Record<MessageStatus, string>> = {
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};

export function isMessageStatus(value: unknown): value is MessageStatus {
  return isOneOf(MESSAGE_STATUSES, value);
}

export interface ThreadEntry {
  author: MessageAuthor;
  name: string;
  body: string;
  at: Date;
}

function when(at: Date): string {
  return at.toLocaleString("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** The earlier messages as a quoted block, newest first. */
export function quoteThread(entries: readonly ThreadEntry[]): string {
  return [...entries]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((entry) => {
      const header = `On ${when(entry.at)}, ${entry.name} wrote:`;
      const body = entry.body
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join("\n");
      return `${header}\n${body}`;
    })
    .join("\n\n");
}

/** The contact form's subject as the owner chose it on the form ("Order Inquiry"), null without one. */
export function contactSubjectLabel(value: string | null | undefined): string | null {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? null;
}

/** A reply's subject: the topic's label, never its slug (issue 30). */
export function replySubject(brandName: string, subject: string | null | undefined): string {
  const label = contactSubjectLabel(subject);
  return `Re: your message to ${brandName}${label ? ` (${label})` : ""}`;
}

/**
 * A piece of a message: plain text, or an order number quoted in it ("#1001", "order 1001";
 * issue 47), or an old 8-character one ("#3f9a1c2b", "order 3f9a1c2b").
 */
export type MessagePart = { readonly text: string; readonly orderNumber?: string };

const QUOTED_ORDER = /(?:#|\border\s+(?:no\.?\s*|number\s*)?#?)([0-9a-f]{8}|[0-9]{4,9})\b/gi;

/** Splits a message so the order numbers it quotes can link to the order (issue 30). */
export function splitOrderNumbers(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(QUOTED_ORDER)) {
    const number = match[1];
    if (number === undefined) continue;
    const start = (match.index ?? 0) + match[0].length - number.length;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: number, orderNumber: number.toLowerCase() });
    last = start + number.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
