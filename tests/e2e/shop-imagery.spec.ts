/**
 * Issue 20: a product photo set in the admin shows on its /shop card and details, and a review
 * goes from the delivered order's request e-mail, through the form (no account), to the owner's
 * approval and the home page.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { REVIEW_TEXTS } from "../../src/shared/review-texts";
import { openAdmin, placePaidOrder, signInAdminForEachTest } from "./admin-helpers";
import {
  apiSignIn,
  BASE_URL,
  createVerifiedUser,
  linkFromMail,
  skipFirstLoginMfa,
  uniqueEmail,
} from "./auth-helpers";
import { expect, type Page, test } from "./fixtures/test";

signInAdminForEachTest();

/**
 * The home page, scrolled to its end so its customer sections load: every quote in it is the
 * body of an approved review in the reviews table (read through the admin's list of all of
 * them), and with no approved review there is no reviews section at all (issue 46).
 */
async function expectHomeReviewsFromTable(page: Page): Promise<void> {
  const res = await page.request.get("/api/admin/reviews");
  expect(res.ok()).toBe(true);
  const all = ((await res.json()) as { reviews: Array<{ body: string; status: string }> }).reviews;
  const approved = new Set(all.filter((r) => r.status === "approved").map((r) => r.body));
  await page.goto("/");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  const heading = page.getByRole("heading", { name: "Kind words from our customers" });
  if (approved.size === 0) {
    await expect(heading).toHaveCount(0);
  } else {
    await expect(page.getByTestId("customer-reviews")).toBeVisible();
  }
  const quotes = await page.getByRole("main").locator("blockquote").allTextContents();
  for (const quote of quotes) expect(approved, quote).toContain(quote.replace(/^“|”$/g, ""));
  for (const other of all.filter((r) => r.status !== "approved")) {
    await expect(page.getByText(other.body)).toHaveCount(0);
  }
}

async function photo(background: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .png()
    .toBuffer();
  return { name: "photo.png", mimeType: "image/png", buffer };
}

