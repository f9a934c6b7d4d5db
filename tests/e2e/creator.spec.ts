import { BUNDLES, getBundle } from "../../src/shared/bundles";
import { CREATOR_STEP_LABELS, CREATOR_STEPS } from "../../src/shared/creator";
import { CREATOR_MESSAGES } from "../../src/shared/creator-messages";
import { CREATOR_TEXTS } from "../../src/shared/creator-texts";
import { MESSAGES } from "../../src/shared/messages";
import { formatGbp } from "../../src/shared/money";
import { sizeLabel } from "../../src/shared/options";
import { lithophaneFrameStyle } from "../../src/shared/product-types/lightbox";
import { makeOversizedFile, makePhoto } from "./fixtures/photos";
import {
  addToCartButton,
  cartPanel,
  chooseEverything,
  type LithophaneChoice,
  openCart,
  optionName,
  radio,
  stepTrigger,
  storedCart,
  uploadMainPhoto,
} from "./fixtures/shop";
import { expect, test } from "./fixtures/test";
import { expectToast } from "./helpers";

const JOURNEYS: (LithophaneChoice & { title: string })[] = [
  { title: "Essentials, square in white", shape: "square", frame: "white", size: "7x7", bundle: "starter" },
  { title: "Keepsake, landscape in black", shape: "rectangle", frame: "black", size: "6x8", bundle: "gift" },
  {
    title: "Everlasting, portrait in gold",
    shape: "rectangle-portrait",
    frame: "gold",
    size: "8x6",
    bundle: "family",
  },
];

for (const journey of JOURNEYS) {
  test(`${journey.title}: from an uploaded photo to the cart`, async ({ page }) => {
    const bundle = getBundle(journey.bundle)!;
    await page.goto("/shop/create");
    await uploadMainPhoto(page);
    await chooseEverything(page, journey);

    // The preview lists every choice and the total (the bundle price; these options add nothing).
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText(optionName("shape", journey.shape));
    await expect(preview).toContainText(optionName("frame_color", journey.frame));
    await expect(preview).toContainText(bundle.name);
    await expect(page.getByTestId("creator-total")).toHaveText(formatGbp(bundle.pricePence));
    await expect(page.getByRole("list", { name: /Progress: 6 of 6/ })).toBeVisible();

    await expect(addToCartButton(page)).not.toHaveAttribute("aria-disabled", "true");
    await addToCartButton(page).click();
    const added = MESSAGES.cart.added(bundle.name);
    await expectToast(page, added.title, added.description);

    // The spec's cart item fields.
    const [item] = await storedCart(page);
    const shapeName = optionName("shape", journey.shape);
    const frameStyle = lithophaneFrameStyle(
      optionName("frame_color", journey.frame),
      bundle.lithophaneCount,
      shapeName,
    );
    expect(item).toMatchObject({
      size: sizeLabel({ id: journey.size, name: "" }),
      shape: bundle.name,
      frameStyle,
      price: bundle.pricePence,
      config: {
        kind: "lithophane",
        bundleId: bundle.id,
        shapeId: journey.shape,
        frameColorId: journey.frame,
        sizeId: journey.size,
      },
    });
    expect(item?.additionalImages).toHaveLength(bundle.additionalImages);
    expect(item?.cropData?.aspectRatio).toBe(
      journey.shape === "rectangle" ? "4:3" : journey.shape === "square" ? "1:1" : "3:4",
    );
    expect(item?.config.kind === "lithophane" && item.config.cropPixels?.width).toBeGreaterThan(0);

    // The cart panel's texts.
    await page.getByRole("button", { name: CREATOR_MESSAGES.creator.viewCart }).click();
    const panel = cartPanel(page);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(MESSAGES.cart.itemCount(1));
    await expect(panel).toContainText(MESSAGES.cart.itemTitle);
    // The line in plain English (issues 20 and 30), e.g. "Keepsake Collection · Greyscale · 3 panels ·
    // Rectangle (Landscape) 8″ x 6″ · Black frame": the size id is height x width, read width x height.
    const [height, width] = journey.size.split("x");
    const panels = bundle.lithophaneCount === 1 ? "1 panel" : `${bundle.lithophaneCount} panels`;
    await expect(panel).toContainText(`${bundle.name} · `);
    await expect(panel).toContainText(` · ${panels} · `);
    await expect(panel).toContainText(
      ` ${width}″ x ${height}″ · ${optionName("frame_color", journey.frame)} frame`,
    );
    await expect(panel.getByTestId("cart-total")).toHaveText(formatGbp(bundle.pricePence));
    await expect(panel.getByRole("img", { name: new RegExp(bundle.name) })).toBeVisible();
    await expect(panel.getByRole("link", { name: MESSAGES.cart.proceedToCheckout })).toHaveAttribute(
      "href",
      "/checkout",
    );
  });
}

