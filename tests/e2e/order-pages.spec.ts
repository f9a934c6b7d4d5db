/**
 * Issue 30 item 16: an accessory-only order is not headed "Your panels" and shows no placeholder
 * box; the admin order hides the crop of accessory lines and, on a phone, puts Photo review and
 * Print files near the top; analytics without sales show an empty state, not "£0" axes. With
 * SHOTS_DIR set, each screen is saved at 1280 and 390 px.
 */
import { ANALYTICS_TEXTS } from "../../src/shared/analytics-texts";
import { ORDER_LINES_HEADINGS } from "../../src/shared/order-lines-heading";
import {
  openAdmin,
  placeAccessoryOrder,
  placeLithophaneOrder,
  shots,
  signInAdminForEachTest,
} from "./admin-helpers";
import { uniqueEmail } from "./auth-helpers";
import { expect, test } from "./fixtures/test";
import { ADAPTER, fillShipping, openCheckoutWith, proceedToPayment } from "./helpers";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

test("an accessory-only order's success page is 'Your items', with no placeholder box", async ({
  page,
  context,
}) => {
  await openCheckoutWith(page, [ADAPTER]);
  await fillShipping(page, uniqueEmail("accessory-only"));
  const tab = await proceedToPayment(page, context);
  await tab.getByRole("button", { name: /^Pay / }).click();
  await tab.waitForURL(/\/checkout\/success\?order=/);
  const details = tab.getByTestId("order-details");
  await expect(details.getByRole("heading", { name: ORDER_LINES_HEADINGS.items })).toBeVisible();
  await expect(details.getByRole("heading", { name: ORDER_LINES_HEADINGS.panels })).toHaveCount(0);
  await expect(details.getByRole("list", { name: ORDER_LINES_HEADINGS.items })).toContainText(ADAPTER.name);
  await expect(details.getByRole("list", { name: ORDER_LINES_HEADINGS.items }).locator("svg")).toHaveCount(0);
  await shots(tab, "issue30-success-accessory-only");
});

test("the admin order: no crop for an accessory; on a phone, photo review and print files come first", async ({
  page,
  request,
}) => {
  const accessory = await placeAccessoryOrder(request, uniqueEmail("admin-accessory"), { pay: true });
  await openAdmin(page, `/admin/orders/${accessory}`, /Order/);
  await expect(page.getByRole("region", { name: "Items" })).toContainText("Wall Mounting Kit");
  await expect(page.getByText(/^Crop:/)).toHaveCount(0);

  const lithophane = await placeLithophaneOrder(request, { pay: true, name: "phone-order" });
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page, `/admin/orders/${lithophane}`, /Order/);
  const top = async (name: string | RegExp) =>
    (await page.getByRole("heading", { level: 2, name }).boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  const printFiles = await top("Print files");
  const photoReview = await top(/^Photo review/);
  const items = await top("Items");
  const history = await top("Status history");
  expect(photoReview).toBeLessThan(items);
  expect(printFiles).toBeLessThan(items);
  expect(printFiles).toBeLessThan(1600);
  expect(items).toBeLessThan(history);
  await shots(page, "issue30-admin-order-phone");
});

test("analytics with no sales in the range show an empty state instead of £0 axes", async ({ page }) => {
  await openAdmin(page, "/admin/analytics?from=2001-01-01&to=2001-01-30", "Analytics");
  const empty = page.getByTestId("analytics-empty");
  await expect(empty).toContainText(ANALYTICS_TEXTS.noSalesTitle);
  await expect(empty).toContainText(ANALYTICS_TEXTS.noSales("2001-01-01", "2001-01-30"));
  await expect(page.getByRole("heading", { name: "Revenue over time" })).toHaveCount(0);
  await shots(page, "issue30-analytics-empty");
});
