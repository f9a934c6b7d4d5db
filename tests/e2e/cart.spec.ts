import { buildAccessoryCartItem } from "../../src/shared/cart";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { MESSAGES } from "../../src/shared/messages";
import { formatGbp } from "../../src/shared/money";
import { CART_STORAGE_KEY, cartPanel, openCart, storedCart } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";

const ADAPTER = { id: "usb-c-power-adapter", name: "USB-C Power Adapter", pricePence: 999, imageUrl: null };
const DIMMER = { id: "remote-dimmer", name: "Remote Control Dimmer", pricePence: 1499, imageUrl: null };

async function addFromShop(page: Page, name: string) {
  await page.getByRole("button", { name: `${MESSAGES.common.addToCart}: ${name}` }).click();
}

test("no cart button while the cart is empty; the badge counts items", async ({ page }) => {
  await page.goto("/shop");
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Open cart/ })).toHaveCount(0);
  await addFromShop(page, ADAPTER.name);
  await expect(page.getByRole("button", { name: "Open cart, 1 item" })).toBeVisible();
  await addFromShop(page, DIMMER.name);
  await expect(page.getByRole("button", { name: "Open cart, 2 items" })).toBeVisible();
});

test("the cart survives a reload and shows the total in pounds", async ({ page }) => {
  await page.goto("/shop");
  await addFromShop(page, ADAPTER.name);
  await addFromShop(page, DIMMER.name);
  await page.reload();
  await openCart(page, 2);
  const panel = cartPanel(page);
  await expect(panel.getByRole("heading", { name: MESSAGES.cart.title })).toBeVisible();
  await expect(panel).toContainText(MESSAGES.cart.itemCount(2));
  await expect(panel).toContainText(ADAPTER.name);
  await expect(panel).toContainText(DIMMER.name);
  await expect(panel.getByTestId("cart-total")).toHaveText(formatGbp(ADAPTER.pricePence + DIMMER.pricePence));
});

test("removing items down to the empty state, which links to the creator", async ({ page }) => {
  await page.goto("/shop");
  await addFromShop(page, ADAPTER.name);
  await openCart(page, 1);
  const panel = cartPanel(page);
  await panel.getByRole("button", { name: `${MESSAGES.common.remove} ${ADAPTER.name}` }).click();
  await expect(panel).toContainText(MESSAGES.cart.empty);
  await expect(panel).toContainText(MESSAGES.cart.itemCount(0));
  expect(await storedCart(page)).toEqual([]);
  await panel.getByRole("link", { name: MESSAGES.cart.createLithophane }).click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(panel).toBeHidden();
});

test("Proceed to Checkout goes to /checkout and closes the panel", async ({ page }) => {
  await page.goto("/shop");
  await addFromShop(page, ADAPTER.name);
  await openCart(page, 1);
  await cartPanel(page).getByRole("link", { name: MESSAGES.cart.proceedToCheckout }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(cartPanel(page)).toBeHidden();
});

test("a corrupt stored cart does not crash the shop", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.addInitScript((key) => window.localStorage.setItem(key, "{this is not json"), CART_STORAGE_KEY);
  await page.goto("/shop");
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Open cart/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("invalid stored entries are dropped and valid ones kept", async ({ page }) => {
  const valid = buildAccessoryCartItem(ADAPTER, () => "1700000000000-validitem");
  const stored = JSON.stringify([
    valid,
    { id: "x", price: "free" },
    null,
    { ...valid, id: "1700000000000-negative", price: -5 },
  ]);
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [CART_STORAGE_KEY, stored],
  );
  await page.goto("/shop");
  await openCart(page, 1);
  await expect(cartPanel(page)).toContainText(ADAPTER.name);
  await expect(cartPanel(page).getByTestId("cart-total")).toHaveText(formatGbp(ADAPTER.pricePence));
});

test("the panel shows the selected currency and names the GBP charge", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("selectedCurrency", "EUR"));
  await page.goto("/shop");
  const card = page.getByRole("article", { name: ADAPTER.name });
  await expect(card).toContainText("€");
  const cardPrice = (await card.textContent())?.match(/€\d+\.\d{2}/)?.[0];
  await addFromShop(page, ADAPTER.name);
  await openCart(page, 1);
  const panel = cartPanel(page);
  // The same converted price as the shop's card (one rule), and the charge in pounds.
  await expect(panel.getByTestId("cart-total")).toHaveText(cardPrice ?? "no € price on the card");
  await expect(panel.getByTestId("cart-charged-gbp")).toHaveText(
    `${CHECKOUT_MESSAGES.checkout.chargedInGbp}: ${formatGbp(ADAPTER.pricePence)}`,
  );
  await expect(panel).toContainText(MESSAGES.cart.deliveryAtCheckout);
});
