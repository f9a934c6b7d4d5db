import { getBundle } from "../../src/shared/bundles";
import { CREATOR_MESSAGES } from "../../src/shared/creator-messages";
import { CREATOR_TEXTS } from "../../src/shared/creator-texts";
import { MESSAGES } from "../../src/shared/messages";
import { axeViolations } from "./fixtures/axe";
import {
  addToCartButton,
  chooseEverything,
  optionName,
  radio,
  stepTrigger,
  storedCart,
  uploadMainPhoto,
} from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";
import { expectToast } from "./helpers";

/** The 3D view, the part of the page its accessibility check looks at. */
const VIEW = '[data-testid="lithophane-3d"]';

/**
 * The backlit 3D preview in the creator (issue 7 part 4). Chromium here runs with --disable-gpu; its
 * software WebGL (SwiftShader) may or may not be there, so the first test asks the page and, without
 * WebGL, checks the fallback instead of the model. The last test takes WebGL away on purpose.
 */

const texts = CREATOR_MESSAGES.creator.preview3d;

function section(page: Page) {
  return page.getByTestId("lithophane-3d");
}

function view(page: Page) {
  return page.getByTestId("lithophane-3d-view");
}

/** WCAG 2.2 AA violations inside the 3D preview, as readable lines. */
/** The view's observable state: meshes built so far, the last mesh's signature and the camera angles. */
async function viewState(page: Page) {
  const read = async (name: string) => (await view(page).getAttribute(name)) ?? "";
  return {
    builds: Number(await read("data-build-count")),
    signature: await read("data-mesh-signature"),
    azimuth: Number(await read("data-azimuth")),
    polar: Number(await read("data-polar")),
  };
}

async function pageHasWebGL(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    return (canvas.getContext("webgl2") ?? canvas.getContext("webgl")) !== null;
  });
}

/** Script files the page has fetched so far. */
async function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.endsWith(".js")),
  );
}

async function uploadAndChooseShape(page: Page, shape: string) {
  await page.goto("/shop/create");
  await uploadMainPhoto(page);
  // three.js (the stage chunk) and the preview's code load only once there is a preview to show.
  expect((await loadedScripts(page)).filter((name) => /\/(stage|LithophaneView)-/.test(name))).toEqual([]);
  // Nothing to show before a shape is chosen.
  await expect(section(page)).toHaveCount(0);
  await radio(page, optionName("processing", "grayscale")).click();
  await radio(page, optionName("shape", shape)).click();
  await expect(section(page)).toBeVisible();
  await expect(section(page).getByRole("heading", { name: texts.heading })).toBeVisible();
}

test("the backlit 3D preview appears, toggles its light and follows the shape", async ({ page }) => {
  await page.goto("/shop/create");
  const webgl = await pageHasWebGL(page);
  await uploadAndChooseShape(page, "square");

  if (!webgl) {
    test
      .info()
      .annotations.push({ type: "note", description: "no WebGL in this Chromium: fallback checked" });
    await expect(section(page)).toHaveAttribute("data-state", "unavailable");
    await expect(section(page)).toContainText(texts.unavailable);
    return;
  }

  await expect(section(page)).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  const model = view(page);
  await expect(model).toHaveAttribute("data-shape", "square");
  const squareVertices = Number(await model.getAttribute("data-vertex-count"));
  expect(squareVertices).toBeGreaterThan(1000);
  await expect(model).toHaveAccessibleName(texts.viewLabel(optionName("shape", "square"), true));
  await expect(model.locator("canvas")).toBeVisible();
  // The panel was built by the same lithophane code in a Web Worker, off the main thread.
  expect((await loadedScripts(page)).some((name) => /\/preview\.worker-/.test(name))).toBe(true);

  // Lit by default; the toggle is a real toggle button.
  const backlight = page.getByRole("button", { name: texts.backlight, exact: true });
  await expect(backlight).toHaveAttribute("aria-pressed", "true");
  await expect(model).toHaveAttribute("data-mode", "lit");
  expect(await axeViolations(page, VIEW)).toEqual([]);
  await backlight.click();
  await expect(backlight).toHaveAttribute("aria-pressed", "false");
  await expect(model).toHaveAttribute("data-mode", "unlit");
  await expect(model).toHaveAccessibleName(texts.viewLabel(optionName("shape", "square"), false));
  expect(await axeViolations(page, VIEW)).toEqual([]);
  await backlight.press("Enter");
  await expect(backlight).toHaveAttribute("aria-pressed", "true");

  // The camera starts a little to the right and above (16 and 81 degrees: stage.ts START_*).
  await expect(model).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
  await expect(model).toHaveAttribute("data-mesh-signature", /^[0-9a-f]{8}$/);
  const { builds } = await viewState(page);
  expect(builds).toBeGreaterThanOrEqual(1);
  await expect(model).toHaveAttribute("data-azimuth", "16");
  await expect(model).toHaveAttribute("data-polar", "81");

  // Keyboard and buttons turn it, 15 degrees a step; Reset view puts it back.
  await model.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(model).toHaveAttribute("data-azimuth", "1");
  await page.keyboard.press("ArrowUp");
  await expect(model).toHaveAttribute("data-polar", "66");
  await page.getByRole("button", { name: texts.turnRight }).click();
  await expect(model).toHaveAttribute("data-azimuth", "16");
  await page.getByRole("button", { name: texts.turnOver }).click();
  await expect(model).toHaveAttribute("data-azimuth", String(16 - 180));
  await page.getByRole("button", { name: texts.resetView }).click();
  await expect(model).toHaveAttribute("data-azimuth", "16");
  await expect(model).toHaveAttribute("data-polar", "81");

  // Dragging across the model turns it: the camera swings round the panel.
  const box = await model.boundingBox();
  expect(box).not.toBeNull();
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.up();
  }
  await expect.poll(async () => (await viewState(page)).azimuth).not.toBe(16);
  const dragged = await viewState(page);
  expect(Math.abs(dragged.azimuth - 16)).toBeGreaterThan(5);
  // Turning the view does not rebuild the mesh.
  expect(dragged.builds).toBe(builds);

  // A new shape rebuilds the panel (choosing a shape moved the wizard on: open its step again).
  await stepTrigger(page, "Choose a shape").click();
  await radio(page, optionName("shape", "rectangle")).click();
  await expect(model).toHaveAttribute("data-shape", "rectangle", { timeout: 20_000 });
  const rectangleVertices = Number(await model.getAttribute("data-vertex-count"));
  expect(rectangleVertices).toBeGreaterThan(1000);
  expect(rectangleVertices).not.toBe(squareVertices);
  await stepTrigger(page, "Choose a shape").click();
  await radio(page, optionName("shape", "rectangle-portrait")).click();
  await expect(model).toHaveAttribute("data-shape", "rectangle-portrait", { timeout: 20_000 });

  await expect(model).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });

  // Moving the crop rebuilds it too: same shape and triangle count, a new mesh with a different relief.
  const beforeCrop = await viewState(page);
  const trianglesBeforeCrop = await model.getAttribute("data-triangle-count");
  await page.getByRole("slider", { name: "Zoom" }).fill("2");
  await expect
    .poll(async () => (await viewState(page)).builds, { timeout: 20_000 })
    .toBeGreaterThan(beforeCrop.builds);
  await expect(model).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
  await expect(section(page)).toHaveAttribute("data-state", "ready");
  const afterCrop = await viewState(page);
  expect(afterCrop.signature).toMatch(/^[0-9a-f]{8}$/);
  expect(afterCrop.signature).not.toBe(beforeCrop.signature);
  await expect(model).toHaveAttribute("data-shape", "rectangle-portrait");
  await expect(model).toHaveAttribute("data-triangle-count", trianglesBeforeCrop ?? "");
  // The rebuild keeps the viewer's angle.
  expect(afterCrop.azimuth).toBe(beforeCrop.azimuth);
});

