/**
 * Issue 16: checkout for Ireland and the world. A Dublin buyer (time zone Europe/Dublin, prices
 * in €) orders to an Eircode address, sees Ireland's price and delivery dates, pays on the test
 * payment page and finds the same dates on the success page, in the e-mail and on /track; a US
 * buyer gives a state and a ZIP code; a country in no zone is refused with a way to ask.
 * Prices and windows are the server's own answers (/api/shipping/zones, /api/rates).
 */
import { INTERNATIONAL_MESSAGES } from "@shared/international-messages";
import type { CartItem } from "../../src/shared/cart";
import { buildAccessoryCartItem } from "../../src/shared/cart";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { convertPrice, type ExchangeRates } from "../../src/shared/currency";
import { formatGbp, formatMoney, shownTotals } from "../../src/shared/money";
import type { PublicShippingZone } from "../../src/web/features/checkout/api/shipping";
import { mailsTo, uniqueEmail } from "./auth-helpers";
import { CART_STORAGE_KEY } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";
import { ADAPTER, DIMMER, gotoPage, proceedToPayment } from "./helpers";

const I = INTERNATIONAL_MESSAGES;

async function zone(page: Page, id: string): Promise<PublicShippingZone> {
  const res = await page.request.get("/api/shipping/zones");
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as { zones: PublicShippingZone[] }).zones.find((z) => z.id === id);
  if (!found) throw new Error(`no zone ${id}`);
  return found;
}

async function shopRates(page: Page): Promise<ExchangeRates> {
  const res = await page.request.get("/api/rates");
  return ((await res.json()) as { rates: ExchangeRates }).rates;
}

/** A guest cart (and a currency, chosen earlier) in local storage, then /checkout. */
async function openCheckout(page: Page, products: (typeof ADAPTER)[], currency = "GBP"): Promise<CartItem[]> {
  const items = products.map((p) => buildAccessoryCartItem(p));
  await page.goto("/");
  await page.evaluate(
    ([key, value, code]) => {
      window.localStorage.setItem(key as string, value as string);
      window.localStorage.setItem("hasSeenCurrencyPrompt", "true");
      window.localStorage.setItem("selectedCurrency", code as string);
    },
    [CART_STORAGE_KEY, JSON.stringify(items), currency],
  );
  await gotoPage(page, "/checkout");
  return items;
}

async function chooseCountry(page: Page, typed: string) {
  const picker = page.getByRole("combobox", { name: "Country" });
  await picker.click();
  await picker.fill(typed);
  await page.getByRole("listbox", { name: I.countrySearch }).getByRole("option").first().waitFor();
  await picker.press("Enter");
}

async function fillPerson(page: Page, email: string, first: string, last: string) {
  await page.getByLabel("First Name").fill(first);
  await page.getByLabel("Last Name").fill(last);
  await page.getByLabel("Email").fill(email);
}

test.describe("a Dublin buyer", () => {
  test.use({ timezoneId: "Europe/Dublin", locale: "en-IE" });
  test.describe.configure({ timeout: 120_000 });

  test("orders to an Eircode address in €, pays, and sees the same dates on success, in the e-mail and on /track", async ({
    page,
    context,
  }) => {
    const email = uniqueEmail("dublin");
    await openCheckout(page, [ADAPTER, DIMMER], "EUR");
    const [ireland, rates] = await Promise.all([zone(page, "ireland"), shopRates(page)]);
    const euros = (pence: number) => formatMoney(convertPrice(pence, "EUR", rates), "EUR");

    await fillPerson(page, email, "Siobhán", "Ní Bhriain");
    await chooseCountry(page, "Irel");
    await expect(page.getByRole("combobox", { name: "Country" })).toHaveValue("Ireland");
    // Ireland's own address form: county and Eircode, no UK postcode.
    await expect(page.getByLabel("County")).toBeVisible();
    await expect(page.getByLabel("Eircode")).toBeVisible();
    await expect(page.getByLabel("Postcode")).toHaveCount(0);
    await page.getByLabel("Address Line 1").fill("1 Grafton Street");
    await page.getByLabel("Town/City").fill("Dublin 2");
    await page.getByLabel("County").fill("Dublin");
    await page.getByLabel("Eircode").fill("12345");

    // Ireland's price and delivery window, in euros, before paying; no import charges.
    const subtotal = ADAPTER.pricePence + DIMMER.pricePence;
    const total = subtotal + ireland.standardPence;
    await expect(page.getByRole("group", { name: "Delivery to Ireland" })).toBeVisible();
    await expect(page.getByTestId("shipping-price-standard")).toHaveText(euros(ireland.standardPence));
    await expect(page.getByTestId("shipping-price-express")).toHaveText(euros(ireland.expressPence));
    await expect(page.getByTestId("checkout-shipping")).toHaveText(euros(ireland.standardPence));
    // One conversion (issue 47): the lines and the shipping converted, then added.
    const shown = shownTotals(
      {
        linesPence: [ADAPTER.pricePence, DIMMER.pricePence],
        discountPence: 0,
        shippingPence: ireland.standardPence,
      },
      "EUR",
      rates,
    );
    expect(shown.totalMinor).toBe(
      convertPrice(ADAPTER.pricePence, "EUR", rates) +
        convertPrice(DIMMER.pricePence, "EUR", rates) +
        convertPrice(ireland.standardPence, "EUR", rates),
    );
    const eurosTotal = formatMoney(shown.totalMinor, "EUR");
    await expect(page.getByTestId("checkout-total-shown")).toHaveText(eurosTotal);
    await expect(page.getByTestId("checkout-total")).toHaveText(formatGbp(total));
    const window = ireland.windows.standard.text;
    await expect(page.getByTestId("delivery-window")).toHaveText(
      `${I.estimatedDelivery}: ${I.arrives(window)}`,
    );
    await expect(page.getByTestId("duties-note")).toHaveText(I.noDuties);

    // A bad Eircode is refused on its field, then a good one is tidied by the server.
    await page.getByRole("button", { name: CHECKOUT_MESSAGES.checkout.proceedToPayment }).click();
    await expect(page.getByText(I.invalidPostalCode("Eircode", "D02 X285"))).toBeVisible();
    await page.getByLabel("Eircode").fill("d02x285");
    const tab = await proceedToPayment(page, context);

    // The payment page charges the server's total: the items plus Ireland's price.
    await tab.getByRole("button", { name: `Pay ${formatGbp(total)}` }).click();
    await tab.waitForURL(/\/checkout\/success\?order=/);
    const number = (await tab.getByTestId("order-number").textContent())?.replace("#", "") ?? "";
    expect(number).toMatch(/^\d{4,}$/);
    // The window once, in the order's details (issue 20: it was shown twice).
    await expect(tab.getByTestId("order-delivery-window")).toContainText(window);
    await expect(tab.getByText(window)).toHaveCount(1);
    // After payment the euro figures stay, beside the GBP charged (issue 47).
    await expect(tab.getByTestId("order-total")).toHaveText(`${eurosTotal} (${formatGbp(total)})`);
    await expect(tab.getByTestId("order-charged-gbp")).toContainText(formatGbp(total));

    await expect
      .poll(async () => (await mailsTo(email)).find((m) => m.includes(`#${number} is confirmed`)) ?? "", {
        timeout: 20_000,
      })
      .toContain(formatGbp(total));
    const confirmation = (await mailsTo(email)).find((m) => m.includes(`#${number} is confirmed`)) ?? "";
    expect(confirmation).toContain("D02 X285");
    expect(confirmation).toContain("Ireland");
    expect(confirmation).toContain(formatGbp(ireland.standardPence));
    expect(confirmation).toContain(`${eurosTotal} (${formatGbp(total)})`);
    expect(confirmation).toContain(`${I.estimatedDelivery}: ${I.arrives(window)}.`);

    await gotoPage(tab, `/track?order=${number}`);
    await tab.getByLabel("Email").fill(email);
    await tab.getByRole("button", { name: CHECKOUT_MESSAGES.track.trackOrder }).click();
    await expect(tab.getByTestId("track-result")).toBeVisible();
    await expect(tab.getByTestId("track-eta")).toHaveText(I.arrives(window));
  });
});

