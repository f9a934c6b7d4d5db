import { ACCOUNT_MESSAGES } from "../../src/shared/account-messages";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { MESSAGES } from "../../src/shared/messages";
import {
  createVerifiedUser,
  field,
  logInAndSkipMfa,
  newUser,
  openAuth,
  pasteInto,
  signUpViaApi,
  submitLogin,
  verificationLink,
} from "./auth-helpers";
import { expect, test } from "./fixtures/test";
import { expectToast } from "./helpers";

test.describe("Auth page", () => {
  test.describe.configure({ timeout: 90_000 });

  test("sign up with the spec's rules, verify from the e-mail, log in, skip MFA as a customer", async ({
    page,
  }) => {
    const user = newUser("signup");
    await openAuth(page, "signup");
    const form = page.getByRole("tabpanel", { name: ACCOUNT_MESSAGES.auth.signUpTab });

    // Every rule at once: names required, e-mails must match, password at least 6.
    await field(form, "Email").fill(user.email);
    await field(form, "Confirm email").fill(`x${user.email}`);
    await field(form, "Password").fill("12345");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByText(CHECKOUT_MESSAGES.validation.firstNameRequired)).toBeVisible();
    await expect(form.getByText(CHECKOUT_MESSAGES.validation.lastNameRequired)).toBeVisible();
    await expect(
      form.getByText(CHECKOUT_MESSAGES.validation.emailsDoNotMatch, { exact: true }),
    ).toBeVisible();
    await expect(form.getByText(ACCOUNT_MESSAGES.password.tooShort)).toBeVisible();
    await expect(field(form, "Confirm email")).toHaveAttribute("aria-invalid", "true");

    await field(form, "First name").fill(user.firstName);
    await field(form, "Last name").fill(user.lastName);
    await field(form, "Confirm email").fill(user.email);
    // Passwords can be pasted (from a password manager).
    await field(form, "Password").fill("");
    await pasteInto(page, field(form, "Password"), user.password);
    await expect(field(form, "Password")).toHaveValue(user.password);
    await form.getByRole("button", { name: "Create Account" }).click();

    await expectToast(page, ACCOUNT_MESSAGES.auth.accountCreated);
    // Switched to login, sign-up fields cleared.
    await expect(page.getByRole("tab", { name: ACCOUNT_MESSAGES.auth.loginTab })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.getByRole("tab", { name: ACCOUNT_MESSAGES.auth.signUpTab }).click();
    await expect(field(form, "First name")).toHaveValue("");
    await expect(field(form, "Email")).toHaveValue("");

    // Logging in before verifying says so clearly.
    await submitLogin(page, user.email, user.password);
    await expectToast(page, { title: "Login Failed", description: ACCOUNT_MESSAGES.auth.emailNotVerified });
    await expect(
      page.getByRole("alert").filter({ hasText: "Please verify your email address" }),
    ).toBeVisible();

    // The link from the e-mail verifies the account and lands on /auth.
    await page.goto(await verificationLink(user.email));
    await expect(page).toHaveURL(/\/auth$/);
    await expectToast(page, ACCOUNT_MESSAGES.auth.emailVerified);

    await logInAndSkipMfa(page, user);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hello, ${user.firstName}`);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: MESSAGES.nav.account })).toBeVisible();
    await expect(nav.getByRole("link", { name: MESSAGES.nav.admin })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: MESSAGES.nav.signIn })).toHaveCount(0);

    // Signed in, /auth goes to /account; the skipped prompt does not come back.
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("wrong password and taken e-mail give the spec's failure toasts", async ({ page, request }) => {
    const user = await createVerifiedUser(request, "failures");
    await submitLogin(page, user.email, "not-the-password");
    await expectToast(page, { title: "Login Failed" });
    await expect(page).toHaveURL(/\/auth$/);

    await openAuth(page, "signup");
    const form = page.getByRole("tabpanel", { name: ACCOUNT_MESSAGES.auth.signUpTab });
    await field(form, "First name").fill("Second");
    await field(form, "Last name").fill("Try");
    await field(form, "Email").fill(user.email);
    await field(form, "Confirm email").fill(user.email);
    await field(form, "Password").fill("another-pass");
    await form.getByRole("button", { name: "Create Account" }).click();
    // Better Auth does not reveal whether an address is taken: either outcome is honest.
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: /Sign Up Failed|Account Created!/ }),
    ).toBeVisible();
  });

  test("social buttons show only for configured providers (none in the test shop)", async ({ page }) => {
    const providers = page.waitForResponse((r) => r.url().includes("/api/auth-providers") && r.ok());
    await page.goto("/auth");
    await providers;
    await expect(page.getByRole("tab", { name: ACCOUNT_MESSAGES.auth.loginTab })).toBeVisible();
    for (const label of [
      ACCOUNT_MESSAGES.auth.continueWithGoogle,
      ACCOUNT_MESSAGES.auth.continueWithGitHub,
      ACCOUNT_MESSAGES.auth.continueWithFacebook,
    ]) {
      await expect(page.getByRole("button", { name: label })).toHaveCount(0);
    }
  });

  test("the account page sends visitors to log in; the nav offers a sign-in icon", async ({ page }) => {
    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("tab", { name: ACCOUNT_MESSAGES.auth.loginTab })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: MESSAGES.nav.signIn }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("signing out in one tab signs the other tabs out too (Better Auth's cross-tab message)", async ({
    page,
    context,
    request,
  }) => {
    const user = await createVerifiedUser(request, "tabs");
    await logInAndSkipMfa(page, user);
    const other = await context.newPage();
    await other.goto("/shop");
    const otherNav = other.getByRole("navigation", { name: "Main" });
    await expect(otherNav.getByRole("link", { name: MESSAGES.nav.account })).toBeVisible();

    await page.getByRole("button", { name: ACCOUNT_MESSAGES.account.signOut }).click();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MESSAGES.nav.signIn }),
    ).toBeVisible();
    // The other tab learns it without a reload or a focus change.
    await expect(otherNav.getByRole("link", { name: MESSAGES.nav.signIn })).toBeVisible();
    await expect(otherNav.getByRole("link", { name: MESSAGES.nav.account })).toHaveCount(0);
  });

  test("a broken or expired verification link is explained", async ({ page, request }) => {
    const user = newUser("relink");
    await signUpViaApi(request, user);
    const link = new URL(await verificationLink(user.email));
    link.searchParams.set("token", `${link.searchParams.get("token")}tampered`);
    await page.goto(link.toString());
    await expect(page).toHaveURL(/\/auth/);
    await expectToast(page, ACCOUNT_MESSAGES.auth.verificationLinkFailed);
  });
});
