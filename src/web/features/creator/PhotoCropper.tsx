import {
  type CropData,
  type CropPixels,
  displayUrl,
  scaleCropPixels,
  type UploadedImage,
} from "@shared/creator";
import { useRef } from "react";
import Cropper, { type Area } from "react-easy-crop";
import "react-easy-crop/react-easy-crop.css";
import { LipSafeArea } from "./LipSafeArea";

export { LipSafeHint } from "./LipSafeArea";

import { MAX_ZOOM, MIN_ZOOM } from "./zoom";

interface PhotoCropperProps {
  image: UploadedImage;
  cropData: CropData;
  shape: string | null;
  aspect: number;
  panelMm: { widthMm: number; heightMm: number } | null;
  onCrop: (crop: { x?: number; y?: number; zoom?: number }, cropPixels?: CropPixels | null) => void;
  label?: string;
}

/** Inside FramedCropper's frame (its lazily loaded part): the photo to drag and zoom, and the lip band. */
export function PhotoCropper({ image, cropData, shape, aspect, panelMm, onCrop, label }: PhotoCropperProps) {
  const natural = useRef<{ width: number; height: number } | null>(null);

  const onCropComplete = (_area: Area, areaPixels: Area) => {
    if (!natural.current) return;
    onCrop({}, scaleCropPixels(areaPixels, natural.current, { width: image.width, height: image.height }));
  };

  return (
    <>
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
      {panelMm ? <LipSafeArea shape={shape} widthMm={panelMm.widthMm} heightMm={panelMm.heightMm} /> : null}
    </>
  );
}
