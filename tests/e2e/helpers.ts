import { expect, type Locator, type Page } from "./fixtures/test";

/** Opens a route and waits until its page (lazy routes first show "Loading…") has its h1. */
export async function gotoPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("main h1")).toBeVisible();
}

/** The sonner toast holding `text` (title or description). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Asserts a toast with this title (and description, when given) is showing. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const t = toast(page, title);
  await expect(t).toBeVisible();
  if (description !== undefined) await expect(t).toContainText(description);
}

/** The site header (top navigation) and footer landmarks. */
export const header = (page: Page): Locator => page.getByRole("banner");
export const footer = (page: Page): Locator => page.getByRole("contentinfo");
