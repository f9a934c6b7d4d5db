import { SUPPORT_EMAIL } from "../../src/shared/brand";
import { CHECKOUT_MESSAGES } from "../../src/shared/checkout-messages";
import { CURRENCY_STORAGE_KEYS } from "../../src/shared/currency";
import { DELIVERY_TEXTS } from "../../src/shared/delivery-texts";
import { MESSAGES } from "../../src/shared/messages";
import { CONTACT_SUBJECTS } from "../../src/shared/schemas";
import {
  DELIVERY_INTERNATIONAL_FAQ_DAYS,
  DELIVERY_INTERNATIONAL_SHIPPING_PAGE_DAYS,
  LED_RATED_HOURS,
  SUPPORT_HOURS,
} from "../../src/shared/shipping";
import { expect, type Page, test } from "./fixtures/test";
import { expectToast, gotoPage, toast } from "./helpers";

/** The pages this suite owns. */
const CONTENT_PAGES = [
  "/",
  "/about",
  "/faq",
  "/contact",
  "/privacy",
  "/shipping",
  "/returns",
  "/care",
  "/terms",
  "/cookies",
  "/no-such-page",
] as const;

/** Heading levels in the main landmark, in document order. */
function headingLevels(page: Page): Promise<number[]> {
  return page
    .locator("main")
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))));
}

// Axe (every route, both widths: a11y.spec) and sideways scrolling at 390 px (every known path:
// phone.spec) are checked once, there; here the content pages' heading outline.
test("the content pages have one h1 each and headings that skip no level", async ({ page }) => {
  for (const path of CONTENT_PAGES) {
    await gotoPage(page, path);
    await expect(page.locator("h1"), path).toHaveCount(1);
    const levels = await headingLevels(page);
    expect(levels[0], path).toBe(1);
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i]!, `${path}: heading ${i} skips a level: ${levels.join(",")}`).toBeLessThanOrEqual(
        levels[i - 1]! + 1,
      );
    }
  }
});

test.describe("home page", () => {
  test("has the what-is section, the four-step process and four features; no testimonial written into it", async ({
    page,
  }) => {
    await gotoPage(page, "/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2, name: "What is a lithophane?" })).toBeVisible();
    const process = main.getByRole("region", { name: "From your photo to a glowing keepsake" });
    await expect(process.getByRole("listitem")).toHaveCount(4);
    for (const step of [
      /upload your photo and choose your selections/i,
      /3D processing/i,
      /handcrafted assembly and quality control/i,
      /hand packaging and delivery/i,
    ]) {
      await expect(process.getByRole("heading", { level: 3, name: step })).toBeVisible();
    }
    await expect(
      main.getByRole("region", { name: "Why people choose Lithobox" }).getByRole("heading", { level: 3 }),
    ).toHaveCount(4);
    // Issue 46: customers' words come only from approved reviews (shop-imagery.spec.ts), never
    // from the page itself: the served page has none.
    const html = await (await page.request.get("/")).text();
    expect(html).not.toContain("<blockquote");
    expect(html).not.toMatch(/ruby anniversary|Bramble|ninetieth/);
    // The making promise is the checkout calendar's production days, as the shipping page's (issue 47).
    await expect(main).toContainText(DELIVERY_TEXTS.madeWithin);
    await expect(main).toContainText("made and checked within 3-5 business days");
  });
});

test.describe("about page", () => {
  test("tells the story, four values and the mission", async ({ page }) => {
    await gotoPage(page, "/about");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2, name: "Our story" })).toBeVisible();
    await expect(
      main.getByRole("region", { name: "What we value" }).getByRole("heading", { level: 3 }),
    ).toHaveCount(4);
    await expect(main.getByRole("heading", { level: 2, name: "Our mission" })).toBeVisible();
  });
});

