import { BRAND_NAME } from "../../src/shared/brand";
import { MESSAGES } from "../../src/shared/messages";
import { INDEXED_PATHS, SEO_TEXTS } from "../../src/shared/seo";
import { documentTitle } from "../../src/shared/titles";
import { expect, test } from "./fixtures/test";
import { footer, gotoPage, header } from "./helpers";

/** The spec's top navigation (section 2), word for word. */
const NAV = [
  { label: "Home", href: "/" },
  { label: "Shop", href: "/shop" },
  { label: "About", href: "/about" },
  { label: "FAQ", href: "/faq" },
  { label: "Contact", href: "/contact" },
] as const;

/** The spec's footer links, in its order. */
const FOOTER_HREFS = [
  "/shop/create",
  "/about",
  "/faq",
  "/contact",
  "/shipping",
  "/returns",
  "/care",
  "/track",
  "/privacy",
  "/terms",
  "/cookies",
] as const;

/** Routes on which Shop is highlighted: /shop, /create, /shop/create and the checkout routes. */
const SHOP_HIGHLIGHTED = [
  "/shop",
  "/create",
  "/shop/create",
  "/checkout",
  "/checkout/payment-pending",
  "/checkout/success",
  "/checkout/cancel",
] as const;

const pathOf = (url: string) => new URL(url).pathname;

test.describe("top navigation", () => {
  test("each link goes to its page and is marked current there", async ({ page }) => {
    await gotoPage(page, "/about");
    const nav = header(page);
    for (const { label, href } of NAV) {
      const link = nav.getByRole("link", { name: label, exact: true });
      await link.click();
      await expect.poll(() => pathOf(page.url())).toBe(href);
      await expect(page).toHaveTitle(documentTitle(href));
      await expect(link).toHaveAttribute("aria-current", "page");
      for (const other of NAV.filter((n) => n.href !== href)) {
        await expect(nav.getByRole("link", { name: other.label, exact: true })).not.toHaveAttribute(
          "aria-current",
          "page",
        );
      }
    }
  });

  test("Start Creating goes to the creator", async ({ page }) => {
    await gotoPage(page, "/");
    await header(page).getByRole("link", { name: MESSAGES.nav.startCreating }).click();
    await expect.poll(() => pathOf(page.url())).toBe("/shop/create");
    await expect(page).toHaveTitle(documentTitle("/shop/create"));
  });

  for (const path of SHOP_HIGHLIGHTED) {
    test(`Shop is highlighted on ${path}`, async ({ page }) => {
      await page.goto(path);
      const shop = header(page).getByRole("link", { name: "Shop", exact: true });
      await expect(shop).toHaveAttribute("aria-current", "page");
      await expect(header(page).getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute(
        "aria-current",
        "page",
      );
    });
  }

  test("Shop is not highlighted on content pages", async ({ page }) => {
    for (const path of ["/", "/about", "/faq", "/contact", "/shipping"]) {
      await gotoPage(page, path);
      await expect(header(page).getByRole("link", { name: "Shop", exact: true })).not.toHaveAttribute(
        "aria-current",
        "page",
      );
    }
  });

  test("the mobile menu at 390px opens, navigates and closes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoPage(page, "/");
    await header(page).getByRole("button", { name: /menu/i }).click();
    await header(page).getByRole("link", { name: "FAQ", exact: true }).click();
    await expect.poll(() => pathOf(page.url())).toBe("/faq");
    await expect(page.locator("main h1")).toBeVisible();
    await expect(header(page).getByRole("link", { name: "FAQ", exact: true })).toBeHidden();
  });
});

test.describe("document titles", () => {
  test("Home is titled with the brand alone", async ({ page }) => {
    await gotoPage(page, "/");
    await expect(page).toHaveTitle(BRAND_NAME);
  });

  // Every other known path's title is checked on the phone sweep (tap-targets.spec), which loads
  // each page once for its targets, its width and its title.
});

