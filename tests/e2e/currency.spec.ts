import { getBundle } from "../../src/shared/bundles";
import {
  CURRENCIES,
  CURRENCY_STORAGE_KEYS,
  type CurrencyCode,
  convertPrice,
  currenciesByRegion,
  FALLBACK_RATES,
} from "../../src/shared/currency";
import { MESSAGES } from "../../src/shared/messages";
import { formatMoney } from "../../src/shared/money";
import { chooseEverything, radio, uploadMainPhoto } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";

const ADAPTER = { name: "USB-C Power Adapter", pricePence: 999 };

function prompt(page: Page) {
  return page.getByRole("region", { name: MESSAGES.currency.promptTitle });
}

function priceIn(code: CurrencyCode, gbpPence: number) {
  return formatMoney(convertPrice(gbpPence, code, FALLBACK_RATES), code);
}

async function storage(page: Page, key: string) {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

test.describe("outside the UK (Europe/Paris)", () => {
  test.use({ timezoneId: "Europe/Paris" });

  test("the boot script runs under the pages' policy: the zone is read and the prompt shown before the app, on pre-rendered pages and the shell", async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    for (const path of ["/", "/shop", "/shop/create", "/cart"]) {
      await page.goto(path);
      const html = await page.evaluate(() => ({ ...document.documentElement.dataset }));
      expect(html.timeZone, path).toBe("Europe/Paris");
      expect(html.currencyPrompt, path).toBe("EUR");
      await expect(prompt(page), path).toBeVisible();
    }
    expect(refused).toEqual([]);
  });

  test("the prompt offers each other currency and switching converts prices with the .49/.99 rule", async ({
    page,
  }) => {
    await page.goto("/shop");
    const card = prompt(page);
    await expect(card).toBeVisible();
    await expect(card).toContainText(MESSAGES.currency.promptDescription);
    for (const c of CURRENCIES.filter((c) => c.code !== "GBP")) {
      await expect(card.getByRole("button", { name: `${c.code} (${c.symbol})` })).toBeVisible();
    }
    await expect(card.getByRole("button", { name: MESSAGES.currency.keepGbp })).toBeVisible();

    await card.getByRole("button", { name: "EUR (€)" }).click();
    await expect(card).toBeHidden();
    await expect(page.getByRole("article", { name: ADAPTER.name })).toContainText(
      priceIn("EUR", ADAPTER.pricePence),
    );
    expect(await storage(page, CURRENCY_STORAGE_KEYS.selectedCurrency)).toBe("EUR");
    expect(await storage(page, CURRENCY_STORAGE_KEYS.hasSeenCurrencyPrompt)).toBeTruthy();

    // The spec's example: £54.50 x 1.15 = 62.675 -> €62.99, on the bundle card and as the creator's total.
    await page.goto("/shop/create");
    const essentials = getBundle("starter")!;
    const essentialsInEur = priceIn("EUR", essentials.pricePence);
    expect(essentialsInEur).toBe("€62.99");
    await uploadMainPhoto(page);
    await chooseEverything(page, { shape: "square", frame: "white", size: "7x7", bundle: "starter" });
    await expect(page.locator("label", { has: radio(page, essentials.name) })).toContainText(essentialsInEur);
    await expect(page.getByTestId("creator-total")).toHaveText(essentialsInEur);
    await page.reload();
    await expect(prompt(page)).toHaveCount(0);
    await expect(page.getByLabel("Prices shown in")).toHaveValue("EUR");
  });

  test("Keep GBP keeps pounds and the prompt does not return", async ({ page }) => {
    await page.goto("/shop");
    await prompt(page).getByRole("button", { name: MESSAGES.currency.keepGbp }).click();
    await expect(prompt(page)).toHaveCount(0);
    await expect(page.getByRole("article", { name: ADAPTER.name })).toContainText("£9.99");
    await page.reload();
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
  });

  test("closing the prompt records that it was seen", async ({ page }) => {
    await page.goto("/shop");
    await prompt(page).getByRole("button", { name: "Close the currency suggestion" }).click();
    await expect(prompt(page)).toHaveCount(0);
    expect(await storage(page, CURRENCY_STORAGE_KEYS.hasSeenCurrencyPrompt)).toBeTruthy();
    await page.reload();
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
  });
});