test("a product photo set in the admin appears on its /shop card and details", async ({ page }) => {
  await page.goto("/shop");
  const card = page.getByRole("article", { name: "Remote Control Dimmer" });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("product-photo")).toHaveCount(0);

  await openAdmin(page, "/admin/products", "Products");
  await page.getByRole("button", { name: "Edit Remote Control Dimmer" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Remote Control Dimmer" });
  await edit.getByLabel("Upload photo").setInputFiles(await photo("#c86432"));
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Photo saved" })).toBeVisible();

  await page.goto("/shop");
  const shown = page.getByRole("article", { name: "Remote Control Dimmer" }).getByTestId("product-photo");
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute("alt", "Remote Control Dimmer");
  await expect(shown).toHaveJSProperty("complete", true);
  expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Products without a photo keep their category icon.
  await expect(
    page.getByRole("article", { name: "USB-C Power Adapter" }).getByTestId("product-photo"),
  ).toHaveCount(0);
  await page.getByRole("button", { name: "Details: Remote Control Dimmer" }).click();
  await expect(
    page.getByRole("dialog", { name: "Remote Control Dimmer" }).getByTestId("product-photo"),
  ).toBeVisible();
});

test("a review goes from the delivery e-mail to approval to the home page", async ({ page, browser }) => {
  const email = uniqueEmail("reviewer");
  const orderId = await placePaidOrder(page.request, email);
  const status = (json: object) =>
    page.request.post(`/api/admin/orders/${orderId}/status`, { headers: { Origin: BASE_URL }, data: json });
  expect((await status({ status: "dispatched", trackingNumber: "RM192837465GB" })).ok()).toBe(true);
  expect((await status({ status: "delivered" })).ok()).toBe(true);
  // The request goes the owner's days after delivery (7 by default): the sweep, a week on.
  const week = new Date(Date.now() + 7 * 86_400_000 + 60_000).toISOString();
  const run = await page.request.post("/api/admin/customer-mail/run", {
    headers: { Origin: BASE_URL },
    data: { now: week },
  });
  expect(run.ok()).toBe(true);
  const link = await linkFromMail(email, "/review?token=");

  // The customer, in a browser of their own (no admin cookie), signed in to an account: the
  // name to show is suggested from it.
  const customer = await browser.newContext({ baseURL: BASE_URL });
  const account = await createVerifiedUser(customer.request, "reviewer", { firstName: "Orla" });
  await apiSignIn(customer.request, account);
  const form = await customer.newPage();
  await form.goto(new URL(link).pathname + new URL(link).search);
  // A first sign-in is offered MFA in a modal over the page (which hides the page from the
  // accessibility tree while open): skipped first, whichever of the two shows first.
  await skipFirstLoginMfa(form);
  await expect(form.getByRole("heading", { level: 1, name: REVIEW_TEXTS.pageTitle })).toBeVisible();
  const words = `It glows like the sunrise it shows ${randomBytes(3).toString("hex")}.`;
  await form
    .locator("label")
    .filter({ hasText: REVIEW_TEXTS.starLabel(5) })
    .click();
  await expect(form.getByRole("radio", { name: REVIEW_TEXTS.starLabel(5) })).toBeChecked();
  await form.getByLabel(REVIEW_TEXTS.bodyLabel).fill(words);
  await expect(form.getByLabel(REVIEW_TEXTS.nameLabel)).toHaveValue("Orla");
  await form.getByLabel(REVIEW_TEXTS.nameLabel).fill("Orla");
  await form.getByLabel(REVIEW_TEXTS.placeLabel).fill("Derry");
  await form.getByLabel(REVIEW_TEXTS.photoLabel).setInputFiles(await photo("#3a6ea5"));
  await expect(form.getByRole("button", { name: REVIEW_TEXTS.removePhoto })).toBeVisible();
  await form.getByRole("button", { name: REVIEW_TEXTS.submit }).click();
  await expect(form.getByRole("status")).toHaveText(REVIEW_TEXTS.thanks);
  await customer.close();

  // Not shown before the owner approves it.
  await expectHomeReviewsFromTable(page);
  await expect(page.getByText(words)).toHaveCount(0);

  await openAdmin(page, "/admin/storefront", "Storefront");
  await expect(page.getByText(words)).toBeVisible();
  await page.getByRole("button", { name: "Approve the review by Orla" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Review approved" })).toBeVisible();

  await expect
    .poll(
      async () => {
        await page.goto("/");
        // Real reviews load as the visitor scrolls towards them (useStorefrontWhenNear).
        await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
        await page
          .getByTestId("customer-reviews")
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
        return page.getByTestId("customer-reviews").getByText(words).count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  // On a phone the reviews are screens below the hero: neither their code nor the review
  // loads until the visitor scrolls towards them.
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  const sectionsChunk = () => requested.filter((p) => /\/assets\/StorefrontSections-[\w-]+\.js$/.test(p));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("customer-reviews")).toHaveCount(0);
  expect(sectionsChunk()).toEqual([]);
  // The section is not in the page until reviews are near: scrolled towards the page's end.
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("customer-reviews").getByText(words)).toBeVisible();
  expect(sectionsChunk()).toHaveLength(1);
  await page.setViewportSize({ width: 1280, height: 720 });
  const reviews = page.getByTestId("customer-reviews");
  await expect(reviews.getByText("Orla")).toBeVisible();
  await expect(reviews.getByRole("img", { name: "Rated 5 out of 5" }).first()).toBeVisible();
  await expect(reviews.getByRole("img", { name: "Orla's lightbox, photographed at home" })).toBeVisible();
  // The reviewer's first name and the review's date; every review shown is an approved one of
  // the reviews table (issue 46). A lone review fills the row as one wide card.
  await expect(reviews.locator("time").first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expectHomeReviewsFromTable(page);
  const cards = await reviews.getByRole("listitem").count();
  await expect(reviews.getByRole("list")).toHaveAttribute("data-columns", String(Math.min(3, cards)));
  if (cards === 1) {
    const card = await reviews.getByRole("listitem").boundingBox();
    expect(card?.width ?? 0).toBeGreaterThan(500);
  }
});
