/**
 * Accessibility: every storefront route, scanned whole (navigation, main, footer and any
 * overlay) with axe-core for WCAG 2.0 A/AA, 2.1 AA and 2.2 AA, on a desktop and a phone-sized
 * screen; plus the states behind them: the mobile menu, the cart panel, the currency prompt,
 * every creator step, the product-details dialog, the checkout form with an order, the payment
 * pending / success / cancel pages of a real order, the signed-in account's tabs, the MFA
 * set-up dialog's three steps and the MFA code dialog at login. Zero violations allowed. Every
 * page is also watched for Content-Security-Policy violations: the strict policy must not
 * break any of them.
 */
import AxeBuilder from "@axe-core/playwright";
import { ACCOUNT_MESSAGES } from "../../src/shared/account-messages";
import { getBundle } from "../../src/shared/bundles";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { CREATOR_MESSAGES } from "../../src/shared/creator-messages";
import { totpCode } from "../support/totp";
import { createUserWithMfa, createVerifiedUser, field, submitLogin, uniqueEmail } from "./auth-helpers";
import { WCAG_TAGS } from "./fixtures/axe";
import { makePhoto } from "./fixtures/photos";
import { addToCartButton, optionName, radio, uploadMainPhoto } from "./fixtures/shop";
import { type BrowserContext, expect, type Page, test } from "./fixtures/test";
import { ADAPTER, DIMMER, fillShipping, openCheckoutWith, proceedToPayment } from "./helpers";

const ROUTES = [
  "/",
  "/shop",
  "/shop/create",
  "/about",
  "/faq",
  "/contact",
  "/auth",
  "/auth/forgot-password",
  "/auth/reset-password?token=a-token-from-the-email",
  "/auth/reset-password",
  "/track",
  "/privacy",
  "/shipping",
  "/returns",
  "/care",
  "/terms",
  "/cookies",
  "/checkout",
  // Without an order (a bookmark, a stale link): each says what it can.
  "/checkout/payment-pending",
  "/checkout/success",
  "/checkout/cancel",
  "/this-page-does-not-exist",
];

/** Collects the page's Content-Security-Policy violations from the first byte on. */
async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** Opens a route and waits for its page (lazy routes show "Loading…" first) and its data. */
async function open(page: Page, path: string): Promise<void> {
  await watchCsp(page);
  await page.goto(path);
  await expect(page.locator("main h1")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** The violations as readable lines: rule, impact, and where. */
async function violations(page: Page, build: (axe: AxeBuilder) => AxeBuilder = (a) => a): Promise<string[]> {
  const results = await build(new AxeBuilder({ page }).withTags(WCAG_TAGS)).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`,
    ),
  );
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`axe on every route (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of ROUTES) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await open(page, path);
        expect(await violations(page), `${path} at ${viewport.width}px`).toEqual([]);
        expect(await cspViolations(page), `${path}: Content-Security-Policy violations`).toEqual([]);
      });
    }
  });
}

