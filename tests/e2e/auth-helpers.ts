/**
 * Accounts for the e2e journeys: sign-up through the UI or the API, the verification link
 * read from the server's outbox (.eml files in the e2e data dir), sign-in, and TOTP codes.
 */
import { open, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { ACCOUNT_MESSAGES } from "../../src/shared/account-messages";
import { decodeQuotedPrintable } from "../support/mail";
import { totpSecretFromUri, withPreviousStepCode } from "../support/totp";
import { type APIRequestContext, expect, type Locator, type Page } from "./fixtures/test";
import { expectToast, toast } from "./helpers";

const port = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${port}`;
/** The server's DATA_DIR (playwright.config.ts starts it with .test-data/e2e-<port>). */
export const DATA_DIR = process.env.E2E_DATA_DIR ?? path.resolve(`.test-data/e2e-${port}`);
/** Its outbox: every e-mail as an .eml file. */
export const MAIL_DIR = path.join(DATA_DIR, "mail");
export const ADMIN_EMAIL = "admin@lithobox.test";
export const PASSWORD = "lantern-glow-42";

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A fresh address per test (and per retry): tests share one server and database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export function newUser(prefix: string, overrides: Partial<TestUser> = {}): TestUser {
  return {
    firstName: "Aoife",
    lastName: "Byrne",
    email: uniqueEmail(prefix),
    password: PASSWORD,
    ...overrides,
  };
}

// ------------------------------------------------------------------ mail

/** Every message in the outbox addressed to `email`, oldest first, decoded. */
export async function mailsTo(email: string): Promise<string[]> {
  let files: string[];
  try {
    files = (await readdir(MAIL_DIR)).filter((f) => f.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(MAIL_DIR, file), "utf8");
    const headerEnd = raw.search(/\r?\n\r?\n/);
    const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
    const to = /^To:\s*(.+)$/im.exec(headers)?.[1] ?? "";
    if (!to.toLowerCase().includes(email.toLowerCase())) continue;
    found.push(decodeQuotedPrintable(raw));
  }
  return found;
}

/** The newest link in a mail to `email` whose path contains `pathPart`; waits for the mail. */
export async function linkFromMail(email: string, pathPart: string, timeoutMs = 15_000): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(email);
        for (const mail of mails.reverse()) {
          const links = mail.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
          link = links.find((l) => l.includes(pathPart))?.replace(/&amp;/g, "&");
          if (link) return true;
        }
        return false;
      },
      { timeout: timeoutMs, message: `a mail to ${email} with a ${pathPart} link` },
    )
    .toBe(true);
  return link as string;
}

export function verificationLink(email: string): Promise<string> {
  return linkFromMail(email, "/verify-email");
}

// ------------------------------------------------------------------ accounts

/** Signs up through the API (no UI), as the sign-up form would. */
export async function signUpViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const res = await request.post("/api/auth/sign-up/email", {
    headers: { Origin: BASE_URL },
    data: {
      email: user.email,
      password: user.password,
      name: `${user.firstName} ${user.lastName}`,
      firstName: user.firstName,
      lastName: user.lastName,
      callbackURL: "/account",
    },
  });
  expect(res.ok(), `sign-up of ${user.email}: ${res.status()} ${await res.text()}`).toBe(true);
}

/** Opens the verification link from the outbox (without a browser: it only flips the flag). */
export async function verifyEmailViaMail(request: APIRequestContext, email: string): Promise<void> {
  const link = await verificationLink(email);
  const res = await request.get(link, { maxRedirects: 0 });
  expect([200, 302, 303, 307], `verify ${email}: ${res.status()}`).toContain(res.status());
  expect(res.headers().location ?? "").not.toContain("error=");
}

/** A verified account, ready to log in. */
export async function createVerifiedUser(
  request: APIRequestContext,
  prefix: string,
  overrides: Partial<TestUser> = {},
) {
  const user = newUser(prefix, overrides);
  await signUpViaApi(request, user);
  await verifyEmailViaMail(request, user.email);
  return user;
}

/**
 * Makes an existing account an admin through the running server's CLI door (what
 * `npm run admin -- grant <email>` does), with the token the server wrote to DATA_DIR.
 */
export async function grantAdmin(request: APIRequestContext, email: string): Promise<void> {
  const { token } = JSON.parse(await readFile(path.join(DATA_DIR, "admin-token"), "utf8")) as {
    token: string;
  };
  const res = await request.post("/api/internal/roles", {
    headers: { Authorization: `Bearer ${token}` },
    data: { action: "grant", email },
  });
  expect(res.ok(), `grant admin to ${email}: ${res.status()} ${await res.text()}`).toBe(true);
}

/** Claims admin@lithobox.test for one caller per server run (workers run specs in parallel). */
async function claimAdminEmail(): Promise<boolean> {
  try {
    const handle = await open(path.join(DATA_DIR, "e2e-admin-email-claimed"), "wx");
    await handle.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * A verified administrator without MFA: admin@lithobox.test (ADMIN_EMAILS) for the first
 * caller on this server; every other caller (another spec, a retry) gets a fresh account
 * granted the role the way `npm run admin -- grant` does.
 */
export async function createAdminWithoutMfa(request: APIRequestContext): Promise<TestUser> {
  if ((await claimAdminEmail()) && (await mailsTo(ADMIN_EMAIL)).length === 0) {
    const user = newUser("admin", { email: ADMIN_EMAIL, firstName: "Maker", lastName: "Admin" });
    await signUpViaApi(request, user);
    await verifyEmailViaMail(request, ADMIN_EMAIL);
    return user;
  }
  const other = await createVerifiedUser(request, "admin-granted", { firstName: "Maker", lastName: "Admin" });
  await grantAdmin(request, other.email);
  return other;
}

/** Signs an API request context in (its own cookie jar, not the page's). */
export async function apiSignIn(request: APIRequestContext, user: TestUser): Promise<void> {
  const res = await request.post("/api/auth/sign-in/email", {
    headers: { Origin: BASE_URL },
    data: { email: user.email, password: user.password },
  });
  expect(res.ok(), `sign-in of ${user.email}: ${res.status()} ${await res.text()}`).toBe(true);
}

/**
 * A verified customer with TOTP already on, set up through the API (as the dialog does):
 * returns the base32 secret and the backup codes.
 */
export async function createUserWithMfa(request: APIRequestContext, prefix: string) {
  const user = await createVerifiedUser(request, prefix);
  await apiSignIn(request, user);
  const enabled = await request.post("/api/auth/two-factor/enable", {
    headers: { Origin: BASE_URL },
    data: { password: user.password },
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = totpSecretFromUri(totpURI);
  const verified = await withPreviousStepCode(
    secret,
    (code) =>
      request.post("/api/auth/two-factor/verify-totp", { headers: { Origin: BASE_URL }, data: { code } }),
    (res) => res.ok(),
  );
  expect(verified.ok(), await verified.text()).toBe(true);
  await request.post("/api/auth/sign-out", { headers: { Origin: BASE_URL }, data: {} });
  return { user, secret, backupCodes };
}

// ------------------------------------------------------------------ UI

/** A form control by its visible label; a trailing required marker (" *") is allowed. */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** Pastes `text` into a field through the real clipboard (Ctrl+V), as a password manager would. */
export async function pasteInto(page: Page, field: Locator, text: string): Promise<void> {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await page.keyboard.press("ControlOrMeta+V");
}

export async function openAuth(page: Page, tab: "login" | "signup" = "login"): Promise<void> {
  await page.goto("/auth");
  const name = tab === "login" ? ACCOUNT_MESSAGES.auth.loginTab : ACCOUNT_MESSAGES.auth.signUpTab;
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

/** Fills and submits the login form (the MFA dialog, if any, is left to the caller). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await openAuth(page, "login");
  const form = page.getByRole("tabpanel", { name: ACCOUNT_MESSAGES.auth.loginTab });
  await field(form, "Email").fill(email);
  await field(form, "Password").fill(password);
  await form.getByRole("button", { name: "Log In" }).click();
}

/** The MFA set-up offer shown at a customer's first login: skipped, so the page is usable. */
export async function skipFirstLoginMfa(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Set up multi-factor authentication" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Skip for now" }).click();
  await expectToast(page, ACCOUNT_MESSAGES.mfa.skipped);
  await expect(dialog).toBeHidden();
}

/**
 * Signs a customer without MFA in through the API, in the page's own browser context (its
 * cookies), with the first-login MFA offer skipped as its "Skip for now" does, and opens the
 * account page: for journeys about the account, not the login form (auth.spec and mfa.spec
 * sign in through the form and its MFA offer).
 */
export async function signInToAccount(page: Page, user: TestUser): Promise<void> {
  const request = page.context().request;
  await apiSignIn(request, user);
  const skipped = await request.post("/api/mfa/skip", { headers: { Origin: BASE_URL } });
  expect(skipped.ok(), `MFA skip of ${user.email}: ${skipped.status()} ${await skipped.text()}`).toBe(true);
  await page.goto("/account");
  await expect(page.getByRole("tab", { name: ACCOUNT_MESSAGES.account.profileTab })).toBeVisible();
}

/** Logs in a customer without MFA, skipping the first-login MFA offer. */
export async function logInAndSkipMfa(page: Page, user: TestUser): Promise<void> {
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/account/);
  await skipFirstLoginMfa(page);
}

// ------------------------------------------------------------------ TOTP

/**
 * Goes through the MFA set-up dialog (already open, on its intro step): password, QR step
 * (returns the secret from the manual entry key), verify with a code.
 */
export async function completeMfaSetup(page: Page, password: string): Promise<string> {
  const dialog = page.getByRole("dialog");
  await field(dialog, "Your password").fill(password);
  await dialog.getByRole("button", { name: "Set up MFA" }).click();
  await expect(dialog.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await field(dialog, "Manual entry key").inputValue()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await dialog.getByRole("button", { name: ACCOUNT_MESSAGES.mfa.continueToVerification }).click();
  // The previous 30 s step's code (still accepted): a code works once, and a later sign-in in
  // the same test can then use the current one. Under load the step can change before the server
  // checks it (the dialog then says Verification Failed and empties the field): sent again with
  // the new previous step. The fill is checked before Verify is pressed.
  const code = field(dialog, "Verification code");
  const verify = dialog.getByRole("button", { name: "Verify and enable" });
  const enabled = toast(page, ACCOUNT_MESSAGES.mfa.enabled.title);
  const failed = toast(page, ACCOUNT_MESSAGES.mfa.verifyFailed.title);
  await withPreviousStepCode(
    secret,
    async (value) => {
      const failedBefore = await failed.count();
      await code.fill(value);
      await expect(code).toHaveValue(value);
      await expect(verify).toBeEnabled();
      await verify.click();
      await expect
        .poll(async () => (await enabled.count()) > 0 || (await failed.count()) > failedBefore, {
          timeout: 15_000,
        })
        .toBe(true);
      return (await enabled.count()) > 0;
    },
    (accepted) => accepted,
  );
  await expectToast(page, ACCOUNT_MESSAGES.mfa.enabled);
  await expect(dialog).toBeHidden();
  return secret;
}
