/**
 * Keyboard only (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11): a visitor who never uses a pointer. No
 * .click() here: only Tab, Shift+Tab, Space, Enter, the arrow keys and Escape, plus
 * setInputFiles on a focused file input (the operating system's file picker it would open is
 * not part of the page). They go through the whole creator to the cart panel, open and close
 * the product-details dialog and the cart panel on /shop, answer the currency prompt and use
 * the currency dropdown. Then, on the main pages, every focus stop shows a focus indicator and
 * is not hidden under the sticky header or a floating button, tabbing down and back up.
 */

import { ACCOUNT_MESSAGES } from "../../src/shared/account-messages";
import { getBundle } from "../../src/shared/bundles";
import { CREATOR_STEP_LABELS } from "../../src/shared/creator";
import { CREATOR_MESSAGES } from "../../src/shared/creator-messages";
import { LAMP_TEXTS_WEB } from "../../src/shared/lamp-texts";
import { MESSAGES } from "../../src/shared/messages";
import { totpCode } from "../support/totp";
import { createUserWithMfa, createVerifiedUser, field, pasteInto, type TestUser } from "./auth-helpers";
import { makePhoto } from "./fixtures/photos";
import { addToCartButton, cartPanel, optionName, radio, stepTrigger, storedCart } from "./fixtures/shop";
import { expect, type Locator, type Page, test } from "./fixtures/test";
import {
  ADAPTER,
  DIMMER,
  expectToast,
  focusProblemsWhileTabbing,
  gotoPage,
  openCheckoutWith,
  tabTo,
} from "./helpers";

/** Tabs into the open step's radio group, then picks `name` with Space and the arrow keys. */
async function chooseByKeyboard(page: Page, name: string): Promise<void> {
  const target = radio(page, name);
  await tabTo(page, page.getByRole("radio"));
  await page.keyboard.press("Space");
  for (let i = 0; i < 8 && !(await target.isChecked()); i++) await page.keyboard.press("ArrowDown");
  await expect(target).toBeChecked();
  await expect(target).toBeFocused();
}

/** Tabs to the step's Continue button and presses Enter: the next step opens with the focus on it. */
async function continueTo(page: Page, nextTitle: string, nextLabel: string): Promise<void> {
  await tabTo(page, page.getByRole("button", { name: `Continue to ${nextLabel}` }));
  await page.keyboard.press("Enter");
  const trigger = stepTrigger(page, nextTitle);
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
}

/** Tabs to a file input and gives it a photo, as the file picker it opens would. */
async function uploadByKeyboard(page: Page, input: Locator, photo: string): Promise<void> {
  await tabTo(page, input);
  await input.setInputFiles(photo);
}

/** The creator by keyboard from the upload to a chosen Keepsake bundle (three photos). */
async function creatorToBundleByKeyboard(page: Page) {
  await uploadByKeyboard(
    page,
    page.getByLabel("Upload your photo", { exact: true }),
    await makePhoto("keyboard-main"),
  );
  // The finished upload opens the processing step and takes the focus there.
  await expect(stepTrigger(page, "Choose processing")).toBeFocused();

  await chooseByKeyboard(page, optionName("processing", "grayscale"));
  await continueTo(page, "Choose a shape", CREATOR_STEP_LABELS.shape);
  await chooseByKeyboard(page, optionName("shape", "rectangle"));
  await continueTo(page, "Choose a frame colour", CREATOR_STEP_LABELS["frame-color"]);
  await chooseByKeyboard(page, optionName("frame_color", "black"));
  await continueTo(page, "Choose a size", CREATOR_STEP_LABELS.size);
  await chooseByKeyboard(page, optionName("size", "6x8"));
  await continueTo(page, "Choose your bundle", CREATOR_STEP_LABELS.bundle);
  const keepsake = getBundle("gift");
  if (!keepsake) throw new Error("no gift bundle");
  await chooseByKeyboard(page, keepsake.name);
  return keepsake;
}

/**
 * Logs in from /auth by keyboard: the e-mail typed, the password pasted (as a password
 * manager would: pasting must never be blocked), Enter.
 */
