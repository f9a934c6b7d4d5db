/**
 * A colour lithophane end to end (issue 22): the creator offers Colour at its price, the 3D preview
 * shows the colour panel with its gamut note (and the toggle that highlights what the panel cannot
 * show), checkout promises the colour delivery window (production +2 days), the test payment page
 * pays, and the admin's print files hold a colour 3MF whose project is multi-material: four parts
 * on extruders 1-4. The admin's Calibration screen shows the colour printer's four spools.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { getBundle } from "../../src/shared/bundles";
import { COLOUR_TEXTS } from "../../src/shared/colour-texts";
import { INTERNATIONAL_MESSAGES } from "../../src/shared/international-messages";
import { formatGbp } from "../../src/shared/money";
import { SEED_COLOUR_PRICE_MODIFIER_PENCE } from "../../src/shared/options";
import { signInAdminForEachTest } from "./admin-helpers";
import { addToCartButton, optionName, radio, uploadMainPhoto } from "./fixtures/shop";
import { expect, type Page, test } from "./fixtures/test";
import { fillShipping, gotoPage, pendingOrderNumber, proceedToPayment } from "./helpers";

test.describe.configure({ mode: "serial" });

signInAdminForEachTest();

const SHOTS = process.env.SHOTS_DIR;
// Screenshots at a phone's width too (SHOT_WIDTH=390).
if (process.env.SHOT_WIDTH) test.use({ viewport: { width: Number(process.env.SHOT_WIDTH), height: 844 } });

/** A colourful photo: sky, sea, a red boat, a yellow sun, green hills and a skin-tone patch. */
async function colourPhoto(): Promise<string> {
  const dir = path.join(tmpdir(), "lithobox-e2e-photos");
  mkdirSync(dir, { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3d7fd6"/><stop offset="1" stop-color="#a9d3f2"/></linearGradient></defs>
    <rect width="1200" height="700" fill="url(#sky)"/>
    <circle cx="900" cy="230" r="120" fill="#ffd21f"/>
    <path d="M0 640 Q300 480 600 620 T1200 600 V820 H0Z" fill="#3f9a3c"/>
    <rect y="800" width="1200" height="400" fill="#1f5f8f"/>
    <path d="M330 860 H760 L690 960 H400Z" fill="#d8281e"/>
    <rect x="520" y="640" width="14" height="220" fill="#5a3b22"/>
    <path d="M534 650 L690 840 H534Z" fill="#f4efe4"/>
    <circle cx="200" cy="1000" r="90" fill="#e3b08c"/>
  </svg>`;
  const file = path.join(dir, `colour-${process.pid}-${Date.now()}.jpg`);
  writeFileSync(file, await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer());
  return file;
}

/** The 3D preview with its note, as the customer sees it. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  // The sticky header would cover the element's top in an element screenshot.
  await page.addStyleTag({ content: "header { position: static !important; }" });
  await page.getByTestId("lithophane-3d").screenshot({ path: path.join(SHOTS, name) });
}

test("a colour order: creator (Colour, its preview and price) to a paid order to a colour 3MF job", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const bundle = getBundle("starter")!;
  await page.goto("/shop/create");
  await uploadMainPhoto(page, await colourPhoto());

  // Colour is offered (no longer "coming soon") and chosen.
  const colour = radio(page, optionName("processing", "colour"));
  await expect(colour).toBeEnabled();
  await colour.click();
  await radio(page, optionName("shape", "square")).click();
  await radio(page, optionName("frame_color", "white")).click();
  await radio(page, optionName("size", "7x7")).click();
  await radio(page, bundle.name).click();
  await expect(page.getByTestId("creator-total")).toHaveText(
    formatGbp(bundle.pricePence + SEED_COLOUR_PRICE_MODIFIER_PENCE),
  );

  // The 3D preview is the colour panel, with its honest gamut note.
  const view = page.getByTestId("lithophane-3d-view");
  await expect(page.getByTestId("lithophane-3d")).toHaveAttribute("data-state", "ready", { timeout: 60_000 });
  await expect(view).toHaveAttribute("data-processing", "colour");
  await expect(page.getByText(COLOUR_TEXTS.preview.intro)).toBeVisible();
  const note = page.getByTestId("gamut-note");
  await expect(note).toBeVisible();
  // This photo's saturated sky and sun are beyond what the filaments can make: the note says how
  // much, and the toggle hatches those areas. While the photo still uploads, the panel is drawn
  // from the device's greyscale preview (nothing out of gamut): wait for the colour original.
  const outOfGamut = async () => Number(await view.getAttribute("data-out-of-gamut"));
  await expect.poll(outOfGamut, { timeout: 60_000 }).toBeGreaterThan(0.005);
  const fraction = await outOfGamut();
  expect(fraction).toBeLessThanOrEqual(1);
  await expect(note).toContainText(
    COLOUR_TEXTS.preview.gamutOutside(Math.max(1, Math.round(fraction * 100))),
  );
  const toggle = note.getByRole("checkbox", { name: COLOUR_TEXTS.preview.gamutHighlight });
  await view.scrollIntoViewIfNeeded();
  await shot(page, `creator-colour-preview-${page.viewportSize()?.width}.png`);
  await toggle.check();
  await expect(view).toHaveAttribute("data-highlight", "on");
  await expect(note.getByText(COLOUR_TEXTS.preview.gamutHighlightHint)).toBeVisible();
  await shot(page, `creator-colour-highlight-${page.viewportSize()?.width}.png`);
  await toggle.uncheck();

  await addToCartButton(page).click();
  await gotoPage(page, "/checkout");
  await fillShipping(page, `colour-${Date.now()}@example.com`);

  // Checkout promises the colour window: production +2 days.
  const zones = (await (await page.request.get("/api/shipping/zones")).json()) as {
    zones: Array<{ countries: string[]; colourWindows: { standard: { text: string } } }>;
  };
  const uk = zones.zones.find((z) => z.countries.includes("GB"));
  if (!uk) throw new Error("no UK zone");
  await expect(page.getByTestId("delivery-window")).toContainText(
    INTERNATIONAL_MESSAGES.arrives(uk.colourWindows.standard.text),
  );

  const tab = await proceedToPayment(page, context);
  await expect(page).toHaveURL(/\/checkout\/payment-pending\?orderId=[0-9a-f-]{36}&/);
  const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
  const number = await pendingOrderNumber(page, orderId);
  await tab.getByRole("button", { name: /^Pay / }).click();
  await tab.waitForURL(`**/checkout/success?order=${orderId}`);
  await expect(tab.getByTestId("order-delivery-window")).toContainText(uk.colourWindows.standard.text);
  await tab.close();

  // The admin: the test order's files are generated on request; the panel's is a colour 3MF.
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
  const section = page.getByRole("region", { name: ADMIN_MESSAGE_TEXTS.printFiles.title });
  await section.getByRole("button", { name: ADMIN_MESSAGE_TEXTS.printFiles.generate }).click();
  const fileName = `order-${number}-item-1-panel-1-colour.3mf`;
  const job = section.getByTestId("print-file");
  await expect(job).toHaveAttribute("data-processing", "colour");
  await expect(job.getByText(ADMIN_MESSAGE_TEXTS.printFiles.colour, { exact: true }).first()).toBeVisible();
  await expect(section.getByTestId("print-file-spools")).toContainText("T0 White PLA");
  const link = section.getByRole("link", { name: ADMIN_MESSAGE_TEXTS.printFiles.downloadLabel(fileName) });
  await expect(link).toBeVisible({ timeout: 180_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(zip)).toContain("3D/3dmodel.model");
  const config = new TextDecoder().decode(zip["Metadata/Slic3r_PE_model.config"]);
  const extruders = [...config.matchAll(/key="extruder" value="(\d)"/g)].map((m) => Number(m[1]));
  expect(extruders.sort()).toEqual([1, 2, 3, 4]);
  for (const name of ["White PLA", "Cyan PLA", "Magenta PLA", "Yellow PLA"]) expect(config).toContain(name);
});

test("the Calibration screen shows the colour printer's four spools", async ({ page }) => {
  await page.goto("/admin/calibration");
  const card = page.getByTestId("colour-printer");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("colour-slot")).toHaveCount(4);
  await expect(card.getByText(ADMIN_MESSAGE_TEXTS.colourPrinter.ready)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  // The sticky header would cover the card's top in an element screenshot.
  await page.addStyleTag({ content: "header { position: static !important; }" });
  if (SHOTS)
    await card.screenshot({
      path: path.join(SHOTS, `admin-colour-printer-${page.viewportSize()?.width}.png`),
    });
});
