/**
 * Issue 17 item 6: the admin has its own frame. No shop navigation, footer or floating cart;
 * its header says whether the shop is live or in test mode and leads back to the shop; at
 * 390 px the section menu is a button that opens the list, and no admin screen scrolls
 * sideways. Also the bench's screens (orders with dispatch-by, bulk dispatch with the carrier,
 * the order's dispatch, the packing slip, analytics): with SHOTS_DIR set, saved at 1280 and 390 px.
 */
import { MESSAGES } from "../../src/shared/messages";
import { SHOP_MODE_TEXTS, TEST_ORDERS_TEXTS } from "../../src/shared/test-orders";
import { openAdmin, orderNumberOf, placePaidOrder, shots, signInAdminForEachTest } from "./admin-helpers";
import { uniqueEmail } from "./auth-helpers";
import { expect, type Page, test } from "./fixtures/test";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

const SCREENS: [path: string, heading: string | RegExp][] = [
  ["/admin", "Admin dashboard"],
  ["/admin/orders", "Orders"],
  ["/admin/print-queue", "Print queue"],
  ["/admin/messages", "Messages"],
  ["/admin/users", "Users"],
  ["/admin/products", "Products"],
  ["/admin/creator-config", /Creator/],
  ["/admin/storefront", "Storefront"],
  ["/admin/prices", /Prices/],
  ["/admin/discounts", /Discount codes/],
  ["/admin/shipping-zones", /Shipping zones/],
  ["/admin/calibration", /Calibration/],
  ["/admin/analytics", "Analytics"],
  ["/admin/export", "Export"],
  ["/admin/data-management", "Data management"],
  ["/admin/activity", "Activity"],
  ["/admin/settings", "Settings"],
];

async function noShopChrome(page: Page): Promise<void> {
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("button", { name: new RegExp(`^${MESSAGES.cart.openCart}`) })).toHaveCount(0);
}

