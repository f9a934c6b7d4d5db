/**
 * Abandoned-cart reminders with consent (issues 33 and 46): a buyer ticks the box at checkout,
 * is told to confirm by e-mail, and leaves; nothing is sent but the confirmation until its link
 * is followed and its button pressed; the sweep runs a little later (the admin's test-only
 * "now"); the reminder e-mail shows
 * the cart's panel; its link restores the cart in a fresh browser; the purchase stops the
 * second reminder; the dashboard counts the recovered cart and its revenue. A buyer who did not
 * tick the box gets nothing.
 */
import { readFile } from "node:fs/promises";
import { buildAccessoryCartItem, type CartItem } from "../../src/shared/cart";
import { CUSTOMER_MAIL_TEXTS as T } from "../../src/shared/customer-mail";
import { CART_STORAGE_KEY } from "../../src/web/features/cart/CartProvider";
import { openAdmin, shots, signInAdminForEachTest } from "./admin-helpers";
import { BASE_URL, linkFromMail, mailsTo, uniqueEmail } from "./auth-helpers";
import { makePhoto } from "./fixtures/photos";
import { type BrowserContext, expect, type Page, test } from "./fixtures/test";
import { DIMMER, fillShipping, proceedToPayment } from "./helpers";

signInAdminForEachTest();

const HOUR = 3_600_000;

async function lithophaneLine(context: BrowserContext): Promise<CartItem> {
  const photo = await makePhoto("reminder", { width: 400, height: 400 });
  const upload = await context.request.post("/api/uploads", {
    headers: { Origin: BASE_URL },
    multipart: {
      file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await readFile(photo) },
      kind: "main",
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const image = (await upload.json()) as { url: string; originalUrl: string };
  return {
    id: `${Date.now()}-reminder`,
    imageUrl: image.url,
    originalImageUrl: image.originalUrl,
    additionalImages: [],
    size: "7 inch x 7 inch",
    shape: "Essentials Collection",
    frameStyle: "White · 1 × Square",
    price: 5450,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: {
      kind: "lithophane",
      bundleId: "starter",
      processing: "grayscale",
      shapeId: "square",
      frameColorId: "white",
      sizeId: "7x7",
    },
  };
}

/** A buyer's own browser at checkout with this cart and the shipping form filled. */
async function buyerAtCheckout(page: Page, items: CartItem[], email: string) {
  await page.goto("/");
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key as string, value as string);
      window.localStorage.setItem("hasSeenCurrencyPrompt", "true");
    },
    [CART_STORAGE_KEY, JSON.stringify(items)],
  );
  await page.goto("/checkout");
  await fillShipping(page, email);
}

