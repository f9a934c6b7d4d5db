import {
  aspectRatioValue,
  type CropData,
  type CropPixels,
  displayUrl,
  scaleCropPixels,
  type UploadedImage,
} from "@shared/creator";
import { CREATOR_MAX_ZOOM } from "@shared/upload-copy";
import { ImageIcon, ZoomIn } from "lucide-react";
import { useId, useRef } from "react";
import Cropper, { type Area } from "react-easy-crop";
import "react-easy-crop/react-easy-crop.css";
import { LipSafeArea } from "./LipSafeArea";
import { clipPathForShape } from "./shapes";

const MIN_ZOOM = 1;
const MAX_ZOOM = CREATOR_MAX_ZOOM;
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

/**
 * The live preview: the photo inside a frame border in the chosen colour, at the shape's
 * aspect ratio (hexagon and heart clipped). The photo can be dragged (or moved with the arrow
 * keys) and zoomed; react-easy-crop reports the crop, kept in source pixels.
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
  const clipPath = clipPathForShape(shape);
  const natural = useRef<{ width: number; height: number } | null>(null);
  const frame = frameHex ?? DEFAULT_FRAME_HEX;

  const onCropComplete = (_area: Area, areaPixels: Area) => {
    if (!image || !natural.current) return;
    onCrop({}, scaleCropPixels(areaPixels, natural.current, { width: image.width, height: image.height }));
  };

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
              <Cropper
                // A new photo or shape resets the crop in the reducer; remounting reports the new area.
                // The device's preview stays shown when the upload is stored: no remount mid-drag.
                key={`${displayUrl(image)}|${shape ?? ""}`}
                image={displayUrl(image)}
                crop={{ x: cropData.x, y: cropData.y }}
                zoom={cropData.zoom}
                minZoom={MIN_ZOOM}
                maxZoom={MAX_ZOOM}
                aspect={aspect}
                objectFit="cover"
                showGrid={false}
                zoomWithScroll={false}
                disableAutomaticStylesInjection
                onCropChange={(point) => onCrop({ x: point.x, y: point.y })}
                onZoomChange={(zoom) => onCrop({ zoom })}
                onCropComplete={onCropComplete}
                onMediaLoaded={(media) => {
                  natural.current = { width: media.naturalWidth, height: media.naturalHeight };
                }}
                style={{ cropAreaStyle: { border: "none", color: "transparent" } }}
                classes={{ cropAreaClassName: "focus-visible:!outline-offset-[-6px]" }}
                mediaProps={{ alt: "" }}
                cropperProps={{
                  role: "group",
                  "aria-label": `${label ?? "Photo"} position: drag, or use the arrow keys, to move the photo in the frame`,
                }}
              />
            ) : null}
            {image && panelMm ? (
              <LipSafeArea shape={shape} widthMm={panelMm.widthMm} heightMm={panelMm.heightMm} />
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
