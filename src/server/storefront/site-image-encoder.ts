/**
 * Child process entry (forked by site-images.ts through lib/module-process.ts): encodes one image
 * and exits, so the encoder's memory leaves with it. One message in, one answer out.
 */
import type { SlotSpec } from "@shared/storefront";
import { type EncodedVariants, encodeVariants } from "./site-image-variants.js";

export interface EncodeRequest {
  source: Uint8Array;
  spec: SlotSpec;
}

export type EncodeAnswer = { ok: true; encoded: EncodedVariants } | { ok: false; message: string };

process.once("message", async (request: EncodeRequest) => {
  let answer: EncodeAnswer;
  try {
    answer = { ok: true, encoded: await encodeVariants(request.source, request.spec) };
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(answer, () => process.exit(0));
});
