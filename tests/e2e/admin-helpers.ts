/**
 * What the admin journeys share: one administrator with TOTP, set up once per spec file through
 * the API, whose session cookies go into each test's browser context; a paid guest order placed
 * through the real checkout and the built-in test payment page.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ADMIN_MESSAGE_TEXTS } from "../../src/shared/admin-messages";
import { totpSecretFromUri, withPreviousStepCode } from "../support/totp";
import { BASE_URL, createAdminWithoutMfa, type TestUser, uniqueEmail } from "./auth-helpers";
import { makePhoto } from "./fixtures/photos";
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from "./fixtures/test";

/** Signs the admin in through the API and enrols TOTP (enable with the password, verify a code). */
async function signInWithTotpSetUp(context: BrowserContext, user: TestUser): Promise<void> {
  const request = context.request;
  const headers = { Origin: BASE_URL };
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email: user.email, password: user.password },
  });
  expect(signIn.ok(), `sign-in: ${signIn.status()} ${await signIn.text()}`).toBe(true);
  const enable = await request.post("/api/auth/two-factor/enable", {
    headers,
    data: { password: user.password },
  });
  expect(enable.ok(), `two-factor enable: ${enable.status()} ${await enable.text()}`).toBe(true);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = totpSecretFromUri(totpURI);
  const verify = await withPreviousStepCode(
    secret,
    (code) => request.post("/api/auth/two-factor/verify-totp", { headers, data: { code } }),
    (res) => res.ok(),
  );
  expect(verify.ok(), `verify-totp: ${verify.status()} ${await verify.text()}`).toBe(true);
}

/**
 * Registers the spec file's hooks: an admin with TOTP is created once, and every test's
 * browser context starts signed in as that admin.
 */
export function signInAdminForEachTest(): void {
  let sessionCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];
  test.beforeAll(async ({ browser, request }) => {
    const admin = await createAdminWithoutMfa(request);
    const context = await browser.newContext({ baseURL: BASE_URL });
    await signInWithTotpSetUp(context, admin);
    sessionCookies = await context.cookies();
    await context.close();
  });
  test.beforeEach(async ({ context }) => {
    await context.addCookies(sessionCookies);
  });
}

