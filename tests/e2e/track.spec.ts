/**
 * /track against the real server: an order placed and paid (through the API and the built-in
 * test payment page), found with the number from its confirmation e-mail and its address.
 */

import { ACCOUNT_MESSAGES } from "../../src/shared/account-messages";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { TRACKING_STAGES } from "../../src/shared/orders";
import { placePaidOrder } from "./admin-helpers";
import { mailsTo, uniqueEmail } from "./auth-helpers";
import { type APIRequestContext, expect, test } from "./fixtures/test";
import { gotoPage } from "./helpers";

/** What placePaidOrder buys. */
const PRODUCT_NAME = "Wall Mounting Kit";

/** Places and pays an order as a guest; answers the order number read from the confirmation e-mail. */
async function paidOrderNumber(request: APIRequestContext, email: string): Promise<string> {
  await placePaidOrder(request, email);
  let number = "";
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email)).find((m) => /#\d+ is confirmed/.test(m));
        number = /#(\d+) is confirmed/.exec(mail ?? "")?.[1] ?? "";
        return number;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return number;
}

test("finds a paid order by the number in its e-mail and shows where it is", async ({ page, request }) => {
  const email = uniqueEmail("track");
  const number = await paidOrderNumber(request, email);
  await gotoPage(page, "/track");
  await page.getByLabel("Order Number").fill(number.toUpperCase());
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: CHECKOUT_MESSAGES.track.trackOrder }).click();
  const result = page.getByTestId("track-result");
  await expect(result).toContainText(`#${number}`);
  await expect(page.getByTestId("track-status")).toHaveText("Processing");
  await expect(page.getByTestId("track-progress")).toHaveText("25%");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
  await expect(result).toContainText(PRODUCT_NAME);
  await expect(result).toContainText(ACCOUNT_MESSAGES.account.testOrder);
  const guide = page.getByTestId("track-guide");
  for (const stage of TRACKING_STAGES) await expect(guide).toContainText(stage.label);
  await expect(guide.locator('[aria-current="step"]')).toContainText("Processing");
});

test("a wrong e-mail gets the same not-found answer, blank fields are refused, support is one click away", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("track-miss");
  const number = await paidOrderNumber(request, email);
  await page.goto(`/track?order=${number}`);
  await expect(page.getByLabel("Order Number")).toHaveValue(number);

  await page.getByRole("button", { name: CHECKOUT_MESSAGES.track.trackOrder }).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.validation.emailRequired)).toBeVisible();
  await page.getByLabel("Order Number").fill("   ");
  await page.getByRole("button", { name: CHECKOUT_MESSAGES.track.trackOrder }).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.validation.orderNumberRequired)).toBeVisible();

  await page.getByLabel("Order Number").fill(number);
  await page.getByLabel("Email").fill("not-the-buyer@example.test");
  await page.getByRole("button", { name: CHECKOUT_MESSAGES.track.trackOrder }).click();
  await expect(page.getByRole("alert")).toHaveText(CHECKOUT_MESSAGES.track.notFound);
  await expect(page.getByTestId("track-result")).toHaveCount(0);

  await page.getByRole("link", { name: CHECKOUT_MESSAGES.track.contactSupport }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
