/**
 * Calibration by photo on the server (issue 32 item 5): the owner's photo of the lit wedge is
 * measured in a child process of its own (wedge-photo-measurer.ts), at background priority, so a
 * 12 MP decode and the fit never hold up a customer's request; one at a time per server.
 */
import type { WedgePhotoResult } from "../../lithophane/calibration-photo.js";
import { askChildProcess } from "../lib/module-process.js";
import type { MeasureAnswer, MeasureRequest } from "./wedge-photo-measurer.js";

const MEASURE_TIMEOUT_MS = 120_000;

export type WedgePhotoMeasurement = WedgePhotoResult | { ok: false; reason: "unreadable" | "busy" };

let measuring = false;

export async function measureWedgePhoto(photo: Uint8Array): Promise<WedgePhotoMeasurement> {
  if (measuring) return { ok: false, reason: "busy" };
  measuring = true;
  try {
    const answer = await askChildProcess<MeasureRequest, Extract<MeasureAnswer, { ok: true }>>(
      import.meta.url,
      "wedge-photo-measurer",
      { photo },
      MEASURE_TIMEOUT_MS,
    );
    return answer.result;
  } finally {
    measuring = false;
  }
}