test("a US buyer gives a state and ZIP code and is told about import charges", async ({ page, context }) => {
  await openCheckout(page, [ADAPTER]);
  const us = await zone(page, "us-canada");
  await fillPerson(page, uniqueEmail("newyork"), "Maya", "Okafor");
  await chooseCountry(page, "United States");
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveValue("United States");
  await expect(page.getByLabel("State")).toBeVisible();
  await expect(page.getByLabel("ZIP code")).toBeVisible();
  await page.getByLabel("Address Line 1").fill("350 5th Ave");
  await page.getByLabel("City").fill("New York");
  await page.getByLabel("State").fill("NY");
  await page.getByLabel("ZIP code").fill("1011");
  await page.getByRole("button", { name: CHECKOUT_MESSAGES.checkout.proceedToPayment }).click();
  await expect(page.getByText(I.invalidPostalCode("ZIP code", "10001"))).toBeVisible();
  await page.getByLabel("ZIP code").fill("10118");

  const total = ADAPTER.pricePence + us.standardPence;
  await expect(page.getByRole("group", { name: "Delivery to United States and Canada" })).toBeVisible();
  await expect(page.getByTestId("shipping-price-standard")).toHaveText(formatGbp(us.standardPence));
  await expect(page.getByTestId("checkout-total")).toHaveText(formatGbp(total));
  await expect(page.getByTestId("delivery-window")).toHaveText(
    `${I.estimatedDelivery}: ${I.arrives(us.windows.standard.text)}`,
  );
  await expect(page.getByTestId("duties-note")).toHaveText(I.dutiesCustomer);

  await page.getByRole("radio", { name: /Express Delivery/ }).check();
  const express = ADAPTER.pricePence + us.expressPence;
  await expect(page.getByTestId("checkout-total")).toHaveText(formatGbp(express));
  await expect(page.getByTestId("delivery-window")).toHaveText(
    `${I.estimatedDelivery}: ${I.arrives(us.windows.express.text)}`,
  );
  const tab = await proceedToPayment(page, context);
  await expect(tab.getByRole("button", { name: `Pay ${formatGbp(express)}` })).toBeVisible();
});

test("a country in no zone is refused, with a prefilled way to ask", async ({ page }) => {
  await openCheckout(page, [ADAPTER]);
  const picker = page.getByRole("combobox", { name: "Country" });
  await picker.click();
  await picker.fill("Russia");
  const option = page.getByRole("option", { name: /^Russia/ });
  await expect(option).toHaveAttribute("aria-disabled", "true");
  await expect(option).toContainText("No delivery yet");
  await picker.press("Enter");
  const notice = page.getByTestId("not-delivered");
  await expect(notice).toContainText(I.notDelivered("Russia"));
  // Right under the picker, where the buyer is looking, not below the address fields.
  await expect(notice).toBeInViewport();
  // The country stays one the shop delivers to.
  await expect(picker).toHaveValue("United Kingdom");
  await notice.getByRole("link", { name: I.askAboutCountry }).click();
  await expect(page).toHaveURL(/\/contact\?subject=shipping&message=/);
  await expect(page.getByLabel("Subject")).toHaveValue("shipping");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(`${I.contactSubject("Russia")}: `);
});
