import { buildAccessoryCartItem, type CartItem } from "../../src/shared/cart";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { PENDING_PAYMENTS_KEY } from "../../src/web/features/checkout/pendingPayments";
import { CART_STORAGE_KEY } from "./fixtures/shop";
import { type BrowserContext, expect, type Locator, type Page } from "./fixtures/test";

/** Opens a route and waits until its page (lazy routes first show "Loading…") has its h1. */
export async function gotoPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("main h1")).toBeVisible();
}

/** The shop's toast holding `text` (title or description), or the newest one; sonner lists the newest first. */
export function toast(page: Page, text?: string | RegExp): Locator {
  const toasts = page.locator("[data-sonner-toast]");
  return (text === undefined ? toasts : toasts.filter({ hasText: text })).first();
}

/** A toast as the shop's texts hold it: a title, and a description under it. */
export interface ToastText {
  title: string;
  description?: string;
}

/** Asserts the newest toast shows this title (and description, when given). */
export async function expectToast(
  page: Page,
  title: string | ToastText,
  description?: string,
): Promise<void> {
  const text = typeof title === "string" ? { title, description } : title;
  const newest = toast(page);
  await expect(newest).toBeVisible();
  await expect(newest).toContainText(text.title);
  if (text.description !== undefined) await expect(newest).toContainText(text.description);
}

/** The site header (top navigation) and footer landmarks. */
export const header = (page: Page): Locator => page.getByRole("banner");
export const footer = (page: Page): Locator => page.getByRole("contentinfo");

// ------------------------------------------------------------------ cart and checkout

/** Accessories from the seeded catalogue, as a cart line needs them. */
export const ADAPTER = {
  id: "usb-c-power-adapter",
  name: "USB-C Power Adapter",
  pricePence: 999,
  imageUrl: null,
};
export const DIMMER = {
  id: "remote-dimmer",
  name: "Remote Control Dimmer",
  pricePence: 1499,
  imageUrl: null,
};

/** Puts these accessories in the guest cart (local storage, currency prompt seen), then opens /checkout. */
export async function openCheckoutWith(page: Page, products: (typeof ADAPTER)[]): Promise<CartItem[]> {
  const items = products.map((p) => buildAccessoryCartItem(p));
  await page.goto("/");
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key as string, value as string);
      window.localStorage.setItem("hasSeenCurrencyPrompt", "true");
    },
    [CART_STORAGE_KEY, JSON.stringify(items)],
  );
  await gotoPage(page, "/checkout");
  return items;
}

/** Fills the checkout's shipping form with a Belfast address. */
export async function fillShipping(page: Page, email: string): Promise<void> {
  await page.getByLabel("First Name").fill("Aoife");
  await page.getByLabel("Last Name").fill("Byrne");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Address Line 1").fill("12 Linen Hall Street");
  await page.getByLabel("City").fill("Belfast");
  await page.getByLabel("County").fill("County Antrim");
  await page.getByLabel("Postcode").fill("BT1 4AA");
}

/** Presses Proceed to Payment and returns the payment tab once it shows the TEST MODE page. */
export async function proceedToPayment(page: Page, context: BrowserContext): Promise<Page> {
  const tabPromise = context.waitForEvent("page");
  await page.getByRole("button", { name: CHECKOUT_MESSAGES.checkout.proceedToPayment }).click();
  const tab = await tabPromise;
  await tab.waitForURL(/\/api\/payments\/test\/[0-9a-f-]{36}\?token=/);
  await expect(tab.getByText("TEST MODE")).toBeVisible();
  return tab;
}

// ------------------------------------------------------------------ keyboard and focus

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focus is on `target` (or on one of the
 * elements it matches), as a keyboard user would reach it; fails after `max` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 80, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<void> {
  const key = backwards ? "Shift+Tab" : "Tab";
  const focused = () => target.evaluateAll((els) => els.some((el) => el === document.activeElement));
  for (let i = 0; i < max; i++) {
    if (await focused()) return;
    await page.keyboard.press(key);
  }
  expect(await focused(), `${target} reached within ${max} presses of ${key}`).toBe(true);
}

/** What a keyboard user sees of the focused element: a short description and its problems. */
export interface FocusReport {
  element: string;
  problems: string[];
}

/**
 * Checks the focused element (WCAG 2.4.7 and 2.4.11): it shows a focus indicator (an outline or
 * box-shadow on itself, or an outline on the wrapper drawing it for a visually hidden control
 * via :has(:focus-visible)), and the point at its centre (of one of its line boxes, for a
 * wrapped link) is inside the viewport and not covered by other content (the sticky header, a
 * floating button): elementFromPoint finds it there.
 *
 * It is judged as the visitor sees it: once the page has drawn a frame in which the focused
 * element's box is where it was in the frame before. Content arriving (a section loaded as the
 * visitor nears it) is laid out at once but answered by the page (useFocusStaysInView) in the next
 * frame; a look in between sees a place that is never drawn.
 */
