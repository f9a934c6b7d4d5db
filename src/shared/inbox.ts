/**
 * The admin inbox of contact messages: a conversation's statuses and how a reply quotes the
 * thread below it (the newest first, each line prefixed with "> ", as mail clients do).
 */
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