test.describe("in the UK (Europe/London)", () => {
  test.use({ timezoneId: "Europe/London" });

  test("no prompt; the dropdown lists every currency by region with code and symbol", async ({ page }) => {
    await page.goto("/shop");
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    const select = page.getByLabel("Prices shown in");
    const groups = await select.locator("optgroup").evaluateAll((els) =>
      els.map((g) => ({
        label: g.getAttribute("label"),
        options: Array.from(g.querySelectorAll("option")).map((o) => o.textContent ?? ""),
      })),
    );
    expect(groups.map((g) => g.label)).toEqual(currenciesByRegion().map((g) => g.region));
    for (const group of currenciesByRegion()) {
      const found = groups.find((g) => g.label === group.region)!;
      expect(found.options).toHaveLength(group.currencies.length);
      group.currencies.forEach((c, i) => {
        expect(found.options[i]).toContain(c.code);
        expect(found.options[i]).toContain(c.symbol);
      });
    }

    await select.selectOption("USD");
    await expect(page.getByRole("article", { name: ADAPTER.name })).toContainText(
      priceIn("USD", ADAPTER.pricePence),
    );
    await page.goto("/shop/create");
    await expect(page.getByLabel("Prices shown in")).toHaveValue("USD");
  });

  test("fresh cached rates are used; stale ones are replaced by the server's answer", async ({ page }) => {
    const cachedRates = { ...FALLBACK_RATES, EUR: 1.3 };
    await page.addInitScript(
      ([keys, rates]) => {
        if (sessionStorage.getItem("seeded")) return;
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem(keys.selectedCurrency, "EUR");
        localStorage.setItem(keys.exchangeRates, JSON.stringify(rates));
        localStorage.setItem(keys.exchangeRatesTimestamp, String(Date.now() - 60_000));
      },
      [CURRENCY_STORAGE_KEYS, cachedRates] as const,
    );
    await page.goto("/shop");
    await expect(page.getByRole("article", { name: ADAPTER.name })).toContainText(
      formatMoney(convertPrice(ADAPTER.pricePence, "EUR", cachedRates), "EUR"),
    );

    // Five hours old: fetched again; the test server's fixed rates are the fallback rates.
    await page.evaluate(
      (key) => localStorage.setItem(key, String(Date.now() - 5 * 60 * 60 * 1000)),
      CURRENCY_STORAGE_KEYS.exchangeRatesTimestamp,
    );
    await page.reload();
    await expect(page.getByRole("article", { name: ADAPTER.name })).toContainText(
      priceIn("EUR", ADAPTER.pricePence),
    );
  });

  test("live rates from the server are cached under the spec's keys", async ({ page }) => {
    const live = { ...FALLBACK_RATES, EUR: 1.2 };
    await page.route("**/api/rates", (route) =>
      route.fulfill({ json: { success: true, rates: live, timestamp: Date.now(), source: "live" } }),
    );
    await page.addInitScript(() => localStorage.setItem("selectedCurrency", "EUR"));
    await page.goto("/shop");
    await expect(page.getByRole("article", { name: ADAPTER.name })).toContainText(
      formatMoney(convertPrice(ADAPTER.pricePence, "EUR", live), "EUR"),
    );
    expect(JSON.parse((await storage(page, CURRENCY_STORAGE_KEYS.exchangeRates)) ?? "{}").EUR).toBe(1.2);
    expect(Number(await storage(page, CURRENCY_STORAGE_KEYS.exchangeRatesTimestamp))).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  test("a failed rates fetch falls back silently", async ({ page }) => {
    await page.route("**/api/rates", (route) => route.fulfill({ status: 503, body: "down" }));
    await page.addInitScript(() => localStorage.setItem("selectedCurrency", "CAD"));
    await page.goto("/shop");
    await expect(page.getByRole("article", { name: ADAPTER.name })).toContainText(
      priceIn("CAD", ADAPTER.pricePence),
    );
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  });
});