test.describe("FAQ", () => {
  test("eleven questions, one answer open at a time", async ({ page }) => {
    await gotoPage(page, "/faq");
    const questions = page.getByRole("region", { name: "Common questions" }).getByRole("button");
    await expect(questions).toHaveCount(11);
    for (const q of await questions.all()) await expect(q).toHaveAttribute("aria-expanded", "false");

    const first = questions.nth(0);
    const second = questions.nth(4);
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/thin panel whose thickness follows the light and shade/)).toBeVisible();

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(/thin panel whose thickness follows the light and shade/)).toBeHidden();
    await expect(page.getByText(/Production takes 5-7 business days/)).toBeVisible();

    // Collapsible: clicking the open one closes it.
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator('[data-state="open"][role="region"]')).toHaveCount(0);

    // Keyboard: Enter opens a focused question.
    await questions.nth(2).focus();
    await page.keyboard.press("Enter");
    await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "true");
  });

  test("answers carry the spec's facts", async ({ page }) => {
    await gotoPage(page, "/faq");
    const questions = page.getByRole("region", { name: "Common questions" }).getByRole("button");
    const answerOf = async (name: RegExp) => {
      await questions.filter({ hasText: name }).click();
      return page.locator('[role="region"][data-state="open"]');
    };
    const files = await answerOf(/file types/);
    await expect(files).toContainText("JPG, PNG and WEBP");
    await expect(files).toContainText("10 MB");
    await expect(await answerOf(/photo works best/)).toContainText("1200x1200 px");
    await expect(await answerOf(/delivery take/)).toContainText(
      `3-5 business days to the UK and Ireland and ${DELIVERY_INTERNATIONAL_FAQ_DAYS} business days internationally`,
    );
    const cost = await answerOf(/shipping cost/);
    await expect(cost).toContainText("checkout shows your country's price and delivery dates before you pay");
    await expect(cost).toContainText("paid by you to the carrier");
    await expect(await answerOf(/LEDs last/)).toContainText(`${LED_RATED_HOURS} hours`);
    await expect(await answerOf(/not happy/)).toContainText("30-day money-back guarantee");
    await expect(await answerOf(/5 or more/)).toContainText("5 or more units");
    // Issue 22: what colour panels need.
    const colour = await answerOf(/in colour/);
    await expect(colour).toContainText("multi-material printer");
    await expect(colour).toContainText("7-9 business days instead of 5-7");
  });

  test("has the create call to action, support cards and the guarantee", async ({ page }) => {
    await gotoPage(page, "/faq");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: MESSAGES.home.createCta })).toHaveAttribute(
      "href",
      "/shop/create",
    );
    await expect(main.getByRole("heading", { name: "Email support" })).toBeVisible();
    await expect(main.getByText("We reply within 24 hours")).toBeVisible();
    await expect(main.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}`,
    );
    await expect(main.getByRole("heading", { name: "30-day money-back guarantee" })).toBeVisible();
    await main.getByRole("link", { name: "Go to the contact form" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe("contact form", () => {
  const fields = (page: Page) => ({
    name: page.getByRole("textbox", { name: "Name", exact: true }),
    email: page.getByRole("textbox", { name: "Email", exact: true }),
    subject: page.getByRole("combobox", { name: "Subject", exact: true }),
    message: page.getByRole("textbox", { name: "Message", exact: true }),
    send: page.getByRole("button", { name: CHECKOUT_MESSAGES.contact.sendMessage }),
  });

  test("has the spec's fields, subjects and info cards", async ({ page }) => {
    await gotoPage(page, "/contact");
    const f = fields(page);
    await expect(f.message).toHaveAttribute("rows", "6");
    for (const s of CONTACT_SUBJECTS) {
      await expect(f.subject.locator(`option[value="${s.value}"]`)).toHaveText(s.label);
    }
    const main = page.getByRole("main");
    await expect(main.getByText(/reply to every message within 24 hours/)).toBeVisible();
    await expect(main.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}`,
    );
    await expect(main.getByText(SUPPORT_HOURS.split(" ")[0]!, { exact: true })).toBeVisible();
    await expect(main.getByText("9:00-21:00 GMT")).toBeVisible();
    await expect(main.getByText("Sunday", { exact: true })).toBeVisible();
    await expect(main.getByRole("heading", { name: CHECKOUT_MESSAGES.contact.quickAnswers })).toBeVisible();
    await main.getByRole("link", { name: "Read the FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("an empty or partial submit asks for the required fields and sends nothing", async ({ page }) => {
    await gotoPage(page, "/contact");
    let posted = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/contact") && r.method() === "POST") posted++;
    });
    const f = fields(page);
    await f.send.click();
    await expectToast(
      page,
      CHECKOUT_MESSAGES.contact.requiredFields.title,
      CHECKOUT_MESSAGES.validation.requiredFields,
    );
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).toBeFocused();

    await f.name.fill("Ciara");
    await f.email.fill("ciara@example.com");
    await f.send.click();
    await expect(toast(page, CHECKOUT_MESSAGES.validation.requiredFields)).toBeVisible();
    await expect(f.message).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).not.toHaveAttribute("aria-invalid", "true");

    await f.message.fill("Hello");
    await f.email.fill("not-an-email");
    await f.send.click();
    await expect(toast(page, CHECKOUT_MESSAGES.validation.invalidEmail)).toBeVisible();
    expect(posted).toBe(0);
  });

  test("a valid message is stored, confirmed and the form clears", async ({ page }) => {
    await gotoPage(page, "/contact");
    const f = fields(page);
    await f.name.fill("Gareth Morrow");
    await f.email.fill("gareth@example.com");
    await f.subject.selectOption("custom-request");
    await f.message.fill("Could you make a heart-shaped one of our dog Bramble for my mum's birthday?");
    const response = page.waitForResponse(
      (r) => r.url().endsWith("/api/contact") && r.request().method() === "POST",
    );
    await f.send.click();
    const res = await response;
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({ ok: true, id: expect.any(String) });
    expect(res.request().postDataJSON()).toEqual({
      name: "Gareth Morrow",
      email: "gareth@example.com",
      subject: "custom-request",
      message: "Could you make a heart-shaped one of our dog Bramble for my mum's birthday?",
    });
    await expectToast(page, CHECKOUT_MESSAGES.contact.sent.title, CHECKOUT_MESSAGES.contact.sent.description);
    await expect(f.name).toHaveValue("");
    await expect(f.email).toHaveValue("");
    await expect(f.subject).toHaveValue("");
    await expect(f.message).toHaveValue("");

    // A second message (without a subject) is stored too.
    await f.name.fill("Emma");
    await f.email.fill("emma@example.ca");
    await f.message.fill("Do you post to Toronto?");
    const second = page.waitForResponse(
      (r) => r.url().endsWith("/api/contact") && r.request().method() === "POST",
    );
    await f.send.click();
    expect((await second).status()).toBe(201);
    await expect(f.message).toHaveValue("");
  });

  test("a network or server failure says so and keeps the typed text", async ({ page }) => {
    await gotoPage(page, "/contact");
    const f = fields(page);
    await f.name.fill("Aoife");
    await f.email.fill("aoife@example.ie");
    await f.message.fill("Is the Everlasting Collection suitable as a wedding gift?");

    await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
    await f.send.click();
    await expect(toast(page, CHECKOUT_MESSAGES.contact.sendFailed.title)).toBeVisible();
    await expect(f.name).toHaveValue("Aoife");
    await expect(f.message).toHaveValue("Is the Everlasting Collection suitable as a wedding gift?");

    await page.unroute("**/api/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"error":"unavailable","message":"Down"}',
      }),
    );
    await f.send.click();
    await expect(toast(page, CHECKOUT_MESSAGES.contact.sendFailed.title)).toBeVisible();
    await expect(f.email).toHaveValue("aoife@example.ie");
    await expect(f.send).toBeEnabled();
  });
});

