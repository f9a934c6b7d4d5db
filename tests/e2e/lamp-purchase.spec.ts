/**
 * Issue 48, "Done when": a Chromium journey buys a two-photo lamp. The creator (Medium, two photos,
 * their crops, the 3D view), the cart's lamp line in the product type's words, a guest checkout to
 * a UK address paid on the built-in test payment page, the proof e-mail's link with the lamp
 * unrolled (one picture, wider than tall), its approval, then the admin's print file for the lamp
 * line made on request and downloadable as a 3MF. Screenshots of the cart, the proof page and the
 * admin's order page at 1280 and 390 px go to test-results/lamp-purchase-*.png to be looked at.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { unzipSync } from "fflate";
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { LAMP_TEXTS_WEB } from "../../src/shared/lamp-texts";
import { MESSAGES } from "../../src/shared/messages";
import { describeLine } from "../../src/shared/order-line";
import { LAMP_KIND } from "../../src/shared/product-types/kinds";
import { PROOF_STATE_LABELS, PROOF_TEXTS, proofPieceOf } from "../../src/shared/proofs";
import { signInAdminForEachTest } from "./admin-helpers";
import { BASE_URL, linkFromMail, uniqueEmail } from "./auth-helpers";
import { MEDIUM, makeMediumLampOfTwoPhotos } from "./fixtures/lamp";
import { cartPanel, storedCart } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";
import { expectToast, fillShipping, proceedToPayment } from "./helpers";

signInAdminForEachTest();

const P = ADMIN_MESSAGE_TEXTS.printFiles;

/** The page from its top at 1280 and 390 px wide, into test-results/lamp-purchase-<name>-<width>.png. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({
      path: path.join("test-results", `lamp-purchase-${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("buy a two-photo lamp: creator, cart, checkout, payment, the unrolled proof, approval, the print file", async ({
  page,
  browser,
}) => {
  // The creator's 3D view, a payment and a Medium cylinder's print file on two shared cores.
  test.setTimeout(300_000);
  const email = uniqueEmail("lamp-purchase");

  // The customer, a guest, in a context of their own (the test's page is the admin's).
  const customer = await browser.newContext({
    baseURL: BASE_URL,
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  const shopper = await customer.newPage();
  await shopper.setViewportSize({ width: 1280, height: 900 });
  await shopper.goto("/");
  await shopper.evaluate(() => window.localStorage.setItem("hasSeenCurrencyPrompt", "true"));

  // 1. The creator: Medium, two photos, their crops, the 3D view, Add to Cart.
  await shopper.goto("/create/lamp");
  await makeMediumLampOfTwoPhotos(shopper);
  await shopper.getByRole("button", { name: LAMP_TEXTS_WEB.cart.add }).click();
  await expectToast(shopper, LAMP_TEXTS_WEB.cart.added);
  const [line] = await storedCart(shopper);
  expect(line?.config).toMatchObject({ kind: "lamp", sizeId: "medium" });

  // 2. The cart: the line in the lamp type's words ("Lithophane lamp", "Medium (100 x 150 mm) · 2 photos around").
  if (!line) throw new Error("no cart line");
  const described = describeLine({ ...line, kind: line.config.kind });
  expect(described.title).toBe("Lithophane lamp");
  expect(described.summary).toContain(MEDIUM);
  expect(described.summary).toContain("2 photos around");
  await shopper.getByRole("button", { name: LAMP_TEXTS_WEB.cart.viewCart }).click();
  const panel = cartPanel(shopper);
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(MESSAGES.cart.itemCount(1));
  await expect(panel).toContainText(described.title);
  await expect(panel).toContainText(described.summary);
  await shoot(shopper, "cart");

  // Checkout as a guest to a UK address; pay on the test payment page.
  await panel.getByRole("link", { name: MESSAGES.cart.proceedToCheckout }).click();
  await expect(shopper).toHaveURL(/\/checkout$/);
  await expect(shopper.getByTestId("checkout-item")).toContainText(described.title);
  await fillShipping(shopper, email);
  const tab = await proceedToPayment(shopper, customer);
  await expect(shopper).toHaveURL(/\/checkout\/payment-pending\?orderId=[0-9a-f-]{36}&/);
  const orderId = new URL(shopper.url()).searchParams.get("orderId") ?? "";
  await tab.getByRole("button", { name: /^Pay / }).click();
  await tab.waitForURL(`**/checkout/success?order=${orderId}`);
  await tab.close();
  await shopper.waitForURL(`**/checkout/success?order=${orderId}`);
  await expect(shopper.getByRole("heading", { name: CHECKOUT_MESSAGES.checkout.successTitle })).toBeVisible();
  const number = ((await shopper.getByTestId("order-number").textContent()) ?? "").replace("#", "");
  expect(number).toMatch(/^[0-9]{4,}$/);

  // 3. The proof: the e-mail's link; one panel, its picture the lamp unrolled (wider than tall).
  const link = await linkFromMail(email, "/proof?token=");
  await shopper.goto(link);
  await expect(shopper.getByRole("heading", { level: 1, name: PROOF_TEXTS.pageTitle })).toBeVisible();
  const card = shopper.getByTestId("proof-card");
  await expect(card).toHaveCount(1);
  // In the lamp's words: a lamp lit from inside, its photos placed in its creator (no crop).
  const lamp = proofPieceOf([LAMP_KIND]);
  await expect(card.getByRole("heading", { name: PROOF_TEXTS.title(lamp) })).toBeVisible();
  await expect(card.getByText(/your lamp will look lit from inside/)).toBeVisible();
  await expect(card.getByText(/panel/i)).toHaveCount(0);
  await expect(card.getByRole("button", { name: PROOF_TEXTS.changeCrop })).toHaveCount(0);
  const picture = card.getByTestId("proof-twin");
  await expect(picture).toHaveCount(1);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  const size = await picture.evaluate((img: HTMLImageElement) => ({
    w: img.naturalWidth,
    h: img.naturalHeight,
  }));
  expect(size.w).toBeGreaterThan(size.h);
  await shoot(shopper, "proof");

  // 4. Approve.
  await card.getByRole("button", { name: PROOF_TEXTS.approve, exact: true }).click();
  await expect(card).toHaveAttribute("data-state", "approved");
  await expect(card.getByRole("status")).toHaveText(PROOF_TEXTS.approved(lamp));
  await expect(card.getByRole("button", { name: PROOF_TEXTS.approve, exact: true })).toHaveCount(0);
  await shoot(shopper, "proof-approved");
  await customer.close();

  // The admin: the order, its proof approved, the lamp line's print file made on request.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
  const files = page.getByRole("region", { name: P.title });
  await expect(files.getByTestId("proof-state")).toHaveAttribute("data-state", "approved");
  await expect(files.getByText(PROOF_STATE_LABELS.approved, { exact: false }).first()).toBeVisible();
  await expect(files.getByText(P.testOrderManual)).toBeVisible();
  await files.getByRole("button", { name: P.generate }).click();
  const fileName = `order-${number}-item-1-panel-1.3mf`;
  await expect(files.getByText(fileName)).toBeVisible();
  const download = files.getByRole("link", { name: P.downloadLabel(fileName) });
  await expect(download).toBeVisible({ timeout: 240_000 });
  await expect(files.getByText(P.status.done, { exact: true })).toBeVisible();
  const [saved] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(saved.suggestedFilename()).toBe(fileName);
  // The 3MF is the Medium cylinder: about 100 mm across and 150 mm tall.
  const zip = unzipSync(new Uint8Array(await readFile(await saved.path())));
  const model = new TextDecoder().decode(zip["3D/3dmodel.model"]);
  const extent = (axis: "x" | "y" | "z") => {
    const values = [...model.matchAll(new RegExp(`\\b${axis}="(-?[0-9.eE+-]+)"`, "g"))].map((m) =>
      Number(m[1]),
    );
    let [min, max] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (const v of values) [min, max] = [Math.min(min, v), Math.max(max, v)];
    return max - min;
  };
  const [x, y, z] = [extent("x"), extent("y"), extent("z")];
  console.log(`lamp 3MF extents: ${x.toFixed(1)} x ${y.toFixed(1)} x ${z.toFixed(1)} mm`);
  expect(x).toBeGreaterThan(95);
  expect(x).toBeLessThan(110);
  expect(y).toBeGreaterThan(95);
  expect(y).toBeLessThan(110);
  expect(z).toBeGreaterThan(145);
  expect(z).toBeLessThan(160);
  await shoot(page, "admin-order");
});
