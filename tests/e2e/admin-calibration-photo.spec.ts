/**
 * Issue 32 item 5 in the admin: calibration by photo. A filament is added, a photo of the lit wedge
 * (rendered from a known k per channel and scattering: src/lithophane/wedge-photo-render.ts) is
 * measured, the fit shows k and the scattering, and saving asks first. The filament is removed
 * again (it is never made active, so the rest of the suite prints today's look).
 *
 * With SHOTS_DIR set, the fit is saved at 1280 and 390 px.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import { renderWedgePhoto, TILTED_WEDGE } from "../../src/lithophane/wedge-photo-render";
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { signInAdminForEachTest } from "./admin-helpers";
import { axeViolations } from "./fixtures/axe";
import { expect, test } from "./fixtures/test";

signInAdminForEachTest();

const M = ADMIN_MESSAGE_TEXTS.calibration;

test("a photo of the lit wedge gives k per channel and the scattering, saved after asking", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const photo = renderWedgePhoto({
    attenuationRgbPerMm: [1.6, 1.9, 2.3],
    scatterPerMm: 0.3,
    corners: TILTED_WEDGE,
    whiteBalance: [1.1, 1, 0.85],
    cameraBlurPx: 0.8,
    noise: 1.5,
    width: 1440,
    height: 600,
  });
  const png = await sharp(Buffer.from(photo.data), {
    raw: { width: photo.width, height: photo.height, channels: 3 },
  })
    .png()
    .toBuffer();

  await page.goto("/admin/calibration");
  const name = `Photo PLA ${randomBytes(2).toString("hex")}`;
  const add = page.getByRole("form", { name: M.addTitle });
  await add.getByLabel(M.name).fill(name);
  await add.getByRole("button", { name: M.add }).click();
  await expect(page.getByText(M.added(name))).toBeVisible();
  const card = page.getByTestId("filament").filter({ hasText: name });
  const section = card.getByTestId("wedge-photo");
  await expect(section.getByRole("heading", { name: M.photoTitle(name) })).toBeVisible();

  await section
    .getByLabel(M.photoChoose)
    .setInputFiles({ name: "wedge.png", mimeType: "image/png", buffer: png });
  await section.getByRole("button", { name: M.photoFit }).click();
  const fit = section.getByTestId("wedge-photo-fit");
  await expect(fit).toBeVisible({ timeout: 60_000 });
  const k = Number(await fit.getByTestId("photo-k").textContent());
  const scatter = Number((await fit.getByTestId("photo-scatter").textContent())?.split(" ")[0]);
  expect(Math.abs(scatter - 0.3) / 0.3).toBeLessThanOrEqual(0.05);
  expect(k).toBeGreaterThan(1.6);
  expect(k).toBeLessThan(2.3);
  await expect(fit.getByRole("img", { name: M.photoChartLabel })).toBeVisible();
  // Nothing saved yet.
  await expect(card.getByTestId("filament-k")).toHaveText("2.000");

  expect(await axeViolations(page, "main")).toEqual([]);
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await fit.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(dir, `calibration-photo-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Saving asks first; a "no" keeps the filament as it was.
  page.once("dialog", (dialog) => void dialog.dismiss());
  await fit.getByRole("button", { name: M.photoSave(name) }).click();
  await expect(card.getByTestId("filament-k")).toHaveText("2.000");
  page.once("dialog", (dialog) => void dialog.accept());
  await fit.getByRole("button", { name: M.photoSave(name) }).click();
  await expect(card.getByTestId("filament-k")).toHaveText(k.toFixed(3));
  await expect(card.getByText(M.readingPhoto(k.toFixed(3), `${scatter.toFixed(3)} mm/mm`))).toBeVisible();

  await card.getByRole("button", { name: M.remove }).click();
  await expect(page.getByText(M.removed(name))).toBeVisible();
});