test("steps open in order, coming-soon options cannot be chosen, and a new shape clears the size", async ({
  page,
}) => {
  await page.goto("/create");
  for (const step of CREATOR_STEPS.slice(1)) {
    await expect(
      page.getByRole("button", { name: new RegExp(`^Step ${CREATOR_STEPS.indexOf(step) + 1}:`) }),
    ).toBeDisabled();
  }
  await expect(page.getByRole("list", { name: /Progress: 0 of 6/ })).toBeVisible();
  for (const label of Object.values(CREATOR_STEP_LABELS)) {
    await expect(page.getByRole("list", { name: /Progress/ })).toContainText(label);
  }

  await uploadMainPhoto(page);
  await expect(page.getByRole("list", { name: /Progress: 1 of 6/ })).toBeVisible();
  await expect(stepTrigger(page, "Choose a shape")).toBeDisabled();

  // Colour is a product since issue 22 (tests/e2e/colour.spec.ts); grayscale is chosen here.
  await expect(radio(page, optionName("processing", "colour"))).toBeEnabled();
  await radio(page, optionName("processing", "grayscale")).click();
  // Coming soon: dimmed, marked and not choosable.
  const hexagon = radio(page, optionName("shape", "hexagon"));
  await expect(hexagon).toBeDisabled();
  await expect(hexagon).toHaveAttribute("aria-disabled", "true");
  await expect(page.locator("label", { has: hexagon })).toContainText(
    CREATOR_MESSAGES.creator.comingSoonSuffix,
  );
  await expect(radio(page, optionName("shape", "hexagon"))).toBeDisabled();
  await expect(radio(page, optionName("shape", "heart"))).toBeDisabled();
  await radio(page, optionName("shape", "square")).click();
  await radio(page, optionName("frame_color", "brown")).click();

  // Sizes are filtered by shape; only enabled ones can be chosen.
  await expect(radio(page, optionName("size", "7x7"))).toBeEnabled();
  await expect(radio(page, optionName("size", "9x9"))).toBeDisabled();
  await expect(radio(page, optionName("size", "6x8"))).toHaveCount(0);
  await radio(page, optionName("size", "7x7")).click();
  await expect(page.getByRole("list", { name: /Progress: 5 of 6/ })).toBeVisible();

  // Changing the shape clears later steps, the size included, once the customer says so (issue 30).
  await stepTrigger(page, "Choose a shape").click();
  await radio(page, optionName("shape", "rectangle")).click();
  const ask = page.getByRole("dialog", { name: CREATOR_TEXTS.resetConfirm.title("Shape") });
  await expect(ask).toContainText(CREATOR_TEXTS.resetConfirm.description(["Frame", "Size"], 0));
  await ask.getByRole("button", { name: CREATOR_TEXTS.resetConfirm.confirm }).click();
  await expect(page.getByRole("list", { name: /Progress: 3 of 6/ })).toBeVisible();
  await expect(stepTrigger(page, "Choose a size")).toBeDisabled();
  await expect(stepTrigger(page, "Choose your bundle")).toBeDisabled();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByText(CREATOR_MESSAGES.creator.notSelected)).toHaveCount(3); // frame, size, bundle

  await radio(page, optionName("frame_color", "brown")).click();
  await expect(radio(page, optionName("size", "6x8"))).toBeEnabled();
  await expect(radio(page, optionName("size", "7x7"))).toHaveCount(0);
});

