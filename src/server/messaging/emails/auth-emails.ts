/**
 * The account e-mails: confirm a new account, confirm a new address, tell the old address
 * that a change was asked for, and reset a forgotten password. Each is one `EmailContent`;
 * `renderEmail` makes its HTML (escaped as it renders) and its plain-text part.
 */
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import type { MailMessage } from "../mail.js";
import { renderEmail } from "./render.js";

type Email = Omit<MailMessage, "to">;

function greetingName(name: string | null | undefined): string {
  const first = (name ?? "").trim().split(/\s+/)[0] ?? "";
  return first || "there";
}

/** Sent at sign-up (and when an unverified account tries to log in): the link verifies the address. */
export function verifyAccountEmail(opts: {
  name: string | null | undefined;
  url: string;
  expiresInHours: number;
}): Email {
  return {
    subject: `Confirm your email address for ${BRAND_NAME}`,
    ...renderEmail({
      title: "Confirm your email address",
      blocks: [
        `Hello ${greetingName(opts.name)},`,
        `Thank you for creating a ${BRAND_NAME} account. Please confirm your email address so you can log in.`,
        { action: { label: "Confirm email address", url: opts.url } },
        `The link works for ${opts.expiresInHours} hours.`,
      ],
      footnote: `If you did not create an account, you can ignore this email. Questions? Write to ${SUPPORT_EMAIL}.`,
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
  return {
    subject: `Confirm your new email address for ${BRAND_NAME}`,
    ...renderEmail({
      title: "Confirm your new email address",
      blocks: [
        `Hello ${greetingName(opts.name)},`,
        `You asked to use ${opts.newEmail} for your ${BRAND_NAME} account. Please confirm this address; until you do, your account keeps its current email address.`,
        { action: { label: "Confirm new email address", url: opts.url } },
        `The link works for ${opts.expiresInHours} hours. After confirming, log in with your new email address.`,
      ],
      footnote: `If you did not ask for this, ignore this email and nothing will change. Questions? Write to ${SUPPORT_EMAIL}.`,
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
  return {
    subject: `Your ${BRAND_NAME} email address is being changed`,
    ...renderEmail({
      title: "Your email address is being changed",
      blocks: [
        `Hello ${greetingName(opts.name)},`,
        `Someone signed in to your ${BRAND_NAME} account asked to change its email address to ${opts.newEmail}. The change happens only once the new address is confirmed.`,
        `If this was not you, undo the change with the link below: it works for ${opts.undoDays} days, also after the new address was confirmed, and signs everyone out of your account.`,
        { action: { label: "Undo the change", url: opts.undoUrl } },
      ],
      footnote: `If this was not you, please also change your password straight away and write to ${SUPPORT_EMAIL}.`,
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
  return {
    subject: `You already have a ${BRAND_NAME} account`,
    ...renderEmail({
      title: "You already have an account",
      blocks: [
        `Hello ${greetingName(opts.name)},`,
        `Someone tried to create a ${BRAND_NAME} account with this email address, which already has one. If it was you, log in instead; if you forgot your password, you can reset it on the login page.`,
        { action: { label: "Log in", url: opts.loginUrl } },
      ],
      footnote: `If it was not you, you can ignore this email: nothing has changed. Questions? Write to ${SUPPORT_EMAIL}.`,
    }),
  };
}

/** Sent when someone asks to reset the password of an account with this address. */
export function resetPasswordEmail(opts: {
  name: string | null | undefined;
  url: string;
  expiresInMinutes: number;
}): Email {
  return {
    subject: `Reset your ${BRAND_NAME} password`,
    ...renderEmail({
      title: "Reset your password",
      blocks: [
        `Hello ${greetingName(opts.name)},`,
        `We received a request to reset the password of your ${BRAND_NAME} account. Choose a new password with the link below.`,
        { action: { label: "Choose a new password", url: opts.url } },
        `The link works once, for ${opts.expiresInMinutes} minutes. Resetting your password logs you out everywhere.`,
      ],
      footnote: `If you did not ask for this, you can ignore this email: your password stays as it is. Questions? Write to ${SUPPORT_EMAIL}.`,
    }),
  };
}
