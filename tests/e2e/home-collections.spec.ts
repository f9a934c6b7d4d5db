/**
 * The home page's collections (issue 20): the three bundles at the owner's prices, fetched when
 * the visitor scrolls towards them; the pre-rendered page carries no bundle price.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { signInAdminForEachTest } from "./admin-helpers";
import { BASE_URL } from "./auth-helpers";
import { expect, type Page, test } from "./fixtures/test";

signInAdminForEachTest();

async function setEverlastingPrice(page: Page, pricePence: number) {
  const res = await page.request.put("/api/admin/prices", {
    headers: { Origin: BASE_URL },
    data: { bundles: [{ id: "family", pricePence, undiscountedPence: 15250 }] },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test("the home page's collections show the owner's bundle prices", async ({ page }) => {
  // The pre-rendered landing page has no bundle price baked in (it would go stale).
  const html = readFileSync(path.resolve("dist/web/index.html"), "utf8");
  expect(html).not.toContain("£129.63");
  expect(html).toContain("Why people choose");

  await setEverlastingPrice(page, 11900);
  try {
    await page.addInitScript(() => window.localStorage.setItem("hasSeenCurrencyPrompt", "true"));
    const catalogue = page.waitForRequest((r) => r.url().includes("/api/catalog/options"));
    await page.goto("/");
    // Nothing is fetched until the visitor scrolls towards the collections (above "Why people choose").
    await page.getByRole("heading", { name: /Why people choose/ }).scrollIntoViewIfNeeded();
    await catalogue;
    const collections = page.getByTestId("featured-lightbox");
    const everlasting = collections.getByRole("listitem").filter({ hasText: "Everlasting Collection" });
    await expect(everlasting).toContainText("£119.00");
    await expect(
      collections.getByRole("listitem").filter({ hasText: "Essentials Collection" }),
    ).toContainText("£54.50");
    await expect(collections.getByRole("link", { name: "Start Creating" })).toHaveAttribute(
      "href",
      "/shop/create",
    );
  } finally {
    await setEverlastingPrice(page, 12963);
  }
});
