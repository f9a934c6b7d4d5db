/**
 * Calibration by photo through the real app (issue 32 item 5): the admin posts a photo of the lit
 * wedge (rendered from a known k and scattering, src/lithophane/wedge-photo-render.ts), the server
 * measures it in a child process and answers the fit without saving; saving goes through the
 * reading endpoint, audit-logged; a photo with no wedge, a file that is not a photo and a customer
 * are refused.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderWedgePhoto, TILTED_WEDGE } from "../../../src/lithophane/wedge-photo-render.js";
import { ADMIN_MESSAGE_TEXTS } from "../../../src/shared/admin-messages.js";
import {
  type CalibrationAnswer,
  DEFAULT_SCATTER_PER_MM,
  type PhotoReading,
} from "../../../src/shared/calibration.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const M = ADMIN_MESSAGE_TEXTS.calibration;
let shop: TestShop;
let admin: TestUser;
let customer: TestUser;
let photoPng: Buffer;
let photoJpeg: Buffer;

beforeAll(async () => {
  shop = await createTestShop({ PRINT_WORKER: "off" });
  admin = await createUser(shop, { email: uniqueEmail("photo-admin"), role: "admin", mfa: true });
  customer = await createUser(shop, { email: uniqueEmail("photo-customer") });
  const photo = renderWedgePhoto({
    attenuationRgbPerMm: [1.8, 2.1, 2.5],
    scatterPerMm: 0.3,
    corners: TILTED_WEDGE,
    whiteBalance: [1.1, 1, 0.85],
    cameraBlurPx: 0.8,
    noise: 1.5,
    width: 1440,
    height: 600,
  });
  const raw = () =>
    sharp(Buffer.from(photo.data), { raw: { width: photo.width, height: photo.height, channels: 3 } });
  photoPng = await raw().png().toBuffer();
  // As a phone sends it: a JPEG at a phone's quality.
  photoJpeg = await raw().jpeg({ quality: 92 }).toBuffer();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

async function filaments(cookie = admin.cookie): Promise<CalibrationAnswer> {
  const res = await shop.request("/api/admin/filaments", { headers: { cookie } });
  return (await res.json()) as CalibrationAnswer;
}

function postPhoto(id: string, body: Uint8Array, type: string, cookie = admin.cookie) {
  const form = new FormData();
  form.set("photo", new File([new Uint8Array(body)], "wedge.jpg", { type }));
  return shop.request(`/api/admin/filaments/${id}/photo-fit`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
}

describe("calibration by photo", () => {
  it("measures the photo, answers the fit without saving it, and saves it when asked", async () => {
    const before = (await filaments()).filaments[0];
    if (!before) throw new Error("no filament");
    const res = await postPhoto(before.id, photoPng, "image/png");
    const answer = (await res.json()) as { reading: PhotoReading; steps: Array<{ used: boolean }> };
    expect(res.status, JSON.stringify(answer)).toBe(200);
    const { reading } = answer;
    expect(reading.method).toBe("photo");
    const close = (actual: number, expected: number) =>
      expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(0.05);
    console.log(`photo fit through the app: ${JSON.stringify(reading)}`);
    for (const [c, k] of [1.8, 2.1, 2.5].entries()) close(reading.attenuationRgbPerMm[c] ?? 0, k);
    close(reading.scatterPerMm, 0.3);
    expect(answer.steps).toHaveLength(10);
    // Nothing saved yet: the creator's preview draws with the light model's fitted default (decision 338).
    expect((await filaments()).filaments[0]?.attenuationPerMm).toBe(before.attenuationPerMm);
    const scatterOfPreview = async () =>
      ((await (await shop.request("/api/catalog/options")).json()) as { scatterPerMm: number }).scatterPerMm;
    expect(before.active).toBe(true);
    expect(await scatterOfPreview()).toBe(DEFAULT_SCATTER_PER_MM);

    const saved = await shop.request(`/api/admin/filaments/${before.id}/calibration`, {
      method: "POST",
      headers: { cookie: admin.cookie },
      json: { reading },
    });
    expect(saved.status).toBe(200);
    const after = ((await saved.json()) as CalibrationAnswer).filaments.find((f) => f.id === before.id);
    expect(after?.attenuationPerMm).toBe(reading.attenuationPerMm);
    expect(after?.calibration).toMatchObject({ method: "photo", scatterPerMm: reading.scatterPerMm });
    // Saved: the active filament's measured scattering is what the preview's light model uses now.
    expect(await scatterOfPreview()).toBe(reading.scatterPerMm);
  }, 120_000);

  it("measures a phone's JPEG too: k as well, the scattering a little low (the JPEG softens the edges)", async () => {
    const id = (await filaments()).filaments[0]?.id ?? "";
    const res = await postPhoto(id, photoJpeg, "image/jpeg");
    const { reading } = (await res.json()) as { reading: PhotoReading };
    expect(res.status).toBe(200);
    for (const [c, k] of [1.8, 2.1, 2.5].entries())
      expect(Math.abs((reading.attenuationRgbPerMm[c] ?? 0) - k) / k).toBeLessThanOrEqual(0.05);
    expect(reading.scatterPerMm).toBeGreaterThan(0.3 * 0.85);
    expect(reading.scatterPerMm).toBeLessThanOrEqual(0.3 * 1.05);
  }, 120_000);

  it("says what is wrong with a photo that shows no wedge, and refuses a file that is not a photo", async () => {
    const id = (await filaments()).filaments[0]?.id ?? "";
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#f0f0f0" } })
      .jpeg()
      .toBuffer();
    const noWedge = await postPhoto(id, blank, "image/jpeg");
    expect(noWedge.status).toBe(422);
    expect(((await noWedge.json()) as { message: string }).message).toBe(M.photoNoWedge);
    const notAPhoto = await postPhoto(id, new TextEncoder().encode("not a photo at all"), "image/jpeg");
    expect(notAPhoto.status).toBe(415);
    expect(((await notAPhoto.json()) as { message: string }).message).toBe(M.photoUnreadable);
  }, 60_000);

  it("is the admin's only", async () => {
    const id = (await filaments()).filaments[0]?.id ?? "";
    const res = await postPhoto(id, photoJpeg, "image/jpeg", customer.cookie);
    expect(res.status).toBe(403);
  });
});
