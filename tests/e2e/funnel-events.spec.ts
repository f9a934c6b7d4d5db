import type { AnalyticsEventType } from "../../src/shared/admin-schemas";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { CREATOR_MESSAGES } from "../../src/shared/creator-messages";
import { MESSAGES } from "../../src/shared/messages";
import { addToCartButton, chooseEverything, uploadMainPhoto } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";

/** Every POST /api/events the page sends, in order, with exactly the body the server receives. */
function recordEvents(page: Page): { types: AnalyticsEventType[]; bodies: unknown[] } {
  const recorded = { types: [] as AnalyticsEventType[], bodies: [] as unknown[] };
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/api/events")) return;
    const body: unknown = request.postDataJSON();
    recorded.bodies.push(body);
    recorded.types.push((body as { type: AnalyticsEventType }).type);
  });
  return recorded;
}

test("the creator and checkout record the funnel's anonymous events, once each where it matters", async ({
  page,
}) => {
  const events = recordEvents(page);
  await page.goto("/shop/create");
  await expect.poll(() => events.types).toEqual(["creator_view"]);

  await uploadMainPhoto(page);
  await expect.poll(() => events.types.filter((t) => t === "creator_upload")).toHaveLength(1);

  await chooseEverything(page, { shape: "square", frame: "white", size: "7x7", bundle: "starter" });
  // Upload plus the five option steps: one event per completed step.
  await expect.poll(() => events.types.filter((t) => t === "creator_step")).toHaveLength(6);

  await addToCartButton(page).click();
  await expect.poll(() => events.types.filter((t) => t === "add_to_cart")).toHaveLength(1);
  // The funnel's own step: a lithophane added in the page load that uploaded its photo (issue 47).
  await expect.poll(() => events.types.filter((t) => t === "upload_add_to_cart")).toHaveLength(1);

  await page.getByRole("button", { name: CREATOR_MESSAGES.creator.viewCart }).click();
  await page.getByRole("link", { name: MESSAGES.cart.proceedToCheckout }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect.poll(() => events.types.filter((t) => t === "checkout_start")).toHaveLength(1);

  // Only the event type leaves the browser: no user, page or image data.
  for (const body of events.bodies) expect(Object.keys(body as object)).toEqual(["type"]);
  // A second visit to the creator in the same page load is not a new creator visit.
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\/create$/);
  await expect(addToCartButton(page)).toBeVisible();
  expect(events.types.filter((t) => t === "creator_view")).toHaveLength(1);

  // Back at the same cart's checkout, and after a reload: not a new start (issue 30).
  await page.goto("/checkout");
  await page.reload();
  await expect(page.getByRole("heading", { name: CHECKOUT_MESSAGES.checkout.orderSummary })).toBeVisible();
  await page.waitForTimeout(500);
  expect(events.types.filter((t) => t === "checkout_start")).toHaveLength(1);
});