test("the admin frame: its own header, no shop navigation, footer or cart; back to the shop", async ({
  page,
}) => {
  await openAdmin(page, "/admin", "Admin dashboard");
  await noShopChrome(page);
  const header = page.getByRole("banner");
  await expect(header.getByTestId("admin-shop-mode")).toHaveText(/Live shop|Test mode/);
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }),
  ).toBeVisible();
  await header.getByRole("link", { name: "View shop" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The shop has its navigation and footer back.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("test payments: the header never says payments are real, and 'Include test orders' (on) counts them everywhere (issue 30)", async ({
  page,
  request,
}) => {
  await placePaidOrder(request, uniqueEmail("include-test"));
  await openAdmin(page, "/admin", "Admin dashboard");
  const header = page.getByRole("banner");
  // The e2e shop pays on the built-in test page: no live payments.
  await expect(header.getByTestId("admin-shop-mode")).toHaveText(SHOP_MODE_TEXTS.test);
  const toggle = header.getByRole("checkbox", { name: TEST_ORDERS_TEXTS.switchLabel });
  await expect(toggle).toBeChecked();
  await expect(page.getByRole("heading", { name: /^Sales/ })).toContainText(
    TEST_ORDERS_TEXTS.salesScope(true),
  );
  const queue = page.getByTestId("printing-queue");
  await expect(queue).not.toContainText(/^0 paid orders/);
  await expect(queue).not.toContainText(" 0 paid orders not yet dispatched");
  await shots(page, "issue30-dashboard-include-test");

  await toggle.uncheck();
  await expect(page.getByRole("heading", { name: /^Sales/ })).toContainText(
    TEST_ORDERS_TEXTS.salesScope(false),
  );
  await openAdmin(page, "/admin/analytics", "Analytics");
  await expect(page.getByLabel("Orders", { exact: true })).toHaveValue("live");
  await page.getByRole("banner").getByRole("checkbox", { name: TEST_ORDERS_TEXTS.switchLabel }).check();
  await expect(page.getByLabel("Orders", { exact: true })).toHaveValue("all");
  await expect(page.getByText(TEST_ORDERS_TEXTS.includedNote)).toBeVisible();
  await openAdmin(page, "/admin/prices", /Prices/);
  await expect(page.getByRole("link", { name: /Download CSV/ })).toHaveAttribute("href", /tests=on/);
});

test("at 390 px the menu is a button, and no admin screen scrolls sideways", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tooWide: string[] = [];
  for (const [path, heading] of SCREENS) {
    await openAdmin(page, path, heading);
    await noShopChrome(page);
    // Let lazy parts (tables, charts, pictures) settle before measuring.
    await page.waitForLoadState("networkidle");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) tooWide.push(`${path}: ${width}px`);
  }
  expect(tooWide, "admin screens wider than a 390 px phone").toEqual([]);
  await openAdmin(page, "/admin", "Admin dashboard");
  const nav = page.getByRole("navigation", { name: "Admin" });
  const menu = nav.getByRole("button", { name: /Admin menu: Dashboard/ });
  await expect(nav.getByRole("link", { name: "Orders" })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await shots(page, "admin-menu-open");
  await nav.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  // Choosing a section closes the menu and names it.
  await expect(nav.getByRole("button", { name: /Admin menu: Orders/ })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await expect(nav.getByRole("link", { name: "Users" })).toBeHidden();
});

test("at 390 px each product is a card: nothing scrolls sideways inside the list, every control in view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page, "/admin/products", "Products");
  const list = page.getByRole("region", { name: "Products" });
  const { scrollWidth, clientWidth } = await list.evaluate((shell) => ({
    scrollWidth: shell.scrollWidth,
    clientWidth: shell.clientWidth,
  }));
  expect(scrollWidth, "the products list scrolls sideways").toBeLessThanOrEqual(clientWidth);
  const edit = list.getByRole("button", { name: /^Edit / }).first();
  const status = list.getByRole("combobox").first();
  const stock = list.getByRole("textbox").first();
  const saveStock = list.getByRole("button", { name: /^Save stock of / }).first();
  const moveDown = list.getByRole("button", { name: /^Move .* down$/ }).first();
  for (const control of [edit, status, stock, saveStock, moveDown]) {
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    if (!box) throw new Error("a control is not drawn");
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await shots(page, "products-phone");
});

test("the bench's screens: orders by urgency, bulk dispatch with a carrier, the order's dispatch, packing slip, analytics", async ({
  page,
  request,
}) => {
  const orderId = await placePaidOrder(request, uniqueEmail("bench"));
  const number = orderNumberOf(orderId);
  await page.goto("/admin/orders?sort=urgency");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Orders, most urgent first" })).toContainText("Dispatch by");
  await page.getByRole("checkbox", { name: `Select order #${number}` }).check();
  const bulk = page.getByRole("region", { name: "Bulk status change" });
  await bulk.getByLabel("New status").selectOption("dispatched");
  await expect(bulk.getByLabel("Carrier")).toHaveValue("royal_mail");
  await bulk.getByLabel("Carrier").selectOption("an_post");
  await shots(page, "orders-bulk-dispatch");

  await openAdmin(page, `/admin/orders/${orderId}`, new RegExp(`Order #${number}`));
  await expect(page.getByText(/Dispatch by /).first()).toBeVisible();
  await page.getByLabel("Change status to").selectOption("dispatched");
  await expect(page.getByLabel("Carrier")).toBeVisible();
  await shots(page, "order-dispatch");

  await page.goto(`/admin/orders/${orderId}/packing-slip`);
  await expect(page.getByRole("heading", { name: "Packing slip" })).toBeVisible();
  await noShopChrome(page);
  await shots(page, "packing-slip");

  // On a phone the orders are cards (the table needs 1100 px) with the same facts and selection.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/orders?q=${number}`);
  const card = page.getByRole("list", { name: "Orders" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`#${number}`);
  await expect(card).toContainText(/Dispatch by /);
  await card.getByRole("checkbox", { name: `Select order #${number}` }).check();
  await expect(page.getByRole("region", { name: "Bulk status change" })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  await openAdmin(page, "/admin/analytics", "Analytics");
  await shots(page, "analytics");
  await openAdmin(page, "/admin", "Admin dashboard");
  await shots(page, "dashboard");
});