test("local contrast, chosen with the processing, reshapes the preview and goes with the cart line", async ({
  page,
}) => {
  await page.goto("/shop/create");
  const webgl = await pageHasWebGL(page);
  await uploadMainPhoto(page);
  const localContrast = page.getByRole("checkbox", { name: CREATOR_TEXTS.localContrast.label });
  await expect(localContrast).not.toBeChecked();
  await expect(localContrast).toHaveAccessibleDescription(CREATOR_TEXTS.localContrast.hint);
  await localContrast.check();
  await chooseEverything(page, { shape: "square", frame: "white", size: "7x7", bundle: "starter" });

  if (webgl) {
    const model = view(page);
    await expect(model).toHaveAttribute("data-local-contrast", "true", { timeout: 20_000 });
    await expect(model).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
    const withContrast = await viewState(page);
    // Turning it off (the processing step again) rebuilds the panel with other tones, same grid.
    await stepTrigger(page, "Choose processing").click();
    await localContrast.uncheck();
    await expect(model).toHaveAttribute("data-local-contrast", "false", { timeout: 20_000 });
    await expect(model).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
    const without = await viewState(page);
    expect(without.builds).toBeGreaterThan(withContrast.builds);
    expect(without.signature).not.toBe(withContrast.signature);
    await localContrast.check();
    await expect(model).toHaveAttribute("data-local-contrast", "true", { timeout: 20_000 });
  }

  // The choice is kept through the later steps and goes with the line.
  await addToCartButton(page).click();
  await expectToast(page, MESSAGES.cart.added(getBundle("starter")?.name ?? "").title);
  const [line] = await storedCart(page);
  expect(line?.config).toMatchObject({ kind: "lithophane", localContrast: true });
});

test("without WebGL the creator says so and still adds to the cart", async ({ page }) => {
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    const passThrough = original as (this: HTMLCanvasElement, ...args: unknown[]) => RenderingContext | null;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      type: string,
      ...rest: unknown[]
    ) {
      if (type === "webgl" || type === "webgl2" || type === "experimental-webgl") return null;
      return passThrough.call(this, type, ...rest);
    } as typeof HTMLCanvasElement.prototype.getContext;
  });
  await uploadAndChooseShape(page, "square");
  await expect(section(page)).toHaveAttribute("data-state", "unavailable");
  await expect(section(page)).toContainText(texts.unavailable);
  await expect(view(page)).toHaveCount(0);
  expect(await axeViolations(page, VIEW)).toEqual([]);

  await radio(page, optionName("frame_color", "white")).click();
  await radio(page, optionName("size", "7x7")).click();
  await radio(page, getBundle("starter")?.name ?? "").click();
  await expect(section(page)).toContainText(texts.unavailable);
  await addToCartButton(page).click();
  const added = MESSAGES.cart.added(getBundle("starter")?.name ?? "");
  await expectToast(page, added.title);
});

for (const width of [1280, 390]) {
  test(`screenshot of the creator with the 3D preview at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto("/shop/create");
    test.skip(!(await pageHasWebGL(page)), "no WebGL in this Chromium");
    await uploadAndChooseShape(page, "rectangle");
    await radio(page, optionName("frame_color", "black")).click();
    await expect(section(page)).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
    await expect(view(page)).not.toHaveAttribute("aria-busy", "true");
    await section(page).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: test.info().outputPath(`creator-3d-${width}.png`) });
    await page.getByRole("button", { name: texts.backlight, exact: true }).click();
    await page.waitForTimeout(300);
    await section(page).screenshot({ path: test.info().outputPath(`creator-3d-${width}-unlit.png`) });
  });
}
