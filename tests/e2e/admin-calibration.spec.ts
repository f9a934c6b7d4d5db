/**
 * Issue 19 in the admin: the Calibration screen (the active White PLA at today's k, the step wedge
 * download, adding a filament, a measured reading that computes k, making it active and back) and
 * the order page's production estimate from PrusaSlicer (installed on this machine: the estimate
 * must arrive; without it the page says "not available", proved by the integration test).
 *
 * With SHOTS_DIR set, screenshots of both pages at 1280 and 390 px are saved there.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { unzipSync } from "fflate";
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { orderNumberOf, placeLithophaneOrder, signInAdminForEachTest } from "./admin-helpers";
import { axeViolations } from "./fixtures/axe";
import { expect, type Page, test } from "./fixtures/test";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

const M = ADMIN_MESSAGE_TEXTS.calibration;
const E = ADMIN_MESSAGE_TEXTS.estimates;

async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function axe(page: Page): Promise<void> {
  expect(await axeViolations(page, "main")).toEqual([]);
}

test("the Calibration screen: the wedge, a filament added, a measured reading sets k, made active", async ({
  page,
}) => {
  await page.goto("/admin/calibration");
  await expect(page.getByRole("heading", { level: 1, name: M.title })).toBeVisible();
  await expect(page).toHaveTitle(/Calibration/);
  // A fresh shop prints in White PLA at today's k.
  const pla = page.getByTestId("filament").filter({ hasText: "White PLA" });
  await expect(pla.getByText(M.active, { exact: true })).toBeVisible();
  await expect(pla.getByTestId("filament-k")).toHaveText("2.000");
  await expect(pla.getByText("13.5%")).toBeVisible();

  // The wedge downloads as a 3MF project named for the active filament.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: M.downloadWedge }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("wedge-white-pla.3mf");
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(new TextDecoder().decode(zip["Metadata/Slic3r_PE.config"])).toContain("White PLA");

  // A new filament, then the owner's measurement: 30% of the light from 0.6 to 1.4 mm.
  const name = `Natural PETG ${randomBytes(2).toString("hex")}`;
  const add = page.getByRole("form", { name: M.addTitle });
  await add.getByLabel(M.name).fill(name);
  await add.getByRole("button", { name: M.add }).click();
  await expect(page.getByText(M.added(name))).toBeVisible();
  const petg = page.getByTestId("filament").filter({ hasText: name });
  await expect(petg.getByTestId("filament-k")).toHaveText("2.000");

  const reading = petg.getByRole("form", { name: M.readingTitle(name) });
  await reading.getByLabel(M.methodRatio).check();
  await reading.getByLabel(M.thinner).selectOption("0.6");
  await reading.getByLabel(M.thicker).selectOption("1.4");
  // A ratio that is not a share is refused on the spot.
  await reading.getByLabel(M.ratio).fill("130");
  await reading.getByRole("button", { name: M.compute }).click();
  await expect(reading.getByRole("alert")).toHaveText(M.ratioInvalid);
  await reading.getByLabel(M.ratio).fill("30");
  await reading.getByRole("button", { name: M.compute }).click();
  // k = -ln(0.3) / 0.8 = 1.505 per mm.
  await expect(petg.getByTestId("filament-k")).toHaveText("1.505");
  await expect(petg.getByText(M.readingRatio(0.3, 0.6, 1.4))).toBeVisible();
  // The edit form starts from the computed k, so saving a new name keeps it.
  await expect(petg.getByLabel(M.k, { exact: true })).toHaveValue("1.505");

  await petg.getByRole("button", { name: M.activate }).click();
  await expect(petg.getByText(M.active, { exact: true })).toBeVisible();
  await expect(pla.getByRole("button", { name: M.activate })).toBeVisible();
  // The creator's preview reads the active k from the catalogue.
  const options = (await (await page.request.get("/api/catalog/options")).json()) as {
    attenuationPerMm: number;
  };
  expect(options.attenuationPerMm).toBeCloseTo(1.505, 3);

  await axe(page);
  await shots(page, "calibration");

  // Back to White PLA, so the rest of the suite prints today's look.
  await pla.getByRole("button", { name: M.activate }).click();
  await expect(pla.getByText(M.active, { exact: true })).toBeVisible();
  await petg.getByRole("button", { name: M.remove }).click();
  await expect(page.getByText(M.removed(name))).toBeVisible();
});

test("the order page and the orders list show PrusaSlicer's print hours and grams", async ({
  page,
  request,
}) => {
  // Generating the file and slicing it share two cores with the rest of the machine.
  test.setTimeout(240_000);
  const orderId = await placeLithophaneOrder(request, { pay: true, name: "estimate" });
  await page.goto(`/admin/orders/${orderId}`);
  const section = page.getByRole("region", { name: ADMIN_MESSAGE_TEXTS.printFiles.title });
  await section.getByRole("button", { name: ADMIN_MESSAGE_TEXTS.printFiles.generate }).click();
  const estimate = section.getByTestId("production-estimate");
  await expect(estimate).toHaveAttribute("data-state", "pending", { timeout: 30_000 });
  await expect(estimate).toHaveAttribute("data-state", "done", { timeout: 200_000 });
  // "11.5 h · 66 g": hours with one decimal, grams whole.
  await expect(estimate).toContainText(/\d+\.\d h · \d+ g/);
  await expect(section.getByTestId("print-file-estimate")).toContainText(
    /White PLA · k 2\.00\/mm · \d+\.\d h · \d+ g/,
  );
  await axe(page);
  await shots(page, "order-estimate");

  await page.goto("/admin/orders");
  const row = page.getByRole("row").filter({ hasText: `#${orderNumberOf(orderId)}` });
  await expect(row.getByTestId("order-estimate")).toHaveText(/\d+\.\d h · \d+ g/);
  await expect(page.getByRole("columnheader", { name: E.listColumn })).toBeVisible();
  await shots(page, "orders-list");

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: E.queueTitle })).toBeVisible();
  await shots(page, "dashboard");
});
