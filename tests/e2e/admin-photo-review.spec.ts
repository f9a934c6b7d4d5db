/**
 * Issue 17, "Done when" 3, in the browser: the owner asks for a better photo for a panel of a
 * paid order; the order waits for the photo; the customer opens the signed /photo link from the
 * e-mail (no account), uploads a replacement with the creator's crop tool and size check; the
 * panel's print file is made again from it (a different 3MF) and the owner is alerted.
 * With SHOTS_DIR set, the photo review panel and the customer's page are saved at 1280 and 390 px.
 */
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { PHOTO_PAGE_TEXTS } from "../../src/shared/photo-review";
import {
  OWNER_EMAIL,
  orderNumberOf,
  placeLithophaneOrder,
  readyFileHash,
  shots,
  signInAdminForEachTest,
} from "./admin-helpers";
import { BASE_URL, linkFromMail, mailsTo, uniqueEmail } from "./auth-helpers";
import { makePhoto } from "./fixtures/photos";
import { expect, test } from "./fixtures/test";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

const P = ADMIN_MESSAGE_TEXTS.printFiles;
const R = ADMIN_MESSAGE_TEXTS.photoReview;

test("ask for a better photo → the customer uploads it through the link → the panel's print file is made again", async ({
  page,
  request,
  browser,
}) => {
  // Two generations of a 180 mm panel on a machine shared with the rest of the suite.
  test.setTimeout(360_000);
  const email = uniqueEmail("photo-review");
  const orderId = await placeLithophaneOrder(request, { pay: true, name: "photo-review", email });
  const number = orderNumberOf(orderId);
  const fileName = `order-${number}-item-1-panel-1.3mf`;

  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
  const files = page.getByRole("region", { name: P.title });
  // A test order's files are made when the admin asks.
  await files.getByRole("button", { name: P.generate }).click();
  const before = await readyFileHash(page, files, fileName);

  // The owner asks: the photo (400 x 300) is too small for an 18 cm panel.
  const review = page.getByRole("region", { name: R.title });
  const ask = review.getByRole("form", { name: R.ask });
  await ask.getByLabel(R.reasonLabel).selectOption("too_small");
  await ask
    .getByLabel(R.noteLabel)
    .fill("The photo is only 400 pixels wide; the original from your phone would be perfect.");
  await ask.getByRole("button", { name: R.send }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: R.sent })).toBeVisible();
  const requests = review.getByRole("list", { name: "Photo requests" });
  await expect(requests.getByText(R.waiting)).toBeVisible();
  await expect(review.getByRole("heading", { name: new RegExp(R.waiting) })).toBeVisible();
  await shots(page, "photo-review-asked");

  // The customer's e-mail links to /photo; no account is needed.
  const link = await linkFromMail(email, "/photo?token=");
  const mail =
    (await mailsTo(email)).find((m) => m.includes(`A better photo for your order #${number}`)) ?? "";
  expect(mail).toContain("the original from your phone would be perfect");

  const customer = await browser.newContext({ baseURL: BASE_URL });
  const shopper = await customer.newPage();
  await shopper.goto(link);
  await expect(shopper.getByRole("heading", { level: 1, name: PHOTO_PAGE_TEXTS.title })).toBeVisible();
  await expect(shopper.getByText(PHOTO_PAGE_TEXTS.intro(number))).toBeVisible();
  // Too small again is refused before sending.
  await shopper
    .getByLabel(PHOTO_PAGE_TEXTS.choose)
    .setInputFiles(await makePhoto("tiny", { width: 300, height: 300 }));
  await expect(shopper.getByRole("alert")).toContainText("This photo is too small");
  await expect(shopper.getByRole("button", { name: PHOTO_PAGE_TEXTS.send })).toBeDisabled();
  // A large one is positioned in the frame and sent.
  await shopper
    .getByLabel(PHOTO_PAGE_TEXTS.choose)
    .setInputFiles(await makePhoto("better", { width: 1200, height: 1200, hue: 200 }));
  await expect(shopper.getByText(PHOTO_PAGE_TEXTS.position)).toBeVisible();
  await expect(shopper.getByRole("alert")).toHaveCount(0);
  await shots(shopper, "photo-page-customer");
  await shopper.getByRole("button", { name: PHOTO_PAGE_TEXTS.send }).click();
  await expect(shopper.getByRole("status")).toHaveText(PHOTO_PAGE_TEXTS.done);
  // The link works once.
  await shopper.goto(link);
  await expect(shopper.getByRole("alert")).toContainText(PHOTO_PAGE_TEXTS.used);
  await customer.close();

  // The owner is told; the request shows the photos before and after; the order no longer waits.
  await expect
    .poll(async () => (await mailsTo(OWNER_EMAIL)).find((m) => m.includes(R.alertSubject(number))) ?? "", {
      timeout: 15_000,
    })
    .toContain("The panel's print file is being made again from it.");
  await page.reload();
  await expect(requests.getByText(R.replaced)).toBeVisible();
  await expect(requests.getByRole("img", { name: `${R.previous}: Item 1` })).toBeVisible();
  await expect(requests.getByRole("img", { name: `${R.next}: Item 1` })).toBeVisible();
  await expect(page.getByText(R.replacedNote(1, true))).toBeVisible();
  await expect(review.getByText(R.waiting)).toHaveCount(0);

  // The panel's print file is generated again, from the new photo.
  const after = await readyFileHash(page, files, fileName);
  expect(after).not.toBe(before);
  await shots(page, "photo-review-replaced");
});