test.describe("404 page", () => {
  for (const path of ["/no-such-page", "/about/nothing-here", "/shop/lamps/42"]) {
    test(`an unknown path (${path}) shows the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await gotoPage(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(MESSAGES.notFound.title);
      await expect(page).toHaveTitle(MESSAGES.notFound.documentTitle);
    });
  }

  test("Take Me Home goes to the home page", async ({ page }) => {
    await gotoPage(page, "/definitely-not-here");
    await page.getByRole("link", { name: MESSAGES.notFound.homeLink }).click();
    await expect.poll(() => pathOf(page.url())).toBe("/");
    await expect(page).toHaveTitle(BRAND_NAME);
  });
});

test.describe("search engines", () => {
  test("robots.txt keeps them out of the private areas and names the sitemap of public pages", async ({
    request,
    baseURL,
  }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.ok()).toBe(true);
    const rules = await robots.text();
    for (const prefix of ["/admin", "/account", "/checkout"]) expect(rules).toContain(`Disallow: ${prefix}`);
    expect(rules).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of INDEXED_PATHS) expect(sitemap).toContain(`<loc>${new URL(path, baseURL).href}</loc>`);
  });

  test("each public page has its description, canonical address and preview tags; private pages are noindex", async ({
    page,
    baseURL,
  }) => {
    await gotoPage(page, "/faq");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/faq`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      SEO_TEXTS.descriptions["/faq"] ?? "",
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", documentTitle("/faq"));
    await gotoPage(page, "/");
    const organisation = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "null",
    );
    expect(organisation).toMatchObject({ "@type": "OnlineStore", name: BRAND_NAME });
    await gotoPage(page, "/account");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });
});

test.describe("footer", () => {
  test("has every spec link, each of which navigates to its page", async ({ page }) => {
    await gotoPage(page, "/");
    const foot = footer(page);
    for (const href of FOOTER_HREFS) {
      await expect(foot.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    for (const href of FOOTER_HREFS) {
      await foot.locator(`a[href="${href}"]`).click();
      await expect.poll(() => pathOf(page.url())).toBe(href);
      await expect(page).toHaveTitle(documentTitle(href));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });
});

test.describe("route changes", () => {
  test("scroll to the top of the new page", async ({ page }) => {
    await gotoPage(page, "/faq");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await footer(page).locator('a[href="/shipping"]').click();
    await expect.poll(() => pathOf(page.url())).toBe("/shipping");
    await expect(page.locator("main h1")).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // The same from the sticky header.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await header(page).getByRole("link", { name: "About", exact: true }).click();
    await expect.poll(() => pathOf(page.url())).toBe("/about");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("home hero", () => {
  test(`'${MESSAGES.home.createCta}' goes to the creator`, async ({ page }) => {
    await gotoPage(page, "/");
    const create = page.getByRole("main").getByRole("link", { name: MESSAGES.home.createCta });
    // The hero and the closing call to action.
    await expect(create).toHaveCount(2);
    await create.first().click();
    await expect.poll(() => pathOf(page.url())).toBe("/shop/create");
  });

  test(`'${MESSAGES.home.learnMore}' goes to the About page`, async ({ page }) => {
    await gotoPage(page, "/");
    await page.getByRole("main").getByRole("link", { name: MESSAGES.home.learnMore }).click();
    await expect.poll(() => pathOf(page.url())).toBe("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("on a phone the owner's photo comes first, full width, and is the largest paint", async ({
    page,
    request,
  }) => {
    // The first start encodes the seed pictures in the background: wait for the home hero.
    await expect
      .poll(
        async () => ((await (await request.get("/api/storefront")).json()) as { homeHero: unknown }).homeHero,
        {
          timeout: 60_000,
        },
      )
      .not.toBeNull();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      const w = window as unknown as { lcpTag?: string };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          w.lcpTag = (entry as unknown as { element: Element | null }).element?.tagName;
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await gotoPage(page, "/");
    const hero = page.locator('picture[data-slot="home_hero"] img');
    await expect(hero).toHaveJSProperty("complete", true);
    const photo = await hero.boundingBox();
    const title = await page.locator("#hero-title").boundingBox();
    // Above the heading, the page's width less its 16 px sides, square.
    expect(photo && title && photo.y + photo.height <= title.y).toBe(true);
    expect(photo?.width).toBe(358);
    expect(photo?.height).toBe(358);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { lcpTag?: string }).lcpTag))
      .toBe("IMG");
    // The preload asks for the width the layout shows.
    const sizes = await hero.evaluate((img) =>
      img.parentElement?.querySelector("source")?.getAttribute("sizes"),
    );
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute("imagesizes", sizes ?? "");
  });
});
