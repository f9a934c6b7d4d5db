/**
 * Issue 47 items 6, 7 and 11 in the browser, at 1280 and 390 px:
 * - one Settings page in the admin menu: alert e-mails, cart reminders (a value out of range is
 *   told in words, not zod's "Too small"), the carts waiting for a reminder, backups (no backup
 *   yet: the empty state), and the payments mode, which says what the header's badge and Data
 *   management's "Now:" say;
 * - the refund form says why its button waits, marks the internal note required, offers "Cancel
 *   the order too" up front, and gives a ticked line back with its share of the shipping.
 * With SHOTS_DIR set, each screen is saved at 1280 and 390 px.
 */
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { ADMIN_SETTINGS_TEXTS } from "../../src/shared/admin-settings";
import { CUSTOMER_MAIL_LIMIT_TEXTS, CUSTOMER_MAIL_TEXTS } from "../../src/shared/customer-mail";
import { formatGbp } from "../../src/shared/money";
import { SHOP_MODE_TEXTS } from "../../src/shared/test-orders";
import {
  openAdmin,
  orderNumberOf,
  placeLithophaneOrder,
  placePaidOrder,
  shots,
  signInAdminForEachTest,
  wallMountCartItem,
} from "./admin-helpers";
import { apiSignIn, BASE_URL, createVerifiedUser, mailsTo, uniqueEmail } from "./auth-helpers";
import { expect, type Page, test } from "./fixtures/test";

signInAdminForEachTest();

const REFUND = ADMIN_MESSAGE_TEXTS.refundForm;

