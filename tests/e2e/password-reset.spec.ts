import { ACCOUNT_MESSAGES } from "../../src/shared/account-messages";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { createVerifiedUser, field, linkFromMail, logInAndSkipMfa, uniqueEmail } from "./auth-helpers";
import { expect, test } from "./fixtures/test";
import { expectToast } from "./helpers";

const TEXT = ACCOUNT_MESSAGES.passwordReset;

test("a customer who forgot the password resets it from the e-mailed link and logs in with the new one", async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, "forgetful");

  await page.goto("/auth");
  await page.getByRole("link", { name: TEXT.forgotLink }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: TEXT.requestTitle })).toBeVisible();
  await expect(page).toHaveTitle("Lithobox | Reset Password");

  // A blank or malformed address is refused before anything is sent.
  await page.getByRole("button", { name: TEXT.requestSubmit }).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.validation.emailRequired)).toBeVisible();

  await field(page, "Email").fill(user.email);
  await page.getByRole("button", { name: TEXT.requestSubmit }).click();
  await expect(page.getByRole("status").filter({ hasText: TEXT.requestSent(user.email) })).toBeVisible();

  const link = await linkFromMail(user.email, "/api/auth/reset-password/");
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: TEXT.newTitle })).toBeVisible();

  await field(page, "New password").fill("a new lantern 7");
  await field(page, "Confirm new password").fill("a new lantern 8");
  await page.getByRole("button", { name: TEXT.newSubmit }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.password.mismatch)).toBeVisible();

  await field(page, "Confirm new password").fill("a new lantern 7");
  await page.getByRole("button", { name: TEXT.newSubmit }).click();
  await expectToast(page, TEXT.done);
  await expect(page).toHaveURL(/\/auth$/);

  await logInAndSkipMfa(page, { ...user, password: "a new lantern 7" });

  // The link worked once: opening it again explains and offers a new one.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(TEXT.linkInvalid);
  await expect(page.getByRole("link", { name: TEXT.requestAgain })).toHaveAttribute(
    "href",
    "/auth/forgot-password",
  );
});

test("an unknown address gets the same answer, so nobody can learn who has an account", async ({ page }) => {
  const email = uniqueEmail("stranger");
  await page.goto("/auth/forgot-password");
  await field(page, "Email").fill(email);
  await page.getByRole("button", { name: TEXT.requestSubmit }).click();
  await expect(page.getByRole("status").filter({ hasText: TEXT.requestSent(email) })).toBeVisible();
});
