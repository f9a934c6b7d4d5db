/**
 * Calibration by photo, against photos rendered here from a known k per channel and scattering: the
 * wedge's own heightmap (digits included) lit through Beer-Lambert, each point blurred by a Gaussian of
 * sigma = s x its thickness (computed by brute blurs per distinct thickness, not by the fit's edge
 * formula), laid on bare light, seen in perspective, white balance off, the camera's blur, sensor noise
 * and 8-bit sRGB. The fit must recover k and s within 5 %.
 */
import { describe, expect, it } from "vitest";
import { fitWedgePhoto } from "./calibration-photo";
import {
  TILTED_WEDGE as PERSPECTIVE,
  renderWedgePhoto,
  type WedgePhotoScene as Scene,
} from "./wedge-photo-render";

const within = (actual: number, expected: number, fraction: number) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(fraction);

describe("calibration by photo", () => {
  it("recovers k per channel and the scattering within 5 % from a photo in perspective, white balance off", {
    timeout: 60_000,
  }, async () => {
    const scene: Scene = {
      attenuationRgbPerMm: [1.7, 2.0, 2.4],
      scatterPerMm: 0.3,
      corners: PERSPECTIVE,
      whiteBalance: [1.12, 1.0, 0.82],
      cameraBlurPx: 0.8,
      noise: 1.5,
      width: 1440,
      height: 600,
    };
    const photo = renderWedgePhoto(scene);
    if (process.env.CALIBRATION_PHOTO_OUT) {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(
        process.env.CALIBRATION_PHOTO_OUT,
        Buffer.concat([Buffer.from(`P6\n${photo.width} ${photo.height}\n255\n`), Buffer.from(photo.data)]),
      );
    }
    const fit = fitWedgePhoto(photo);
    if (!fit.ok) throw new Error(`no fit: ${fit.reason}`);
    console.log(
      `fit: k ${fit.attenuationRgbPerMm.map((k) => k.toFixed(3)).join(" / ")}, s ${fit.scatterPerMm.toFixed(3)} mm/mm, camera ${fit.cameraBlurMm.toFixed(3)} mm, ${fit.pixelsPerMm.toFixed(1)} px/mm, tone residual ${fit.toneResidualL.toFixed(2)} L*, edge residual ${fit.edgeResidual.toFixed(3)}`,
    );
    for (let c = 0; c < 3; c++) within(fit.attenuationRgbPerMm[c]!, scene.attenuationRgbPerMm[c]!, 0.05);
    within(fit.scatterPerMm, scene.scatterPerMm, 0.05);
    // The thin end found where it is (the wedge lies reversed in this photo).
    const thinEnd = [PERSPECTIVE[0], PERSPECTIVE[3]];
    for (const corner of [fit.corners[0], fit.corners[3]])
      expect(Math.min(...thinEnd.map((p) => Math.hypot(corner.x - p.x, corner.y - p.y)))).toBeLessThan(4);
    expect(fit.steps.filter((s) => s.used).length).toBeGreaterThanOrEqual(5);
  });

  it("does not take a soft photo for scattering", { timeout: 60_000 }, () => {
    const fit = fitWedgePhoto(
      renderWedgePhoto({
        attenuationRgbPerMm: [2, 2, 2],
        scatterPerMm: 0,
        corners: PERSPECTIVE,
        whiteBalance: [1, 1, 1],
        cameraBlurPx: 1.6,
        noise: 1,
        width: 1440,
        height: 600,
      }),
    );
    if (!fit.ok) throw new Error(`no fit: ${fit.reason}`);
    console.log(
      `soft photo: s ${fit.scatterPerMm.toFixed(3)} mm/mm, camera ${fit.cameraBlurMm.toFixed(3)} mm, k ${fit.attenuationPerMm.toFixed(3)}`,
    );
    expect(fit.scatterPerMm).toBeLessThan(0.03);
    within(fit.attenuationPerMm, 2, 0.05);
  });

  it("says so when the photo holds no wedge", () => {
    const width = 400;
    const height = 300;
    const data = new Uint8Array(width * height * 3).fill(235);
    expect(fitWedgePhoto({ width, height, channels: 3, data })).toEqual({ ok: false, reason: "no_wedge" });
  });
});
