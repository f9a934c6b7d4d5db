import path from "node:path";
import { isCartItem } from "../../src/shared/cart-guard";
import { LAMP_TEXTS_WEB } from "../../src/shared/lamp-texts";
import { SEED_OPTIONS } from "../../src/shared/options";
import { lampCartLine } from "../../src/shared/product-types/lamp-creator";
import { lampSizeOffers } from "../../src/shared/product-types/lamp-offer";
import { documentTitle } from "../../src/shared/titles";
import { axeViolations } from "./fixtures/axe";
import { addLampPhoto, MEDIUM, makeLampPhoto } from "./fixtures/lamp";
import { storedCart } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";
import { expectToast } from "./helpers";

/**
 * The lithophane lamp's creator (issue 48 item 2): a size, two photos, their crops, the lamp lit from
 * inside and turnable, and Add to Cart; its card in the shop and the home page's link. Screenshots of
 * the creator and the card at 1280 and 390 px go to test-results/ to be looked at.
 */

const texts = LAMP_TEXTS_WEB;
/** Whether the cart takes a lamp line yet (the product-type seam teaches its guard). */
function cartTakesLamps(): boolean {
  const offers = lampSizeOffers(SEED_OPTIONS);
  const line = lampCartLine(
    {
      sizeId: "medium",
      sizeMm: { diameterMm: 100, heightMm: 150 },
      photos: [
        {
          image: { url: "/u/a.png", originalUrl: "/u/a.jpg", width: 10, height: 10 },
          cropData: null,
          cropPixels: null,
        },
      ],
    },
    offers,
  );
  return isCartItem(line);
}

/** The whole page from its top (sticky parts where they sit then), or the viewport with `target` at its top. */
async function shot(page: Page, name: string, target?: ReturnType<Page["getByTestId"]>) {
  const file = path.join("test-results", `lamp-${name}.png`);
  if (target) {
    await target.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await page.waitForTimeout(300);
    await page.screenshot({ path: file });
  } else {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: file, fullPage: true });
  }
}

test.describe("lithophane lamp creator", () => {
  test("choose Medium, add two photos, crop, see the lamp lit and turn it, add to cart", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto("/create/lamp");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(documentTitle("/create/lamp"));
    await expect(page.getByRole("heading", { level: 1, name: texts.page.title })).toBeVisible();
    // Only step 1 is open: the others say what comes first.
    await expect(page.getByText(texts.steps.locked).first()).toBeVisible();

    const medium = page.getByRole("radio", { name: MEDIUM });
    await medium.check();
    await expect(medium).toBeChecked();
    await expect(page.getByText(texts.size.dimensions(100, 150))).toBeVisible();

    await addLampPhoto(page, 1, await makeLampPhoto("1", 30));
    await addLampPhoto(page, 2, await makeLampPhoto("2", 200));
    await expect(page.getByRole("img", { name: texts.photos.photoLabel(2, 2) })).toBeVisible();

    // Step 3: a cropper per photo at the lamp's aspect; the keyboard moves photo 1 in its frame.
    const crops = page.getByTestId("lamp-crop");
    await expect(crops).toHaveCount(2);
    const position = page.getByRole("group", { name: /Photo 1 of 2 position/ });

    // Step 4: the 3D view (or, without WebGL in this Chromium, its notice).
    const preview = page.getByTestId("lamp-3d");
    await expect(preview).toHaveAttribute("data-state", /ready|unavailable/, { timeout: 60_000 });
    if ((await preview.getAttribute("data-state")) === "ready") {
      const view = page.getByTestId("lamp-3d-view");
      await expect(view).toHaveAttribute("data-photos", "2");
      // Moving photo 1 in its frame rebuilds the lamp.
      const builds = Number(await view.getAttribute("data-build-count"));
      await position.focus();
      for (let k = 0; k < 4; k++) await page.keyboard.press("ArrowLeft");
      await expect
        .poll(async () => Number(await view.getAttribute("data-build-count")), { timeout: 20_000 })
        .toBeGreaterThan(builds);
      await expect(view).toHaveAccessibleName(texts.preview.viewLabel(MEDIUM, 2));
      const before = Number(await view.getAttribute("data-azimuth"));
      await page.getByRole("button", { name: texts.preview.turnRight }).click();
      await expect(view).not.toHaveAttribute("data-azimuth", String(before));
      await view.focus();
      await page.keyboard.press("ArrowLeft");
      await expect(view).toHaveAttribute("data-azimuth", String(before));
      await page.getByRole("button", { name: texts.preview.light }).click();
      await expect(view).toHaveAttribute("data-mode", "unlit");
      await page.waitForTimeout(300);
      await view.screenshot({ path: path.join("test-results", "lamp-view-unlit.png") });
      await page.getByRole("button", { name: texts.preview.light }).click();
      await expect(view).toHaveAttribute("data-mode", "lit");
    } else {
      await expect(preview).toContainText(texts.preview.unavailable);
    }

    expect(await axeViolations(page)).toEqual([]);

    await shot(page, "creator-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(preview).toHaveAttribute("data-state", /ready|unavailable/);
    await page.waitForTimeout(500);
    await shot(page, "creator-390");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("button", { name: texts.cart.add }).click();
    if (cartTakesLamps()) {
      await expectToast(page, texts.cart.added);
      const [line] = await storedCart(page);
      expect(line?.size).toBe(MEDIUM);
      expect(line?.additionalImages).toHaveLength(1);
      expect(line?.config).toMatchObject({ kind: "lamp", sizeId: "medium" });
      await page.getByRole("button", { name: texts.cart.viewCart }).click();
      // The panel's words for the line are the product type's (describeLine, the seam's); its price is the owner's.
      await expect(page.getByRole("dialog")).toContainText("£44.99");
    } else {
      await expectToast(page, texts.cart.notYet);
    }
  });

  test("the shop's lamp card and the home page's link lead to the creator", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/shop");
    const card = page.getByTestId("lamp-card");
    await expect(card.getByRole("heading", { name: texts.card.title })).toBeVisible();
    await expect(card).toContainText(MEDIUM);
    await expect(card).toContainText(texts.card.base);
    await expect(page.getByRole("heading", { name: "LED Lamp Base" })).toBeVisible();
    await shot(page, "card-1280", card);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "card-390", card);
    await card.getByRole("link", { name: texts.card.cta }).click();
    await expect(page).toHaveURL(/\/create\/lamp$/);
    await expect(page.getByRole("heading", { level: 1, name: texts.page.title })).toBeVisible();

    await page.goto("/");
    await page.getByRole("link", { name: texts.card.homeLink }).click();
    await expect(page).toHaveURL(/\/create\/lamp$/);
  });

  test("with no size on sale the creator says so and the shop shows no lamp card", async ({ page }) => {
    await page.route("**/api/catalog/options", async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { options: Record<string, unknown> };
      await route.fulfill({ response, json: { ...answer, options: { ...answer.options, lamp_size: [] } } });
    });
    await page.goto("/create/lamp");
    await expect(page.getByText(texts.size.none)).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await page.goto("/shop");
    await expect(page.getByTestId("featured-lightbox")).toBeVisible();
    await expect(page.getByRole("heading", { name: "LED Lamp Base" })).toBeVisible();
    await expect(page.getByTestId("lamp-card")).toHaveCount(0);
  });
});