test("changing processing after all six steps asks first, names what resets and keeps the extra photos (issue 30)", async ({
  page,
}) => {
  await page.goto("/shop/create");
  await uploadMainPhoto(page);
  await chooseEverything(page, { shape: "square", frame: "white", size: "7x7", bundle: "gift" });
  await expect(page.getByRole("list", { name: /Progress: 6 of 6/ })).toBeVisible();

  await stepTrigger(page, "Choose processing").click();
  await radio(page, optionName("processing", "colour")).click();
  const ask = page.getByRole("dialog", { name: "Change processing?" });
  await expect(ask).toContainText(
    "This clears your shape, frame, size and bundle choices, so you choose them again. Your photo and your 2 extra photos are kept.",
  );
  // Keeping the choices changes nothing.
  await ask.getByRole("button", { name: CREATOR_TEXTS.resetConfirm.cancel }).click();
  await expect(ask).toBeHidden();
  await expect(radio(page, optionName("processing", "grayscale"))).toBeChecked();
  await expect(page.getByRole("list", { name: /Progress: 6 of 6/ })).toBeVisible();

  await radio(page, optionName("processing", "colour")).click();
  await ask.getByRole("button", { name: CREATOR_TEXTS.resetConfirm.confirm }).click();
  await expect(page.getByRole("list", { name: /Progress: 2 of 6/ })).toBeVisible();
  await expect(stepTrigger(page, "Choose your bundle")).toBeDisabled();

  // Choosing again: the Keepsake still has both extra photos, nothing to upload again.
  await radio(page, optionName("shape", "square")).click();
  await radio(page, optionName("frame_color", "white")).click();
  await radio(page, optionName("size", "7x7")).click();
  await radio(page, getBundle("gift")!.name).click();
  await expect(page.getByRole("img", { name: "Photo 2 of 3" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Photo 3 of 3" })).toBeVisible();
  await expect(page.getByRole("list", { name: /Progress: 6 of 6/ })).toBeVisible();
  await expect(addToCartButton(page)).not.toHaveAttribute("aria-disabled", "true");
});

test("keyboard: arrow keys choose within a radio group and Continue moves on", async ({ page }) => {
  await page.goto("/shop/create");
  await uploadMainPhoto(page);
  await radio(page, optionName("processing", "grayscale")).click();
  const square = radio(page, optionName("shape", "square"));
  await square.focus();
  await page.keyboard.press("Space");
  await expect(square).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(radio(page, optionName("shape", "rectangle"))).toBeChecked();
  // A keyboard choice keeps the step open; Continue opens the next one.
  await page.getByRole("button", { name: `Continue to ${CREATOR_STEP_LABELS["frame-color"]}` }).click();
  await expect(radio(page, optionName("frame_color", "white"))).toBeVisible();
});

test("Add to Cart explains what is missing: no image, then additional images", async ({ page }) => {
  await page.goto("/shop/create");
  await expect(addToCartButton(page)).toHaveAttribute("aria-disabled", "true");
  await addToCartButton(page).click({ force: true });
  await expectToast(
    page,
    CREATOR_MESSAGES.creator.noImage.title,
    CREATOR_MESSAGES.creator.noImage.description,
  );

  await uploadMainPhoto(page);
  const keepsake = BUNDLES.find((b) => b.id === "gift")!;
  await radio(page, optionName("processing", "grayscale")).click();
  await radio(page, optionName("shape", "square")).click();
  await radio(page, optionName("frame_color", "white")).click();
  await radio(page, optionName("size", "7x7")).click();
  await radio(page, keepsake.name).click();
  await expect(page.getByTestId("creator-total")).toHaveText(formatGbp(keepsake.pricePence));
  await expect(page.getByText("Save 10%").first()).toBeVisible();
  await expect(addToCartButton(page)).toHaveAttribute("aria-disabled", "true");
  await addToCartButton(page).click({ force: true });
  const needTwo = CREATOR_MESSAGES.creator.additionalImagesRequired(2, keepsake.name);
  await expectToast(page, needTwo.title, needTwo.description);
  expect(await storedCart(page)).toHaveLength(0);

  await page.getByLabel("Upload photo 2 of 3").setInputFiles(await makePhoto("second"));
  await expect(page.getByRole("img", { name: "Photo 2 of 3" })).toBeVisible();
  await addToCartButton(page).click({ force: true });
  const needOne = CREATOR_MESSAGES.creator.additionalImagesRequired(1, keepsake.name);
  await expectToast(page, needOne.title, needOne.description);

  // Switching to Essentials needs no extra photo.
  await radio(page, getBundle("starter")!.name).click();
  await expect(addToCartButton(page)).not.toHaveAttribute("aria-disabled", "true");
});

test("uploads: too large is refused before sending, a server failure says so, small photos get advice", async ({
  page,
}) => {
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/uploads")) uploads.push(r.method());
  });
  await page.goto("/shop/create");
  await expect(page.getByText(CREATOR_MESSAGES.upload.hint)).toBeVisible();
  await expect(page.getByLabel("Upload your photo", { exact: true })).toHaveAttribute("accept", "image/*");

  await page.getByLabel("Upload your photo", { exact: true }).setInputFiles(makeOversizedFile());
  await expectToast(
    page,
    CREATOR_MESSAGES.upload.tooLarge.title,
    CREATOR_MESSAGES.upload.tooLarge.description,
  );
  expect(uploads).toHaveLength(0);

  await page.route("**/api/uploads/resumable**", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "internal", message: "boom" }),
    }),
  );
  await page.getByLabel("Upload your photo", { exact: true }).setInputFiles(await makePhoto("fails"));
  await expectToast(page, CREATOR_MESSAGES.upload.failed.title, CREATOR_MESSAGES.upload.failed.description);
  await expect(stepTrigger(page, "Choose processing")).toBeDisabled();
  await page.unroute("**/api/uploads/resumable**");

  await uploadMainPhoto(page, await makePhoto("small", { width: 1000, height: 800 }));
  await expect(page.getByText(CREATOR_MESSAGES.upload.lowResolution(1000, 800)).first()).toBeVisible();

  await stepTrigger(page, "Upload your photo").click();
  await page
    .getByLabel("Replace photo")
    .setInputFiles(await makePhoto("large", { width: 1600, height: 1200 }));
  await expect(radio(page, optionName("processing", "grayscale"))).toBeVisible();
  await expect(page.getByText(/we recommend at least 1200×1200 px/)).toHaveCount(0);
});