async function logInByKeyboard(page: Page, user: TestUser): Promise<void> {
  await gotoPage(page, "/auth");
  const form = page.getByRole("tabpanel", { name: ACCOUNT_MESSAGES.auth.loginTab });
  await tabTo(page, field(form, "Email"));
  await page.keyboard.type(user.email);
  const password = field(form, "Password");
  await tabTo(page, password);
  await pasteInto(page, password, user.password);
  await expect(password).toHaveValue(user.password);
  await page.keyboard.press("Enter");
}

test.describe("keyboard only", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the creator's steps: Up, Down, Home and End move between the steps that are open", async ({
    page,
  }) => {
    await gotoPage(page, "/shop/create");
    await uploadByKeyboard(
      page,
      page.getByLabel("Upload your photo", { exact: true }),
      await makePhoto("keyboard-steps"),
    );
    const upload = stepTrigger(page, "Upload your photo");
    const processing = stepTrigger(page, "Choose processing");
    await expect(processing).toBeFocused();
    await chooseByKeyboard(page, optionName("processing", "grayscale"));
    const shape = stepTrigger(page, "Choose a shape");
    await expect(shape).toBeEnabled();
    // The steps still locked are skipped: Down from the last open step wraps to the first.
    await tabTo(page, processing, { backwards: true });
    await page.keyboard.press("ArrowDown");
    await expect(shape).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(upload).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(shape).toBeFocused();
    await page.keyboard.press("Home");
    await expect(upload).toBeFocused();
    await page.keyboard.press("End");
    await expect(shape).toBeFocused();
    // Enter on a step opens it (and closes the one open).
    await page.keyboard.press("Enter");
    await expect(shape).toHaveAttribute("aria-expanded", "true");
    await expect(processing).toHaveAttribute("aria-expanded", "false");
  });

  test("the creator, from the photo to the cart panel", async ({ page }) => {
    await gotoPage(page, "/shop/create");
    const keepsake = await creatorToBundleByKeyboard(page);

    // The bundle's two other photos, each through its own focused upload slot.
    for (const n of [2, 3]) {
      await uploadByKeyboard(
        page,
        page.getByLabel(`Upload photo ${n} of 3`),
        await makePhoto(`keyboard-${n}`, { hue: 70 * n }),
      );
      await expect(page.getByRole("img", { name: `Photo ${n} of 3` })).toBeVisible();
    }

    // The zoom slider answers the arrow keys.
    const zoom = page.getByRole("slider", { name: "Zoom" });
    await tabTo(page, zoom);
    await page.keyboard.press("ArrowRight");
    await expect(zoom).not.toHaveValue("1");

    await tabTo(page, addToCartButton(page));
    await page.keyboard.press("Enter");
    const added = MESSAGES.cart.added(keepsake.name);
    await expectToast(page, added.title, added.description);
    expect(await storedCart(page)).toHaveLength(1);

    // The focus lands on View cart, which opens the panel; Escape closes it again.
    const viewCart = page.getByRole("button", { name: CREATOR_MESSAGES.creator.viewCart });
    await expect(viewCart).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(cartPanel(page)).toBeVisible();
    await expect(cartPanel(page)).toContainText(keepsake.name);
    await page.keyboard.press("Escape");
    await expect(cartPanel(page)).toBeHidden();
    await expect(viewCart).toBeFocused();
  });

  test("the shop: the details dialog, Add to Cart and the cart panel", async ({ page }) => {
    await gotoPage(page, "/shop");
    const details = page.getByRole("button", { name: `Details: ${ADAPTER.name}` });
    await tabTo(page, details);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: ADAPTER.name });
    await expect(dialog).toBeVisible();
    // The focus is inside the dialog and stays there.
    for (let i = 0; i < 6; i++) {
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(details).toBeFocused();

    // Add to Cart from the dialog, then the floating cart button opens the panel.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole("button", { name: MESSAGES.common.addToCart }));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    const openCart = page.getByRole("button", { name: /^Open cart, 1 item$/ });
    await tabTo(page, openCart);
    await page.keyboard.press("Enter");
    const panel = cartPanel(page);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(ADAPTER.name);
    await tabTo(page, panel.getByRole("link", { name: MESSAGES.cart.proceedToCheckout }));
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(openCart).toBeFocused();
  });

  test("the MFA code dialog at login: Escape, backup code, a pasted code", async ({ page, request }) => {
    const { user, secret } = await createUserWithMfa(request, "keyboard-mfa-login");
    await logInByKeyboard(page, user);
    const dialog = page.getByRole("dialog", { name: "Two-factor verification" });
    const code = field(dialog, "Authentication code");
    await expect(code).toBeFocused();

    // Escape cancels; the focus goes back to the form, where Enter asks again.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(
      field(page.getByRole("tabpanel", { name: ACCOUNT_MESSAGES.auth.loginTab }), "Password"),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(code).toBeFocused();

    // Over to a backup code and back.
    await tabTo(page, dialog.getByRole("button", { name: "Use a backup code" }));
    await page.keyboard.press("Enter");
    await expect(field(dialog, "Backup code")).toBeFocused();
    await tabTo(page, dialog.getByRole("button", { name: "Use your authenticator app" }));
    await page.keyboard.press("Enter");
    await expect(code).toBeFocused();

    // The code pasted as an authenticator app copies it ("123 456"), then Enter.
    const now = totpCode(secret);
    await pasteInto(page, code, `${now.slice(0, 3)} ${now.slice(3)}`);
    await expect(code).toHaveValue(now);
    await page.keyboard.press("Enter");
    await expectToast(page, ACCOUNT_MESSAGES.mfa.welcomeBack);
    await expect(page).toHaveURL(/\/account$/);
  });

  test("the MFA set-up dialog: pasted password, QR step, pasted code", async ({ page, request }) => {
    const user = await createVerifiedUser(request, "keyboard-mfa-setup");
    await logInByKeyboard(page, user);
    await expect(page).toHaveURL(/\/account$/);
    const dialog = page.getByRole("dialog", { name: "Set up multi-factor authentication" });
    const password = field(dialog, "Your password");
    await expect(password).toBeFocused();
    await pasteInto(page, password, user.password);
    await expect(password).toHaveValue(user.password);
    await page.keyboard.press("Enter");

    const qr = page.getByRole("dialog", { name: "Scan the QR code" });
    await expect(qr.getByRole("img", { name: /QR code/ })).toBeVisible();
    // The focus stays in the dialog when its step changes.
    expect(await qr.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const key = field(qr, "Manual entry key");
    await tabTo(page, key);
    const secret = (await key.inputValue()).replace(/\s/g, "");
    await tabTo(page, qr.getByRole("button", { name: ACCOUNT_MESSAGES.mfa.continueToVerification }));
    await page.keyboard.press("Enter");

    const verify = page.getByRole("dialog", { name: "Enter your verification code" });
    const code = field(verify, "Verification code");
    await expect(code).toBeFocused();
    await pasteInto(page, code, totpCode(secret));
    await page.keyboard.press("Enter");
    await expectToast(page, ACCOUNT_MESSAGES.mfa.enabled);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The focus is not lost to the document: it is back on the page.
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  test.describe("outside the UK", () => {
    test.use({ timezoneId: "America/New_York" });

    test("the currency prompt and the currency dropdown", async ({ page }) => {
      await gotoPage(page, "/shop");
      const prompt = page.getByRole("region", { name: MESSAGES.currency.promptTitle });
      await expect(prompt).toBeVisible();
      // The prompt's own close button.
      await tabTo(page, prompt.getByRole("button", { name: "Close the currency suggestion" }));
      await page.keyboard.press("Enter");
      await expect(prompt).toBeHidden();

      // The dropdown: the arrow keys change the currency, and the prices follow.
      const select = page.getByLabel("Prices shown in");
      await tabTo(page, select, { backwards: true });
      await expect(select).toHaveValue("GBP");
      await page.keyboard.press("ArrowDown");
      await expect(select).not.toHaveValue("GBP");
      await expect(page.getByRole("article").first()).not.toContainText("£");
    });

    test("choosing a currency from the prompt", async ({ page }) => {
      await gotoPage(page, "/shop");
      const prompt = page.getByRole("region", { name: MESSAGES.currency.promptTitle });
      await tabTo(page, prompt.getByRole("button", { name: "USD ($)" }));
      await page.keyboard.press("Enter");
      await expect(prompt).toBeHidden();
      await expect(page.getByLabel("Prices shown in")).toHaveValue("USD");
    });
  });
});

test.describe("focus is visible and not hidden", () => {
  test.describe.configure({ timeout: 120_000 });
  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    test.describe(viewport.name, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      for (const path of ["/", "/shop", "/faq", "/contact", "/auth", "/shipping"]) {
        test(`${path}, with the floating cart button`, async ({ page }) => {
          await openCheckoutWith(page, [ADAPTER]); // An item, so the floating cart button shows.
          await gotoPage(page, path);
          await page.waitForLoadState("networkidle");
          expect(await focusProblemsWhileTabbing(page)).toEqual([]);
        });
      }

      test("content appearing above the focus keeps the focused link in view", async ({ page }) => {
        // The landing pages' customer sections load as the visitor nears them: tabbing to the
        // link under them scrolls there and they arrive above it. Here the arrival is a block as
        // tall as the screen, put in above the home page's last call to action once it is focused.
        await gotoPage(page, "/");
        await page.waitForLoadState("networkidle");
        const lampLink = page.getByRole("link", { name: LAMP_TEXTS_WEB.card.homeLink });
        await tabTo(page, lampLink);
        await expect(lampLink).toBeInViewport({ ratio: 1 });
        await page.evaluate((height) => {
          const arrival = document.createElement("div");
          arrival.style.height = `${height}px`;
          document.getElementById("cta-title")?.closest("section")?.before(arrival);
        }, viewport.height);
        await expect(lampLink).toBeFocused();
        await expect(lampLink).toBeInViewport({ ratio: 1 });
        // Scrolled away by the visitor, the focus is left where they put it.
        await page.mouse.wheel(0, -2 * viewport.height);
        await expect(lampLink).not.toBeInViewport();
        await page.evaluate(() => {
          document.getElementById("cta-title")?.closest("section")?.before(document.createElement("hr"));
        });
        await expect(lampLink).not.toBeInViewport();
      });

      test("/checkout with an item", async ({ page }) => {
        await openCheckoutWith(page, [ADAPTER]);
        await page.waitForLoadState("networkidle");
        expect(await focusProblemsWhileTabbing(page)).toEqual([]);
      });

      test("/shop's product-details dialog and the cart panel", async ({ page }) => {
        await openCheckoutWith(page, [ADAPTER]);
        await gotoPage(page, "/shop");
        await page.waitForLoadState("networkidle");
        await tabTo(page, page.getByRole("button", { name: `Details: ${DIMMER.name}` }));
        await page.keyboard.press("Enter");
        const details = page.getByRole("dialog", { name: DIMMER.name });
        await expect(details).toBeVisible();
        // Its body loads with the dialog (issue 31's budget): the tour starts once it is there.
        await expect(details.getByRole("button", { name: MESSAGES.common.addToCart })).toBeVisible();
        expect(await focusProblemsWhileTabbing(page), "the details dialog").toEqual([]);
        await page.keyboard.press("Escape");
        await tabTo(page, page.getByRole("button", { name: /^Open cart, 1 item$/ }));
        await page.keyboard.press("Enter");
        await expect(cartPanel(page)).toBeVisible();
        expect(await focusProblemsWhileTabbing(page), "the cart panel").toEqual([]);
      });

      test("/shop/create with a photo, at the bundle step", async ({ page }) => {
        await gotoPage(page, "/shop/create");
        await creatorToBundleByKeyboard(page);
        await page.keyboard.press("Shift+Tab"); // Leave the radio group: the tour starts from here.
        expect(await focusProblemsWhileTabbing(page)).toEqual([]);
      });
    });
  }
});
