/**
 * The shop's outbox as the tests read it: every e-mail is an .eml file in DATA_DIR/mail (the
 * in-process shops of the integration tests, a server process, the end-to-end server).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TestShop } from "./test-shop.js";
import { until } from "./wait.js";

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Decodes quoted-printable text (soft line breaks, =XX bytes as UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
  return body;
}

function headerValue(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded);
  return match?.[1]?.trim() ?? "";
}

/** Every .eml in a mail folder, oldest first, with the plain-text and HTML parts decoded. */
export function readMailsIn(outbox: string): SentMail[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => {
      const raw = readFileSync(path.join(outbox, f), "utf8");
      const split = raw.search(/\r?\n\r?\n/);
      const head = raw.slice(0, split);
      const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head.replace(/\r?\n[ \t]+/g, " "))?.[1];
      let text = "";
      let html = "";
      if (boundary) {
        for (const part of raw.split(`--${boundary}`)) {
          const at = part.search(/\r?\n\r?\n/);
          if (at < 0) continue;
          const partHead = part.slice(0, at);
          const partBody = part.slice(at).replace(/^\r?\n\r?\n/, "");
          if (/content-type:\s*text\/plain/i.test(partHead)) text = decodePart(partHead, partBody);
          if (/content-type:\s*text\/html/i.test(partHead)) html = decodePart(partHead, partBody);
        }
      } else {
        text = decodePart(head, raw.slice(split).trim());
      }
      return {
        file: f,
        to: headerValue(head, "To").replace(/^.*<(.+)>$/, "$1"),
        subject: headerValue(head, "Subject"),
        text,
        html,
      };
    });
}

/** Waits for the newest mail to `to` in a mail folder (mail is sent after the response). */
export function waitForMailIn(outbox: string, to: string, timeoutMs = 60_000): Promise<SentMail> {
  return until(`a mail to ${to}`, timeoutMs, async () =>
    readMailsIn(outbox)
      .filter((m) => m.to.toLowerCase() === to.toLowerCase())
      .pop(),
  );
}

/** Every .eml the shop wrote, oldest first, with the plain-text and HTML parts decoded. */
export function readMails(shop: TestShop): SentMail[] {
  const outbox = shop.ctx.mail.outbox;
  return outbox ? readMailsIn(outbox) : [];
}

/** The newest mail to `to`, or throws. */
export function latestMailTo(shop: TestShop, to: string): SentMail {
  const mail = mailsTo(shop, to).pop();
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** Every mail to `to` (any case) in the shop's outbox, oldest first. */
export function mailsTo(shop: TestShop, to: string): SentMail[] {
  return readMails(shop).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}
