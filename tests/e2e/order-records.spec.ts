/**
 * What was bought is what the pages say (issue 30): a colour Keepsake (3 landscape panels) as a
 * gift, through the cart panel and the success page. Both say Colour and 3 panels, the cart's
 * thumbnail is the photo in colour, and the success page delivers to the recipient with the
 * gift message and the delivery window. Screenshots at 1280 and 390 px when SHOTS_DIR is set.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { GIFT_TEXTS } from "../../src/shared/gift-texts";
import { COLOUR_THUMBNAIL_MAX_SIDE_PX, colourThumbnailOf } from "../../src/shared/upload-thumbnails";
import { shots } from "./admin-helpers";
import { BASE_URL, uniqueEmail } from "./auth-helpers";
import { makePhoto } from "./fixtures/photos";
import { CART_STORAGE_KEY, cartPanel, escapeRegExp, openCart } from "./fixtures/shop";
import { type APIRequestContext, expect, test } from "./fixtures/test";
import { fillShipping, gotoPage, proceedToPayment } from "./helpers";

const SUMMARY = "Keepsake Collection · Colour · 3 panels · Rectangle (Landscape) 8″ x 6″ · Gold frame";

async function upload(request: APIRequestContext, name: string, hue: number, kind: "main" | "additional") {
  const photo = await makePhoto(name, { width: 800, height: 600, hue });
  const res = await request.post("/api/uploads", {
    headers: { Origin: BASE_URL },
    multipart: {
      file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await readFile(photo) },
      kind,
      ...(kind === "additional" ? { index: "0" } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { url: string; originalUrl: string };
}

test("a colour Keepsake gift reads the same in the cart and on the success page", async ({
  page,
  context,
}) => {
  const main = await upload(page.request, "records-main", 20, "main");
  const second = await upload(page.request, "records-second", 140, "additional");
  const third = await upload(page.request, "records-third", 260, "additional");
  const item = {
    id: `${Date.now()}-${randomBytes(4).toString("hex")}`,
    imageUrl: main.url,
    originalImageUrl: main.originalUrl,
    additionalImages: [second.url, third.url],
    size: "8 inch x 6 inch",
    shape: "Keepsake Collection",
    frameStyle: "Gold · 3 × Rectangle (Landscape)",
    price: 9315 + 3 * 1500,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "4:3" },
    config: {
      kind: "lithophane",
      bundleId: "gift",
      processing: "colour",
      shapeId: "rectangle",
      frameColorId: "gold",
      sizeId: "6x8",
      cropPixels: { x: 0, y: 0, width: 800, height: 600 },
    },
  };
  await page.goto("/");
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key as string, value as string);
      window.localStorage.setItem("hasSeenCurrencyPrompt", "true");
    },
    [CART_STORAGE_KEY, JSON.stringify([item])],
  );
  await gotoPage(page, "/shop");
  await openCart(page, 1);
  const panel = cartPanel(page);
  await expect(panel).toContainText(SUMMARY);
  // The thumbnail is the photo in colour (its small colour picture), not the greyscale preview.
  await expect(panel.locator("img").first()).toHaveAttribute("src", colourThumbnailOf(main.url) ?? "");
  await expect(panel.getByTestId("cart-total")).toHaveText("£138.15");
  await shots(page, "h30a-cart-colour-keepsake");
  await page.keyboard.press("Escape");

  await gotoPage(page, "/checkout");
  await fillShipping(page, uniqueEmail("records"));
  await page.getByLabel(GIFT_TEXTS.isGift).check();
  await page.getByLabel(GIFT_TEXTS.recipientName).fill("Niamh Kelly");
  await page.getByLabel(GIFT_TEXTS.message).fill("Happy birthday, Niamh!");
  const tab = await proceedToPayment(page, context);
  await expect(tab.getByText(SUMMARY)).toBeVisible();
  await expect(tab.getByText("Standard Delivery (5-7 business days)")).toBeVisible();
  await tab.getByRole("button", { name: "Pay £138.15" }).click();
  await tab.waitForURL(/\/checkout\/success\?order=/);

  const details = tab.getByTestId("order-details");
  await expect(details).toContainText(SUMMARY);
  await expect(tab.getByTestId("order-shipping-label")).toHaveText("Standard Delivery (5-7 business days)");
  await expect(tab.getByTestId("order-total")).toHaveText("£138.15");
  await expect(tab.getByTestId("order-address")).toContainText("Niamh Kelly");
  await expect(tab.getByTestId("order-address")).not.toContainText("Aoife Byrne");
  await expect(tab.getByTestId("order-gift")).toContainText("Happy birthday, Niamh!");
  // Every panel in colour, each its small colour picture, loaded (issue 30).
  const thumbnails = details.getByRole("img", { name: /, panel \d of 3$/ });
  await expect(thumbnails).toHaveCount(3);
  for (const [n, photo] of [main, second, third].entries()) {
    const img = thumbnails.nth(n);
    await expect(img).toHaveAttribute("src", colourThumbnailOf(photo.url) ?? "");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeLessThanOrEqual(
      COLOUR_THUMBNAIL_MAX_SIDE_PX,
    );
  }
  // The proof's picture, until the printer's simulation is ready, is the photo in colour too.
  await expect(tab.getByTestId("proof-preview").first()).toHaveAttribute(
    "style",
    new RegExp(escapeRegExp(main.originalUrl)),
  );
  await shots(tab, "h30a-success-colour-gift");
});
