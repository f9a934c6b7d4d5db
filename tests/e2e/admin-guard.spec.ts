import { ACCOUNT_MESSAGES } from "../../src/shared/account-messages";
import { MESSAGES } from "../../src/shared/messages";
import { totpCode } from "../support/totp";
import {
  BASE_URL,
  completeMfaSetup,
  createAdminWithoutMfa,
  createUserWithMfa,
  createVerifiedUser,
  field,
  grantAdmin,
  signInToAccount,
  submitLogin,
} from "./auth-helpers";
import { expect, test } from "./fixtures/test";
import { expectToast } from "./helpers";

test.describe("Admin guard", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an anonymous visitor at /admin is sent to log in", async ({ page }) => {
    await page.goto("/admin/orders");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("tab", { name: ACCOUNT_MESSAGES.auth.loginTab })).toBeVisible();
  });

  test("the owner signing in from an admin page lands back on it, not on /account (issue 30)", async ({
    page,
    request,
  }) => {
    const { user, secret } = await createUserWithMfa(request, "owner-return");
    await grantAdmin(request, user.email);
    await page.goto("/admin/orders?status=paid");
    await expect(page).toHaveURL(/\/auth$/);
    // Signed in on the page the guard sent them to (not a fresh /auth: that forgets where from).
    const form = page.getByRole("tabpanel", { name: ACCOUNT_MESSAGES.auth.loginTab });
    await field(form, "Email").fill(user.email);
    await field(form, "Password").fill(user.password);
    await form.getByRole("button", { name: "Log In" }).click();
    const dialog = page.getByRole("dialog", { name: "Two-factor verification" });
    await field(dialog, "Authentication code").fill(totpCode(secret));
    await dialog.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=paid$/);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  });

  test("a signed-in customer sees Access Denied and no Admin link", async ({ page, request }) => {
    const user = await createVerifiedUser(request, "not-admin");
    await signInToAccount(page, user);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: MESSAGES.accessDenied.title })).toBeVisible();
    await expect(page.getByText(MESSAGES.accessDenied.description)).toBeVisible();
    await expect(page.getByText(MESSAGES.accessDenied.hint)).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MESSAGES.nav.admin }),
    ).toHaveCount(0);
  });

  test("an admin must set up MFA before /admin: blocking overlay, no skip, then the admin area", async ({
    page,
    request,
  }) => {
    const admin = await createAdminWithoutMfa(request);
    await submitLogin(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/account$/);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Set up multi-factor authentication" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Skip for now" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);

    // A click on the overlay does not dismiss it (Escape signs out: the test below).
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    // An administrator cannot skip: the server refuses too.
    const skip = await page.request.post("/api/mfa/skip", { headers: { Origin: BASE_URL } });
    expect(skip.status()).toBe(403);
    expect(((await skip.json()) as { message: string }).message).toBe(
      ACCOUNT_MESSAGES.mfa.cannotSkip.description,
    );

    // Pages under /admin send an admin without MFA back to /account, overlay still up.
    await page.goto("/admin/orders");
    await expect(page).toHaveURL(/\/account$/);
    await expect(dialog.getByRole("heading", { name: "Set up multi-factor authentication" })).toBeVisible();

    await completeMfaSetup(page, admin.password);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: MESSAGES.nav.admin }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.locator("main h1").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: MESSAGES.accessDenied.title })).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("an admin who dismisses the MFA set-up is signed out", async ({ page, request }) => {
    const admin = await createVerifiedUser(request, "admin-dismiss");
    await grantAdmin(request, admin.email);
    await submitLogin(page, admin.email, admin.password);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Set up multi-factor authentication" })).toBeVisible();
    await dialog.getByRole("button", { name: "Sign out" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.auth.signedOut);
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MESSAGES.nav.signIn }),
    ).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("an admin who dismisses the MFA set-up with Escape is signed out", async ({ page, request }) => {
    const admin = await createVerifiedUser(request, "admin-escape");
    await grantAdmin(request, admin.email);
    await submitLogin(page, admin.email, admin.password);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Set up multi-factor authentication" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expectToast(page, ACCOUNT_MESSAGES.auth.signedOut);
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MESSAGES.nav.signIn }),
    ).toBeVisible();
  });
});