async function runSweep(page: Page, at: number) {
  const res = await page.request.post("/api/admin/customer-mail/run", {
    headers: { Origin: BASE_URL },
    data: { now: new Date(at).toISOString() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function recovery(page: Page) {
  const res = await page.request.get("/api/admin/dashboard");
  return ((await res.json()) as { cartRecovery: { test: { carts: number; revenue: number } } }).cartRecovery;
}

test("an opted-in buyer is reminded, comes back through the link, buys; the other hears nothing", async ({
  page,
  browser,
}) => {
  // Three browsers, a sweep, the mails and a purchase: past the 45 s default at load 13 (a CI run here).
  test.setTimeout(120_000);
  const before = await recovery(page);
  const email = uniqueEmail("reminded");
  const other = uniqueEmail("not-opted");

  // Buyer 1 ticks the box (unticked by default) and leaves.
  const buyer = await browser.newContext({ baseURL: BASE_URL });
  const buyerPage = await buyer.newPage();
  const items = [await lithophaneLine(buyer), buildAccessoryCartItem(DIMMER)];
  await buyerAtCheckout(buyerPage, items, email);
  const box = buyerPage.getByLabel(T.optInLabel);
  await expect(box).not.toBeChecked();
  await box.check();
  await expect
    .poll(() => buyerPage.evaluate(() => window.localStorage.getItem("lithobox.cartReminder")))
    .toBeTruthy();
  await expect(buyerPage.getByRole("status").filter({ hasText: T.optInConfirmSent(email) })).toBeVisible();
  await shots(buyerPage, "reminder-confirmation-asked");
  await buyer.close();

  // Unconfirmed, an hour on: no reminder, only the confirmation e-mail.
  await runSweep(page, Date.now() + HOUR + 60_000);
  await page.waitForTimeout(1000);
  expect((await mailsTo(email)).filter((m) => m.includes("/cart/restore?token="))).toHaveLength(0);
  const confirmLink = await linkFromMail(email, "/cart/confirm-reminders?token=");

  // The address's owner opens the link (no cookie of the buyer's) and confirms with the button.
  const inbox = await browser.newContext({ baseURL: BASE_URL });
  const inboxPage = await inbox.newPage();
  await inboxPage.goto(confirmLink);
  await expect(inboxPage.getByText(T.confirmIntro)).toBeVisible();
  await inboxPage.getByRole("button", { name: T.confirmButton }).click();
  await expect(inboxPage.getByRole("status")).toHaveText(T.confirmed);
  await shots(inboxPage, "reminder-confirmed");
  await inbox.close();

  // Buyer 2 leaves without ticking it.
  const second = await browser.newContext({ baseURL: BASE_URL });
  const secondPage = await second.newPage();
  await buyerAtCheckout(secondPage, [buildAccessoryCartItem(DIMMER)], other);
  await expect(secondPage.getByLabel(T.optInLabel)).not.toBeChecked();
  await secondPage.waitForTimeout(1500);
  await second.close();

  // An hour on: the first reminder, with the panel's thumbnail and the restore link.
  await runSweep(page, Date.now() + HOUR + 60_000);
  const link = await linkFromMail(email, "/cart/restore?token=");
  const mail = (await mailsTo(email)).find((m) => m.includes("/cart/restore?token="));
  expect(mail).toMatch(
    /<img src=3D"http:\/\/127\.0\.0\.1:\d+\/api\/media\/|<img src="http:\/\/127\.0\.0\.1:\d+\/api\/media\//,
  );
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

  // A fresh browser (another device): the link restores exactly that cart.
  const device = await browser.newContext({ baseURL: BASE_URL });
  const devicePage = await device.newPage();
  await devicePage.goto(link);
  await devicePage.waitForURL(/\/checkout$/);
  await expect(devicePage.locator("[data-sonner-toast]").filter({ hasText: "Cart restored" })).toBeVisible();
  await expect(devicePage.getByText("Essentials Collection").first()).toBeVisible();
  await expect(devicePage.getByText("Remote Control Dimmer").first()).toBeVisible();
  const restored = await devicePage.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "[]"),
    CART_STORAGE_KEY,
  );
  expect((restored as CartItem[]).map((i) => i.id)).toEqual(items.map((i) => i.id));
  await shots(devicePage, "cart-restored");

  // The purchase.
  await fillShipping(devicePage, email);
  const tab = await proceedToPayment(devicePage, device);
  await tab.getByRole("button", { name: /pay/i }).first().click();
  await expect
    .poll(async () => (await recovery(page)).test.carts, { timeout: 15_000 })
    .toBe(before.test.carts + 1);
  await device.close();

  // A day on: no second reminder after the purchase, and never anything to buyer 2.
  await runSweep(page, Date.now() + 25 * HOUR);
  await page.waitForTimeout(1000);
  expect((await mailsTo(email)).filter((m) => m.includes("/cart/restore?token="))).toHaveLength(1);
  expect((await mailsTo(other)).filter((m) => m.includes("/cart/restore?token="))).toHaveLength(0);

  const after = await recovery(page);
  expect(after.test.revenue).toBeGreaterThan(before.test.revenue);
  await openAdmin(page, "/admin", "Admin dashboard");
  await expect(page.getByTestId("cart-recovery")).toContainText(T.cartsRecovered);
  await expect(page.getByTestId("cart-recovery")).toContainText("test");
  await shots(page, "dashboard-cart-recovery");
  // The reminders' settings live on the one Settings page (issue 47 item 7).
  await openAdmin(page, "/admin/settings", "Settings");
  await expect(page.getByRole("heading", { name: T.settingsTitle })).toBeVisible();
  await shots(page, "customer-mail-settings");
});
