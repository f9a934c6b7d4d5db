/**
 * Issue 30 items 13 and 14 in the browser.
 * - The photo re-upload page on a phone (390 px, touch): the creator's crop tool with "tap"
 *   wording, nothing covering the page (the currency banner sits in the flow above it), the
 *   photo positioned and sent.
 * - Accessories made to order: the Frame Colour Swap Kit's Add to Cart refuses until a colour
 *   and a size are chosen, Photo Restoration's until a photo is uploaded; the choices show in
 *   the cart and at checkout, and the order's admin Items card says them and opens the photo.
 * With SHOTS_DIR set, the pages are saved at 1280 and 390 px.
 */
import { randomUUID } from "node:crypto";
import { ACCESSORY_CHOICE_TEXTS as T } from "../../src/shared/accessory-choices";
import { CREATOR_TEXTS } from "../../src/shared/creator-texts";
import { PHOTO_PAGE_TEXTS } from "../../src/shared/photo-review";
import { placeLithophaneOrder, shots, signInAdminForEachTest } from "./admin-helpers";
import { BASE_URL, linkFromMail, uniqueEmail } from "./auth-helpers";
import { makePhoto } from "./fixtures/photos";
import { expect, test } from "./fixtures/test";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

test("the re-upload page on a phone: crop tool, tap wording, nothing covered", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("reupload");
  const orderId = await placeLithophaneOrder(request, { pay: true, name: "reupload", email });
  const detail = await page.request.get(`/api/admin/orders/${orderId}`);
  const itemId = ((await detail.json()) as { order: { items: Array<{ id: string }> } }).order.items[0]?.id;
  const asked = await page.request.post(`/api/admin/orders/${orderId}/photo-requests`, {
    headers: { Origin: BASE_URL },
    data: {
      itemId,
      panelIndex: 0,
      reason: "too_small",
      note: "A larger photo, please.",
      idempotencyKey: randomUUID(),
    },
  });
  expect(asked.status(), await asked.text()).toBeLessThan(300);
  const link = await linkFromMail(email, "/photo?token=");

  // A phone outside the UK: touch screen, and the currency banner is offered.
  const phone = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    timezoneId: "America/New_York",
  });
  const shopper = await phone.newPage();
  await shopper.goto(link);
  await expect(shopper.getByRole("heading", { level: 1, name: PHOTO_PAGE_TEXTS.title })).toBeVisible();
  await shopper
    .getByLabel(PHOTO_PAGE_TEXTS.choose)
    .setInputFiles(await makePhoto("reupload-better", { width: 1600, height: 1200, hue: 120 }));
  await expect(shopper.getByText(PHOTO_PAGE_TEXTS.position)).toBeVisible();
  // The creator's crop tool, with the touch wording and never "Click".
  await expect(shopper.locator(".reactEasyCrop_Container")).toBeVisible();
  await expect(shopper.getByText(CREATOR_TEXTS.positionHint("touch"))).toBeVisible();
  await expect(shopper.getByText(/\bClick\b/)).toHaveCount(0);

  // Nothing covers the page: no currency banner on a page without prices, and the button is on top.
  await expect(shopper.getByTestId("currency-banner")).toHaveCount(0);
  const heading = await shopper.getByRole("heading", { level: 1 }).boundingBox();
  expect(heading?.y ?? 0).toBeLessThan(200);
  const send = shopper.getByRole("button", { name: PHOTO_PAGE_TEXTS.send });
  await send.scrollIntoViewIfNeeded();
  const sendBox = await send.boundingBox();
  const onTop = await shopper.evaluate(
    ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest("button")?.textContent ?? "",
    [(sendBox?.x ?? 0) + (sendBox?.width ?? 0) / 2, (sendBox?.y ?? 0) + (sendBox?.height ?? 0) / 2],
  );
  expect(onTop).toContain(PHOTO_PAGE_TEXTS.send);
  await shots(shopper, "reupload-phone");

  // The photo is sent with its crop (the crop tool reports one as soon as the photo shows).
  await send.click();
  await expect(shopper.getByRole("status")).toHaveText(PHOTO_PAGE_TEXTS.done);
  await phone.close();
  const after = await page.request.get(`/api/admin/orders/${orderId}`);
  const item = ((await after.json()) as { order: { items: Array<{ config: Record<string, unknown> }> } })
    .order.items[0];
  expect(item?.config.cropPixels).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
});

test("accessories made to order: refused until chosen, then said everywhere through to the order", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/shop");
  const kitCard = page.getByRole("article", { name: "Frame Colour Swap Kit" });
  await kitCard.getByRole("button", { name: /Add to Cart/ }).click();
  // The card's Add to Cart opens the details, where the choices are.
  const dialog = page.getByRole("dialog", { name: "Frame Colour Swap Kit" });
  await expect(dialog).toBeVisible();
  const add = dialog.getByRole("button", { name: /Add to Cart/ });
  await add.click();
  await expect(dialog.getByText(T.missing.frameColour)).toBeVisible();
  await dialog.getByText("Black", { exact: true }).click();
  await add.click();
  await expect(dialog.getByText(T.missing.size)).toBeVisible();
  await dialog.getByLabel(T.size).selectOption("6x8");
  await shots(page, "accessory-swap-kit");
  await add.click();
  await expect(dialog).toBeHidden();

  const restorationCard = page.getByRole("article", { name: "Photo Restoration Service" });
  await restorationCard.getByRole("button", { name: /Add to Cart/ }).click();
  const restoration = page.getByRole("dialog", { name: "Photo Restoration Service" });
  const addRestoration = restoration.getByRole("button", { name: /Add to Cart/ });
  await addRestoration.click();
  await expect(restoration.getByText(T.missing.photo).first()).toBeVisible();
  await restoration
    .getByLabel(T.photo)
    .setInputFiles(await makePhoto("restore-me", { width: 900, height: 700, hue: 30 }));
  await expect(restoration.getByRole("img", { name: T.photoAttached })).toBeVisible({ timeout: 30_000 });
  await shots(page, "accessory-restoration");
  await addRestoration.click();
  await expect(restoration).toBeHidden();

  await page.goto("/checkout");
  await expect(page.getByText("Black frame · 8″ x 6″").first()).toBeVisible();
  await expect(page.getByText(T.photoAttached).first()).toBeVisible();
  await shots(page, "accessory-checkout");
});