test("the crop is kept in source pixels and follows the shape's aspect ratio", async ({ page }) => {
  await page.goto("/shop/create");
  // 1600x1200: the server's preview is 1200x900, so a centred square crop is 1200x1200 at x=200.
  await uploadMainPhoto(page, await makePhoto("crop", { width: 1600, height: 1200 }));
  await chooseEverything(page, { shape: "square", frame: "white", size: "7x7", bundle: "starter" });
  const frame = page.getByTestId("preview-frame");
  await expect(frame).toHaveAttribute("data-frame-color", "#F5F5F5");
  const box = await frame.boundingBox();
  expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(2);

  await addToCartButton(page).click();
  // Add to Cart waits for the photo's upload, which may still be running: wait for the line.
  await expect.poll(async () => (await storedCart(page)).length).toBe(1);
  const [item] = await storedCart(page);
  expect(item?.config.kind === "lithophane" && item.config.cropPixels).toEqual({
    x: 200,
    y: 0,
    width: 1200,
    height: 1200,
  });
  expect(item?.cropData).toMatchObject({ x: 0, y: 0, zoom: 1, aspectRatio: "1:1" });
});

test("after adding, Create another starts afresh", async ({ page }) => {
  await page.goto("/shop/create");
  await uploadMainPhoto(page);
  await chooseEverything(page, { shape: "square", frame: "silver", size: "7x7", bundle: "starter" });
  await addToCartButton(page).click();
  await page.getByRole("button", { name: CREATOR_MESSAGES.creator.createAnother }).click();
  await expect(page.getByRole("list", { name: /Progress: 0 of 6/ })).toBeVisible();
  await expect(page.getByLabel("Upload your photo", { exact: true })).toBeVisible();
  await openCart(page, 1);
  await expect(cartPanel(page)).toContainText(MESSAGES.cart.itemCount(1));
});
