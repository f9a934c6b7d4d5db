import { displayUrl, type UploadedImage } from "@shared/creator";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { isBelowRecommendedResolution } from "@shared/limits";
import { warmUpLater } from "@web/app/warm-up";
import { TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { ImageDropZone } from "./ImageDropZone";
import { UploadProgress } from "./UploadProgress";
import { warmPhotoUpload } from "./useImageUpload";

/**
 * Step 1: the main photo, by click or drag and drop, with a resolution check. The photo shows
 * as soon as the device has opened it; its upload runs behind, its progress shown beside it.
 */
export function UploadStep({
  image,
  opening,
  progress,
  onFile,
}: {
  image: UploadedImage | null;
  /** True while the chosen photo is being opened on the device. */
  opening: boolean;
  /** 0-100 while the photo uploads, null otherwise. */
  progress: number | null;
  onFile: (file: File) => void;
}) {
  // The photo worker starts while the customer looks for a photo, not after they chose it (once
  // the page has settled: its code and start-up are no part of the page's first load).
  useEffect(() => {
    if (!image) return warmUpLater(warmPhotoUpload);
  }, [image]);
  if (!image) {
    return <ImageDropZone label="Upload your photo" progress={null} busy={opening} onFile={onFile} />;
  }
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-4">
        <img
          src={displayUrl(image)}
          alt="Your upload, in greyscale"
          className="h-20 w-20 rounded-lg object-cover ring-1 ring-stone-300"
        />
        <div className="min-w-0 flex-1 text-sm text-stone-700">
          <p className="font-semibold text-stone-900">
            {image.pending ? CREATOR_TEXTS.photoUpload.chosen : CREATOR_TEXTS.photoUpload.uploaded}
          </p>
          <p>
            {image.width}×{image.height} px
          </p>
          {image.pending ? <UploadProgress percent={progress ?? 0} className="mt-1" /> : null}
        </div>
      </div>
      {isBelowRecommendedResolution(image.width, image.height) ? (
        <p className="flex gap-2 rounded-lg border border-orange-200 bg-orange-50 p-3 text-sm text-orange-950">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{CREATOR_MESSAGES.upload.lowResolution(image.width, image.height)}</span>
        </p>
      ) : null}
      <ImageDropZone compact label="Replace photo" progress={null} busy={opening} onFile={onFile} />
      <p className="text-sm text-stone-600">{CREATOR_TEXTS.replaceKeepsChoices}</p>
    </div>
  );
}