test.describe("axe on interactive states", () => {
  test("the open mobile menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the cart panel with an item, and the floating cart button", async ({ page }) => {
    await open(page, "/shop");
    const add = page
      .getByRole("button", { name: /add to cart/i })
      .and(page.locator(":enabled"))
      .first();
    await add.click();
    const openCart = page.getByRole("button", { name: /cart, 1 item/i });
    await expect(openCart).toBeVisible();
    // With the toast too, once it has slid in (as the panel below): colours are checked as painted.
    await expectNoViolations(page, "with the floating cart button");
    await openCart.click();
    const panel = page.getByRole("dialog");
    await expect(panel).toBeVisible();
    await expectNoViolations(page, "with the cart panel open");
    expect(await cspViolations(page)).toEqual([]);
  });

  test.describe("outside the UK", () => {
    test.use({ timezoneId: "America/New_York" });
    test("the currency prompt", async ({ page }) => {
      await open(page, "/");
      await expect(page.getByRole("region", { name: "Switch Currency?" })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
});

/**
 * Waits until every finite animation and transition (a toast or dialog sliding in, an overlay
 * fading) has finished: axe checks colours as painted. Spinners and skeletons loop forever
 * and are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // Until two frames pass with no finite animation running: a toast starts its transition a
    // frame after it mounts, and a header link signed in on the way starts its colour change late.
    for (let rounds = 0; rounds < 20; rounds++) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === "running")
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** Scans the page once it has settled; `what` names the state in a failure. */
async function expectNoViolations(page: Page, what: string): Promise<void> {
  await animationsSettled(page);
  expect(await violations(page), what).toEqual([]);
}

test.describe("axe on every creator step", () => {
  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    test(`upload to Add to Cart with a three-photo bundle (${viewport.name})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await open(page, "/shop/create");
      await expectNoViolations(page, "upload step");

      await uploadMainPhoto(page);
      await expectNoViolations(page, "photo uploaded, processing step open");
      await radio(page, optionName("processing", "grayscale")).click();
      await expect(radio(page, optionName("shape", "square"))).toBeVisible();
      await expectNoViolations(page, "shape step open");
      await radio(page, optionName("shape", "square")).click();
      await expect(radio(page, optionName("frame_color", "white"))).toBeVisible();
      await expectNoViolations(page, "frame colour step open");
      await radio(page, optionName("frame_color", "white")).click();
      await expect(radio(page, optionName("size", "7x7"))).toBeVisible();
      await expectNoViolations(page, "size step open");
      await radio(page, optionName("size", "7x7")).click();
      const keepsake = getBundle("gift");
      if (!keepsake) throw new Error("no gift bundle");
      await expect(radio(page, keepsake.name)).toBeVisible();
      await expectNoViolations(page, "bundle step open");

      // A multi-photo bundle: the additional photos' upload slots, one filled.
      await radio(page, keepsake.name).click();
      await expect(page.getByLabel("Upload photo 2 of 3")).toBeAttached();
      await expectNoViolations(page, "bundle chosen, two photos to upload");
      await page.getByLabel("Upload photo 2 of 3").setInputFiles(await makePhoto("a11y-second"));
      await expect(page.getByRole("img", { name: "Photo 2 of 3" })).toBeVisible();
      await expectNoViolations(page, "one additional photo uploaded");
      await page.getByLabel("Upload photo 3 of 3").setInputFiles(await makePhoto("a11y-third", { hue: 200 }));
      await expect(page.getByRole("img", { name: "Photo 3 of 3" })).toBeVisible();
      await expectNoViolations(page, "every photo uploaded, ready to add");

      await addToCartButton(page).click();
      await expect(page.getByRole("button", { name: CREATOR_MESSAGES.creator.viewCart })).toBeVisible();
      await expectNoViolations(page, "added to the cart");
      expect(await cspViolations(page)).toEqual([]);
    });
  }
});

test.describe("axe on dialogs and the checkout", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the product-details dialog on /shop", async ({ page }) => {
    await open(page, "/shop");
    const details = page.getByRole("button", { name: /^Details: / });
    for (const index of [0, (await details.count()) - 1]) {
      const button = details.nth(index);
      const name = ((await button.getAttribute("aria-label")) ?? "").replace(/^Details: /, "");
      await button.click();
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, `details of ${name}`);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });

  test("the checkout form with an item, empty and with its errors", async ({ page }) => {
    await watchCsp(page);
    await openCheckoutWith(page, [ADAPTER, DIMMER]);
    await expect(
      page.getByRole("heading", { name: CHECKOUT_MESSAGES.checkout.shippingInformation }),
    ).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoViolations(page, "the shipping form and order summary");
    await page.getByRole("button", { name: CHECKOUT_MESSAGES.checkout.proceedToPayment }).click();
    await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
    await expectNoViolations(page, "after submitting it empty");
    await page.getByRole("radio", { name: /Express Delivery/ }).check();
    await expectNoViolations(page, "with express delivery");
    expect(await cspViolations(page)).toEqual([]);
  });

  /** Fills the form and goes to the test payment page; this tab shows payment pending. */
  async function payInNewTab(page: Page, context: BrowserContext): Promise<Page> {
    await openCheckoutWith(page, [ADAPTER]);
    await fillShipping(page, uniqueEmail("a11y-checkout"));
    return proceedToPayment(page, context);
  }

  test("payment pending, then success, of a real order", async ({ page, context }) => {
    const tab = await payInNewTab(page, context);
    await expect(page).toHaveURL(/\/checkout\/payment-pending\?orderId=/);
    await expect(page.getByRole("heading", { name: CHECKOUT_MESSAGES.checkout.pendingTitle })).toBeVisible();
    await expectNoViolations(page, "payment pending");
    await tab.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/checkout\/success\?order=/);
    await expect(page.getByTestId("order-number")).toBeVisible();
    await expectNoViolations(page, "success");
    await tab.waitForURL(/\/checkout\/success\?order=/);
    await expect(tab.getByTestId("order-number")).toBeVisible();
    await expectNoViolations(tab, "success, in the payment tab");
  });

  test("payment pending with a blocked pop-up, then cancel", async ({ page, context }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await openCheckoutWith(page, [ADAPTER]);
    await fillShipping(page, uniqueEmail("a11y-cancel"));
    await page.getByRole("button", { name: CHECKOUT_MESSAGES.checkout.proceedToPayment }).click();
    await expect(page.getByText(CHECKOUT_MESSAGES.checkout.popupBlocked)).toBeVisible();
    await expectNoViolations(page, "payment pending, pop-up blocked");
    const tabPromise = context.waitForEvent("page");
    await page
      .getByRole("alert")
      .getByRole("link", { name: CHECKOUT_MESSAGES.checkout.openPaymentPage })
      .click();
    const tab = await tabPromise;
    await tab.getByRole("button", { name: "Cancel payment" }).click();
    await page.waitForURL(/\/checkout\/cancel\?order=/);
    await expect(page.getByRole("link", { name: CHECKOUT_MESSAGES.checkout.tryAgain })).toBeVisible();
    await expectNoViolations(page, "cancelled");
  });

  test("the MFA set-up dialog's steps, then the signed-in account's tabs", async ({ page, request }) => {
    const user = await createVerifiedUser(request, "a11y-account");
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/account$/);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Set up multi-factor authentication" })).toBeVisible();
    await expectNoViolations(page, "MFA set-up: intro");
    await field(dialog, "Your password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Set up MFA" }).click();
    await expect(dialog.getByText(ACCOUNT_MESSAGES.auth.incorrectPassword)).toBeVisible();
    await expectNoViolations(page, "MFA set-up: intro with a wrong password");

    await field(dialog, "Your password").fill(user.password);
    await dialog.getByRole("button", { name: "Set up MFA" }).click();
    await expect(dialog.getByRole("img", { name: /QR code/ })).toBeVisible();
    await expectNoViolations(page, "MFA set-up: QR code and backup codes");
    const secret = (await field(dialog, "Manual entry key").inputValue()).replace(/\s/g, "");
    await dialog.getByRole("button", { name: ACCOUNT_MESSAGES.mfa.continueToVerification }).click();
    await expect(field(dialog, "Verification code")).toBeVisible();
    await expectNoViolations(page, "MFA set-up: verify");
    await field(dialog, "Verification code").fill(totpCode(secret));
    await dialog.getByRole("button", { name: "Verify and enable" }).click();
    await expect(dialog).toBeHidden();

    for (const [tab, name] of [
      ["profile", ACCOUNT_MESSAGES.account.profileTab],
      ["security", ACCOUNT_MESSAGES.account.securityTab],
      ["orders", ACCOUNT_MESSAGES.account.ordersTab],
    ] as const) {
      await open(page, `/account?tab=${tab}`);
      await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
      await page.waitForLoadState("networkidle");
      await expectNoViolations(page, `/account, ${name} tab`);
    }
  });

  test("the MFA code dialog at login, with a code and with a backup code", async ({ page, request }) => {
    const { user } = await createUserWithMfa(request, "a11y-mfa-login");
    await submitLogin(page, user.email, user.password);
    const dialog = page.getByRole("dialog", { name: "Two-factor verification" });
    await expect(field(dialog, "Authentication code")).toBeFocused();
    await expectNoViolations(page, "the code dialog");
    await dialog.getByRole("button", { name: "Use a backup code" }).click();
    await expect(field(dialog, "Backup code")).toBeVisible();
    await expectNoViolations(page, "the backup code dialog");
  });
});
