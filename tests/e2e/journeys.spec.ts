/**
 * End-to-end journeys that cross features, as a customer lives them:
 * - a visitor with no account, from the home page to a cart with each bundle and an accessory, in EUR,
 *   which survives a reload (the "Done when");
 * - a new customer who signs up, verifies from the e-mail, pays through the test payment page and finds
 *   the order in the account's Order History;
 * - one continuous MFA journey: sign-up, verification, set-up in the dialog, sign-out, sign-in with a code.
 */

import { ACCOUNT_MESSAGES } from "../../src/shared/account-messages";
import { type Bundle, getBundle } from "../../src/shared/bundles";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { type CurrencyCode, convertPrice, type ExchangeRates } from "../../src/shared/currency";
import { MESSAGES, pluralise } from "../../src/shared/messages";
import { formatGbp, formatMoney, shownTotals, sumPence } from "../../src/shared/money";
import { sizeIdText } from "../../src/shared/order-line";
import { trackingStage } from "../../src/shared/orders";
import { totpCode } from "../support/totp";
import {
  completeMfaSetup,
  field,
  newUser,
  openAuth,
  submitLogin,
  type TestUser,
  verificationLink,
} from "./auth-helpers";
import {
  addToCartButton,
  cartPanel,
  chooseEverything,
  type LithophaneChoice,
  optionName,
  radio,
  storedCart,
  uploadMainPhoto,
} from "./fixtures/shop";
import { expect, type Locator, type Page, test } from "./fixtures/test";
import { ADAPTER, expectToast, gotoPage, pendingOrderNumber, proceedToPayment } from "./helpers";

/** The lithophanes of journey (a): one of each bundle, Keepsake and Everlasting with their extra photos. */
const LITHOPHANES: (LithophaneChoice & { bundleInfo: Bundle })[] = (
  [
    { shape: "square", frame: "white", size: "7x7", bundle: "starter" },
    { shape: "rectangle", frame: "black", size: "6x8", bundle: "gift" },
    { shape: "rectangle-portrait", frame: "gold", size: "8x6", bundle: "family" },
  ] as const
).map((choice) => {
  const bundleInfo = getBundle(choice.bundle);
  if (!bundleInfo) throw new Error(`no bundle ${choice.bundle}`);
  return { ...choice, bundleInfo };
});

/** The rates the shop converts with: the server's answer (the spec's fixed rates on this machine). */
async function shopRates(page: Page): Promise<ExchangeRates> {
  const res = await page.request.get("/api/rates");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { rates: ExchangeRates }).rates;
}

function converted(gbpPence: number, code: CurrencyCode, rates: ExchangeRates): string {
  return formatMoney(convertPrice(gbpPence, code, rates), code);
}

/** The floating cart button, whatever its count wording. */
function cartButton(page: Page): Locator {
  return page.getByRole("button", { name: /^Open cart/ });
}

async function openCartPanel(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const panel = cartPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

/** Every line of the cart panel as the spec lists it: title, size, shape, frame, extra photos, price. */
async function expectCartPanel(page: Page, rates: ExchangeRates) {
  const panel = await openCartPanel(page);
  const count = LITHOPHANES.length + 1;
  await expect(panel).toContainText(MESSAGES.cart.itemCount(count));
  const lines = panel.getByRole("list", { name: "Cart items" }).getByRole("listitem");
  await expect(lines).toHaveCount(count);
  for (const item of LITHOPHANES) {
    const bundle = item.bundleInfo;
    const line = lines.filter({ hasText: bundle.name });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(MESSAGES.cart.itemTitle);
    await expect(line).toContainText(
      // The one description of a line (src/shared/order-line.ts): processing, panels, shape and
      // size (width x height), frame.
      `${bundle.name} · ${optionName("processing", "grayscale")} · ${pluralise(bundle.lithophaneCount, "panel")} · ${optionName("shape", item.shape)} ${sizeIdText(item.size)} · ${optionName("frame_color", item.frame)} frame`,
    );
    if (bundle.additionalImages > 0) {
      await expect(line).toContainText(`+ ${pluralise(bundle.additionalImages, "more photo")}`);
    } else {
      await expect(line).not.toContainText("more photo");
    }
    // The panel shows the shopper's currency, like the rest of the shop (issue 16).
    await expect(line).toContainText(converted(bundle.pricePence, "EUR", rates));
    await expect(line.getByRole("img", { name: new RegExp(bundle.name) })).toBeVisible();
  }
  const accessory = lines.filter({ hasText: ADAPTER.name });
  await expect(accessory).toHaveCount(1);
  await expect(accessory).toContainText("Standard");
  await expect(accessory).toContainText(converted(ADAPTER.pricePence, "EUR", rates));
  // Each line converted, then added (one money conversion, decision 354).
  const linesPence = [...LITHOPHANES.map((item) => item.bundleInfo.pricePence), ADAPTER.pricePence];
  const shown = shownTotals({ linesPence, discountPence: 0, shippingPence: 0 }, "EUR", rates);
  await expect(panel.getByTestId("cart-total")).toHaveText(formatMoney(shown.subtotalMinor, "EUR"));
  await expect(panel.getByTestId("cart-charged-gbp")).toHaveText(
    `${CHECKOUT_MESSAGES.checkout.chargedInGbp}: ${formatGbp(sumPence(linesPence))}`,
  );
  await expect(panel).toContainText(MESSAGES.cart.deliveryAtCheckout);
  await panel.getByRole("button", { name: "Close cart" }).click();
  await expect(panel).toBeHidden();
}

/** Signs up through the form and opens the verification link from the outbox, as a customer would. */
async function signUpAndVerify(page: Page, user: TestUser) {
  await openAuth(page, "signup");
  const form = page.getByRole("tabpanel", { name: ACCOUNT_MESSAGES.auth.signUpTab });
  await field(form, "First name").fill(user.firstName);
  await field(form, "Last name").fill(user.lastName);
  await field(form, "Email").fill(user.email);
  await field(form, "Confirm email").fill(user.email);
  await field(form, "Password").fill(user.password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, ACCOUNT_MESSAGES.auth.accountCreated);
  await expect(page.getByRole("tab", { name: ACCOUNT_MESSAGES.auth.loginTab })).toHaveAttribute(
    "aria-selected",
    "true",
  );

  await page.goto(await verificationLink(user.email));
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, ACCOUNT_MESSAGES.auth.emailVerified);
}

