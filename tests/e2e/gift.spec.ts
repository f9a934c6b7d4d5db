/**
 * Gifting (issue 20 item 4): a buyer marks the order as a gift with a message and a recipient,
 * and is billed at another address; the owner sees it on the order and the packing slip prints
 * the message, the recipient's name and no prices (read from the slip printed to PDF).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { GIFT_TEXTS } from "../../src/shared/gift-texts";
import { GIFT_MESSAGE_MAX_LENGTH } from "../../src/shared/schemas";
import { signInAdminForEachTest } from "./admin-helpers";
import { uniqueEmail } from "./auth-helpers";
import { ADAPTER, DIMMER, fillShipping, openCheckoutWith, proceedToPayment } from "./helpers";

signInAdminForEachTest();

const MESSAGE = "Happy birthday, Niamh!\nMay it light up your evenings. Love, Aoife";

/** The text of a PDF, as pdftotext (poppler-utils) reads it, keeping the layout. */
function pdfText(file: string): string {
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

test("an order with a gift message prints it on the slip", async ({ page, context }) => {
  await openCheckoutWith(page, [ADAPTER, DIMMER]);
  await fillShipping(page, uniqueEmail("gift"));

  // A gift needs its recipient; a half-filled billing address is refused on its fields.
  await page.getByLabel(GIFT_TEXTS.isGift).check();
  await page.getByLabel(GIFT_TEXTS.billingDifferent).check();
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  const giftFields = page.getByTestId("gift-fields");
  await expect(giftFields.getByText("This field is required.")).toBeVisible();
  await expect(page.getByTestId("billing-fields").getByText("This field is required.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByLabel(GIFT_TEXTS.recipientName).fill("Niamh Kelly");
  const message = page.getByLabel(GIFT_TEXTS.message);
  await message.fill(MESSAGE);
  await expect(
    page.getByText(GIFT_TEXTS.charactersLeft(GIFT_MESSAGE_MAX_LENGTH - MESSAGE.length)),
  ).toBeVisible();
  const billing = page.getByTestId("billing-fields");
  await billing.getByLabel(GIFT_TEXTS.billingCountry).selectOption("IE");
  await billing.getByLabel("Address Line 1").fill("4 Quay Street");
  await billing.getByLabel("Town/City").fill("Galway");
  await billing.getByLabel("County").fill("Galway");
  await billing.getByLabel("Eircode").fill("H91 E2K3");
  await page.screenshot({ path: "/work/notes/shots/h20c/checkout-gift-1280.png", fullPage: true });

  const tab = await proceedToPayment(page, context);
  await page.waitForURL(/\/checkout\/payment-pending\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
  // The charge is the items and shipping, as for any order: £9.99 + £14.99 + £8.99.
  await tab.getByRole("button", { name: "Pay £33.97" }).click();
  await tab.waitForURL(`**/checkout/success?order=${orderId}`);
  await tab.close();

  // The owner's view: the recipient on the address, the gift and the billing address beside it.
  await page.goto(`/admin/orders/${orderId}`);
  const gift = page.getByTestId("admin-gift");
  await expect(gift.getByText(GIFT_TEXTS.giftFor("Niamh Kelly"))).toBeVisible();
  await expect(gift.getByText(GIFT_TEXTS.boughtBy("Aoife Byrne"))).toBeVisible();
  await expect(gift.getByText(/May it light up your evenings/)).toBeVisible();
  await expect(gift.getByText("4 Quay Street")).toBeVisible();
  await expect(gift.getByText("Ireland")).toBeVisible();

  // The slip, as it prints: the message, the recipient, the items, and no prices.
  await page.getByRole("link", { name: "Packing slip" }).click();
  await expect(page.getByRole("heading", { name: "Packing slip" })).toBeVisible();
  await expect(page.getByTestId("slip-gift")).toContainText("Happy birthday, Niamh!");
  await page.emulateMedia({ media: "print" });
  const dir = mkdtempSync(path.join(tmpdir(), "slip-"));
  const file = path.join(dir, "slip.pdf");
  writeFileSync(file, await page.pdf({ format: "A4", printBackground: true }));
  writeFileSync(
    "/work/notes/shots/h20c/gift-packing-slip.pdf",
    await page.pdf({ format: "A4", printBackground: true }),
  );
  const text = pdfText(file);
  expect(text).toContain("Packing slip");
  expect(text).toMatch(/gift message/i);
  expect(text).toContain("Happy birthday, Niamh!");
  expect(text).toContain("May it light up your evenings. Love, Aoife");
  expect(text).toMatch(/deliver to\s+Niamh Kelly/i);
  expect(text).toContain("Remote Control Dimmer");
  expect(text).not.toMatch(/£|€|\$\d/);
  expect(text).not.toContain("4 Quay Street");
  // Nothing of the shop's screen chrome prints (the floating cart button showed its count).
  await expect(page.getByRole("button", { name: /cart/i })).toBeHidden();
});
