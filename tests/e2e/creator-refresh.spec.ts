/**
 * "Options are refetched every 30 seconds" (spec section 2, limit OPTIONS_REFETCH_MS): the creator's
 * options query (TanStack Query's refetchInterval, a page setInterval) runs on Playwright's fake clock,
 * so the test moves time on instead of waiting. The changed option is served by a route, not written to
 * the shared database, so journeys running beside this one keep the seeded options.
 */

import { CREATOR_MESSAGES } from "../../src/shared/creator-messages";
import { OPTIONS_REFETCH_MS } from "../../src/shared/limits";
import type { GroupedOptions } from "../../src/shared/options";
import { optionName, radio, uploadMainPhoto } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";

const OPTIONS_PATH = "/api/catalog/options";

declare global {
  interface Window {
    /** The page clock's time at each options fetch the app started (recorded by the init script). */
    __optionsFetches?: number[];
  }
}

/** Page-clock times of the app's option fetches so far. */
function optionFetches(page: Page): Promise<number[]> {
  return page.evaluate(() => [...(window.__optionsFetches ?? [])]);
}

test("the creator fetches its options again every 30 seconds and shows the change", async ({ page }) => {
  // Count the app's own calls in the page, at the moment fetch is called (and at the page clock's time).
  await page.addInitScript((path) => {
    const original = window.fetch.bind(window);
    window.__optionsFetches = [];
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, window.location.href).pathname === path) window.__optionsFetches?.push(Date.now());
      return original(input, init);
    };
  }, OPTIONS_PATH);

  // Until `changed` is set the server's answer passes unchanged; then "Colour" processing is enabled,
  // as an admin switching it on would do.
  let changed = false;
  let served = 0;
  await page.route(`**${OPTIONS_PATH}`, async (route) => {
    const headers = { ...route.request().headers() };
    delete headers["if-none-match"];
    const response = await route.fetch({ headers });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { options: GroupedOptions; source: string };
    // Colour starts "coming soon" (as a shop that has not switched it on) and is switched on.
    body.options = {
      ...body.options,
      processing: body.options.processing.map((option) =>
        option.id === "colour" ? { ...option, status: changed ? "enabled" : "coming_soon" } : option,
      ),
    };
    served++;
    await route.fulfill({ status: 200, contentType: "application/json", json: body });
  });

  await page.clock.install();
  await page.goto("/shop/create");
  await uploadMainPhoto(page);
  await expect.poll(() => optionFetches(page)).not.toHaveLength(0);
  await expect.poll(() => served).toBeGreaterThan(0);

  // Colour is coming soon and cannot be chosen.
  const colour = radio(page, optionName("processing", "colour"));
  await expect(colour).toBeDisabled();
  await expect(page.locator("label", { has: colour })).toContainText(
    CREATOR_MESSAGES.creator.comingSoonSuffix,
  );
  await expect(radio(page, optionName("processing", "grayscale"))).toBeEnabled();

  // Stop the clock, then let page time run in whole seconds until the next refetch starts.
  changed = true;
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const initial = (await optionFetches(page)).length;
  let waited = 0;
  while ((await optionFetches(page)).length === initial) {
    expect(waited, "a refetch within 30 s of page time").toBeLessThan(OPTIONS_REFETCH_MS);
    await page.clock.runFor(1_000);
    waited += 1_000;
  }
  expect(await optionFetches(page)).toHaveLength(initial + 1);

  // The refetched answer reaches the page: Colour can now be chosen, no longer marked coming soon.
  // (TanStack Query hands results to React on a setTimeout(0): let due timers run, without moving time.)
  await expect
    .poll(async () => {
      await page.clock.runFor(0);
      return colour.isEnabled();
    })
    .toBe(true);
  await expect(page.locator("label", { has: colour })).not.toContainText(
    CREATOR_MESSAGES.creator.comingSoonSuffix,
  );

  // TanStack Query restarts the interval when an answer arrives (the clock stands still meanwhile):
  // the next fetch comes exactly 30 s of page time later, not a millisecond before.
  const answeredAt = await page.evaluate(() => Date.now());
  await page.clock.runFor(OPTIONS_REFETCH_MS - 1);
  expect(await optionFetches(page)).toHaveLength(initial + 1);
  await page.clock.runFor(1);
  const fetches = await optionFetches(page);
  expect(fetches).toHaveLength(initial + 2);
  expect((fetches.at(-1) ?? 0) - answeredAt).toBe(OPTIONS_REFETCH_MS);

  await page.clock.resume();
  // And it is chosen like any other: the wizard moves on to the shape, the preview lists it.
  await colour.click();
  await expect(radio(page, optionName("shape", "square"))).toBeVisible();
  const preview = page.getByRole("region", { name: "Preview" });
  const processingRow = preview.locator("dl > div", { has: page.locator("dt", { hasText: /^Processing$/ }) });
  await expect(processingRow.locator("dd")).toHaveText(optionName("processing", "colour"));
  // The route answers after its own fetch to the server: the last one may still be on its way.
  await expect.poll(() => served).toBeGreaterThanOrEqual(initial + 2);
});
