/**
 * Issue 33 item 3 in the browser: the owner selects two paid orders on the orders list, exports
 * them for Royal Mail Click & Drop, imports Click & Drop's tracking export on the Click & Drop
 * screen, and both orders are dispatched with Royal Mail, each customer e-mailed the tracking
 * link; the same file imported again dispatches nothing. The Google Shopping and Books screens
 * open with their content. With SHOTS_DIR set, the new screens are saved at 1280 and 390 px.
 * (tests/integration/orders/click-and-drop.test.ts proves the refusals and the columns row by row.)
 */
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { openAdmin, orderNumberOf, placePaidOrder, shots, signInAdminForEachTest } from "./admin-helpers";
import { mailsTo, uniqueEmail } from "./auth-helpers";
import { expect, test } from "./fixtures/test";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

test("orders exported for Click & Drop come back with tracking numbers and are dispatched in one step", async ({
  page,
  request,
}) => {
  const emails = [uniqueEmail("cd-one"), uniqueEmail("cd-two")];
  const ids = [
    await placePaidOrder(request, emails[0] ?? ""),
    await placePaidOrder(request, emails[1] ?? ""),
  ];
  const numbers = ids.map(orderNumberOf);

  await openAdmin(page, "/admin/orders?status=paid", "Orders");
  for (const number of numbers) await page.getByRole("checkbox", { name: `Select order #${number}` }).check();
  await shots(page, "admin-orders-click-and-drop");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export for Click & Drop" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^click-and-drop-\d{4}-\d\d-\d\d\.csv$/);
  const rows = parse(await readFile((await download.path()) ?? ""), { columns: true, bom: true }) as Array<
    Record<string, string>
  >;
  expect(rows.map((r) => r["Order reference"]).sort()).toEqual([...numbers].sort());
  expect(rows[0]).toMatchObject({ Postcode: "BT48 6DQ", Country: "GBR", "Package Size": "small parcel" });

  // Click & Drop's tracking export for those orders, chosen on the Click & Drop screen.
  const tracking = [
    "Order reference,Tracking number,Service",
    ...numbers.map((n, i) => `${n},TT${i}00000001GB,Royal Mail Tracked 48`),
  ].join("\n");
  await openAdmin(page, "/admin/click-and-drop", "Click & Drop");
  const importFile = async () => {
    await page.getByLabel("Click & Drop tracking export (CSV, up to 200 KB)").setInputFiles({
      name: "tracking.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(tracking),
    });
    await page.getByRole("button", { name: "Import and dispatch" }).click();
  };
  await importFile();
  await expect(page.getByTestId("import-summary")).toHaveText("2 orders dispatched, 0 rows refused.");
  const report = page.getByRole("region", { name: "What the import did" });
  await expect(report.getByText("Dispatched", { exact: true })).toHaveCount(2);
  await shots(page, "admin-click-and-drop");

  for (const [i, email] of emails.entries()) {
    await expect
      .poll(async () => (await mailsTo(email)).find((m) => /^Subject:[^\n]*dispatched/im.test(m)) ?? "")
      .toContain(`https://www.royalmail.com/track-your-item#/tracking-results/TT${i}00000001GB`);
  }
  const order = await page.request.get(`/api/admin/orders/${ids[0]}`);
  expect(((await order.json()) as { order: { status: string } }).order.status).toBe("dispatched");

  // The same file again: nothing dispatched twice, nothing e-mailed twice.
  await importFile();
  await expect(page.getByTestId("import-summary")).toHaveText("0 orders dispatched, 2 rows refused.");
  await expect(report.getByText("Already dispatched", { exact: true })).toHaveCount(2);
  const dispatchMails = (await mailsTo(emails[0] ?? "")).filter((m) => /^Subject:[^\n]*dispatched/im.test(m));
  expect(dispatchMails).toHaveLength(1);
});

test("the Google Shopping and Books screens", async ({ page }) => {
  await openAdmin(page, "/admin/google-shopping", "Google Shopping");
  await expect(page.getByTestId("feed-url")).toHaveText(/\/feeds\/google-shopping\.xml$/);
  await expect(page.getByRole("heading", { name: "Left out of the feed" })).toBeVisible();
  await shots(page, "admin-google-shopping");

  await openAdmin(page, "/admin/books", "Books");
  await expect(page.getByLabel("Sales")).toHaveValue(/.+/);
  await expect(page.getByRole("link", { name: "Xero sales invoices (CSV)" })).toHaveAttribute(
    "href",
    /\/api\/admin\/books\/xero\.csv\?period=\d{4}-Q[1-4]$/,
  );
  await shots(page, "admin-books");
});
