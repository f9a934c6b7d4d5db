/**
 * Issue 32 item 3, "Done when", in the browser: the customer pays, receives the proof e-mail,
 * changes the crop through its link (the panel's print file is made again from the new crop),
 * then approves; the admin's print files show the proof's state at each step and the order is
 * not printed before. A second journey lets the window lapse: the sweep, run as if 49 hours
 * later (allowed outside production only), auto-approves it.
 * Issue 44: a Keepsake (three panels) is paid; one e-mail comes with the three panels' pictures;
 * panel 2's crop is changed through it, then all are approved; the order goes to Printing only
 * then.
 * With SHOTS_DIR set, the proof card, the proof e-mail and the admin's print files are saved at
 * 1280 and 390 px.
 */
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { LIGHTBOX_KIND } from "../../src/shared/product-types/kinds";
import { PROOF_ADMIN_TEXTS, PROOF_STATE_LABELS, PROOF_TEXTS, proofPieceOf } from "../../src/shared/proofs";

/** A lightbox order's proof speaks of its panels. */
const PANELS = proofPieceOf([LIGHTBOX_KIND]);

import {
  OWNER_EMAIL,
  orderNumberOf,
  placeLithophaneOrder,
  readyFileHash,
  shots,
  signInAdminForEachTest,
} from "./admin-helpers";
import { BASE_URL, linkFromMail, mailsTo, uniqueEmail } from "./auth-helpers";
import { expect, type Page, test } from "./fixtures/test";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

const P = ADMIN_MESSAGE_TEXTS.printFiles;

async function proofState(page: Page, orderId: string, state: keyof typeof PROOF_STATE_LABELS) {
  await page.goto(`/admin/orders/${orderId}`);
  const files = page.getByRole("region", { name: P.title });
  await expect(files.getByTestId("proof-state")).toHaveAttribute("data-state", state);
  await expect(files.getByText(PROOF_ADMIN_TEXTS.state(PROOF_STATE_LABELS[state]))).toBeVisible();
  return files;
}

