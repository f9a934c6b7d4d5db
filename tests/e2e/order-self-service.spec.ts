/**
 * Issue 47 items 13 and 14 in the browser: a customer pays for a lithophane, opens the order
 * from the confirmation e-mail's link, reads its number (#1001 …) and its timeline, cancels it
 * while the proof waits (confirming in a dialog), and sees it cancelled and refunded; the owner's
 * alert e-mail is in the outbox. With SHOTS_DIR set, the order page is saved at 1280 and 390 px
 * before and after.
 */
import { SELF_SERVICE_TEXTS } from "../../src/shared/order-self-service";
import { TIMELINE_TEXTS } from "../../src/shared/order-timeline";
import { OWNER_EMAIL, orderNumberOf, placeLithophaneOrder, shots } from "./admin-helpers";
import { linkFromMail, mailsTo, uniqueEmail } from "./auth-helpers";
import { expect, test } from "./fixtures/test";

test("pay → the order page's number and timeline → cancel within the proof window → refunded, owner alerted", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("self-cancel");
  const orderId = await placeLithophaneOrder(request, { pay: true, name: "self-cancel", email });
  const number = orderNumberOf(orderId);
  expect(number).toMatch(/^[0-9]{4,}$/);

  // The confirmation e-mail names the order by its number and links its page (signed, no account).
  const link = await linkFromMail(email, "/track?order=");
  expect(link).toContain(`order=${number}&`);
  const confirmation = (await mailsTo(email)).find((m) => m.includes("/track?order=")) ?? "";
  expect(confirmation).toContain(`order #${number}`);
  await page.goto(link);
  await expect(page.getByText(`Order #${number}`).first()).toBeVisible();

  const timeline = page.getByTestId("order-timeline");
  await expect(timeline.getByText(TIMELINE_TEXTS.placed)).toBeVisible();
  await expect(timeline.getByText(TIMELINE_TEXTS.paid)).toBeVisible();
  // The proof's e-mail goes once its picture exists: the timeline says so when the page refreshes.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("order-timeline").getByText(TIMELINE_TEXTS.proofReady)).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  const service = page.getByTestId("self-service");
  await expect(service.getByRole("heading", { name: SELF_SERVICE_TEXTS.heading })).toBeVisible();
  await shots(page, "order-self-service-open");

  // Cancel asks first; "Keep my order" changes nothing.
  await service.getByRole("button", { name: SELF_SERVICE_TEXTS.cancel }).click();
  const dialog = page.getByRole("dialog", { name: SELF_SERVICE_TEXTS.cancelTitle });
  // Everything paid: the panel and its shipping.
  const body = dialog.getByText(/We will refund £\d+\.\d\d, everything you paid/);
  await expect(body).toBeVisible();
  const paid = /£\d+\.\d\d/.exec((await body.textContent()) ?? "")?.[0] ?? "";
  await shots(page, "order-self-service-confirm");
  await dialog.getByRole("button", { name: SELF_SERVICE_TEXTS.cancelKeep }).click();
  await expect(dialog).toBeHidden();
  await service.getByRole("button", { name: SELF_SERVICE_TEXTS.cancel }).click();
  // A double click on the confirmation refunds once (the button waits; the server keys the refund).
  await page
    .getByRole("dialog", { name: SELF_SERVICE_TEXTS.cancelTitle })
    .getByRole("button", { name: SELF_SERVICE_TEXTS.cancelConfirm })
    .dblclick();

  await expect(page.getByText(SELF_SERVICE_TEXTS.cancelled)).toBeVisible();
  await expect(page.getByTestId("self-service")).toHaveCount(0);
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  const after = page.getByTestId("order-timeline");
  await expect(after.getByText(TIMELINE_TEXTS.cancelledByYou)).toBeVisible();
  await expect(after.getByText(`Refund of ${paid} issued`)).toHaveCount(1);
  await expect(page.getByTestId("proof-card")).toHaveCount(0);
  await shots(page, "order-self-service-cancelled");

  // The customer's refund e-mail, once; the owner's alert.
  await expect
    .poll(async () => (await mailsTo(email)).filter((m) => m.includes(`We have refunded ${paid}`)).length)
    .toBe(1);
  await expect
    .poll(async () =>
      (await mailsTo(OWNER_EMAIL)).some((m) => m.includes(`cancelled order #${number} from its page`)),
    )
    .toBe(true);
});
