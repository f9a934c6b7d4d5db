/**
 * The account e-mails: confirm a new account, confirm a new address, tell the old address
 * that a change was asked for, and reset a forgotten password. Each has an HTML and a plain-text part; every value
 * put into the HTML is escaped.
 */
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import type { MailMessage } from "../mail.js";

type Email = Omit<MailMessage, "to">;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function greetingName(name: string | null | undefined): string {
  const first = (name ?? "").trim().split(/\s+/)[0] ?? "";
  return first || "there";
}

/** A plain, table-free layout that every mail client renders; the button is a link. */
export function layout(opts: {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote: string;
}) {
  const button = opts.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#1f2937;color:#ffffff;padding:12px 22px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(opts.action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(opts.action.url)}" style="color:#374151;word-break:break-all">${escapeHtml(opts.action.url)}</a></p>`
    : "";
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="font-size:20px;font-weight:700;margin:0 0 24px">${escapeHtml(BRAND_NAME)}</p>
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(opts.title)}</h1>
${opts.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${button}
<p style="font-size:13px;color:#6b7280;margin-top:32px">${escapeHtml(opts.footnote)}</p>
</div>
</body>
</html>`;
}

function text(lines: string[]): string {
  return `${lines.join("\n\n")}\n`;
}

/** Sent at sign-up (and when an unverified account tries to log in): the link verifies the address. */
export function verifyAccountEmail(opts: {
  name: string | null | undefined;
  url: string;
  expiresInHours: number;
}): Email {
  const subject = `Confirm your email address for ${BRAND_NAME}`;
  const hello = `Hello ${greetingName(opts.name)},`;
  const body = `Thank you for creating a ${BRAND_NAME} account. Please confirm your email address so you can log in.`;
  const expiry = `The link works for ${opts.expiresInHours} hours.`;
  const footnote = `If you did not create an account, you can ignore this email. Questions? Write to ${SUPPORT_EMAIL}.`;
  return {
    subject,
    text: text([hello, body, `Confirm your email address: ${opts.url}`, expiry, footnote]),
    html: layout({
      title: "Confirm your email address",
      paragraphs: [hello, body, expiry],
      action: { label: "Confirm email address", url: opts.url },
      footnote,
    }),
  };
}

/** Sent to the NEW address when a signed-in customer changes their e-mail. */
export function verifyNewEmailEmail(opts: {
  name: string | null | undefined;
  newEmail: string;
  url: string;
  expiresInHours: number;
}): Email {
  const subject = `Confirm your new email address for ${BRAND_NAME}`;
  const hello = `Hello ${greetingName(opts.name)},`;
  const body = `You asked to use ${opts.newEmail} for your ${BRAND_NAME} account. Please confirm this address; until you do, your account keeps its current email address.`;
  const expiry = `The link works for ${opts.expiresInHours} hours. After confirming, log in with your new email address.`;
  const footnote = `If you did not ask for this, ignore this email and nothing will change. Questions? Write to ${SUPPORT_EMAIL}.`;
  return {
    subject,
    text: text([hello, body, `Confirm your new email address: ${opts.url}`, expiry, footnote]),
    html: layout({
      title: "Confirm your new email address",
      paragraphs: [hello, body, expiry],
      action: { label: "Confirm new email address", url: opts.url },
      footnote,
    }),
  };
}

/** Sent to the OLD address at the same time: a heads-up, with no link to follow. */
export function emailChangeRequestedNotice(opts: {
  name: string | null | undefined;
  newEmail: string;
  /** Undoes the change (or stops it while it is pending). */
  undoUrl: string;
  undoDays: number;
}): Email {
  const subject = `Your ${BRAND_NAME} email address is being changed`;
  const hello = `Hello ${greetingName(opts.name)},`;
  const body = `Someone signed in to your ${BRAND_NAME} account asked to change its email address to ${opts.newEmail}. The change happens only once the new address is confirmed.`;
  const undo = `If this was not you, undo the change with the link below: it works for ${opts.undoDays} days, also after the new address was confirmed, and signs everyone out of your account.`;
  const footnote = `If this was not you, please also change your password straight away and write to ${SUPPORT_EMAIL}.`;
  return {
    subject,
    text: text([hello, body, undo, `Undo the change: ${opts.undoUrl}`, footnote]),
    html: layout({
      title: "Your email address is being changed",
      paragraphs: [hello, body, undo],
      action: { label: "Undo the change", url: opts.undoUrl },
      footnote,
    }),
  };
}

/**
 * Sent when someone signs up with an address that already has an account: the owner learns of
 * it, and the sign-up answers exactly as for a new address (which gets its confirmation).
 */
export function existingAccountSignUpNotice(opts: {
  name: string | null | undefined;
  loginUrl: string;
}): Email {
  const subject = `You already have a ${BRAND_NAME} account`;
  const hello = `Hello ${greetingName(opts.name)},`;
  const body = `Someone tried to create a ${BRAND_NAME} account with this email address, which already has one. If it was you, log in instead; if you forgot your password, you can reset it on the login page.`;
  const footnote = `If it was not you, you can ignore this email: nothing has changed. Questions? Write to ${SUPPORT_EMAIL}.`;
  return {
    subject,
    text: text([hello, body, `Log in: ${opts.loginUrl}`, footnote]),
    html: layout({
      title: "You already have an account",
      paragraphs: [hello, body],
      action: { label: "Log in", url: opts.loginUrl },
      footnote,
    }),
  };
}

/** Sent when someone asks to reset the password of an account with this address. */
export function resetPasswordEmail(opts: {
  name: string | null | undefined;
  url: string;
  expiresInMinutes: number;
}): Email {
  const subject = `Reset your ${BRAND_NAME} password`;
  const hello = `Hello ${greetingName(opts.name)},`;
  const body = `We received a request to reset the password of your ${BRAND_NAME} account. Choose a new password with the link below.`;
  const expiry = `The link works once, for ${opts.expiresInMinutes} minutes. Resetting your password logs you out everywhere.`;
  const footnote = `If you did not ask for this, you can ignore this email: your password stays as it is. Questions? Write to ${SUPPORT_EMAIL}.`;
  return {
    subject,
    text: text([hello, body, `Reset your password: ${opts.url}`, expiry, footnote]),
    html: layout({
      title: "Reset your password",
      paragraphs: [hello, body, expiry],
      action: { label: "Choose a new password", url: opts.url },
      footnote,
    }),
  };
}
