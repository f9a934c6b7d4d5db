/**
 * Issue 47 item 12: at 390 px the MFA set-up's manual entry key wraps to three lines, and the
 * box cut the third. The whole key is in view, with no scrolling inside the box.
 * With SHOTS_DIR set, the QR step is saved at 390 px.
 */
import path from "node:path";
import { createVerifiedUser, field, submitLogin } from "./auth-helpers";
import { expect, test } from "./fixtures/test";

test("the manual entry key shows every line at 390 px", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createVerifiedUser(request, "mfa-phone");
  await submitLogin(page, user.email, user.password);
  const dialog = page.getByRole("dialog");
  await field(dialog, "Your password").fill(user.password);
  await dialog.getByRole("button", { name: "Set up MFA" }).click();
  await expect(dialog.getByRole("heading", { name: "Scan the QR code" })).toBeVisible();
  const key = field(dialog, "Manual entry key");
  const box = await key.evaluate((el: HTMLTextAreaElement) => ({
    scroll: el.scrollHeight,
    client: el.clientHeight,
    lines: Math.round(el.scrollHeight / Number.parseFloat(getComputedStyle(el).lineHeight)),
  }));
  expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
  await key.scrollIntoViewIfNeeded();
  if (process.env.SHOTS_DIR)
    await dialog.screenshot({ path: path.join(process.env.SHOTS_DIR, "mfa-key-390.png") });
});
