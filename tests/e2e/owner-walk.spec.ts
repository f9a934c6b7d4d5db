/**
 * Issue 47 items 9-10, walked as the owner at 1280 and 390 px: the orders table shows its Total
 * without scrolling and the customer's proof beside the status; the phone dashboard's newest
 * orders show customer, status and total; the print queue lists a paid lithophane order's panels;
 * the order's crop previews are the panels as cut (a picture the server made from the crop), on
 * the order and the packing slip. With SHOTS_DIR set, every screen is saved at both widths.
 */
import { PRINT_QUEUE_TEXTS } from "../../src/shared/print-queue";
import { PROOF_ADMIN_TEXTS, PROOF_STATE_LABELS } from "../../src/shared/proofs";
import {
  openAdmin,
  orderNumberOf,
  placeLithophaneOrder,
  shots,
  signInAdminForEachTest,
} from "./admin-helpers";
import { expect, type Page, test } from "./fixtures/test";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Every crop preview image on the page has loaded a picture made from its crop. */
async function cropPreviewsLoaded(page: Page, expected: number): Promise<void> {
  const previews = page.locator('img[src*="/crop?v="]');
  await expect(previews).toHaveCount(expected);
  for (const img of await previews.all()) {
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
  }
}

test("the owner's screens at 1280 and 390 px: orders, dashboard, print queue, crop previews", async ({
  page,
  request,
}) => {
  const orderId = await placeLithophaneOrder(request, { pay: true, name: "walk-keepsake", bundle: "gift" });
  const number = orderNumberOf(orderId);

  // Orders at 1280: the Total column is on the screen, and the proof waits beside the status.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, `/admin/orders?q=${number}`, "Orders");
  const table = page.getByRole("table", { name: /Orders, / });
  const total = table.getByRole("columnheader", { name: "Total" });
  await expect(total).toBeVisible();
  const box = await total.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
  const row = table.getByRole("row").filter({ hasText: `#${number}` });
  await expect(row).toContainText(PROOF_ADMIN_TEXTS.state(PROOF_STATE_LABELS.awaiting));
  await noSidewaysScroll(page);
  await shots(page, "walk-orders");

  // The order: each of the Keepsake's three panels as cut, loaded from its crop.
  await openAdmin(page, `/admin/orders/${orderId}`, new RegExp(`Order #${number}`));
  await cropPreviewsLoaded(page, 3);
  await shots(page, "walk-order");

  // The packing slip: the same three cuts.
  await page.goto(`/admin/orders/${orderId}/packing-slip`);
  await expect(page.getByRole("heading", { name: "Packing slip" })).toBeVisible();
  await cropPreviewsLoaded(page, 3);
  await shots(page, "walk-packing-slip");

  // The print queue across orders: its panels, under a stage (a test order's files are made on
  // request, so none is being made yet: the queue lists what exists).
  await openAdmin(page, "/admin/print-queue", PRINT_QUEUE_TEXTS.title);
  await noSidewaysScroll(page);
  await shots(page, "walk-print-queue");

  // The phone dashboard: the newest order's customer, status and total, with nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page, "/admin", "Admin dashboard");
  const newest = page
    .getByRole("table", { name: "Newest orders" })
    .getByRole("row")
    .filter({ hasText: `#${number}` });
  await expect(newest.getByText("Niamh Printer")).toBeVisible();
  await expect(newest.getByText(/^£\d+\.\d{2}$/)).toBeVisible();
  await expect(newest.getByText("Paid", { exact: true })).toBeVisible();
  await noSidewaysScroll(page);

  // Orders on a phone: the card says the proof waits.
  await page.goto(`/admin/orders?q=${number}`);
  const card = page.getByRole("list", { name: "Orders" }).getByRole("listitem");
  await expect(card).toContainText(PROOF_ADMIN_TEXTS.state(PROOF_STATE_LABELS.awaiting));
  await noSidewaysScroll(page);
});
