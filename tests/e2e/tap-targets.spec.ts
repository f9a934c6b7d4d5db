/**
 * Issue 31: on a phone every control is a target a finger can hit: at least 44 x 44 CSS px
 * (WCAG 2.5.5), on every public page at 390 px with a touch screen, and in the creator once a
 * photo opens its steps. The same visit to each page checks that it does not scroll sideways
 * (issue 20) and carries its section's title. Exempt, as WCAG exempts them: links inside running text, and controls
 * drawn elsewhere (a visually hidden radio whose label card is the target, the skip link until
 * it has the focus).
 */
import type { Page } from "@playwright/test";
import { documentTitle, KNOWN_PATHS } from "../../src/shared/titles";
import { uploadMainPhoto } from "./fixtures/shop";
import { expect, test } from "./fixtures/test";

const MIN_TARGET_PX = 44;
const SHOTS = process.env.E2E_PORT ? `test-results/e2e-${process.env.E2E_PORT}` : "test-results/e2e";
const shot = (path: string) => `${SHOTS}/tap-targets${path.replaceAll("/", "-")}-390.png`;

test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

/** Every visible control smaller than a finger, as "tag 'name' W x H". */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="checkbox"], [role="switch"], [role="tab"], [role="slider"]',
    );
    const out: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden (sr-only, a hidden radio)
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.opacity === "0") continue;
      // Its label is the target: a radio or checkbox drawn by its label card.
      if (el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox")) {
        const label = el.labels?.[0]?.getBoundingClientRect();
        if (label && label.width >= min && label.height >= min) continue;
      }
      // A link in running text (WCAG's inline exception).
      if (el.tagName === "A" && style.display === "inline") {
        const block = el.closest("p, li, td, dd");
        const text = (block?.textContent ?? "").trim().length;
        if (block && text > (el.textContent ?? "").trim().length + 10) continue;
      }
      if (box.width < min || box.height < min) {
        const name = (
          el.getAttribute("aria-label") ??
          el.textContent ??
          el.getAttribute("name") ??
          ""
        ).trim();
        out.push(
          `${el.tagName.toLowerCase()} '${name.slice(0, 40)}' ${Math.round(box.width)} x ${Math.round(box.height)}`,
        );
      }
    }
    return out;
  }, MIN_TARGET_PX);
}

/** How far the page scrolls sideways, in px: 0 when it fits the screen. */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

// One visit a page for what every public page owes a phone (issue 20, issue 31) and its title:
// each page is loaded once for all three.
test("every public page on a phone: controls of at least 44 px, no sideways scrolling, its section's title", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  const paths = [...KNOWN_PATHS, "/no-such-page"];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    for (const target of await smallTargets(page)) found.push(`${path}: ${target}`);
    const sideways = await sidewaysScroll(page);
    if (sideways > 0) found.push(`${path}: scrolls ${sideways} px sideways`);
    // Signed out, the account and admin areas send the visitor to sign in: titled as where it landed.
    const landed = new URL(page.url()).pathname;
    const title = await page.title();
    if (title !== documentTitle(landed))
      found.push(`${path}: titled "${title}", not "${documentTitle(landed)}"`);
    if (path === "/auth" || path === "/faq") await page.screenshot({ path: shot(path), fullPage: true });
  }
  expect(found).toEqual([]);
  expect(paths.length).toBeGreaterThan(30);
});

test("the creator's steps, once a photo opens them, are at least 44 px on a phone", async ({ page }) => {
  await page.goto("/shop/create");
  await uploadMainPhoto(page);
  await expect(page.getByTestId("preview-frame").locator("img")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await smallTargets(page)).toEqual([]);
});
