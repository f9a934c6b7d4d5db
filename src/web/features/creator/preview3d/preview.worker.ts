import { buildBacklitPreview } from "@lithophane/backlight";
import { buildColourBacklitPreview } from "@lithophane/colour/preview";
import type { PreviewRequest, PreviewResponse, PreviewResult } from "./protocol";

/** Builds the backlit preview off the main thread; the typed arrays are transferred back, not copied. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<PreviewRequest>) => void) | null;
  postMessage(message: PreviewResponse, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

/** The grey panel, or a colour one (issue 22) with the colour printer's spools (the print file's model). */
function buildPreview(request: PreviewRequest): PreviewResult {
  const { grey, width, height, panel, colour } = request;
  if (!colour) return buildBacklitPreview(grey, width, height, panel);
  return buildColourBacklitPreview(
    colour.rgba,
    width,
    height,
    panel,
    ...(colour.filaments.length === 4 ? [colour.filaments] : []),
  );
}

scope.onmessage = (event: MessageEvent<PreviewRequest>) => {
  const { id } = event.data;
  let response: PreviewResponse;
  let transfer: Transferable[] = [];
  try {
    const preview = buildPreview(event.data);
    response = { id, ok: true, preview };
    transfer = [preview.positions.buffer, preview.indices.buffer, preview.uvs.buffer, preview.texture.buffer];
    if (preview.highlightTexture) transfer.push(preview.highlightTexture.buffer);
  } catch (error) {
    response = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response, transfer);
};
