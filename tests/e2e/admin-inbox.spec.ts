/**
 * Issue 17, "Done when" 1: a contact message appears in the admin inbox (its unread count in the
 * admin menu) and in an e-mail to the owner; the admin replies from the conversation; the
 * customer answers through the signed link in the reply e-mail, without an account, and the
 * answer lands in the same conversation (and alerts the owner again).
 * With SHOTS_DIR set, the inbox and the conversation are saved at 1280 and 390 px.
 */
import { randomBytes } from "node:crypto";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { OWNER_EMAIL, openAdmin, shots, signInAdminForEachTest } from "./admin-helpers";
import { BASE_URL, linkFromMail, mailsTo, uniqueEmail } from "./auth-helpers";
import { expect, test } from "./fixtures/test";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

test("contact message → inbox and owner e-mail → reply → the customer's answer joins the conversation", async ({
  page,
  browser,
}) => {
  const suffix = randomBytes(3).toString("hex");
  const name = `Saoirse Inbox ${suffix}`;
  const email = uniqueEmail("inbox");
  const question = `Can you make a 10x10 lithophane of our lighthouse photo like order #0a1b2c3d? (ref ${suffix})`;

  // The customer writes through the contact form, signed out, in a browser of their own.
  const customer = await browser.newContext({ baseURL: BASE_URL });
  const shopper = await customer.newPage();
  await shopper.goto("/contact");
  await shopper.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await shopper.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await shopper.getByRole("combobox", { name: "Subject", exact: true }).selectOption("custom-request");
  await shopper.getByRole("textbox", { name: "Message", exact: true }).fill(question);
  await shopper.getByRole("button", { name: CHECKOUT_MESSAGES.contact.sendMessage }).click();
  await expect(
    shopper.locator("[data-sonner-toast]").filter({ hasText: CHECKOUT_MESSAGES.contact.sent.title }),
  ).toBeVisible();

  // The owner hears of it by e-mail.
  await expect
    .poll(
      async () => (await mailsTo(OWNER_EMAIL)).find((m) => m.includes(`New message from ${name}`)) ?? "",
      {
        timeout: 15_000,
      },
    )
    .toContain(question);

  // The admin menu counts it unread; the inbox lists it in bold.
  await openAdmin(page, "/admin/messages", "Messages");
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByRole("link", { name: /^Messages \d+ unread$/ })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(suffix);
  const list = page.getByRole("list", { name: "Messages" });
  const row = list.getByRole("link", { name: new RegExp(`Unread: ${name}`) });
  await expect(row).toBeVisible();
  await expect(row).toHaveClass(/font-semibold/);
  await expect(row).toContainText("Custom Request");
  await expect(row).toContainText("Open");
  await page.getByRole("searchbox", { name: "Search" }).fill("");
  await shots(page, "messages-inbox");

  // The conversation; Reply e-mails the customer with the thread quoted and an answer link.
  await page.getByRole("searchbox", { name: "Search" }).fill(suffix);
  await row.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const conversation = page.getByRole("list", { name: "Conversation" });
  await expect(conversation.getByRole("listitem")).toHaveCount(1);
  await expect(conversation).toContainText(question);
  // The order number it quotes links to the order (issue 30).
  await expect(conversation.getByRole("link", { name: "0a1b2c3d" })).toHaveAttribute(
    "href",
    "/admin/orders?q=0a1b2c3d",
  );
  const reply = `Yes, 10x10 is our largest square. Could you send the photo at full size? (${suffix})`;
  await page.getByRole("textbox", { name: "Reply" }).fill(reply);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Reply sent to the customer." }),
  ).toBeVisible();
  await expect(conversation.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText(/Custom Request · Answered/)).toBeVisible();
  await shots(page, "messages-conversation");

  const link = await linkFromMail(email, "/messages/answer");
  const replyMail = (await mailsTo(email)).find((m) => m.includes("Re: your message to")) ?? "";
  expect(replyMail).toContain("Re: your message to Lithobox (Custom Request)");
  expect(replyMail).toContain(reply);
  expect(replyMail).toContain(question); // the thread, quoted
  expect(replyMail).toContain("Replies to this e-mail do not reach us");

  // The customer answers through the link, with no account.
  await shopper.goto(link);
  await expect(shopper.getByRole("heading", { level: 1, name: "Answer your message" })).toBeVisible();
  const theirs = shopper.getByRole("list", { name: "Conversation" });
  await expect(theirs).toContainText(question);
  await expect(theirs).toContainText(reply);
  const answer = `Here it is: the lighthouse at Fanad Head, 4000 px wide. (${suffix})`;
  await shopper.getByRole("textbox", { name: "Your answer" }).fill(answer);
  await shopper.getByRole("button", { name: "Send answer" }).click();
  await expect(shopper.getByRole("status")).toContainText("your answer was added to the conversation");
  // The link works once.
  await shopper.goto(link);
  await expect(shopper.getByRole("alert")).toContainText("You have already answered through this link");
  await customer.close();

  // The answer is the third entry of the same conversation, and the owner is told.
  await page.reload();
  await expect(conversation.getByRole("listitem")).toHaveCount(3);
  await expect(conversation.getByRole("listitem").nth(2)).toContainText(answer);
  await expect
    .poll(async () => (await mailsTo(OWNER_EMAIL)).find((m) => m.includes(`Answer from ${name}`)) ?? "", {
      timeout: 15_000,
    })
    .toContain(answer);
  // Back in the inbox it is unread again, with the conversation after it counted.
  await page.getByRole("link", { name: "All messages" }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill(suffix);
  await expect(list.getByRole("link", { name: new RegExp(name) })).toContainText(
    "2 in the conversation after it",
  );
});

test("the owner chooses which alerts are e-mailed", async ({ page }) => {
  // On the one Settings page since issue 47 (item 7); Messages points there.
  await openAdmin(page, "/admin/messages", "Messages");
  await page.getByRole("link", { name: "Open Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings#alerts$/);
  const alerts = page.getByRole("region", { name: "E-mail alerts" });
  await expect(alerts).toContainText(`Sent to ${OWNER_EMAIL} (OWNER_EMAIL)`);
  const boxes = alerts.getByRole("checkbox");
  expect(await boxes.count()).toBeGreaterThanOrEqual(4);
  await alerts.scrollIntoViewIfNeeded();
  await shots(page, "owner-alert-settings");
});
