import { ACCOUNT_MESSAGES } from "../../src/shared/account-messages";
import { MESSAGES } from "../../src/shared/messages";
import { totpCode, wrongTotpCode } from "../support/totp";
import {
  BASE_URL,
  createUserWithMfa,
  createVerifiedUser,
  field,
  pasteInto,
  submitLogin,
  type TestUser,
} from "./auth-helpers";
import { expect, type Page, test } from "./fixtures/test";
import { expectToast } from "./helpers";

const SETUP_TITLE = "Set up multi-factor authentication";

async function openSecurityTab(page: Page) {
  await page.goto("/account?tab=security");
  await expect(page.getByRole("tab", { name: ACCOUNT_MESSAGES.account.securityTab })).toHaveAttribute(
    "aria-selected",
    "true",
  );
}

/** Logs in up to the code dialog. */
async function logInToMfaDialog(page: Page, user: TestUser) {
  await submitLogin(page, user.email, user.password);
  const dialog = page.getByRole("dialog", { name: "Two-factor verification" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("Multi-factor authentication", () => {
  test.describe.configure({ timeout: 90_000 });

  test("first-login set-up: password, QR, backup codes, Back, wrong and right code", async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request, "mfa-setup");
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/account$/);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: SETUP_TITLE })).toBeVisible();
    await expect(dialog).toContainText("Step 1 of 3");

    // Better Auth re-checks the password before enabling TOTP.
    await field(dialog, "Your password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Set up MFA" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.setupError);
    await expect(dialog.getByText(ACCOUNT_MESSAGES.auth.incorrectPassword)).toBeVisible();

    await field(dialog, "Your password").fill(user.password);
    await dialog.getByRole("button", { name: "Set up MFA" }).click();
    await expect(dialog.getByRole("heading", { name: "Scan the QR code" })).toBeVisible();
    await expect(dialog).toContainText("Step 2 of 3");
    const qr = dialog.getByRole("img", { name: /QR code/ });
    await expect(qr).toHaveAttribute("src", /^data:image\/png;base64,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);

    const secret = (await field(dialog, "Manual entry key").inputValue()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    await dialog.getByRole("button", { name: "Copy secret key" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.secretCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expect(page.getByTestId("mfa-backup-codes").getByRole("listitem")).toHaveCount(10);

    await dialog.getByRole("button", { name: ACCOUNT_MESSAGES.mfa.continueToVerification }).click();
    const verify = dialog;
    await expect(dialog.getByRole("heading", { name: "Enter your verification code" })).toBeVisible();
    await verify.getByRole("button", { name: MESSAGES.common.back }).click();
    await expect(dialog.getByRole("heading", { name: "Scan the QR code" })).toBeVisible();
    await dialog.getByRole("button", { name: ACCOUNT_MESSAGES.mfa.continueToVerification }).click();

    const submit = verify.getByRole("button", { name: "Verify and enable" });
    await expect(submit).toBeDisabled();
    await field(verify, "Verification code").fill(wrongTotpCode(secret));
    await submit.click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.verifyFailed);

    await field(verify, "Verification code").fill(totpCode(secret));
    await submit.click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.enabled);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await openSecurityTab(page);
    await expect(page.getByTestId("mfa-factor-name")).toHaveText(ACCOUNT_MESSAGES.mfa.defaultFactorName);
    await expect(page.getByText(/^Added [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
    await expect(page.getByRole("button", { name: ACCOUNT_MESSAGES.mfa.enable })).toHaveCount(0);

    // Reset (a lost phone): confirmed with the password.
    await page.getByRole("button", { name: "Reset", exact: true }).click();
    const reset = page.getByRole("alertdialog", { name: "Reset MFA?" });
    await field(reset, "Password").fill("not-my-password");
    await reset.getByRole("button", { name: "Reset MFA" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.resetFailed);
    await expect(reset.getByText(ACCOUNT_MESSAGES.auth.incorrectPassword)).toBeVisible();
    await field(reset, "Password").fill(user.password);
    await reset.getByRole("button", { name: "Reset MFA" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.resetComplete);
    await expect(page.getByRole("button", { name: ACCOUNT_MESSAGES.mfa.enable })).toBeVisible();
  });

  test("log in with a code: 6 digits only, wrong code refused, pasted code accepted", async ({
    page,
    request,
  }) => {
    const { user, secret } = await createUserWithMfa(request, "mfa-login");

    // The code dialog: 6 digits, numeric keyboard, one-time-code autofill, placeholder 000000.
    const dialog = await logInToMfaDialog(page, user);
    const input = field(dialog, "Authentication code");
    await expect(input).toHaveAttribute("maxlength", "6");
    await expect(input).toHaveAttribute("inputmode", "numeric");
    await expect(input).toHaveAttribute("autocomplete", "one-time-code");
    await expect(input).toHaveAttribute("placeholder", ACCOUNT_MESSAGES.mfa.codePlaceholder);
    await expect(input).toBeFocused();
    const verifyButton = dialog.getByRole("button", { name: "Verify", exact: true });
    await expect(verifyButton).toBeDisabled();
    await input.pressSequentially("12a3");
    await expect(input).toHaveValue("123");
    await expect(verifyButton).toBeDisabled();

    await input.fill(wrongTotpCode(secret));
    await verifyButton.click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.loginVerificationFailed());
    await expect(page).toHaveURL(/\/auth$/);

    // Pasting "123 456" from an authenticator works: separators are dropped.
    const code = totpCode(secret);
    await input.fill("");
    await pasteInto(page, input, `${code.slice(0, 3)} ${code.slice(3)}`);
    await expect(input).toHaveValue(code);
    await verifyButton.click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.welcomeBack);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hello, ${user.firstName}`);
  });

  test("log in with a backup code, then delete MFA with a code confirmation", async ({ page, request }) => {
    const { user, secret, backupCodes } = await createUserWithMfa(request, "mfa-backup");
    const dialog = await logInToMfaDialog(page, user);
    await dialog.getByRole("button", { name: "Use a backup code" }).click();
    await field(dialog, "Backup code").fill(backupCodes[0] ?? "");
    await dialog.getByRole("button", { name: "Verify", exact: true }).click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.welcomeBack);
    await expect(page).toHaveURL(/\/account$/);

    await openSecurityTab(page);
    await expect(page.getByTestId("mfa-factor-name")).toHaveText(ACCOUNT_MESSAGES.mfa.defaultFactorName);
    await page.getByRole("button", { name: ACCOUNT_MESSAGES.mfa.delete, exact: true }).click();
    const del = page.getByRole("dialog", { name: "Delete multi-factor authentication" });
    await field(del, "Authentication code").fill(wrongTotpCode(secret));
    await field(del, "Password").fill(user.password);
    await del.getByRole("button", { name: "Delete MFA" }).click();
    await expectToast(page, { title: "Deletion Failed" });
    await field(del, "Authentication code").fill(totpCode(secret));
    await del.getByRole("button", { name: "Delete MFA" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.deleted(false));
    await expect(page.getByRole("button", { name: ACCOUNT_MESSAGES.mfa.enable })).toBeVisible();

    // Without MFA the next login needs no code, and offers the set-up again.
    await page.getByRole("button", { name: ACCOUNT_MESSAGES.account.signOut }).click();
    await expectToast(page, ACCOUNT_MESSAGES.auth.signedOut);
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: SETUP_TITLE })).toBeVisible();
  });
});
