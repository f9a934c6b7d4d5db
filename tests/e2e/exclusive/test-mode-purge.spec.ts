/**
 * Switching the shop to test mode and purging the test orders changes the whole shop: orders
 * other journeys place meanwhile would become test orders and be deleted under them. So this
 * runs in the "exclusive" project, after every other journey has finished (playwright.config.ts).
 */

import { openAdmin, orderNumberOf, placePaidOrder, signInAdminForEachTest } from "../admin-helpers";
import { uniqueEmail } from "../auth-helpers";
import { expect, test } from "../fixtures/test";

signInAdminForEachTest();

test("an admin switches to test mode, previews the test orders and purges them", async ({
  page,
  request,
}) => {
  await openAdmin(page, "/admin/data-management", "Data management");
  const env = page.getByRole("region", { name: "Environment mode" });
  await env.getByRole("button", { name: "Switch to test mode" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Switch to test mode" }).click();
  await expect(env.getByText("Test", { exact: true })).toBeVisible();

  const email = uniqueEmail("purge");
  const orderId = await placePaidOrder(request, email);

  const purge = page.getByRole("region", { name: "Purge test orders" });
  await purge.getByRole("button", { name: "Preview" }).click();
  await expect(purge.getByText(`#${orderNumberOf(orderId)}`)).toBeVisible();
  // Other journeys may add orders meanwhile: the server refuses a stale count, so retry once.
  for (let attempt = 0; attempt < 3; attempt++) {
    await purge.getByRole("button", { name: /^Delete \d+ test order/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete test orders" }).click();
    const outcome = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: /Test orders deleted|Nothing deleted/ });
    await expect(outcome.last()).toBeVisible();
    if ((await outcome.last().textContent())?.includes("Test orders deleted")) break;
    await expect(purge.getByRole("button", { name: /^Delete \d+ test order/ })).toBeVisible();
  }
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Test orders deleted" })).toBeVisible();

  const gone = await page.request.get(`/api/admin/orders/${orderId}`);
  expect(gone.status()).toBe(404);

  await env.getByRole("button", { name: "Switch to production mode" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Switch to production mode" }).click();
  // This shop takes test payments (no Stripe key): with the switch back on production it is
  // still in test mode, and says so, as the header does (issue 47 item 7: one answer).
  await expect(env.getByText("Environment switch: production.")).toBeVisible();
  await expect(env.getByTestId("shop-mode-now")).toHaveText("Now: Test");
  await expect(env.getByRole("button", { name: "Switch to test mode" })).toBeVisible();
});
