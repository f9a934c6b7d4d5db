/**
 * Accessibility: every storefront route that exists today, scanned whole (navigation, main,
 * footer and any overlay) with axe-core for WCAG 2.0 A/AA, 2.1 AA and 2.2 AA, on a desktop
 * and a phone-sized screen; plus the states a visitor reaches without an account: the mobile
 * menu, the cart panel, the currency prompt. Zero violations allowed. Every page is also
 * watched for Content-Security-Policy violations: the strict policy must not break any of them.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./fixtures/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const ROUTES = [
  "/",
  "/shop",
  "/shop/create",
  "/about",
  "/faq",
  "/contact",
  "/auth",
  "/auth/forgot-password",
  "/auth/reset-password?token=a-token-from-the-email",
  "/auth/reset-password",
  "/track",
  "/privacy",
  "/shipping",
  "/returns",
  "/care",
  "/terms",
  "/cookies",
  "/checkout",
  "/this-page-does-not-exist",
];

/** Collects the page's Content-Security-Policy violations from the first byte on. */
async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** Opens a route and waits for its page (lazy routes show "Loading…" first) and its data. */
async function open(page: Page, path: string): Promise<void> {
  await watchCsp(page);
  await page.goto(path);
  await expect(page.locator("main h1")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** The violations as readable lines: rule, impact, and where. */
async function violations(page: Page, build: (axe: AxeBuilder) => AxeBuilder = (a) => a): Promise<string[]> {
  const results = await build(new AxeBuilder({ page }).withTags(TAGS)).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`,
    ),
  );
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`axe on every route (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of ROUTES) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await open(page, path);
        expect(await violations(page), `${path} at ${viewport.width}px`).toEqual([]);
        expect(await cspViolations(page), `${path}: Content-Security-Policy violations`).toEqual([]);
      });
    }
  });
}

test.describe("axe on interactive states", () => {
  test("the open mobile menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the cart panel with an item, and the floating cart button", async ({ page }) => {
    await open(page, "/shop");
    const add = page
      .getByRole("button", { name: /add to cart/i })
      .and(page.locator(":enabled"))
      .first();
    await add.click();
    const openCart = page.getByRole("button", { name: /cart, 1 item/i });
    await expect(openCart).toBeVisible();
    expect(await violations(page), "with the floating cart button").toEqual([]);
    await openCart.click();
    const panel = page.getByRole("dialog");
    await expect(panel).toBeVisible();
    await page.waitForTimeout(500); // Let the slide-in finish: colours are checked as painted.
    expect(await violations(page), "with the cart panel open").toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test.describe("outside the UK", () => {
    test.use({ timezoneId: "America/New_York" });
    test("the currency prompt", async ({ page }) => {
      await open(page, "/");
      await expect(page.getByRole("region", { name: "Switch Currency?" })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
});