/** Pays an order on the built-in test payment page (the `url` checkout answered with). */
export async function payOnTestPage(request: APIRequestContext, url: string): Promise<void> {
  const page = new URL(url);
  const paid = await request.post(`${page.pathname}/pay${page.search}`, {
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
}

/** A paid guest order for one accessory, through the real checkout and the built-in test payment page. */
export function placePaidOrder(request: APIRequestContext, email: string): Promise<string> {
  return placeAccessoryOrder(request, email, { pay: true });
}

/** A wall mounting kit as the cart holds it: the accessory the admin journeys buy. */
export function wallMountCartItem(id = `${Date.now()}-${randomBytes(4).toString("hex")}`) {
  return {
    id,
    imageUrl: "",
    originalImageUrl: "",
    additionalImages: [],
    size: "Standard",
    shape: "Rectangle",
    frameStyle: "Wall Mounting Kit",
    price: 899,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: { kind: "accessory", productId: "wall-mount-kit" },
  };
}

/** The numbers (#1001 …; issue 47) of the orders this worker placed, by id. */
const ORDER_NUMBERS = new Map<string, string>();

/** The number customers and the owner read for an order placed by these helpers ("1001"). */
export function orderNumberOf(orderId: string): string {
  const number = ORDER_NUMBERS.get(orderId);
  if (!number) throw new Error(`order ${orderId} was not placed by these helpers`);
  return number;
}

/** A guest order for one accessory through the real checkout; paid on the test page when asked. */
export async function placeAccessoryOrder(
  request: APIRequestContext,
  email: string,
  { pay }: { pay: boolean },
): Promise<string> {
  const res = await request.post("/api/checkout", {
    headers: { Origin: BASE_URL },
    data: {
      currency: "GBP",
      cartItems: [wallMountCartItem()],
      shippingInfo: {
        firstName: "Orla",
        lastName: "Dispatch",
        email,
        phone: "07700 900123",
        addressLine1: "5 Shipquay Street",
        addressLine2: "",
        city: "Derry",
        state: "Londonderry",
        postalCode: "BT48 6DQ",
        country: "United Kingdom",
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { url, orderId, displayNumber } = (await res.json()) as {
    url: string;
    orderId: string;
    displayNumber: string;
  };
  ORDER_NUMBERS.set(orderId, displayNumber);
  if (pay) await payOnTestPage(request, url);
  return orderId;
}

export async function openAdmin(page: Page, pathname: string, heading: string | RegExp): Promise<void> {
  await page.goto(pathname);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** A guest order for one Essentials lithophane (7x7 square) of an uploaded photo; paid when asked. */
/**
 * A lithophane order placed (and paid, when asked) through the API: an Essentials line, or with
 * `bundle: "gift"` a Keepsake of three panels (each photo its own colour).
 */
export async function placeLithophaneOrder(
  request: APIRequestContext,
  {
    pay,
    name,
    email = uniqueEmail(name),
    bundle = "starter",
  }: { pay: boolean; name: string; email?: string; bundle?: "starter" | "gift" },
): Promise<string> {
  const upload = async (hue: number, index: number | null) => {
    const photo = await makePhoto(name, { width: 400, height: 300, hue });
    const res = await request.post("/api/uploads", {
      headers: { Origin: BASE_URL },
      multipart: {
        file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await readFile(photo) },
        kind: index === null ? "main" : "additional",
        ...(index === null ? {} : { index: String(index) }),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { url: string; originalUrl: string };
  };
  const image = await upload(30, null);
  const keepsake = bundle === "gift";
  const additional = keepsake ? [(await upload(150, 0)).url, (await upload(270, 1)).url] : [];
  const res = await request.post("/api/checkout", {
    headers: { Origin: BASE_URL },
    data: {
      currency: "GBP",
      cartItems: [
        {
          id: `${Date.now()}-${randomBytes(4).toString("hex")}`,
          imageUrl: image.url,
          originalImageUrl: image.originalUrl,
          additionalImages: additional,
          size: "7 inch x 7 inch",
          shape: keepsake ? "Keepsake Collection" : "Essentials Collection",
          frameStyle: keepsake ? "White · 3 × Square" : "White · 1 × Square",
          price: keepsake ? 9315 : 5450,
          cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
          config: {
            kind: "lithophane",
            bundleId: bundle,
            processing: "grayscale",
            shapeId: "square",
            frameColorId: "white",
            sizeId: "7x7",
            cropPixels: { x: 50, y: 0, width: 300, height: 300 },
          },
        },
      ],
      shippingInfo: {
        firstName: "Niamh",
        lastName: "Printer",
        email,
        phone: "07700 900123",
        addressLine1: "3 Lanyon Place",
        addressLine2: "",
        city: "Belfast",
        state: "Antrim",
        postalCode: "BT1 3LP",
        country: "United Kingdom",
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { url, orderId, displayNumber } = (await res.json()) as {
    url: string;
    orderId: string;
    displayNumber: string;
  };
  ORDER_NUMBERS.set(orderId, displayNumber);
  if (pay) await payOnTestPage(request, url);
  return orderId;
}

/** Where the owner's alerts go in these runs (OWNER_EMAIL in playwright.config.ts). */
export const OWNER_EMAIL = "owner@lithobox.test";

/** Saves the page at 1280 and 390 px wide into SHOTS_DIR, when it is set. */
export async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so the sticky admin header is drawn where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** Waits for the print file `fileName` to be ready in the order's print files and returns the SHA-256 of its download. */
export async function readyFileHash(page: Page, printFiles: Locator, fileName: string): Promise<string> {
  const link = printFiles.getByRole("link", { name: ADMIN_MESSAGE_TEXTS.printFiles.downloadLabel(fileName) });
  await expect(link).toBeVisible({ timeout: 150_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const bytes = await readFile(await download.path());
  return createHash("sha256").update(bytes).digest("hex");
}
