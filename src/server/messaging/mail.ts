/**
 * Outgoing e-mail. With SMTP_URL, nodemailer sends over SMTP; otherwise every message is
 * written as an .eml file in DATA_DIR/mail/ (and logged), so a local shop's mail can be read.
 */
import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config.js";
import type { Logger } from "../lib/logger.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header ("<id@host>"); a message sent again with the same id shows once. */
  messageId?: string;
  /** Extra headers (the RFC 8058 List-Unsubscribe pair of a reminder or review request). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where .eml files go in the local mode; undefined when sending over SMTP. */
  readonly outbox: string | undefined;
}

/**
 * True when the SMTP server refused the message for good (a 5xx reply: no such mailbox, policy
 * rejection): sending it again cannot work, so an outbox gives up at once and alerts the owner
 * instead of retrying for a day. A 4xx reply (greylisting, a full mailbox, a busy server) and
 * connection errors are temporary: retried with the outbox's backoff.
 */
export function isPermanentMailFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export function createMailer(config: Config, log: Logger): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      outbox: undefined,
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        log.info({ subject: message.subject }, "mail sent");
      },
    };
  }
  const outbox = path.join(config.dataDir, "mail");
  mkdirSync(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let sequence = 0;
  return {
    outbox,
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      const slug = message.subject
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 40);
      sequence += 1;
      const file = path.join(outbox, `${Date.now()}-${String(sequence).padStart(4, "0")}-${slug}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ subject: message.subject, file }, "mail written to outbox");
    },
  };
}