test.describe("Journeys", () => {
  // Long journeys (many uploads, several sign-ins) on a shared, busy machine.
  test.describe.configure({ timeout: 150_000 });

  test("a visitor builds every bundle and buys an accessory in EUR; the cart survives a reload", async ({
    page,
  }) => {
    await gotoPage(page, "/");
    await page.getByRole("main").getByRole("link", { name: MESSAGES.home.createCta }).first().click();
    await expect(page).toHaveURL(/\/shop\/create$/);
    await expect(page.getByLabel("Upload your photo", { exact: true })).toBeVisible();

    // Switch to euros: every price the creator shows is the shared helper's conversion.
    const rates = await shopRates(page);
    await page.getByLabel("Prices shown in").selectOption("EUR");
    await expect(page.getByLabel("Prices shown in")).toHaveValue("EUR");

    for (const [index, item] of LITHOPHANES.entries()) {
      const bundle = item.bundleInfo;
      await uploadMainPhoto(page);
      await chooseEverything(page, item);
      for (const other of LITHOPHANES.map((l) => l.bundleInfo)) {
        const card = page.locator("label", { has: radio(page, other.name) });
        await expect(card).toContainText(converted(other.pricePence, "EUR", rates));
        if (other.undiscountedPence) {
          await expect(card).toContainText(converted(other.undiscountedPence, "EUR", rates));
        }
      }
      await expect(page.getByTestId("creator-total")).toHaveText(converted(bundle.pricePence, "EUR", rates));
      await expect(page.getByRole("list", { name: /Progress: 6 of 6/ })).toBeVisible();

      await addToCartButton(page).click();
      const added = MESSAGES.cart.added(bundle.name);
      await expectToast(page, added);
      await expect.poll(async () => (await storedCart(page)).length).toBe(index + 1);
      await page.getByRole("button", { name: "Create another" }).click();
      await expect(page.getByRole("list", { name: /Progress: 0 of 6/ })).toBeVisible();
    }

    // An accessory from the shop, priced in euros there too.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: MESSAGES.nav.shop })
      .click();
    await expect(page).toHaveURL(/\/shop$/);
    const card = page.getByRole("article", { name: ADAPTER.name });
    await expect(card).toContainText(converted(ADAPTER.pricePence, "EUR", rates));
    await card.getByRole("button", { name: `${MESSAGES.common.addToCart}: ${ADAPTER.name}` }).click();
    await expectToast(page, MESSAGES.cart.accessoryAdded(ADAPTER.name));
    await expect.poll(async () => (await storedCart(page)).length).toBe(LITHOPHANES.length + 1);

    await expectCartPanel(page, rates);

    // A reload keeps everything: the lines, their photos, the total and the chosen currency.
    const before = await storedCart(page);
    await page.reload();
    await expect(page.getByLabel("Prices shown in")).toHaveValue("EUR");
    await expect(page.getByRole("article", { name: ADAPTER.name })).toContainText(
      converted(ADAPTER.pricePence, "EUR", rates),
    );
    const after = await storedCart(page);
    expect(after).toEqual(before);
    for (const item of LITHOPHANES) {
      const line = after.find((l) => l.shape === item.bundleInfo.name);
      expect(line?.additionalImages).toHaveLength(item.bundleInfo.additionalImages);
      expect(new Set(line?.additionalImages).size).toBe(item.bundleInfo.additionalImages);
    }
    await expectCartPanel(page, rates);
  });

  test("a new customer signs up, verifies, pays and finds the order in Order History", async ({
    page,
    context,
  }) => {
    const user = newUser("journey-order");
    await signUpAndVerify(page, user);
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/account$/);
    const offer = page.getByRole("dialog", { name: "Set up multi-factor authentication" });
    await offer.getByRole("button", { name: "Skip for now" }).click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.skipped);

    // An accessory into the (saved) cart, then to checkout from the cart panel.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: MESSAGES.nav.shop })
      .click();
    await page
      .getByRole("article", { name: ADAPTER.name })
      .getByRole("button", { name: `${MESSAGES.common.addToCart}: ${ADAPTER.name}` })
      .click();
    await expectToast(page, MESSAGES.cart.accessoryAdded(ADAPTER.name));
    const panel = await openCartPanel(page);
    await expect(panel).toContainText(MESSAGES.cart.itemCount(1));
    await panel.getByRole("link", { name: MESSAGES.cart.proceedToCheckout }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    // Signed in: no guest card, the account's name and e-mail are filled in.
    await expect(page.getByRole("link", { name: CHECKOUT_MESSAGES.checkout.createAccount })).toHaveCount(0);
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expect(page.getByLabel("First Name")).toHaveValue(user.firstName);
    await expect(page.getByLabel("Last Name")).toHaveValue(user.lastName);
    await page.getByLabel("Address Line 1").fill("3 Waterloo Place");
    await page.getByLabel("City").fill("Derry");
    await page.getByLabel("County").fill("County Londonderry");
    await page.getByLabel("Postcode").fill("BT48 6BU");
    await expect(page.getByTestId("checkout-item")).toContainText(ADAPTER.name);

    const tab = await proceedToPayment(page, context);
    await expect(page).toHaveURL(/\/checkout\/payment-pending\?orderId=[0-9a-f-]{36}&/);
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
    const number = await pendingOrderNumber(page, orderId);
    expect(number).toMatch(/^[0-9]{4,}$/);
    await tab.getByRole("button", { name: /^Pay / }).click();
    await tab.waitForURL(`**/checkout/success?order=${orderId}`);
    await tab.close();
    await page.waitForURL(`**/checkout/success?order=${orderId}`);
    await expect(page.getByRole("heading", { name: CHECKOUT_MESSAGES.checkout.successTitle })).toBeVisible();
    await expect(page.getByTestId("order-number")).toHaveText(`#${number}`);
    await expect(cartButton(page)).toHaveCount(0);

    // Order History: the order under its number (#1001 …), paid, the account's own (not a guest order).
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: MESSAGES.nav.account })
      .click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole("tab", { name: ACCOUNT_MESSAGES.account.ordersTab }).click();
    const history = page.getByRole("tabpanel", { name: ACCOUNT_MESSAGES.account.ordersTab });
    const order = history.getByRole("listitem").filter({ hasText: `#${number}` });
    await expect(order).toHaveCount(1);
    await expect(order.getByRole("heading", { name: `Order #${number}` })).toBeVisible();
    // The label the order page gives a paid order ("Processing").
    await expect(order.getByText(trackingStage("paid").label, { exact: true })).toBeVisible();
    await expect(order.getByText(ACCOUNT_MESSAGES.account.testOrder, { exact: true })).toBeVisible();
    await expect(order.getByText(ACCOUNT_MESSAGES.account.guestOrder, { exact: true })).toHaveCount(0);
    await expect(history.getByText(ACCOUNT_MESSAGES.account.guestOrder, { exact: true })).toHaveCount(0);
    await expect(order).toContainText(ADAPTER.name);
  });

  test("MFA from start to finish: sign up, verify, set up in the dialog, sign out, sign in with a code", async ({
    page,
  }) => {
    const user = newUser("journey-mfa");
    await signUpAndVerify(page, user);

    // First login: the set-up dialog is offered; go through it (password, QR, manual key, code).
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/account$/);
    const setup = page.getByRole("dialog", { name: "Set up multi-factor authentication" });
    await expect(setup).toBeVisible();
    const secret = await completeMfaSetup(page, user.password);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Sign out.
    await page.getByRole("button", { name: ACCOUNT_MESSAGES.account.signOut }).click();
    await expectToast(page, ACCOUNT_MESSAGES.auth.signedOut);
    await expect(page).toHaveURL(/\/$/);

    // Sign in again: the code dialog, a code from the secret, then the account.
    await submitLogin(page, user.email, user.password);
    const dialog = page.getByRole("dialog", { name: "Two-factor verification" });
    await expect(dialog).toBeVisible();
    const input = field(dialog, "Authentication code");
    await expect(input).toHaveAttribute("placeholder", ACCOUNT_MESSAGES.mfa.codePlaceholder);
    await input.fill(totpCode(secret));
    await dialog.getByRole("button", { name: "Verify", exact: true }).click();
    await expectToast(page, ACCOUNT_MESSAGES.mfa.welcomeBack);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hello, ${user.firstName}`);
  });
});
