/**
 * Issue 30 item 17: when a choice opens the next step, the creator moves the focus (and so the
 * scroll) to that step's title, which must land in view and not under the sticky header (or the
 * phone's preview bar). Checked at 390 and 1280 px, after every step, by asking the page which
 * element is drawn at the title's centre once scrolling has settled.
 */
import { getBundle } from "../../src/shared/bundles";
import { optionName, radio, uploadMainPhoto } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";

/** Where the open step's title is once scrolling stops, and whether it is the element drawn there. */
async function openStepTitleShown(page: Page, step: number) {
  const trigger = page.getByRole("button", { name: new RegExp(`^Step ${step}:`) });
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  await expect(trigger).toBeFocused();
  return trigger.evaluate(async (el) => {
    // Let smooth scrolling and the accordion's animation finish: scroll still for 10 frames.
    let last = -1;
    let still = 0;
    while (still < 10) {
      await new Promise(requestAnimationFrame);
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
    }
    const box = el.getBoundingClientRect();
    const header = document.querySelector("header")?.getBoundingClientRect();
    const x = box.left + Math.min(24, box.width / 2);
    const y = box.top + box.height / 2;
    const drawn = document.elementFromPoint(x, y);
    return {
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      headerBottom: Math.round(header?.bottom ?? 0),
      viewport: window.innerHeight,
      onTop: drawn !== null && (el === drawn || el.contains(drawn)),
    };
  });
}

for (const width of [390, 1280]) {
  test(`each opened step's title is in view below the header at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto("/shop/create");
    await uploadMainPhoto(page);
    const choices = [
      () => radio(page, optionName("processing", "grayscale")).click(),
      () => radio(page, optionName("shape", "rectangle")).click(),
      () => radio(page, optionName("frame_color", "black")).click(),
      () => radio(page, optionName("size", "6x8")).click(),
    ];
    const seen: string[] = [];
    for (const [index, choose] of [async () => {}, ...choices].entries()) {
      await choose();
      const step = index + 2; // the upload opened step 2; each choice opens the next
      const shown = await openStepTitleShown(page, step);
      seen.push(`step ${step}: ${JSON.stringify(shown)}`);
      expect(shown.top, seen.join("\n")).toBeGreaterThanOrEqual(shown.headerBottom);
      expect(shown.bottom, seen.join("\n")).toBeLessThanOrEqual(shown.viewport);
      expect(shown.onTop, seen.join("\n")).toBe(true);
    }
    expect(getBundle("gift")).toBeDefined();
  });
}
