import { ACCOUNT_MESSAGES } from "../../src/shared/account-messages";
import type { CartItem } from "../../src/shared/cart";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { MESSAGES } from "../../src/shared/messages";
import { formatMoney } from "../../src/shared/money";
import { trackingStage } from "../../src/shared/orders";
import {
  apiSignIn,
  BASE_URL,
  createVerifiedUser,
  field,
  linkFromMail,
  signInToAccount,
  submitLogin,
} from "./auth-helpers";
import { type APIRequestContext, expect, type Page, test } from "./fixtures/test";
import { expectToast, toast } from "./helpers";

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

/** An accessory line for the cart, built the way the shop page builds one. */
async function accessoryItem(request: APIRequestContext, index: number): Promise<CartItem> {
  const { products } = (await (await request.get("/api/catalog/products")).json()) as {
    products: Array<{ id: string; name: string; pricePence: number; status: string }>;
  };
  const product = products.filter((p) => p.status === "available")[index];
  if (!product) throw new Error(`no available product #${index}`);
  return {
    id: `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    imageUrl: "",
    originalImageUrl: "",
    additionalImages: [],
    size: "Standard",
    shape: "Rectangle",
    frameStyle: product.name,
    price: product.pricePence,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: { kind: "accessory", productId: product.id },
  };
}

const localCart = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem("lithobox.cart") ?? "[]") as CartItem[]);

test.describe("Account", () => {
  // Journeys of several sign-ins on a shared, busy machine.
  test.describe.configure({ timeout: 90_000 });

  test("profile: read-only, edit with phone rules and address search, cancel, update", async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request, "profile");
    await signInToAccount(page, user);
    await expect(page.getByRole("tab", { name: ACCOUNT_MESSAGES.account.profileTab })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
    await expect(page.getByText(user.email).first()).toBeVisible();

    await page.getByRole("button", { name: MESSAGES.common.edit }).click();
    await expect(field(page, "First name")).toBeFocused();
    await expect(field(page, "Email")).toHaveValue(user.email);
    await expect(field(page, "Email")).toHaveAttribute("readonly", "");

    // The country code select shows flag and dial code; the hint follows the country's digit range.
    const dial = page.getByLabel("Country code");
    await expect(dial).toHaveValue("+44");
    await expect(dial.locator("option:checked")).toHaveText(/🇬🇧 \+44/);
    await expect(page.getByText("Enter 10-11 digits")).toBeVisible();
    await dial.selectOption("+353");
    await expect(page.getByText("Enter 9 digits")).toBeVisible();
    await dial.selectOption("+44");

    await field(page, "Phone").fill("12-34");
    await page.getByRole("button", { name: ACCOUNT_MESSAGES.account.updateProfile }).click();
    await expect(page.getByText(CHECKOUT_MESSAGES.validation.phoneDigits)).toBeVisible();
    await expect(field(page, "Phone")).toHaveAttribute("aria-invalid", "true");

    // Address search needs a postcode and a country; with no provider configured it fails clearly.
    await page.getByRole("button", { name: "Find address" }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.address.postcodeAndCountryRequired)).toBeVisible();
    await page.getByLabel("Country", { exact: true }).selectOption("United Kingdom");
    await field(page, "Postcode").fill("BT1 5GS");
    await page.getByRole("button", { name: "Find address" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.address.lookupFailed);

    await field(page, "Phone").fill("028 9012 3456");
    await field(page, "First name").fill("Siobhán");
    await field(page, "Address line 1").fill("12 Linen Quay");
    await field(page, "City").fill("Belfast");
    await field(page, "State / County").fill("County Antrim");
    await page.getByRole("button", { name: ACCOUNT_MESSAGES.account.updateProfile }).click();
    await expectToast(page, ACCOUNT_MESSAGES.profile.updated);
    await expect(page.getByRole("button", { name: MESSAGES.common.edit })).toBeVisible();
    await expect(page.getByText(`Siobhán ${user.lastName}`)).toBeVisible();
    // The trunk 0 typed from habit is dropped after +44 (issue 30).
    await expect(page.getByText("+44 2890123456")).toBeVisible();
    await expect(page.getByText("12 Linen Quay")).toBeVisible();
    await expect(page.getByText("United Kingdom")).toBeVisible();

    // Cancel throws edits away and reloads the saved profile.
    await page.getByRole("button", { name: MESSAGES.common.edit }).click();
    await field(page, "City").fill("Derry");
    await page.getByRole("button", { name: MESSAGES.common.cancel }).click();
    await expect(page.getByText("Belfast")).toBeVisible();
    await expect(page.getByText("Derry")).toHaveCount(0);

    // Saved on the server: a reload shows the same.
    await page.reload();
    await expect(page.getByText("12 Linen Quay")).toBeVisible();
  });

  test("guest cart merged at sign-in ('Cart synced'), saved cart back at the next sign-in ('Cart restored')", async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request, "cart");
    await apiSignIn(request, user);
    expect((await request.post("/api/mfa/skip", { headers: { Origin: BASE_URL } })).ok()).toBe(true);
    const saved = await accessoryItem(request, 0);
    const put = await request.put("/api/cart", { headers: { Origin: BASE_URL }, data: { items: [saved] } });
    expect(put.ok(), await put.text()).toBe(true);

    // A guest cart on this device, with one line of its own and one the account already has.
    const guestOnly = await accessoryItem(request, 1);
    const duplicate = { ...saved, id: `${Date.now()}-dupe` };
    await page.goto("/");
    await page.evaluate(
      (items) => window.localStorage.setItem("lithobox.cart", JSON.stringify(items)),
      [guestOnly, duplicate],
    );

    await submitLogin(page, user.email, user.password);
    await expectToast(page, MESSAGES.cart.synced);
    // Saved entries win; the identical guest line is absorbed, the other one kept.
    await expect
      .poll(async () => (await localCart(page)).map((i) => i.frameStyle))
      .toEqual([saved.frameStyle, guestOnly.frameStyle]);
    await expect
      .poll(
        async () => ((await (await request.get("/api/cart")).json()) as { items: CartItem[] }).items.length,
      )
      .toBe(2);

    // While signed in, a change is saved to the account.
    await page.getByRole("button", { name: /Open cart/ }).click();
    await page.getByRole("button", { name: `${MESSAGES.common.remove} ${guestOnly.frameStyle}` }).click();
    await expect
      .poll(
        async () => ((await (await request.get("/api/cart")).json()) as { items: CartItem[] }).items.length,
      )
      .toBe(1);
    await page.keyboard.press("Escape");

    // Sign out empties this device's cart; the account's cart comes back at the next sign-in.
    await page.goto("/account");
    await page.getByRole("button", { name: ACCOUNT_MESSAGES.account.signOut }).click();
    await expectToast(page, ACCOUNT_MESSAGES.auth.signedOut);
    await expect.poll(async () => (await localCart(page)).length).toBe(0);
    await submitLogin(page, user.email, user.password);
    await expectToast(page, MESSAGES.cart.restored);
    await expect
      .poll(async () => (await localCart(page)).map((i) => i.frameStyle))
      .toEqual([saved.frameStyle]);
  });

  test("security: change password with the spec's checks, then log in with it", async ({ page, request }) => {
    const user = await createVerifiedUser(request, "password");
    await signInToAccount(page, user);
    await openTab(page, ACCOUNT_MESSAGES.account.securityTab);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Update Password" }) });

    await field(form, "Current password").fill(user.password);
    await field(form, "New password").fill("abc");
    await field(form, "Confirm new password").fill("abd");
    await form.getByRole("button", { name: "Update Password" }).click();
    await expect(form.getByText(ACCOUNT_MESSAGES.password.tooShort)).toBeVisible();
    await expect(form.getByText(ACCOUNT_MESSAGES.password.mismatch)).toBeVisible();

    await field(form, "Current password").fill("wrong-current");
    await field(form, "New password").fill("brand-new-pass");
    await field(form, "Confirm new password").fill("brand-new-pass");
    await form.getByRole("button", { name: "Update Password" }).click();
    await expectToast(page, { title: "Password Change Failed" });

    await field(form, "Current password").fill(user.password);
    await form.getByRole("button", { name: "Update Password" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.password.updated);
    await expect(field(form, "Current password")).toHaveValue("");

    await page.getByRole("button", { name: ACCOUNT_MESSAGES.account.signOut }).click();
    await expectToast(page, ACCOUNT_MESSAGES.auth.signedOut);
    await submitLogin(page, user.email, "brand-new-pass");
    await expect(page).toHaveURL(/\/account$/);
  });

  test("security: change email validation, then the change signs out and the new address confirms", async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request, "email");
    await signInToAccount(page, user);
    await openTab(page, ACCOUNT_MESSAGES.account.securityTab);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Update Email" }) });

    await field(form, "New email").fill("not-an-email");
    await form.getByRole("button", { name: "Update Email" }).click();
    await expect(form.getByText(ACCOUNT_MESSAGES.email.invalid)).toBeVisible();

    await field(form, "New email").fill(user.email.toUpperCase());
    await field(form, "Confirm new email").fill(user.email);
    await form.getByRole("button", { name: "Update Email" }).click();
    await expect(form.getByText(ACCOUNT_MESSAGES.email.sameAsCurrent)).toBeVisible();

    const newEmail = user.email.replace("@", "-new@");
    await field(form, "New email").fill(newEmail);
    await field(form, "Confirm new email").fill(`x${newEmail}`);
    await form.getByRole("button", { name: "Update Email" }).click();
    await expect(form.getByText(ACCOUNT_MESSAGES.email.mismatch)).toBeVisible();

    await field(form, "Confirm new email").fill(newEmail);
    // The form asks for the current password (issue 14); the server refuses a wrong one.
    await field(form, ACCOUNT_MESSAGES.email.currentPasswordLabel).fill("not my password");
    await form.getByRole("button", { name: "Update Email" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.email.updateFailed(ACCOUNT_MESSAGES.auth.incorrectPassword));
    await field(form, ACCOUNT_MESSAGES.email.currentPasswordLabel).fill(user.password);
    await form.getByRole("button", { name: "Update Email" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.email.updateInitiated);
    // Signed out 2 seconds later.
    await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });

    await page.goto(await linkFromMail(newEmail, "/verify-email"));
    await expectToast(page, ACCOUNT_MESSAGES.auth.emailChanged);
    await submitLogin(page, newEmail, user.password);
    await expect(page).toHaveURL(/\/account$/);
  });

  test("order history: a guest order with the same e-mail, as 'Guest Order' and 'TEST ORDER'", async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request, "orders");
    const item = await accessoryItem(request, 0);
    const checkout = await request.post("/api/checkout", {
      headers: { Origin: BASE_URL },
      data: {
        currency: "GBP",
        cartItems: [item],
        shippingInfo: {
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phone: "",
          addressLine1: "12 Linen Quay",
          addressLine2: "",
          city: "Belfast",
          state: "Antrim",
          postalCode: "BT1 3LR",
          country: "United Kingdom",
        },
      },
    });
    expect(checkout.status(), await checkout.text()).toBe(201);
    const { url, displayNumber } = (await checkout.json()) as { url: string; displayNumber: string };
    const pay = new URL(url);
    const paid = await request.post(`${pay.pathname}/pay${pay.search}`, {
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(paid.status()).toBeLessThan(400);

    await signInToAccount(page, user);
    await openTab(page, ACCOUNT_MESSAGES.account.ordersTab);
    const order = page
      .getByRole("tabpanel", { name: ACCOUNT_MESSAGES.account.ordersTab })
      .getByRole("listitem")
      .first();
    await expect(order.getByRole("heading", { name: `Order #${displayNumber}` })).toBeVisible();
    await expect(order.getByText(ACCOUNT_MESSAGES.account.guestOrder, { exact: true })).toBeVisible();
    await expect(order.getByText(ACCOUNT_MESSAGES.account.testOrder, { exact: true })).toBeVisible();
    // The same status label as the order page and /track (issue 30): a paid order is "Processing".
    await expect(order.getByText(trackingStage("paid").label, { exact: true })).toBeVisible();
    await expect(order.getByText("Paid", { exact: true })).toHaveCount(0);
    await expect(order.getByText(item.frameStyle).first()).toBeVisible();
    await expect(order.getByText(formatMoney(item.price, "GBP")).first()).toBeVisible();
    await expect(order.getByText(/^£\d+\.\d{2}$/).last()).toBeVisible();
  });

  test("order history empty state, data download and account deletion", async ({ page, request }) => {
    const user = await createVerifiedUser(request, "gdpr");
    await signInToAccount(page, user);
    await openTab(page, ACCOUNT_MESSAGES.account.ordersTab);
    await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
    const orders = page.getByRole("tabpanel", { name: ACCOUNT_MESSAGES.account.ordersTab });
    await expect(
      orders.getByRole("link", { name: CHECKOUT_MESSAGES.checkout.createLithophane }),
    ).toHaveAttribute("href", "/create");

    await openTab(page, ACCOUNT_MESSAGES.account.securityTab);
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download my data" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.json$/);

    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog");
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    await expect(confirm).toBeDisabled();
    await field(dialog, "Type DELETE to confirm").fill("DELETE");
    await field(dialog, "Password").fill(user.password);
    await confirm.click();
    await expectToast(page, ACCOUNT_MESSAGES.account.deleted);
    await expect(page).toHaveURL(`${BASE_URL}/`);

    await submitLogin(page, user.email, user.password);
    await expect(toast(page, "Login Failed")).toBeVisible();
  });
});
