import { MESSAGES } from "../../src/shared/messages";
import { formatGbp } from "../../src/shared/money";
import { PRODUCT_CATEGORIES } from "../../src/shared/products";
import { cartPanel, openCart, storedCart } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";
import { expectToast } from "./helpers";

interface Product {
  id: string;
  name: string;
  category: string;
  pricePence: number;
  status: "available" | "coming_soon";
  specifications: string[];
  features: string[];
  compatibility: string | null;
}

async function products(page: Page): Promise<Product[]> {
  const res = await page.request.get("/api/catalog/products");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: Product[] }).products;
}

function card(page: Page, name: string) {
  return page.getByRole("article", { name });
}

test("the shop lists every accessory with its category, price and Add to Cart; coming soon is disabled", async ({
  page,
}) => {
  const all = await products(page);
  expect(all.some((p) => p.status === "coming_soon")).toBe(true);
  await page.goto("/shop");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const product of all) {
    const c = card(page, product.name);
    await expect(c).toContainText(product.category);
    expect(PRODUCT_CATEGORIES as readonly string[]).toContain(product.category);
    await expect(c).toContainText(formatGbp(product.pricePence));
    const add = c.getByRole("button", { name: `${MESSAGES.common.addToCart}: ${product.name}` });
    if (product.status === "coming_soon") {
      await expect(c).toContainText(MESSAGES.common.comingSoon);
      await expect(add).toBeDisabled();
    } else {
      await expect(add).toBeEnabled();
    }
  }
});

test("Start Creating goes to the creator", async ({ page }) => {
  await page.goto("/shop");
  // The hero and the featured lightbox card (issue 20) both offer it.
  const links = page.getByRole("main").getByRole("link", { name: MESSAGES.products.startCreating });
  await expect(links).toHaveCount(2);
  await links.last().click();
  await expect(page).toHaveURL(/\/shop\/create$/);
});

test("an accessory goes to the cart from its card", async ({ page }) => {
  const product = (await products(page)).find((p) => p.status === "available")!;
  await page.goto("/shop");
  await card(page, product.name)
    .getByRole("button", { name: `${MESSAGES.common.addToCart}: ${product.name}` })
    .click();
  const added = MESSAGES.cart.accessoryAdded(product.name);
  await expectToast(page, added.title, added.description);
  await openCart(page, 1);
  const panel = cartPanel(page);
  await expect(panel).toContainText(product.name);
  await expect(panel).toContainText("Standard");
  await expect(panel.getByTestId("cart-total")).toHaveText(formatGbp(product.pricePence));
  const [item] = await storedCart(page);
  expect(item).toMatchObject({
    size: "Standard",
    shape: "Rectangle",
    frameStyle: product.name,
    price: product.pricePence,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: { kind: "accessory", productId: product.id },
  });
});

test("the details dialog shows specifications, features, compatibility and price, and adds to the cart", async ({
  page,
}) => {
  const product = (await products(page)).find((p) => p.status === "available" && p.compatibility)!;
  await page.goto("/shop");
  await card(page, product.name)
    .getByRole("button", { name: `Details: ${product.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: product.name });
  await expect(dialog.getByRole("heading", { name: MESSAGES.products.specifications })).toBeVisible();
  for (const spec of product.specifications) await expect(dialog).toContainText(spec);
  await expect(dialog.getByRole("heading", { name: MESSAGES.products.features })).toBeVisible();
  for (const feature of product.features) await expect(dialog).toContainText(feature);
  await expect(dialog.getByRole("heading", { name: MESSAGES.products.compatibility })).toBeVisible();
  await expect(dialog).toContainText(product.compatibility!);
  await expect(dialog).toContainText(formatGbp(product.pricePence));
  await dialog.getByRole("button", { name: MESSAGES.common.addToCart }).click();
  const added = MESSAGES.cart.accessoryAdded(product.name);
  await expectToast(page, added.title, added.description);
  await expect(dialog).toBeHidden();
  expect(await storedCart(page)).toHaveLength(1);
});

test("a coming-soon product cannot be added: disabled on its card, refused from its dialog", async ({
  page,
}) => {
  const product = (await products(page)).find((p) => p.status === "coming_soon")!;
  await page.goto("/shop");
  const c = card(page, product.name);
  await expect(
    c.getByRole("button", { name: `${MESSAGES.common.addToCart}: ${product.name}` }),
  ).toBeDisabled();
  await c.getByRole("button", { name: `Details: ${product.name}` }).click();
  const dialog = page.getByRole("dialog", { name: product.name });
  await expect(dialog).toContainText(MESSAGES.common.comingSoon);
  const add = dialog.getByRole("button", { name: MESSAGES.common.addToCart });
  await expect(add).toHaveAttribute("aria-disabled", "true");
  await add.click({ force: true });
  await expectToast(page, MESSAGES.products.comingSoon.title, MESSAGES.products.comingSoon.description);
  expect(await storedCart(page)).toHaveLength(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: /^Open cart/ })).toHaveCount(0);
});

test("a failed product fetch shows the error toast and a retry that recovers", async ({ page }) => {
  await page.route("**/api/catalog/products", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"error":"internal","message":"down"}',
    }),
  );
  await page.goto("/shop");
  await expectToast(page, MESSAGES.products.fetchFailed.title, MESSAGES.products.fetchFailed.description);
  const retry = page.getByRole("button", { name: "Try again" });
  await expect(retry).toBeVisible();
  await page.unroute("**/api/catalog/products");
  await retry.click();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(retry).toHaveCount(0);
});

test("loading placeholders keep the grid's size", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The first product has a photo and the second has none (as in a shop part-way through adding
  // photos): both cards must keep the placeholder's height.
  await page.route("**/api/catalog/products", async (route) => {
    await held;
    const response = await route.fetch();
    const body = (await response.json()) as { products: Array<{ imageUrl: string | null }> };
    body.products[0]!.imageUrl = "/favicon.svg";
    body.products[1]!.imageUrl = null;
    await route.fulfill({ response, json: body });
  });
  await page.goto("/shop");
  // The accessories grid (the featured card and the reviews above and below it have lists too).
  const accessories = page.locator("section[aria-labelledby='accessories-heading']");
  const grid = accessories.locator("ul[aria-busy='true']");
  await expect(grid).toBeVisible();
  const skeletonHeight = (await grid.locator("li").first().boundingBox())?.height ?? 0;
  release();
  const cards = accessories.locator("ul li article");
  await expect(cards.first().getByTestId("product-photo")).toBeVisible();
  await expect(cards.nth(1).getByTestId("product-photo")).toHaveCount(0);
  for (const card of [cards.first(), cards.nth(1)]) {
    const cardHeight = (await card.boundingBox())?.height ?? 0;
    expect(Math.abs(cardHeight - skeletonHeight)).toBeLessThanOrEqual(2);
  }
});