test.describe("policy pages", () => {
  test("shipping gives both international figures, with the costs", async ({ page }) => {
    await gotoPage(page, "/shipping");
    const main = page.getByRole("main");
    await expect(main).toContainText(`${DELIVERY_INTERNATIONAL_FAQ_DAYS} business days`);
    await expect(main).toContainText(`${DELIVERY_INTERNATIONAL_SHIPPING_PAGE_DAYS} business days`);
    for (const fact of [
      "£75",
      "£8.99",
      "£19.99",
      "5-7 business days",
      "2-3 business days",
      "3-5 business days",
      "1-2 business days",
    ]) {
      await expect(main).toContainText(fact);
    }
    // Issue 16: checkout delivers by zone; the page lists the zones as the shop prices them now.
    await expect(main).not.toContainText("currently takes UK delivery addresses");
    const zones = main.getByTestId("zone-table");
    await expect(zones.getByRole("rowheader")).toHaveText([
      "United Kingdom",
      "Ireland",
      "Europe",
      "United States and Canada",
      "Rest of world",
    ]);
    await expect(zones.getByRole("row", { name: /^Ireland/ })).toContainText("3-5 business days");
    // One calendar (issue 47): the text quotes the zones' own days, and says what a business day is.
    await expect(main.getByTestId("uk-ireland-delivery")).toContainText(
      "standard delivery takes 5-7 business days to the UK and 3-5 to Ireland",
    );
    await expect(main).toContainText("Saturdays and Sundays are not counted");
    await expect(main).not.toContainText("skips Sundays");
    await expect(main).toContainText("carry no import charges");
  });

  test("returns gives the guarantee and refund times", async ({ page }) => {
    await gotoPage(page, "/returns");
    const main = page.getByRole("main");
    for (const fact of [
      "30-day money-back guarantee",
      "3-5 business days",
      "PayPal",
      "1-2 days",
      "5-7 days",
      "24 hours",
      "prepaid return label",
    ]) {
      await expect(main).toContainText(fact);
    }
  });

  test("care, terms, privacy and cookies carry their key facts", async ({ page }) => {
    const facts: Record<string, string[]> = {
      "/care": [
        "microfibre",
        "solvents",
        "55°C",
        `${LED_RATED_HOURS} hours`,
        "Colour panels",
        "multi-material printer",
      ],
      "/terms": ["made to order", "pounds sterling (GBP)", "law of Northern Ireland"],
      "/privacy": ["UK GDPR", "Stripe", "uploaded photos", "download a copy of your data", SUPPORT_EMAIL],
      "/cookies": ["session cookie", ...Object.values(CURRENCY_STORAGE_KEYS), "cart"],
    };
    for (const [path, list] of Object.entries(facts)) {
      await gotoPage(page, path);
      for (const fact of list) await expect(page.getByRole("main")).toContainText(fact, { ignoreCase: true });
    }
  });
});
