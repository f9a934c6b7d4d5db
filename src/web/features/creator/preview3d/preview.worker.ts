import { type BacklitPreview, buildBacklitPreview } from "@lithophane/backlight";
import type { PreviewRequest, PreviewResponse } from "./protocol";

/** Builds the backlit preview off the main thread; the typed arrays are transferred back, not copied. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<PreviewRequest>) => void) | null;
  postMessage(message: PreviewResponse, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event: MessageEvent<PreviewRequest>) => {
  const { id, grey, width, height, panel } = event.data;
  let response: PreviewResponse;
  let transfer: Transferable[] = [];
  try {
    const preview: BacklitPreview = buildBacklitPreview(grey, width, height, panel);
    response = { id, ok: true, preview };
    transfer = [preview.positions.buffer, preview.indices.buffer, preview.uvs.buffer, preview.texture.buffer];
  } catch (error) {
    response = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response, transfer);
};