/** Nothing wider than the window at 390 px (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.waitForTimeout(200);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A text as a regular expression that matches it exactly. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("one Settings page: alerts, reminders in words, backups' empty state, and the mode the header says", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, "/admin", "Dashboard");
  await page.getByRole("navigation").getByRole("link", { name: ADMIN_SETTINGS_TEXTS.navLabel }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  const alerts = page.getByRole("region", { name: ADMIN_SETTINGS_TEXTS.alertsTitle });
  await expect(alerts.getByRole("checkbox").first()).toBeVisible();
  expect(await alerts.getByRole("checkbox").count()).toBeGreaterThanOrEqual(4);

  // A reminder delay out of range: the owner reads the field's own words.
  const reminders = page.getByRole("region", { name: CUSTOMER_MAIL_TEXTS.settingsTitle });
  await reminders.getByLabel(CUSTOMER_MAIL_TEXTS.firstLabel).fill("5");
  await reminders.getByRole("button", { name: CUSTOMER_MAIL_TEXTS.save }).click();
  await expect(reminders.getByRole("alert")).toHaveText(CUSTOMER_MAIL_LIMIT_TEXTS.firstReminder);
  await expect(reminders.getByRole("alert")).not.toContainText("Too small");
  await expect(reminders.getByRole("heading", { name: CUSTOMER_MAIL_TEXTS.waitingTitle })).toBeVisible();

  // The first backup is written ten minutes after the server starts: before it the empty state
  // says so, after it (a long run reaches it) the panel says they are up to date. Never "late".
  const backups = page.getByRole("region", { name: ADMIN_SETTINGS_TEXTS.backups.title });
  const { none, ok } = ADMIN_SETTINGS_TEXTS.backups.health;
  await expect(backups.getByTestId("backup-health")).toHaveText(
    new RegExp(`^(${escapeRegExp(none)}|${escapeRegExp(ok)})$`),
  );

  // One answer for the mode: the header's badge, Settings and Data management agree.
  const header = page.getByRole("banner");
  await expect(header.getByTestId("admin-shop-mode")).toHaveText(SHOP_MODE_TEXTS.test);
  const payments = page.getByRole("region", { name: ADMIN_SETTINGS_TEXTS.payments.title });
  await expect(payments.getByTestId("shop-mode-now")).toHaveText(`Now: ${SHOP_MODE_TEXTS.badge.test}`);
  await expect(payments).toContainText(SHOP_MODE_TEXTS.reason.testPayments);
  await shots(page, "settings");
  await expectNoSidewaysScroll(page);

  await openAdmin(page, "/admin/data-management", "Data management");
  const env = page.getByRole("region", { name: "Environment mode" });
  await expect(env.getByTestId("shop-mode-now")).toHaveText(`Now: ${SHOP_MODE_TEXTS.badge.test}`);
  await expect(env).not.toContainText("Production");

  // An alert e-mail's link lands on the alerts.
  await page.goto("/admin/settings#alerts");
  await expect(alerts).toBeInViewport();
});

test("the refund form says what it waits for, offers cancelling up front, and a line comes with its shipping", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const orderId = await placePaidOrder(request, uniqueEmail("refund-form"));
  await openAdmin(page, `/admin/orders/${orderId}`, new RegExp(`Order #${orderNumberOf(orderId)}`));
  const money = page.getByRole("region", { name: "Money" });
  const form = money.getByRole("form", { name: "Refund" });
  const button = form.getByRole("button", { name: "Refund", exact: true });

  // Nothing chosen: the button waits and says why; the note is marked required.
  await expect(button).toBeDisabled();
  await expect(form.getByText(REFUND.blocked.nothing)).toBeVisible();
  const note = form.getByLabel(REFUND.internalNote);
  await expect(note).toHaveAttribute("required", "");
  await expect(form.getByText(REFUND.required, { exact: true })).toBeVisible();
  // "Cancel the order too" before any amount is typed.
  await expect(form.getByRole("checkbox", { name: /Cancel the order too/ })).toBeVisible();

  // The one line ticked: its price with its share of the shipping (here all of it).
  const detail = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as {
    order: { totals: { subtotal: number; shipping: number; total: number } };
  };
  const { subtotal, shipping, total } = detail.order.totals;
  expect(shipping).toBeGreaterThan(0);
  await form.getByRole("checkbox", { name: /Wall Mounting Kit/ }).check();
  await expect(form).toContainText(
    REFUND.lineWithShipping(formatGbp(subtotal), formatGbp(shipping), formatGbp(total)),
  );
  await expect(form).toContainText(REFUND.total(formatGbp(total)));
  await expect(button).toBeDisabled();
  await expect(form.getByText(REFUND.blocked.note)).toBeVisible();
  await shots(page, "refund-form-waiting");
  await expectNoSidewaysScroll(page);

  await note.fill("Arrived broken");
  await expect(button).toBeEnabled();
  await expect(form.getByText(REFUND.blocked.note)).toHaveCount(0);
  await shots(page, "refund-form-ready");
  await button.click();
  await page
    .getByRole("dialog", { name: `Refund ${formatGbp(total)}?` })
    .getByRole("button", { name: `Refund ${formatGbp(total)}` })
    .click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: `Refunded ${formatGbp(total)}` }),
  ).toBeVisible();
  await expect(money.locator("dt", { hasText: /^Net$/ }).locator("xpath=following-sibling::dd")).toHaveText(
    formatGbp(0),
  );
});

test("cancelling with the refund refunds everything left and cancels the order", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const orderId = await placePaidOrder(request, uniqueEmail("refund-cancel"));
  await openAdmin(page, `/admin/orders/${orderId}`, new RegExp(`Order #${orderNumberOf(orderId)}`));
  const money = page.getByRole("region", { name: "Money" });
  const form = money.getByRole("form", { name: "Refund" });
  await form.getByRole("checkbox", { name: /Cancel the order too/ }).check();
  await form.getByLabel(REFUND.internalNote).fill("Customer changed their mind");
  await shots(page, "refund-form-cancel");
  await form.getByRole("button", { name: "Refund and cancel" }).click();
  const dialog = page.getByRole("dialog", { name: /and cancel the order\?$/ });
  await dialog.getByRole("button", { name: /^Refund £/ }).click();
  await expect(page.getByRole("region", { name: "Status history" }).getByText("→ Cancelled")).toBeVisible();
});

test("a confirmed cart waiting for its reminder is sent at once from Settings", async ({
  page,
  playwright,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // A signed-in buyer with a verified address ticks the box: confirmed at once (double opt-in).
  const buyerRequest = await playwright.request.newContext({ baseURL: BASE_URL });
  const buyer = await createVerifiedUser(buyerRequest, "send-now");
  await apiSignIn(buyerRequest, buyer);
  const consent = await buyerRequest.post("/api/cart-reminders", {
    headers: { Origin: BASE_URL },
    data: {
      email: buyer.email,
      consent: true,
      handle: null,
      items: [wallMountCartItem(`${Date.now()}-send-now`)],
    },
  });
  expect(((await consent.json()) as { state: string }).state).toBe("active");
  await buyerRequest.dispose();

  await openAdmin(page, "/admin/settings", "Settings");
  const list = page.getByRole("list", { name: CUSTOMER_MAIL_TEXTS.waitingTitle });
  const masked = `${buyer.email.slice(0, 1)}***@${buyer.email.split("@")[1]}`;
  const line = list.getByRole("listitem").filter({ hasText: masked });
  await expect(line).toContainText("First reminder · 1 item · due");
  await line.scrollIntoViewIfNeeded();
  await shots(page, "settings-waiting-reminder");
  await line.getByRole("button", { name: `${CUSTOMER_MAIL_TEXTS.sendNow}: ${masked}` }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: CUSTOMER_MAIL_TEXTS.sentNow(masked) }),
  ).toBeVisible();
  await expect(line).toContainText("Second reminder");
  await expect
    .poll(async () => (await mailsTo(buyer.email)).filter((m) => m.includes("/cart/restore?token=")).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const [mail] = (await mailsTo(buyer.email)).filter((m) => m.includes("/cart/restore?token="));
  expect(mail).not.toMatch(/^Hello,$/m);
});

test("the packing slip names a panel's size once, without a second 'in' (issue 47 item 12)", async ({
  page,
  request,
}) => {
  const orderId = await placeLithophaneOrder(request, { pay: true, name: "slip-size" });
  await page.goto(`/admin/orders/${orderId}/packing-slip`);
  const panels = page.getByRole("list", { name: /^Panels of / });
  await expect(panels.getByRole("listitem")).toHaveCount(1);
  await expect(panels).toContainText("7″ x 7″");
  await expect(panels).not.toContainText("″ in");
  await expect(panels).not.toContainText(" in ·");
  await shots(page, "packing-slip-lithophane");
});
