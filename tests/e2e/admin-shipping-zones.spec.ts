/**
 * Issue 16: the owner edits a zone's price on the Shipping zones screen and the next checkout
 * charges it; a negative price is refused on the screen, changing nothing.
 */
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { buildAccessoryCartItem } from "../../src/shared/cart";
import { formatGbp } from "../../src/shared/money";
import { signInAdminForEachTest } from "./admin-helpers";
import { CART_STORAGE_KEY } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";
import { ADAPTER, expectToast, gotoPage } from "./helpers";

const M = ADMIN_MESSAGE_TEXTS.shippingZones;

signInAdminForEachTest();

function irelandCard(page: Page) {
  return page.getByRole("group", { name: "Ireland" });
}

async function setIrelandStandard(page: Page, pounds: string) {
  await gotoPage(page, "/admin/shipping-zones");
  await irelandCard(page).getByLabel(M.standardPrice).fill(pounds);
  await page.getByRole("button", { name: M.save }).first().click();
}

test("a price edited in the admin applies to the next checkout; a negative one is refused", async ({
  page,
}) => {
  await gotoPage(page, "/admin/shipping-zones");
  await expect(page.getByRole("heading", { name: M.title, level: 1 })).toBeVisible();
  const before = await irelandCard(page).getByLabel(M.standardPrice).inputValue();

  await setIrelandStandard(page, "-1");
  await expectToast(page, M.saveFailed, M.priceNegative);
  await expect(irelandCard(page).getByRole("alert")).toHaveText(M.priceNegative);

  await setIrelandStandard(page, "11.49");
  await expectToast(page, M.saved);

  try {
    await page.evaluate(
      ([key, value]) => {
        window.localStorage.setItem(key as string, value as string);
        window.localStorage.setItem("hasSeenCurrencyPrompt", "true");
      },
      [CART_STORAGE_KEY, JSON.stringify([buildAccessoryCartItem(ADAPTER)])],
    );
    await gotoPage(page, "/checkout");
    const picker = page.getByRole("combobox", { name: "Country" });
    await picker.click();
    await picker.fill("Ireland");
    await picker.press("Enter");
    await expect(page.getByTestId("shipping-price-standard")).toHaveText("£11.49");
    await expect(page.getByTestId("checkout-total")).toHaveText(formatGbp(ADAPTER.pricePence + 1149));
  } finally {
    await setIrelandStandard(page, before);
    await expectToast(page, M.saved);
  }
});
