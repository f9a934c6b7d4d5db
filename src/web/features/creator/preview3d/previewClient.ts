import { buildBacklitPreview, previewSampleArea } from "@lithophane/backlight";
import { rgbaToGrey } from "@lithophane/preview";
import type { ColourRequest, PanelRequest, PreviewRequest, PreviewResponse, PreviewResult } from "./protocol";

/** The photo as the creator stores it: its URL, declared size and the crop in those pixels. */
export interface PreviewPhoto {
  url: string;
  width: number;
  height: number;
  cropPixels: { x: number; y: number; width: number; height: number } | null;
}

const loadedImages = new Map<string, Promise<HTMLImageElement>>();

function loadImage(url: string): Promise<HTMLImageElement> {
  let pending = loadedImages.get(url);
  if (!pending) {
    const image = new Image();
    // A bucket on another origin must allow CORS, or the canvas could not be read.
    if (new URL(url, window.location.href).origin !== window.location.origin) image.crossOrigin = "anonymous";
    image.decoding = "async";
    image.src = url;
    pending = image.decode().then(() => image);
    pending.catch(() => loadedImages.delete(url));
    loadedImages.set(url, pending);
  }
  return pending;
}

/** The framed part of the photo, downsampled on a canvas: greyscale, and its RGBA for a colour panel. */
export async function sampleGrey(
  photo: PreviewPhoto,
  panelAspect: number,
): Promise<{ grey: Uint8Array; rgba: Uint8Array; width: number; height: number }> {
  const image = await loadImage(photo.url);
  const area = previewSampleArea(
    photo.cropPixels,
    { width: photo.width, height: photo.height },
    { width: image.naturalWidth, height: image.naturalHeight },
    panelAspect,
  );
  const canvas = document.createElement("canvas");
  canvas.width = area.width;
  canvas.height = area.height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas to read the photo.");
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.fillStyle = "#fff";
  context.fillRect(0, 0, area.width, area.height);
  context.drawImage(image, area.sx, area.sy, area.sw, area.sh, 0, 0, area.width, area.height);
  const pixels = context.getImageData(0, 0, area.width, area.height).data;
  return {
    grey: rgbaToGrey(pixels, area.width, area.height),
    rgba: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
    width: area.width,
    height: area.height,
  };
}

type Pending = { resolve: (preview: PreviewResult) => void; reject: (error: Error) => void };

/**
 * Builds previews in a Web Worker (one, reused), falling back to the main thread when workers are not
 * available. `dispose` ends the worker.
 */
export class PreviewBuilder {
  private worker: Worker | null | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending & { request: PreviewRequest }>();

  private getWorker(): Worker | null {
    if (this.worker !== undefined) return this.worker;
    try {
      const worker = new Worker(new URL("./preview.worker.ts", import.meta.url), { type: "module" });
      worker.onmessage = (event: MessageEvent<PreviewResponse>) => {
        const response = event.data;
        const entry = this.pending.get(response.id);
        if (!entry) return;
        this.pending.delete(response.id);
        if (response.ok) entry.resolve(response.preview);
        else entry.reject(new Error(response.message));
      };
      worker.onerror = (event) => {
        // The worker could not start (or crashed): finish what was asked on the main thread.
        event.preventDefault();
        worker.terminate();
        this.worker = null;
        const waiting = [...this.pending.values()];
        this.pending.clear();
        for (const entry of waiting) this.buildHere(entry.request).then(entry.resolve, entry.reject);
      };
      this.worker = worker;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  private async buildHere(request: PreviewRequest): Promise<PreviewResult> {
    const { grey, width, height, panel, colour } = request;
    if (!colour) return buildBacklitPreview(grey, width, height, panel);
    // The colour model loads only when a colour panel is previewed without a worker.
    const { buildColourBacklitPreview } = await import("@lithophane/colour/preview");
    return buildColourBacklitPreview(
      colour.rgba,
      width,
      height,
      panel,
      ...(colour.filaments.length === 4 ? [colour.filaments] : []),
    );
  }

  build(
    grey: Uint8Array,
    width: number,
    height: number,
    panel: PanelRequest,
    colour?: ColourRequest,
  ): Promise<PreviewResult> {
    const request: PreviewRequest = { id: this.nextId++, grey, width, height, panel, colour };
    const worker = this.getWorker();
    if (!worker) return this.buildHere(request);
    return new Promise<PreviewResult>((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject, request });
      // The grey bytes are copied, not transferred: a fallback may still need them.
      worker.postMessage(request);
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const entry of this.pending.values()) entry.reject(new Error("Preview closed."));
    this.pending.clear();
  }
}
