/**
 * Print files on the admin order page: an unpaid order says files come once it is paid; a paid
 * test order offers to generate its files (test orders never queue them by themselves), then
 * shows its panel being generated, then ready, and the download link saves a 3MF that unzips to
 * a 3D model.
 */

import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { orderNumberOf, placeLithophaneOrder, signInAdminForEachTest } from "./admin-helpers";
import { axeViolations } from "./fixtures/axe";
import { expect, test } from "./fixtures/test";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

test("an unpaid order says its print files come once it is paid", async ({ page, request }) => {
  const orderId = await placeLithophaneOrder(request, { pay: false, name: "print-file" });
  await page.goto(`/admin/orders/${orderId}`);
  const section = page.getByRole("region", { name: ADMIN_MESSAGE_TEXTS.printFiles.title });
  await expect(section.getByText(ADMIN_MESSAGE_TEXTS.printFiles.notPaid)).toBeVisible();
});

test("a paid lithophane order shows its panel ready, and the link downloads a 3MF", async ({
  page,
  request,
}) => {
  // Generation shares two cores with the rest of the suite: allow for a slow machine.
  test.setTimeout(120_000);
  const orderId = await placeLithophaneOrder(request, { pay: true, name: "print-file" });
  const number = orderNumberOf(orderId);
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
  const section = page.getByRole("region", { name: ADMIN_MESSAGE_TEXTS.printFiles.title });
  // A test order (the test payment page) queues no print files by itself: the admin asks.
  await expect(section.getByText(ADMIN_MESSAGE_TEXTS.printFiles.testOrderManual)).toBeVisible();
  await section.getByRole("button", { name: ADMIN_MESSAGE_TEXTS.printFiles.generate }).click();
  const fileName = `order-${number}-item-1-panel-1.3mf`;
  await expect(section.getByText(fileName)).toBeVisible();
  // The panel polls until the file is generated (a 180 x 180 mm panel at 0.2 mm).
  const link = section.getByRole("link", { name: ADMIN_MESSAGE_TEXTS.printFiles.downloadLabel(fileName) });
  await expect(link).toBeVisible({ timeout: 90_000 });
  await expect(section.getByText(ADMIN_MESSAGE_TEXTS.printFiles.status.done, { exact: true })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const saved = await download.path();
  const zip = unzipSync(new Uint8Array(await readFile(saved)));
  expect(Object.keys(zip)).toContain("3D/3dmodel.model");
  expect(new TextDecoder().decode(zip["3D/3dmodel.model"]?.subarray(0, 2000))).toContain("<model");

  expect(await axeViolations(page, "main")).toEqual([]);
});