async function judgeFocusInPage(): Promise<FocusReport | "visited" | null> {
  // A stop the tour already visited (it sets them up before each direction), or no focus at all,
  // ends the direction: judged in the same call, so each stop costs one round trip.
  const seen = (window as unknown as { __tabbed: WeakSet<Element> }).__tabbed;
  const focused = document.activeElement;
  if (!focused || focused === document.body || seen.has(focused)) return "visited";
  seen.add(focused);
  const boxOfFocus = () => {
    const box = document.activeElement?.getBoundingClientRect();
    return box ? `${box.left},${box.top},${box.width},${box.height}` : "";
  };
  const afterNextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  let previous = boxOfFocus();
  for (let frames = 0; frames < 60; frames++) {
    await afterNextFrame();
    const now = boxOfFocus();
    if (now === previous) break;
    previous = now;
  }
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return null;
  const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ");
  const element = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${name.slice(0, 50)}"`;
  const problems: string[] = [];

  const drawsOutline = (s: CSSStyleDeclaration) =>
    s.outlineStyle !== "none" &&
    Number.parseFloat(s.outlineWidth) > 0 &&
    !/rgba\(.*,\s*0\)$|transparent/.test(s.outlineColor);
  const style = getComputedStyle(el);
  let indicated = drawsOutline(style) || style.boxShadow !== "none";
  // A visually hidden control (a radio, a file input) whose wrapper draws the ring.
  for (let up = el.parentElement, i = 0; !indicated && up && i < 4; up = up.parentElement, i++) {
    indicated = up.matches(":has(:focus-visible)") && drawsOutline(getComputedStyle(up));
  }
  if (!indicated) problems.push("no visible focus indicator (outline or box-shadow)");

  // A link wrapping over two lines has one box per line: the centre of any of them will do.
  const boxes = Array.from(el.getClientRects()).filter((b) => b.width > 0 && b.height > 0);
  const centres = boxes.map((b) => ({ x: b.left + b.width / 2, y: b.top + b.height / 2 }));
  const inView = centres.filter((c) => c.x >= 0 && c.y >= 0 && c.x <= innerWidth && c.y <= innerHeight);
  if (centres.length === 0) {
    problems.push("has no size");
  } else if (inView.length === 0) {
    const c = centres[0] ?? { x: 0, y: 0 };
    problems.push(`its centre (${Math.round(c.x)}, ${Math.round(c.y)}) is outside the viewport`);
  } else {
    const hits = inView.map((c) => document.elementFromPoint(c.x, c.y));
    if (!hits.some((hit) => hit && (hit === el || el.contains(hit)))) {
      const hit = hits[0];
      const by = hit?.closest("header, [role=dialog], button, section, a") ?? hit;
      problems.push(
        `covered at its centre by <${by?.tagName.toLowerCase()}${by?.className ? ` class="${String(by.className).slice(0, 60)}"` : ""}>`,
      );
    }
  }
  return { element, problems };
}

/**
 * Tabs through the whole page (forwards, then back up with Shift+Tab, where a sticky header
 * is the risk) and returns every focus stop that fails `focusReport`, as readable lines. A
 * direction ends when the focus leaves the page or comes back to a stop it already visited.
 */
export async function focusProblemsWhileTabbing(page: Page, { max = 150 } = {}): Promise<string[]> {
  const found: string[] = [];
  for (const key of ["Tab", "Shift+Tab"]) {
    await page.evaluate(() => {
      (window as unknown as { __tabbed: WeakSet<Element> }).__tabbed = new WeakSet();
    });
    let stops = 0;
    for (; stops < max; stops++) {
      await page.keyboard.press(key);
      const report = await page.evaluate(judgeFocusInPage);
      if (report === "visited") break;
      if (report && report.problems.length > 0) {
        found.push(`${key} #${stops + 1} ${report.element}: ${report.problems.join("; ")}`);
      }
    }
    expect(stops, `focus stops reached with ${key}`).toBeGreaterThan(1);
  }
  return found;
}

/** The number (#1001 …; issue 47) of an order this page checked out, from its pending payment. */
export async function pendingOrderNumber(page: Page, orderId: string): Promise<string> {
  const number = await page.evaluate(
    ([key, id]) => {
      const list = JSON.parse(window.localStorage.getItem(key) ?? "[]") as Array<{
        orderId: string;
        displayNumber: string;
      }>;
      return list.find((p) => p.orderId === id)?.displayNumber ?? null;
    },
    [PENDING_PAYMENTS_KEY, orderId] as const,
  );
  if (!number) throw new Error(`no pending payment for ${orderId}`);
  return number;
}
