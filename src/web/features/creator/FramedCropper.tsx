import {
  aspectRatioValue,
  type CropData,
  type CropPixels,
  displayUrl,
  type UploadedImage,
} from "@shared/creator";
import { usePreloadWhenSettled } from "@web/components/ui/lazy-dialog";
import { LoadBoundary } from "@web/components/ui/load-boundary";
import { ImageIcon, ZoomIn } from "lucide-react";
import { lazy, Suspense, useId } from "react";
import { loadShapes, useClipPath } from "./clip-path";
import { MAX_ZOOM, MIN_ZOOM } from "./zoom";

/**
 * react-easy-crop, the lip band and the outline maths are not in the creator's first load (issue 31
 * item 3): fetched once the page has settled, or at the latest when a photo is chosen.
 */
export const loadPhotoCropper = () => Promise.all([import("./PhotoCropper"), loadShapes()]);
const PhotoCropper = lazy(() => loadPhotoCropper().then(([m]) => ({ default: m.PhotoCropper })));
/** A neutral frame until a colour is chosen. */
const DEFAULT_FRAME_HEX = "#d6d3d1";

interface FramedCropperProps {
  image: UploadedImage | null;
  cropData: CropData;
  shape: string | null;
  frameHex: string | null;
  /** The chosen size's panel in mm: shows the band the frame's lip covers. */
  panelMm?: { widthMm: number; heightMm: number } | null;
  onCrop: (crop: { x?: number; y?: number; zoom?: number }, cropPixels?: CropPixels | null) => void;
  /** What the photo is, for the position control's name ("Photo 2 of 3"). */
  label?: string;
}

function PhotoShown({ url }: { url: string }) {
  return <img src={url} alt="" className="absolute inset-0 h-full w-full object-cover" />;
}

/**
 * The live preview: the photo inside a frame border in the chosen colour, at the shape's
 * aspect ratio (hexagon and heart clipped). The photo can be dragged (or moved with the arrow
 * keys) and zoomed; react-easy-crop (in ./PhotoCropper) reports the crop, kept in source pixels.
 */
export function FramedCropper({
  image,
  cropData,
  shape,
  frameHex,
  panelMm,
  onCrop,
  label,
}: FramedCropperProps) {
  const zoomId = useId();
  const aspect = aspectRatioValue(cropData.aspectRatio);
  const clipPath = useClipPath(shape);
  usePreloadWhenSettled(loadPhotoCropper);
  const frame = frameHex ?? DEFAULT_FRAME_HEX;

  return (
    <div>
      <div
        className="mx-auto w-full max-w-sm lg:max-w-72"
        style={{ maxWidth: aspect < 1 ? `${Math.round(18 * aspect * 16)}px` : undefined }}
      >
        <div
          data-testid="preview-frame"
          data-frame-color={frameHex ?? ""}
          className={clipPath ? "" : "rounded-md shadow-lg ring-1 ring-stone-300"}
          style={{ backgroundColor: frame, padding: "6%", clipPath }}
        >
          <div
            className="relative w-full overflow-hidden bg-stone-800"
            style={{ aspectRatio: String(aspect), clipPath }}
          >
            {image ? (
              // The photo as it first shows in the cropper (centred, covering the frame): it does not
              // wait for the cropper's code (nor fails with it).
              <LoadBoundary fallback={<PhotoShown url={displayUrl(image)} />}>
                <Suspense fallback={<PhotoShown url={displayUrl(image)} />}>
                  <PhotoCropper
                    image={image}
                    cropData={cropData}
                    shape={shape}
                    aspect={aspect}
                    panelMm={panelMm ?? null}
                    onCrop={onCrop}
                    {...(label === undefined ? {} : { label })}
                  />
                </Suspense>
              </LoadBoundary>
            ) : null}
            {image ? null : (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-stone-100 p-4 text-center text-stone-600">
                <ImageIcon aria-hidden="true" className="h-10 w-10" />
                <span className="text-sm">Your photo will appear here</span>
              </div>
            )}
          </div>
        </div>
      </div>
      {image ? (
        <div className="mx-auto mt-4 flex max-w-sm items-center gap-3">
          <label
            htmlFor={zoomId}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-stone-800"
          >
            <ZoomIn aria-hidden="true" className="h-4 w-4" />
            Zoom{label ? <span className="sr-only"> ({label})</span> : null}
          </label>
          <input
            id={zoomId}
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            value={cropData.zoom}
            onChange={(event) => onCrop({ zoom: Number(event.target.value) })}
            className="h-6 pointer-coarse:h-11 flex-1 accent-glow-700"
            aria-valuetext={`${Math.round(cropData.zoom * 100)}%`}
          />
        </div>
      ) : null}
    </div>
  );
}
