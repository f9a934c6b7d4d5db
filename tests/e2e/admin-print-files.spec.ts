/**
 * Print files on the admin order page: an unpaid order says files come once it is paid; a paid
 * test order offers to generate its files (test orders never queue them by themselves), then
 * shows its panel being generated, then ready, and the download link saves a 3MF that unzips to
 * a 3D model.
 */

import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { unzipSync } from "fflate";
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { payOnTestPage, signInAdminForEachTest } from "./admin-helpers";
import { BASE_URL, uniqueEmail } from "./auth-helpers";
import { makePhoto } from "./fixtures/photos";
import { type APIRequestContext, expect, test } from "./fixtures/test";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

/** A guest order for one Essentials lithophane (7x7 square) of an uploaded photo; paid when asked. */
async function placeLithophaneOrder(request: APIRequestContext, pay: boolean): Promise<string> {
  const photo = await makePhoto("print-file", { width: 400, height: 300 });
  const upload = await request.post("/api/uploads", {
    headers: { Origin: BASE_URL },
    multipart: {
      file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await readFile(photo) },
      kind: "main",
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const image = (await upload.json()) as { url: string; originalUrl: string };
  const res = await request.post("/api/checkout", {
    headers: { Origin: BASE_URL },
    data: {
      currency: "GBP",
      cartItems: [
        {
          id: `${Date.now()}-${randomBytes(4).toString("hex")}`,
          imageUrl: image.url,
          originalImageUrl: image.originalUrl,
          additionalImages: [],
          size: "7 inch x 7 inch",
          shape: "Essentials Collection",
          frameStyle: "White · 1 × Square",
          price: 5450,
          cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
          config: {
            kind: "lithophane",
            bundleId: "starter",
            processing: "grayscale",
            shapeId: "square",
            frameColorId: "white",
            sizeId: "7x7",
            cropPixels: { x: 50, y: 0, width: 300, height: 300 },
          },
        },
      ],
      shippingInfo: {
        firstName: "Niamh",
        lastName: "Printer",
        email: uniqueEmail("print-file"),
        phone: "07700 900123",
        addressLine1: "3 Lanyon Place",
        addressLine2: "",
        city: "Belfast",
        state: "Antrim",
        postalCode: "BT1 3LP",
        country: "United Kingdom",
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { url, orderId } = (await res.json()) as { url: string; orderId: string };
  if (pay) await payOnTestPage(request, url);
  return orderId;
}

test("an unpaid order says its print files come once it is paid", async ({ page, request }) => {
  const orderId = await placeLithophaneOrder(request, false);
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
  const orderId = await placeLithophaneOrder(request, true);
  const number = orderId.slice(0, 8);
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

  const results = await new AxeBuilder({ page })
    .include("main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
});