test("pay → proof e-mail → change the crop through its link (file made again) → approve", async ({
  page,
  request,
  browser,
}) => {
  // Two generations of a 180 mm panel on a machine shared with the rest of the suite.
  test.setTimeout(360_000);
  const email = uniqueEmail("proof");
  const orderId = await placeLithophaneOrder(request, { pay: true, name: "proof", email });
  const number = orderNumberOf(orderId);
  const fileName = `order-${number}-item-1-panel-1.3mf`;

  // The e-mail: keyed like the order e-mails, with the signed link.
  const link = await linkFromMail(email, "/proof?token=");
  const mail = (await mailsTo(email)).find((m) => m.includes("/proof?token=")) ?? "";
  expect(mail).toContain(`Before we print order #${number}`);
  expect(mail).toContain(PROOF_TEXTS.emailApprove(1));
  expect(mail).toContain(PROOF_TEXTS.emailChangeCrop);

  // The owner's print files: awaiting approval, "do not print yet"; a test order's file on request.
  const files = await proofState(page, orderId, "awaiting");
  await expect(files.getByText(PROOF_ADMIN_TEXTS.doNotPrint)).toBeVisible();
  await files.getByRole("button", { name: P.generate }).click();
  const before = await readyFileHash(page, files, fileName);
  await shots(page, "proof-admin-awaiting");

  // The customer opens the link (no account): the card shows the preview while no twin is made.
  const customer = await browser.newContext({ baseURL: BASE_URL });
  const shopper = await customer.newPage();
  await shopper.goto(link);
  await expect(shopper.getByRole("heading", { level: 1, name: PROOF_TEXTS.pageTitle })).toBeVisible();
  const card = shopper.getByTestId("proof-card");
  await expect(card.getByRole("heading", { name: PROOF_TEXTS.title(PANELS) })).toBeVisible();
  await expect(card.getByTestId("proof-preview")).toBeVisible();
  await expect(card.getByText(PROOF_TEXTS.photoNote)).toBeVisible();
  await shots(shopper, "proof-card-awaiting");

  // Change crop: the creator's crop step, zoomed in.
  await card.getByRole("button", { name: PROOF_TEXTS.changeCrop }).click();
  await expect(card.getByText(PROOF_TEXTS.position)).toBeVisible();
  await card.getByRole("slider").fill("2");
  const save = card.getByRole("button", { name: PROOF_TEXTS.saveCrop });
  await expect(save).toBeEnabled();
  await shots(shopper, "proof-card-crop");
  await save.click();
  await expect(card).toHaveAttribute("data-state", "changed");
  await expect(card.getByRole("status").filter({ hasText: PROOF_TEXTS.changed })).toBeVisible();
  // While the new file and its picture are made, the card says so, with an estimate.
  await expect(card.getByTestId("proof-simulating")).toHaveText(
    /^Simulating your print: about (a minute|\d+ minutes) left\.$/,
  );
  await shots(shopper, "proof-card-simulating");

  // The panel's print file is made again from the new crop; the owner is told.
  const changedFiles = await proofState(page, orderId, "changed");
  const after = await readyFileHash(page, changedFiles, fileName);
  expect(after).not.toBe(before);
  await expect
    .poll(
      async () =>
        (await mailsTo(OWNER_EMAIL)).some((m) =>
          m.includes(`Order #${number}: the customer changed the crop`),
        ),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);

  // Approve: the card says so, the owner's queue shows it, the timeline has every step.
  await card.getByRole("button", { name: PROOF_TEXTS.approve }).click();
  await expect(card).toHaveAttribute("data-state", "approved");
  await expect(card.getByRole("status")).toHaveText(PROOF_TEXTS.approved(PANELS));
  await expect(card.getByRole("button", { name: PROOF_TEXTS.approve })).toHaveCount(0);
  await shots(shopper, "proof-card-approved");
  await customer.close();

  await proofState(page, orderId, "approved");
  await expect(page.getByText("Proof approved by the customer")).toBeVisible();
  await expect(
    page.getByText("Proof: the customer changed the crop of lightbox 1; its print file is being made again"),
  ).toBeVisible();
  await shots(page, "proof-admin-approved");
  await expect
    .poll(
      async () => (await mailsTo(OWNER_EMAIL)).some((m) => m.includes(`Order #${number}: proof approved`)),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
});

test("the window lapses: the sweep auto-approves the proof", async ({ page, request, browser }) => {
  const email = uniqueEmail("proof-lapse");
  const orderId = await placeLithophaneOrder(request, { pay: true, name: "proof-lapse", email });
  const number = orderNumberOf(orderId);
  const link = await linkFromMail(email, "/proof?token=");
  await proofState(page, orderId, "awaiting");

  // The sweep as if 49 hours had passed (the owner's window is 48 h by default).
  const swept = await page.request.post("/api/admin/proofs/sweep", {
    headers: { Origin: BASE_URL },
    data: { at: new Date(Date.now() + 49 * 3_600_000).toISOString() },
  });
  expect(swept.status(), await swept.text()).toBe(200);

  await proofState(page, orderId, "auto_approved");
  await expect(page.getByText("Proof auto-approved: the customer's time to review ended")).toBeVisible();
  await shots(page, "proof-admin-auto-approved");

  const customer = await browser.newContext({ baseURL: BASE_URL });
  const shopper = await customer.newPage();
  await shopper.goto(link);
  const card = shopper.getByTestId("proof-card");
  await expect(card).toHaveAttribute("data-state", "auto_approved");
  await expect(card.getByRole("status")).toHaveText(PROOF_TEXTS.autoApproved(PANELS));
  await expect(card.getByRole("button", { name: PROOF_TEXTS.changeCrop })).toHaveCount(0);
  await shots(shopper, "proof-card-auto-approved");
  await customer.close();
  await expect
    .poll(
      async () =>
        (await mailsTo(OWNER_EMAIL)).some((m) => m.includes(`Order #${number}: proof auto-approved`)),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
});

test("Keepsake: one e-mail with three pictures → change panel 2's crop → approve all → Printing only then", async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail("keepsake-proof");
  const orderId = await placeLithophaneOrder(request, { pay: true, name: "keepsake", email, bundle: "gift" });
  const number = orderNumberOf(orderId);

  // One proof e-mail, with the three panels' pictures served by the shop.
  const link = await linkFromMail(email, "/proof?token=");
  const proofMails = (await mailsTo(email)).filter((m) => m.includes("/proof?token="));
  expect(proofMails).toHaveLength(1);
  const mail = proofMails[0] ?? "";
  expect(mail).toContain(`Before we print order #${number}, here is how your 3 panels will look`);
  expect(mail).toMatch(/until \w+day \d{1,2} \w+, \d{1,2}:\d\d [ap]m/);
  const html = mail.slice(mail.indexOf("<html"), mail.lastIndexOf("</html>") + 7);
  const pictures = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));
  expect(pictures).toHaveLength(3);
  for (const src of pictures) {
    expect(src.startsWith(`${BASE_URL}/api/proofs/picture?`)).toBe(true);
    const picture = await request.get(src);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/jpeg");
  }
  // The e-mail as a person sees it (its pictures load from the shop).
  const letter = await browser.newContext({ baseURL: BASE_URL });
  const reader = await letter.newPage();
  await reader.setContent(html, { waitUntil: "networkidle" });
  for (const image of await reader.locator("img").all()) {
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await shots(reader, "proof-email-keepsake");
  await letter.close();

  // Not to the printer before the customer approves.
  const early = await page.request.post(`/api/admin/orders/${orderId}/status`, {
    headers: { Origin: BASE_URL },
    data: { status: "printing" },
  });
  expect(early.status()).toBe(409);

  // The customer: three panels, each with its own picture and buttons.
  const customer = await browser.newContext({ baseURL: BASE_URL });
  const shopper = await customer.newPage();
  // The e-mail's first link is Approve all: the page opens on that button.
  expect(link).toMatch(/#approve$/);
  await shopper.goto(link);
  const card = shopper.getByTestId("proof-card");
  await expect(card.getByRole("button", { name: PROOF_TEXTS.approveAll })).toBeInViewport();
  const panels = card.getByTestId("proof-panel");
  await expect(panels).toHaveCount(3);
  for (const [i, panel] of (await panels.all()).entries()) {
    await expect(panel.getByRole("heading", { name: new RegExp(`^Panel ${i + 1} of 3`) })).toBeVisible();
    await expect(panel.getByTestId("proof-preview")).toBeVisible();
  }
  await shots(shopper, "proof-card-keepsake");

  // Panel 2's crop, zoomed in.
  const second = panels.nth(1);
  await second.getByRole("button", { name: PROOF_TEXTS.changeCrop }).click();
  await second.getByRole("slider").fill("2");
  const save = second.getByRole("button", { name: PROOF_TEXTS.saveCrop });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(second).toHaveAttribute("data-state", "changed");
  await expect(second.getByText(PROOF_TEXTS.panelChanged)).toBeVisible();
  await expect(second.getByText(PROOF_TEXTS.cropChangesLeft(2))).toBeVisible();
  await expect(panels.nth(0)).toHaveAttribute("data-state", "awaiting");
  await expect(panels.nth(2)).toHaveAttribute("data-state", "awaiting");
  await shots(shopper, "proof-card-keepsake-changed");

  // Still not to the printer; the owner's queue shows each panel.
  const files = await proofState(page, orderId, "changed");
  const list = files.getByTestId("proof-panels");
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").nth(1)).toHaveAttribute("data-state", "changed");
  await shots(page, "proof-admin-keepsake-changed");
  const waiting = await page.request.post(`/api/admin/orders/${orderId}/status`, {
    headers: { Origin: BASE_URL },
    data: { status: "printing" },
  });
  expect(waiting.status()).toBe(409);

  // Approve all.
  await card.getByRole("button", { name: PROOF_TEXTS.approveAll }).click();
  await expect(card).toHaveAttribute("data-state", "approved");
  for (const panel of await panels.all()) await expect(panel).toHaveAttribute("data-state", "approved");
  await shots(shopper, "proof-card-keepsake-approved");
  await customer.close();

  await proofState(page, orderId, "approved");
  const printing = await page.request.post(`/api/admin/orders/${orderId}/status`, {
    headers: { Origin: BASE_URL },
    data: { status: "printing" },
  });
  expect(printing.status(), await printing.text()).toBe(200);
});
